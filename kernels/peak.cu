// peak: the device's min-plus ceiling for each cell type (not a Floyd-Warshall variant).
//
// Relaxations on registers only, with no memory traffic, in the shape the tile products run
// (tile_product.cuh): each thread holds an 8 x 8 block of accumulator words c[i][j] and, per step
// k, relaxes all 64 of them with a column a[i] and a row b[j], through the very relax_outer_steps
// of the kernels' products (tile_layout.cuh: Cell::relax a step, or relax_pair two; cells.cuh). 64 independent accumulators a step: the
// time is bound by issue and the pipes, not by the latency of one relaxation. Until 2026-11-27 the
// peak ran 8 chains a thread, each fed by its neighbour; float32's relaxation, an FADD then an FMNMX
// that waits on it, left that shape latency-bound (kernels/NOTES.md, The ceiling and the percent
// of it).
//
// The operands change every step and cost no instruction: step k's column is column k of the
// thread's own block and its row is column k + 4 (a[i] = c[i][k], b[j] = c[j][k + 4], k = 0..3,
// read before the step's relaxations), so nothing is loop-invariant and the compiler can neither hoist
// an a + b out of the loop (which would leave float32 an FMNMX alone) nor fold a chain. a and b are
// never the same register: with b from row k (Floyd-Warshall on the block), c[k][k] = min(x, x + x)
// became IMAD.SHL and VIMNMX for int32. Every word starts in 0..1023 and stays there (a
// relaxation only lowers it to a sum of two such words, each lane of packed16 alike): no overflow.
// On sm_90 the loop body of 4 steps is 256 relaxation words and the loop's own 3 instructions
// (UIADD3, ISETP, BRA): int32 256 VIADDMNMX, packed16 256 VIADDMNMX.S16x2 (two 16-bit cells each),
// float32 256 FADD and 128 VIMNMX3 (two steps a relaxation, as its products run them: cells.cuh,
// relax_pair); nothing else (cuobjdump -sass; kernels/NOTES.md, The ceiling).
// Four steps, not eight: float32's loop stays 387 instructions (6 KB of code), so that the
// instruction cache cannot be what the ceiling measures.
//
// Launch: PEAK_BLOCKS_PER_SM blocks of PEAK_THREADS threads per SM, the tile products' occupancy
// (TILE_PRODUCT_MIN_BLOCKS_PER_SM), in one wave: with 82 to 84 registers a thread (sm_90: int32 82,
// packed16 84, float32 84, no spill; allocated 88) no third block fits: 3 x 256 x 88 > 65536. `iterations` outer steps of PEAK_STEPS x
// PEAK_TM x PEAK_TN relaxation words per thread (x2 cells for packed16). PeakBenchmark holds the
// same numbers (PeakBenchmarkTest reads them here). The accumulators are folded into a checksum
// that every thread stores. No shared memory.
#include "tile_layout.cuh"

#define PEAK_THREADS 256
#define PEAK_BLOCKS_PER_SM 2
#define PEAK_TM 8
#define PEAK_TN 8
#define PEAK_STEPS 4  // k steps per iteration: step k reads columns k and k + 4 of the block
// Below sm_90 __viaddmin_s16x2 is emulated (about nine instructions a word on sm_80), and with two
// blocks' 128 registers a thread packed16 spilled 436 bytes; there it is built for one block per SM
// (248 registers, no spill), and the same grid runs in two waves.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#define PEAK_PACKED16_BLOCKS_PER_SM 1
#else
#define PEAK_PACKED16_BLOCKS_PER_SM PEAK_BLOCKS_PER_SM
#endif

namespace peak {

static_assert(PEAK_TM == PEAK_TN && 2 * PEAK_STEPS == PEAK_TN, "step k reads columns k and k + STEPS of a square block");

// A word of the cell type holding v (0..1023) in each of its cells.
template <class Cell>
__device__ __forceinline__ typename Cell::Word word(int v)
{
    if constexpr (std::is_same<Cell, minplus::Float32>::value) return __float_as_int((float)v);
    else if constexpr (std::is_same<Cell, minplus::Float64>::value) return __double_as_longlong((double)v);
    else if constexpr (Cell::CELLS_PER_WORD == 2) return minplus::Packed16::pack(v, v ^ 0x155);
    else return v;
}

template <class Cell>
__device__ __forceinline__ void relax(int* sink, int iterations, int seed)
{
    using Word = typename Cell::Word;
    constexpr int S = minplus::steps_a_relaxation<Cell>;  // float32 relaxes two steps at once, as its products do
    static_assert(PEAK_STEPS % S == 0, "whole relaxations a loop");
    Word c[PEAK_TM][PEAK_TN];
#pragma unroll
    for (int i = 0; i < PEAK_TM; ++i)
#pragma unroll
        for (int j = 0; j < PEAK_TN; ++j) c[i][j] = word<Cell>((seed + 131 * i + 17 * j + threadIdx.x + 7 * blockIdx.x) & 1023);
#pragma unroll 1
    for (int it = 0; it < iterations; ++it) {
#pragma unroll
        for (int k = 0; k < PEAK_STEPS; k += S) {
            Word a[S][PEAK_TM], b[S][PEAK_TN];
#pragma unroll
            for (int s = 0; s < S; ++s) {
#pragma unroll
                for (int i = 0; i < PEAK_TM; ++i) a[s][i] = c[i][k + s];
#pragma unroll
                for (int j = 0; j < PEAK_TN; ++j) b[s][j] = c[j][k + s + PEAK_STEPS];
            }
            minplus::relax_outer_steps<Cell, S>(c, a, b);
        }
    }
    Word folded = 0;
#pragma unroll
    for (int i = 0; i < PEAK_TM; ++i)
#pragma unroll
        for (int j = 0; j < PEAK_TN; ++j) folded ^= c[i][j];
    if constexpr (sizeof(Word) == 8) folded ^= folded >> 32;  // both halves of a 64-bit word count
    sink[blockIdx.x * blockDim.x + threadIdx.x] = (int)folded;  // the checksum: no relaxation is dead
}

}  // namespace peak

extern "C" __global__ void __launch_bounds__(PEAK_THREADS, PEAK_BLOCKS_PER_SM) fw_peak_int32(int* sink, int iterations, int seed)
{
    peak::relax<minplus::Int32>(sink, iterations, seed);
}

// Packed 16-bit: each VIADDMNMX.S16x2 relaxes two cells (the halves of a 32-bit word).
extern "C" __global__ void __launch_bounds__(PEAK_THREADS, PEAK_PACKED16_BLOCKS_PER_SM) fw_peak_packed16(int* sink, int iterations, int seed)
{
    peak::relax<minplus::Packed16>(sink, iterations, seed);
}

// float32: the relaxation of kleene-f32's products (minplus::Float32), two k steps at once.
extern "C" __global__ void __launch_bounds__(PEAK_THREADS, PEAK_BLOCKS_PER_SM) fw_peak_float32(int* sink, int iterations, int seed)
{
    peak::relax<minplus::Float32>(sink, iterations, seed);
}

// 64-bit cells (kleene-i64, kleene-f64): the same 8 x 8 block is 128 registers of accumulators, so
// like their T = 128 products (kleene_wide.cuh) these are built for one block per SM; the grid of
// PEAK_BLOCKS_PER_SM blocks an SM runs in that many waves, at the same rate.
#define PEAK_WIDE_BLOCKS_PER_SM 1

// int64: min(c, a + b) (minplus::Int64), six instructions a cell on sm_90 (15_kleene_i64.cu).
extern "C" __global__ void __launch_bounds__(PEAK_THREADS, PEAK_WIDE_BLOCKS_PER_SM) fw_peak_int64(int* sink, int iterations, int seed)
{
    peak::relax<minplus::Int64>(sink, iterations, seed);
}

// float64: min(c, a + b) (minplus::Float64), four instructions a cell on sm_90 (16_kleene_f64.cu).
extern "C" __global__ void __launch_bounds__(PEAK_THREADS, PEAK_WIDE_BLOCKS_PER_SM) fw_peak_float64(int* sink, int iterations, int seed)
{
    peak::relax<minplus::Float64>(sink, iterations, seed);
}
