// relax_shapes: the rate of a few instruction shapes of a min-plus relaxation, each in the shape of
// kernels/peak.cu (an 8 x 8 accumulator block a thread, PEAK_THREADS threads, PEAK_BLOCKS_PER_SM
// blocks an SM, one wave, no memory traffic), to decide how a cell type's product should relax
// before changing it. Build and run on a GPU machine (sm_90: the three-way minimum is one VIMNMX3):
//   nvcc -arch=sm_90 -O3 -I kernels -o relax_shapes kernels/tools/relax_shapes.cu && ./relax_shapes
//   cuobjdump -sass relax_shapes | python3 kernels/tools/sass_loops.py
// Prints the best of five launches of each shape, twice (results: kernels/LOG.md, kleene-f32: two k
// steps a relaxation).
#include <cstdio>
#include <cuda_runtime.h>

#include "peak.cu"

namespace shapes {

enum Shape {
    FLOAT32_FMINF,         // fminf(c, a + b), k by k
    FLOAT32_PAIR,          // two k a relaxation: two FADDs and a three-way integer minimum of the bits (Float32::relax_pair)
    INT32_ADD_MIN,         // min(c, a + b), k by k (one VIADDMNMX)
    INT32_PAIR_IMAD,       // the same with the adds as IMAD (another pipe)
    INT32_TRIPLE_MIXED,    // three k: an add-min over a three-way minimum of two IMAD sums
};

constexpr int STEPS = PEAK_STEPS;  // k steps an iteration (a triple: 3)

__device__ __forceinline__ int float_sum(int a, int b) { return __float_as_int(__int_as_float(a) + __int_as_float(b)); }

// a + b on the IMAD pipe: `one` is a kernel argument, so ptxas cannot fold the multiply away
__device__ __forceinline__ int imad_sum(int a, int one, int b)
{
    int sum;
    asm("mad.lo.s32 %0, %1, %2, %3;" : "=r"(sum) : "r"(a), "r"(one), "r"(b));
    return sum;
}

template <Shape SHAPE>
constexpr bool is_float = SHAPE == FLOAT32_FMINF || SHAPE == FLOAT32_PAIR;

// Relaxations a thread makes an iteration.
template <Shape SHAPE>
constexpr int relaxations() { return (SHAPE == INT32_TRIPLE_MIXED ? 3 : STEPS) * PEAK_TM * PEAK_TN; }

// One iteration: step k's column is column k of the block, its row column k + STEPS (peak.cu).
template <Shape SHAPE>
__device__ __forceinline__ void iterate(int (&c)[PEAK_TM][PEAK_TN], int one)
{
    if constexpr (SHAPE == FLOAT32_FMINF || SHAPE == INT32_ADD_MIN) {
#pragma unroll
        for (int k = 0; k < STEPS; ++k) {
            int a[PEAK_TM], b[PEAK_TN];
#pragma unroll
            for (int i = 0; i < PEAK_TM; ++i) {
                a[i] = c[i][k];
                b[i] = c[i][k + STEPS];
            }
#pragma unroll
            for (int i = 0; i < PEAK_TM; ++i)
#pragma unroll
                for (int j = 0; j < PEAK_TN; ++j) {
                    if constexpr (SHAPE == FLOAT32_FMINF) c[i][j] = __float_as_int(fminf(__int_as_float(c[i][j]), __int_as_float(float_sum(a[i], b[j]))));
                    else c[i][j] = min(c[i][j], a[i] + b[j]);
                }
        }
    } else if constexpr (SHAPE == INT32_TRIPLE_MIXED) {
        int a[3][PEAK_TM], b[3][PEAK_TN];
#pragma unroll
        for (int s = 0; s < 3; ++s)
#pragma unroll
            for (int i = 0; i < PEAK_TM; ++i) {
                a[s][i] = c[i][s];
                b[s][i] = c[i][s + STEPS];
            }
#pragma unroll
        for (int i = 0; i < PEAK_TM; ++i)
#pragma unroll
            for (int j = 0; j < PEAK_TN; ++j) {
                const int pair = __vimin3_s32(c[i][j], imad_sum(a[0][i], one, b[0][j]), imad_sum(a[1][i], one, b[1][j]));
                c[i][j] = __viaddmin_s32(a[2][i], b[2][j], pair);
            }
    } else {
#pragma unroll
        for (int k = 0; k < STEPS; k += 2) {
            int a[2][PEAK_TM], b[2][PEAK_TN];
#pragma unroll
            for (int s = 0; s < 2; ++s)
#pragma unroll
                for (int i = 0; i < PEAK_TM; ++i) {
                    a[s][i] = c[i][k + s];
                    b[s][i] = c[i][k + s + STEPS];
                }
#pragma unroll
            for (int i = 0; i < PEAK_TM; ++i)
#pragma unroll
                for (int j = 0; j < PEAK_TN; ++j) {
                    int sum0, sum1;
                    if constexpr (SHAPE == FLOAT32_PAIR) {
                        sum0 = float_sum(a[0][i], b[0][j]);
                        sum1 = float_sum(a[1][i], b[1][j]);
                    } else {  // plain adds here would be fused back into two add-mins by ptxas
                        sum0 = imad_sum(a[0][i], one, b[0][j]);
                        sum1 = imad_sum(a[1][i], one, b[1][j]);
                    }
                    c[i][j] = __vimin3_s32(c[i][j], sum0, sum1);
                }
        }
    }
}

template <Shape SHAPE>
__global__ void __launch_bounds__(PEAK_THREADS, PEAK_BLOCKS_PER_SM) relax_kernel(int* sink, int iterations, int seed, int one)
{
    int c[PEAK_TM][PEAK_TN];
#pragma unroll
    for (int i = 0; i < PEAK_TM; ++i)
#pragma unroll
        for (int j = 0; j < PEAK_TN; ++j) {
            const int v = (seed + 131 * i + 17 * j + threadIdx.x + 7 * blockIdx.x) & 1023;  // every word stays in 0..1023
            c[i][j] = is_float<SHAPE> ? __float_as_int((float)v) : v;
        }
#pragma unroll 1
    for (int it = 0; it < iterations; ++it) iterate<SHAPE>(c, one);
    int folded = 0;
#pragma unroll
    for (int i = 0; i < PEAK_TM; ++i)
#pragma unroll
        for (int j = 0; j < PEAK_TN; ++j) folded ^= c[i][j];
    sink[blockIdx.x * blockDim.x + threadIdx.x] = folded;  // no relaxation is dead
}

constexpr int ITERATIONS = 16384;  // PeakBenchmark's: about 17 ms a launch
constexpr int LAUNCHES = 5;

template <Shape SHAPE>
void measure(const char* name, int* sink, int sms)
{
    const int blocks = PEAK_BLOCKS_PER_SM * sms;
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    relax_kernel<SHAPE><<<blocks, PEAK_THREADS>>>(sink, 64, 1, 1);  // warm-up
    cudaDeviceSynchronize();
    float best = 1e30f;
    for (int launch = 0; launch < LAUNCHES; ++launch) {
        cudaEventRecord(start);
        relax_kernel<SHAPE><<<blocks, PEAK_THREADS>>>(sink, ITERATIONS, launch, 1);
        cudaEventRecord(stop);
        cudaEventSynchronize(stop);
        float ms;
        cudaEventElapsedTime(&ms, start, stop);
        if (ms < best) best = ms;
    }
    const double cells = (double)relaxations<SHAPE>() * ITERATIONS * PEAK_THREADS * blocks;
    printf("%-46s %8.3f ms  %8.1f G relax/s  (%s)\n", name, best, cells / best / 1e6, cudaGetErrorString(cudaGetLastError()));
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
}

}  // namespace shapes

int main()
{
    int sms;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    int* sink;
    cudaMalloc(&sink, PEAK_BLOCKS_PER_SM * sms * PEAK_THREADS * sizeof(int));
    for (int pass = 0; pass < 2; ++pass) {
        using namespace shapes;
        measure<FLOAT32_FMINF>("float32 fminf, k by k", sink, sms);
        measure<FLOAT32_PAIR>("float32 two FADDs and a VIMNMX3 a pair", sink, sms);
        measure<INT32_ADD_MIN>("int32 add-min, k by k", sink, sms);
        measure<INT32_PAIR_IMAD>("int32 two IMADs and a VIMNMX3", sink, sms);
        measure<INT32_TRIPLE_MIXED>("int32 add-min over a VIMNMX3 of two IMADs", sink, sms);
    }
    cudaFree(sink);
}
