// peak: the device's min-plus ceiling (not a Floyd-Warshall variant).
//
// Relaxations c = min(c, a + b) on registers only, with no memory traffic, so the time is bound by
// the integer pipe alone: the rate every variant is measured against (percent of peak).
// Each thread keeps 8 independent accumulators (enough instruction-level parallelism to hide
// the pipe's latency) and feeds each from its neighbour, so nothing is loop-invariant and the
// compiler can neither hoist nor fold the chain. On sm_90 each relaxation compiles to one
// VIADDMNMX (int32) or one VIADDMNMX.S16x2 (two 16-bit relaxations), and float32's into FADD and
// FMNMX; check with cuobjdump -sass.
//
// Launch: any grid that fills the device (the benchmark uses 8 blocks of 256 threads per SM);
// `iterations` outer steps of 8 x 8 relaxations per thread (x2 cells for packed16). The final
// accumulators are folded into one store that the compiler cannot prove dead. No shared memory;
// registers (ptxas, sm_90): int32 28, packed16 24.
#include "fw.cuh"

#define PEAK_CHAINS 8
#define PEAK_UNROLL 8

extern "C" __global__ void fw_peak_int32(int* sink, int iterations, int seed)
{
    int c[PEAK_CHAINS], a[PEAK_CHAINS];
#pragma unroll
    for (int i = 0; i < PEAK_CHAINS; ++i) {
        c[i] = FW_INF - (threadIdx.x + 7 * i);
        a[i] = (seed + i * 13 + threadIdx.x) & 1023;
    }
    for (int it = 0; it < iterations; ++it) {
#pragma unroll
        for (int u = 0; u < PEAK_UNROLL; ++u) {
#pragma unroll
            for (int i = 0; i < PEAK_CHAINS; ++i) {
                c[i] = fw_relax(c[i], c[(i + 1) % PEAK_CHAINS], a[(i + u) % PEAK_CHAINS]);
            }
        }
    }
    int folded = 0;
#pragma unroll
    for (int i = 0; i < PEAK_CHAINS; ++i) folded ^= c[i];
    if (folded == seed) sink[blockIdx.x * blockDim.x + threadIdx.x] = folded;  // practically never true
}

// Packed 16-bit: each instruction relaxes two cells (the halves of a 32-bit register).
extern "C" __global__ void fw_peak_packed16(int* sink, int iterations, int seed)
{
    unsigned c[PEAK_CHAINS], a[PEAK_CHAINS];
#pragma unroll
    for (int i = 0; i < PEAK_CHAINS; ++i) {
        const unsigned lo = FW_INF16 - ((threadIdx.x + 7 * i) & 255), hi = FW_INF16 - ((threadIdx.x + 5 * i) & 255);
        c[i] = lo | (hi << 16);
        const unsigned w = (seed + i * 13 + threadIdx.x) & 1023;
        a[i] = w | (w << 16);
    }
    for (int it = 0; it < iterations; ++it) {
#pragma unroll
        for (int u = 0; u < PEAK_UNROLL; ++u) {
#pragma unroll
            for (int i = 0; i < PEAK_CHAINS; ++i) {
                c[i] = __viaddmin_s16x2(c[(i + 1) % PEAK_CHAINS], a[(i + u) % PEAK_CHAINS], c[i]);
            }
        }
    }
    unsigned folded = 0;
#pragma unroll
    for (int i = 0; i < PEAK_CHAINS; ++i) folded ^= c[i];
    if (folded == (unsigned)seed) sink[blockIdx.x * blockDim.x + threadIdx.x] = (int)folded;
}

// float32: fminf(c, a + b), the relaxation of kleene-f32's cells (minplus::Float32).
extern "C" __global__ void fw_peak_float32(int* sink, int iterations, int seed)
{
    float c[PEAK_CHAINS], a[PEAK_CHAINS];
#pragma unroll
    for (int i = 0; i < PEAK_CHAINS; ++i) {
        c[i] = 1.0e9f - (float)(threadIdx.x + 7 * i);
        a[i] = (float)((seed + i * 13 + threadIdx.x) & 1023);
    }
    for (int it = 0; it < iterations; ++it) {
#pragma unroll
        for (int u = 0; u < PEAK_UNROLL; ++u) {
#pragma unroll
            for (int i = 0; i < PEAK_CHAINS; ++i) {
                c[i] = fminf(c[i], c[(i + 1) % PEAK_CHAINS] + a[(i + u) % PEAK_CHAINS]);
            }
        }
    }
    float folded = 0.0f;
#pragma unroll
    for (int i = 0; i < PEAK_CHAINS; ++i) folded += c[i];
    if (folded == (float)seed) sink[blockIdx.x * blockDim.x + threadIdx.x] = __float_as_int(folded);  // practically never true
}
