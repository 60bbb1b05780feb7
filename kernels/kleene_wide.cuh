// kleene's rounds (07_kleene.cu) on 64-bit cells (minplus::Int64 for kleene-i64, 15_kleene_i64.cu;
// minplus::Float64 for kleene-f64, 16_kleene_f64.cu): the same tile machinery over 64-bit words,
// one round at a time and reading operands in place (kleene-f32, 11_kleene_f32.cu, reads copies where a
// read could meet another launch's write; kleene-f64 runs a round's bulk in one launch, where none does),
// and the kernels that widen the suite's int32 matrix into the 64-bit work matrix and narrow the
// distances back.
//
// Register blocking and occupancy: at T = 128 a thread's 8 x 8 accumulators are 128 registers of
// 64-bit words, the whole budget of two blocks of 256 threads per SM, and two chunk buffers are
// 132 KB (BK = 32 k of 64-bit words), more than half an SM's shared memory: so T = 128 runs one
// block per SM (__launch_bounds__(256, 1): up to 255 registers), its 64 independent accumulators
// a thread hiding latency in place of a second block. T = 64 keeps kleene's 4 x 4 (32 registers of
// accumulators) and two blocks per SM, 66 KB of shared memory a block.
#pragma once
#include "kleene_rounds.cuh"

// Blocks per SM the T = 128 product kernels on 64-bit cells are built for (above).
#define KLEENE_WIDE_T128_BLOCKS_PER_SM 1

// The launches of kleene's rounds one at a time for cell type CELL, named FAMILY_phaseN_tT, each with its
// launch shape (FW_TILE_KERNEL_SHAPE; shared memory in bytes of 64-bit words).
#define FW_KLEENE_WIDE_ROUNDS(FAMILY, CELL)                                                                                                  \
    extern "C" __global__ void __launch_bounds__(256) FAMILY##_phase1_t128(long long* d, int ld, int p)                                   \
    {                                                                                                                                       \
        kleene_close_pivot<kleene::MatrixTiles<CELL, 128, 8, 8>>(d, ld, p);                                                                \
    }                                                                                                                                       \
    FW_TILE_KERNEL_SHAPE(FAMILY##_phase1_t128, CELL, 128, 8, 8, (minplus::closure_words<CELL, 128>() * 8))                                \
    extern "C" __global__ void __launch_bounds__(256, KLEENE_WIDE_T128_BLOCKS_PER_SM) FAMILY##_phase2_t128(long long* d, int ld, int n, int p) \
    {                                                                                                                                       \
        kleene_cross<kleene::MatrixTiles<CELL, 128, 8, 8>>(d, ld, n, p);                                                                   \
    }                                                                                                                                       \
    FW_TILE_KERNEL_SHAPE(FAMILY##_phase2_t128, CELL, 128, 8, 8, (minplus::shared_words<CELL, 128, KLEENE_STAGES>() * 8))                  \
    extern "C" __global__ void __launch_bounds__(256, KLEENE_WIDE_T128_BLOCKS_PER_SM)                                                       \
        FAMILY##_phase3_t128(long long* d, int ld, int n, int p, int mode, int firstRow)                                                     \
    {                                                                                                                                       \
        kleene_rest<kleene::MatrixTiles<CELL, 128, 8, 8>>(d, ld, n, p, mode, firstRow);                                                    \
    }                                                                                                                                       \
    FW_TILE_KERNEL_SHAPE(FAMILY##_phase3_t128, CELL, 128, 8, 8, (minplus::shared_words<CELL, 128, KLEENE_STAGES>() * 8))                  \
    extern "C" __global__ void __launch_bounds__(256) FAMILY##_phase1_t64(long long* d, int ld, int p)                                    \
    {                                                                                                                                       \
        kleene_close_pivot<kleene::MatrixTiles<CELL, 64, 4, 4>>(d, ld, p);                                                                 \
    }                                                                                                                                       \
    FW_TILE_KERNEL_SHAPE(FAMILY##_phase1_t64, CELL, 64, 4, 4, (minplus::closure_words<CELL, 64>() * 8))                                   \
    extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) FAMILY##_phase2_t64(long long* d, int ld, int n, int p) \
    {                                                                                                                                       \
        kleene_cross<kleene::MatrixTiles<CELL, 64, 4, 4>>(d, ld, n, p);                                                                    \
    }                                                                                                                                       \
    FW_TILE_KERNEL_SHAPE(FAMILY##_phase2_t64, CELL, 64, 4, 4, (minplus::shared_words<CELL, 64, KLEENE_STAGES>() * 8))                     \
    extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM)                                                       \
        FAMILY##_phase3_t64(long long* d, int ld, int n, int p, int mode, int firstRow)                                                      \
    {                                                                                                                                       \
        kleene_rest<kleene::MatrixTiles<CELL, 64, 4, 4>>(d, ld, n, p, mode, firstRow);                                                     \
    }                                                                                                                                       \
    FW_TILE_KERNEL_SHAPE(FAMILY##_phase3_t64, CELL, 64, 4, 4, (minplus::shared_words<CELL, 64, KLEENE_STAGES>() * 8))

namespace kleene_wide {

// The int32 matrix `from` (FW_INF: no edge) into the 64-bit matrix `to` (ld x ld each), by
// widen(w); block 32 x 8.
template <class Widen>
__device__ __forceinline__ void widen_matrix(const int* from, long long* to, int ld, Widen widen)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ld || j >= ld) return;
    *fw_cell(to, ld, i, j) = widen(*fw_cell(from, ld, i, j));
}

// The 64-bit matrix `from` into the int32 matrix `to` by narrow(word); block 32 x 8.
template <class Narrow>
__device__ __forceinline__ void narrow_matrix(const long long* from, int* to, int ld, Narrow narrow)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ld || j >= ld) return;
    *fw_cell(to, ld, i, j) = narrow(*fw_cell(from, ld, i, j));
}

// A distance as an int32 cell: FW_INF where there is no path (at least FW_INF: an unreachable cell
// stays near the 64-bit INF, also after negative weights), and -FW_INF for one far below any path
// (a negative cycle's), so that its sign survives for the negative-weight check (graph.cu).
__device__ __forceinline__ int clamp_to_int(long long v)
{
    return v >= FW_INF ? FW_INF : v <= -FW_INF ? -FW_INF : (int)v;
}

}  // namespace kleene_wide
