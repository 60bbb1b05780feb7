// relax_shapes: the rate of a few instruction shapes of a min-plus relaxation, each in the tile
// products' register shape (an 8 x 8 accumulator block a thread, 256 threads, two blocks an SM, one
// wave, no memory traffic), to decide how a cell type's product should relax before changing it.
// Build and run on a GPU machine (sm_90: the three-way minimum is one VIMNMX3 there):
//   nvcc -arch=sm_90 -O3 -o relax_shapes kernels/tools/relax_shapes.cu && ./relax_shapes
//   cuobjdump -sass relax_shapes | grep -c VIMNMX3
// Modes: 0 float32 fminf(c, a + b) k by k; 1 float32 two k a relaxation, two FADDs and a three-way
// integer minimum of the bits (exact for distances >= 0: kernels/cells.cuh, Float32::relax_pair);
// 2 int32 add-min k by k; 3 int32 two adds and a three-way minimum; 4 the same with the adds as IMAD
// (another pipe); 5 three k, an add-min over a three-way minimum of two IMAD sums. Prints the best of
// five launches of each, twice (results: kernels/LOG.md, kleene-f32: two k steps a relaxation)
#include <cstdio>
#include <cuda_runtime.h>
__device__ __forceinline__ int fadd(int a, int b){ return __float_as_int(__int_as_float(a)+__int_as_float(b)); }
__device__ __forceinline__ int imad1(int a, int one, int b){ int d; asm("mad.lo.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(one), "r"(b)); return d; }
template <int MODE> __device__ __forceinline__ void body(int (&c)[8][8], int one) {
  if (MODE == 0 || MODE == 2) {  // one k a step: f32 fminf / i32 add-min
#pragma unroll
    for (int k = 0; k < 4; ++k) { int a[8], b[8];
#pragma unroll
      for (int i=0;i<8;++i){ a[i]=c[i][k]; b[i]=c[i][k+4]; }
#pragma unroll
      for (int i=0;i<8;++i)
#pragma unroll
        for (int j=0;j<8;++j) c[i][j] = MODE==0 ? __float_as_int(fminf(__int_as_float(c[i][j]), __int_as_float(fadd(a[i],b[j])))) : min(c[i][j], a[i]+b[j]);
    }
  } else if (MODE == 1 || MODE == 3 || MODE == 4) {  // two k a relaxation via 3-input min
#pragma unroll
    for (int k = 0; k < 4; k += 2) { int a0[8], b0[8], a1[8], b1[8];
#pragma unroll
      for (int i=0;i<8;++i){ a0[i]=c[i][k]; b0[i]=c[i][k+4]; a1[i]=c[i][k+1]; b1[i]=c[i][k+5]; }
#pragma unroll
      for (int i=0;i<8;++i)
#pragma unroll
        for (int j=0;j<8;++j) {
          int s0, s1;
          if (MODE == 1) { s0 = fadd(a0[i], b0[j]); s1 = fadd(a1[i], b1[j]); }
          else if (MODE == 3) { s0 = a0[i] + b0[j]; s1 = a1[i] + b1[j]; }
          else { s0 = imad1(a0[i], one, b0[j]); s1 = imad1(a1[i], one, b1[j]); }
          c[i][j] = __vimin3_s32(c[i][j], s0, s1);
        }
    }
  } else {  // MODE 5: three k: add-min over vimin3 of two IMAD sums; 3 steps an iteration
    int a0[8], b0[8], a1[8], b1[8], a2[8], b2[8];
#pragma unroll
    for (int i=0;i<8;++i){ a0[i]=c[i][0]; b0[i]=c[i][4]; a1[i]=c[i][1]; b1[i]=c[i][5]; a2[i]=c[i][2]; b2[i]=c[i][6]; }
#pragma unroll
    for (int i=0;i<8;++i)
#pragma unroll
      for (int j=0;j<8;++j)
        c[i][j] = __viaddmin_s32(a2[i], b2[j], __vimin3_s32(c[i][j], imad1(a0[i], one, b0[j]), imad1(a1[i], one, b1[j])));
  }
}
template <int MODE> __global__ void __launch_bounds__(256, 2) kern(int* sink, int it, int seed, int one) {
  int c[8][8];
#pragma unroll
  for (int i=0;i<8;++i)
#pragma unroll
    for(int j=0;j<8;++j){ int v=(seed+131*i+17*j+threadIdx.x+7*blockIdx.x)&1023; c[i][j] = (MODE<=1) ? __float_as_int((float)v) : v; }
#pragma unroll 1
  for (int t=0;t<it;++t) body<MODE>(c, one);
  int f=0;
#pragma unroll
  for(int i=0;i<8;++i)
#pragma unroll
    for(int j=0;j<8;++j) f^=c[i][j];
  sink[blockIdx.x*blockDim.x+threadIdx.x]=f;
}
template <int MODE> void run(const char* name, int* sink, int sms, double relaxPerIt) {
  const int it = 16384; cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  kern<MODE><<<2*sms,256>>>(sink, 64, 1, 1); cudaDeviceSynchronize();
  float best = 1e30f;
  for (int r = 0; r < 5; ++r) { cudaEventRecord(e0); kern<MODE><<<2*sms,256>>>(sink, it, r, 1); cudaEventRecord(e1); cudaEventSynchronize(e1); float ms; cudaEventElapsedTime(&ms, e0, e1); if (ms < best) best = ms; }
  double relax = relaxPerIt * it * 256.0 * 2 * sms;
  printf("%-28s %8.3f ms  %8.1f G relax/s  (%s)\n", name, best, relax / best / 1e6, cudaGetErrorString(cudaGetLastError()));
}
int main() {
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  int* sink; cudaMalloc(&sink, 2*sms*256*4);
  for (int rep = 0; rep < 2; ++rep) {
    run<0>("f32 fminf, k by k", sink, sms, 256);
    run<1>("f32 fadd x2 + vimin3", sink, sms, 256);
    run<2>("i32 add-min, k by k", sink, sms, 256);
    run<3>("i32 add x2 + vimin3", sink, sms, 256);
    run<4>("i32 imad x2 + vimin3", sink, sms, 256);
    run<5>("i32 add-min(vimin3(imad x2))", sink, sms, 192);
  }
}
