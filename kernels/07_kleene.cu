// kleene: blocked Floyd-Warshall whose phases 2 and 3 are register-tiled min-plus products.
//
// Changes from the reports' ladder (02..06):
//   - Phase 2 is a product, not a sequential sweep: once the pivot tile P is closed (P = P*, zero
//     diagonal), the pivot row is min(R, P (x) R) and the pivot column min(C, C (x) P), so all of
//     phase 2 is as parallel as phase 3 (Kleene's closure of a 2 x 2 block matrix).
//   - Phases 2 and 3 share one SGEMM-like tile kernel (minplus.cuh): T x T tiles, 256 threads,
//     each thread an 8 x 8 (T = 128) or 4 x 4 (T = 64) block of accumulators, K in chunks of 32
//     staged with cp.async into double-buffered shared memory, 16-byte loads of B.
//   - The matrix is padded to a multiple of T (pad rows and columns are INF, pad diagonal 0:
//     isolated vertices that change nothing), so no kernel checks bounds.
//   - T = 128 halves the rounds of T = 64: per round each C tile is read and written once, so the
//     bytes per relaxation fall with T; T = 64 has 4x the blocks per round, better at small n.
//     The solver picks T per n from a table measured on the device (see KleeneSolver).
//
//   - Lookahead: phase 3 of round p first updates the cross of pivot p + 1 (mode NEXT), so that
//     round p + 1's phases 1 and 2 (latency-bound: one block, then 2 (tiles - 1) blocks) run on a
//     second stream while the bulk of round p's phase 3 (mode REST) still runs (KleeneSolver).
//
// Launch per round p (tiles = N / T):
//   phase 1: 1 block of 1024 threads, 2*T*T*4 bytes of dynamic shared memory (128 KB at T = 128)
//   phase 2: grid (tiles - 1, 2): y = 0 pivot-row tiles, y = 1 pivot-column tiles (x skips p)
//   phase 3: mode ALL grid (tiles - 1)^2, NEXT (2 tiles - 3) x 1, REST (tiles - 2)^2 (minplus::rest_tile)
//   phases 2-3: 256 threads, minplus::shared_words<Int32, T>() * 4 bytes of dynamic shared memory
//   (70 KB at T = 128, 35 KB at T = 64), at most 128 registers (2 blocks per SM).
#include "minplus.cuh"

// Blocks per SM the tile-product kernels are built for (caps registers at 65536 / (256 * this)).
// kernels/tools/kleene_bench.cu builds other values to compare; the suite uses this one.
#ifndef KLEENE_MIN_BLOCKS
#define KLEENE_MIN_BLOCKS 2
#endif

// Phase 1: plain Floyd-Warshall on the pivot tile in shared memory, double-buffered: step k
// reads buffer k & 1 and every thread writes all its cells, relaxed, to the other buffer, so one
// barrier per step suffices and a cell costs three instructions (a broadcast load of D[r][k], one
// VIADDMNMX, a store) with no branch. 1024 threads: column tid % T, rows tid / T + a * (1024 / T).
// This phase runs on one SM, T steps deep: at small n its latency is the critical path.
template <int T>
__device__ __forceinline__ void kleene_close_pivot(int* d, int ld, int p)
{
    extern __shared__ int tile[];  // two T x T buffers
    constexpr int PASS = 1024 / T, CELLS = T * T / 1024;
    const int c = threadIdx.x % T, r0 = threadIdx.x / T;
    int* base = d + (p * T) * ld + p * T;
    int best[CELLS];
#pragma unroll
    for (int a = 0; a < CELLS; ++a) {
        const int r = r0 + a * PASS;
        best[a] = base[r * ld + c];
        tile[r * T + c] = best[a];
    }
    __syncthreads();  // buffer 0 holds the tile
#pragma unroll(T == 64 ? 2 : 1)  // T = 128 keeps 16 cells a thread: unrolling further spills at 64 registers
    for (int k = 0; k < T; ++k) {
        const int* from = tile + (k & 1) * (T * T);
        int* to = tile + ((k + 1) & 1) * (T * T);
        const int dk = from[k * T + c];
#pragma unroll
        for (int a = 0; a < CELLS; ++a) {
            const int r = r0 + a * PASS;
            best[a] = fw_relax(best[a], from[r * T + k], dk);
            to[r * T + c] = best[a];
        }
        __syncthreads();  // step k's cells are in the other buffer before step k + 1 reads it
    }
#pragma unroll
    for (int a = 0; a < CELLS; ++a) base[(r0 + a * PASS) * ld + c] = best[a];
}

template <int T, int TM, int TN>
__device__ __forceinline__ void kleene_cross(int* d, int ld, int p)
{
    extern __shared__ int stage[];
    const int t = blockIdx.x + (blockIdx.x >= p);  // skip the pivot tile
    const int* pivot = d + (p * T) * ld + p * T;
    if (blockIdx.y == 0) {
        int* row = d + (p * T) * ld + t * T;
        minplus::tile_product<minplus::Int32, T, TM, TN>(row, pivot, row, ld, stage);   // R = min(R, P (x) R)
    } else {
        int* col = d + (t * T) * ld + p * T;
        minplus::tile_product<minplus::Int32, T, TM, TN>(col, col, pivot, ld, stage);   // C = min(C, C (x) P)
    }
}

template <int T, int TM, int TN>
__device__ __forceinline__ void kleene_rest(int* d, int ld, int p, int mode)
{
    extern __shared__ int stage[];
    const int2 tile = minplus::rest_tile(mode, p, ld / T);
    const int i = tile.x, j = tile.y;
    minplus::tile_product<minplus::Int32, T, TM, TN>(d + (i * T) * ld + j * T,   // D(i, j)
                                                     d + (i * T) * ld + p * T,   // column tile (i, p)
                                                     d + (p * T) * ld + j * T,   // row tile (p, j)
                                                     ld, stage);
}

// Entry points, named by tile size. ld: ints per (padded) row.
extern "C" __global__ void __launch_bounds__(1024) fw_kleene_phase1_t128(int* d, int ld, int p) { kleene_close_pivot<128>(d, ld, p); }
extern "C" __global__ void __launch_bounds__(256, KLEENE_MIN_BLOCKS) fw_kleene_phase2_t128(int* d, int ld, int p) { kleene_cross<128, 8, 8>(d, ld, p); }
extern "C" __global__ void __launch_bounds__(256, KLEENE_MIN_BLOCKS) fw_kleene_phase3_t128(int* d, int ld, int p, int mode) { kleene_rest<128, 8, 8>(d, ld, p, mode); }

extern "C" __global__ void __launch_bounds__(1024) fw_kleene_phase1_t64(int* d, int ld, int p) { kleene_close_pivot<64>(d, ld, p); }
extern "C" __global__ void __launch_bounds__(256, KLEENE_MIN_BLOCKS) fw_kleene_phase2_t64(int* d, int ld, int p) { kleene_cross<64, 4, 4>(d, ld, p); }
extern "C" __global__ void __launch_bounds__(256, KLEENE_MIN_BLOCKS) fw_kleene_phase3_t64(int* d, int ld, int p, int mode) { kleene_rest<64, 4, 4>(d, ld, p, mode); }
