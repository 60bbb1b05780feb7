// kleene-paths: kleene's rounds (07_kleene.cu) that also produce report 003's intermediate-node
// matrix q (06_paths.cu): q[i][j] = the k of the last relaxation that strictly improved d[i][j],
// n + 1 (filled in by the solver before each solve) = none, and path(i, j) = path(i, k) + path(k, j).
//
// Changes from kleene:
//   - The distances are route keys (minplus::Routes, cells.cuh): distance << FW_ROUTE_BITS, whose
//     low bits, while a tile is in registers, mark which k of the pivot tile improved a cell. The
//     product's relaxation stays one add-min instruction; step k's A operand is raised by k + 1
//     where the chunk is staged (chunk_staging.cuh), not in the inner loop. Distances must stay below
//     FW_ROUTE_INF.
//   - A block records the marks of its tile into q (only the cells that improved) and clears them
//     before storing the distances (record_routes), so stored keys are operands as they are and q
//     is never read by a kernel.
//   - No thin strips: a last tile row or column is computed as a full padded tile.
//   - The solver turns weights into keys before a solve and keys into distances after it
//     (fw_kleene_paths_keys, fw_kleene_paths_distances).
//
// Launches, grids and shared memory are kleene's (LookaheadRounds); every kernel also takes q.
#include "kleene_rounds.cuh"
#include "pivot_closure.cuh"
#include "tile_product.cuh"

using minplus::Routes;

// Stores v at row + OFFSET ints where mark is not 0: one predicated store at a constant offset, no
// branch (a branch a cell made the record of a tile several times longer than its stores).
template <int OFFSET>
__device__ __forceinline__ void store_if_marked(int mark, int* row, int v)
{
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.s32 p, %0, 0;\n\t@p st.global.b32 [%1+%3], %2;\n\t}" ::"r"(mark), "l"(row), "r"(v), "n"(OFFSET * 4));
}

// The marks of a tile held in registers (thread (ty, tx)'s TM x TN cells, tile_layout.cuh) go to
// q: a marked cell's intermediate is kBase + mark - 1, kBase the first vertex of the pivot tile;
// the marks are then cleared. q points at the tile's cell (0, 0), ld ints a row.
template <int T, int TM, int TN>
__device__ __forceinline__ void record_routes(int (&acc)[TM][TN], int* q, int ld, int kBase)
{
    using G = minplus::Grid<Routes, T, TM, TN>;
    constexpr int HN = TN / 2, HALF = G::W / 2;
    static_assert(TN == 8 || TN == 4, "a thread's columns: two runs of TN / 2");
    const int ty = G::ty(), tx = G::tx();
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        int* const row = q + minplus::owned_row<T, TM>(ty, i) * ld + tx * HN;
        int mark[TN];
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            mark[j] = acc[i][j] & Routes::MARK;
            acc[i][j] -= mark[j];
        }
        store_if_marked<0>(mark[0], row, kBase - 1 + mark[0]);
        store_if_marked<1>(mark[1], row, kBase - 1 + mark[1]);
        store_if_marked<HN == 4 ? 2 : HALF>(mark[2], row, kBase - 1 + mark[2]);
        store_if_marked<HN == 4 ? 3 : HALF + 1>(mark[3], row, kBase - 1 + mark[3]);
        if constexpr (TN == 8) {
            store_if_marked<HALF>(mark[4], row, kBase - 1 + mark[4]);
            store_if_marked<HALF + 1>(mark[5], row, kBase - 1 + mark[5]);
            store_if_marked<HALF + 2>(mark[6], row, kBase - 1 + mark[6]);
            store_if_marked<HALF + 3>(mark[7], row, kBase - 1 + mark[7]);
        }
    }
}

template <int T, int TM, int TN>
__device__ __forceinline__ void store_tile(int (&acc)[TM][TN], int* c, int* q, int ld, int kBase)
{
    using G = minplus::Grid<Routes, T, TM, TN>;
    record_routes<T, TM, TN>(acc, q, ld, kBase);
    minplus::store_cells<Routes, T, TM, TN>(acc, c, ld, G::ty(), G::tx());
}

// Phase 1, round 0 only: close the first pivot tile in registers.
template <int T, int TM, int TN>
__device__ __forceinline__ void routes_close_pivot(int* d, int* q, int ld, int p)
{
    extern __shared__ int stage[];
    const long long at = (long long)(p * T) * ld + p * T;  // 64-bit: the matrix may pass 2^31 cells (fw.cuh)
    int acc[TM][TN];
    using G = minplus::Grid<Routes, T, TM, TN>;
    minplus::load_cells<Routes, T, TM, TN>(acc, d + at, ld, G::ty(), G::tx());
    minplus::close_cells<Routes, T, TM, TN>(acc, stage);
    store_tile<T, TM, TN>(acc, d + at, q + at, ld, p * T);
}

// Phase 2: the pivot's row R = min(R, P (x) R) and column C = min(C, C (x) P), padding skipped.
template <int T, int TM, int TN>
__device__ __forceinline__ void routes_cross(int* d, int* q, int ld, int n, int p)
{
    extern __shared__ int stage[];
    const int t = blockIdx.x + (blockIdx.x >= p);  // skip the pivot tile
    const int* pivot = fw_cell(d, ld, p * T, p * T);
    const int kLive = min(T, n - p * T);
    const bool row = blockIdx.y == 0;
    const long long at = row ? (long long)(p * T) * ld + t * T : (long long)(t * T) * ld + p * T;
    int acc[TM][TN];
    minplus::accumulate_product<Routes, T, TM, TN, KLEENE_STAGES>(acc, d + at, row ? pivot : d + at, row ? d + at : pivot, ld, ld,
                                                                  stage, kLive, row ? kLive : min(T, n - t * T));
    store_tile<T, TM, TN>(acc, d + at, q + at, ld, p * T);
}

// Phase 3 by mode (kleene::rest_tile); mode NEXT's block of tile (p + 1, p + 1) also closes it.
template <int T, int TM, int TN>
__device__ __forceinline__ void routes_rest(int* d, int* q, int ld, int n, int p, int mode, int firstRow)
{
    static_assert(minplus::closure_words<Routes, T>() <= minplus::shared_words<Routes, T, KLEENE_STAGES>(),
                  "mode NEXT closes the next pivot in the products' shared memory");
    extern __shared__ int stage[];
    const int2 tile = kleene::rest_tile(mode, p, (n + T - 1) / T, blockIdx.x, blockIdx.y + firstRow);  // tiles holding live cells
    const int i = tile.x, j = tile.y;
    int* const rowD = fw_cell(d, ld, i * T, 0);  // tile row i: C and D(i, p) are offsets from it
    int* const c = rowD + j * T;
    const int* const a = rowD + p * T, * const b = fw_cell(d, ld, p * T, j * T);
    int acc[TM][TN];
    minplus::accumulate_product<Routes, T, TM, TN, KLEENE_STAGES>(acc, c, a, b, ld, ld, stage, min(T, n - p * T), min(T, n - i * T));
    int* const qc = fw_cell(q, ld, i * T, j * T);
    if (mode == kleene::NEXT && i == j) {
        record_routes<T, TM, TN>(acc, qc, ld, p * T);  // round p's marks, before the closure's steps mark anew
        __syncthreads();  // the product's last chunk is read before the closure reuses shared memory
        minplus::close_cells<Routes, T, TM, TN>(acc, stage);
        store_tile<T, TM, TN>(acc, c, qc, ld, (p + 1) * T);
        return;
    }
    store_tile<T, TM, TN>(acc, c, qc, ld, p * T);
}

// Entry points, named by tile size, each followed by its launch facts for the host. d: route keys,
// q: intermediates, ld ints a row; n: the graph's vertices (the rest padding).
extern "C" __global__ void __launch_bounds__(256) fw_kleene_paths_phase1_t128(int* d, int* q, int ld, int p) { routes_close_pivot<128, 8, 8>(d, q, ld, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_phase1_t128, Routes, 128, 8, 8, (minplus::closure_words<Routes, 128>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_phase2_t128(int* d, int* q, int ld, int n, int p) { routes_cross<128, 8, 8>(d, q, ld, n, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_phase2_t128, Routes, 128, 8, 8, (minplus::shared_words<Routes, 128, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_phase3_t128(int* d, int* q, int ld, int n, int p, int mode, int firstRow) { routes_rest<128, 8, 8>(d, q, ld, n, p, mode, firstRow); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_phase3_t128, Routes, 128, 8, 8, (minplus::shared_words<Routes, 128, KLEENE_STAGES>() * 4))

extern "C" __global__ void __launch_bounds__(256) fw_kleene_paths_phase1_t64(int* d, int* q, int ld, int p) { routes_close_pivot<64, 4, 4>(d, q, ld, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_phase1_t64, Routes, 64, 4, 4, (minplus::closure_words<Routes, 64>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_phase2_t64(int* d, int* q, int ld, int n, int p) { routes_cross<64, 4, 4>(d, q, ld, n, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_phase2_t64, Routes, 64, 4, 4, (minplus::shared_words<Routes, 64, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_phase3_t64(int* d, int* q, int ld, int n, int p, int mode, int firstRow) { routes_rest<64, 4, 4>(d, q, ld, n, p, mode, firstRow); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_phase3_t64, Routes, 64, 4, 4, (minplus::shared_words<Routes, 64, KLEENE_STAGES>() * 4))

// Weights (FW_INF: no edge) into route keys, and route keys back into distances, in place over
// the ld x ld matrix d; block 32 x 8.
extern "C" __global__ void fw_kleene_paths_keys(int* d, int ld)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ld || j >= ld) return;
    int* const cell = fw_cell(d, ld, i, j);
    const int w = *cell;
    *cell = (w >= FW_ROUTE_INF ? FW_ROUTE_INF : w) * (1 << FW_ROUTE_BITS);  // a multiply: w may be negative
}

extern "C" __global__ void fw_kleene_paths_distances(int* d, int ld)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ld || j >= ld) return;
    int* const cell = fw_cell(d, ld, i, j);
    const int distance = *cell >> FW_ROUTE_BITS;
    *cell = distance >= FW_ROUTE_INF ? FW_INF : distance;
}
