// kleene-paths: kleene's rounds (07_kleene.cu) that also produce report 003's intermediate-node
// matrix q (06_paths.cu): q[i][j] = the k of the last relaxation that strictly improved d[i][j],
// n + 1 (filled in by the solver before each solve) = none, and path(i, j) = path(i, k) + path(k, j).
//
// Changes from kleene:
//   - The distances are route keys (minplus::Routes, cells.cuh): distance << BITS, whose low bits,
//     while a tile is in registers, mark which k of the product improved a cell. The product's
//     relaxation stays one add-min instruction; step k's A operand is raised by k + 1 where the
//     chunk is staged (chunk_staging.cuh), not in the inner loop.
//   - kleene's bodies (kleene_rounds.cuh) over RouteTiles, in two kernel families by key layout:
//     fw_kleene_paths_*, rounds one by one, marks of a pivot tile's T k in FW_ROUTE_BITS (distances
//     below FW_ROUTE_INF); fw_kleene_paths_grouped_*, rounds in groups too, marks of a group's G T k
//     in FW_GROUPED_ROUTE_BITS (distances below FW_GROUPED_ROUTE_INF). In groups the marks, and so which
//     of several shortest routes q names, depend on which later rounds an operand already holds; every
//     route still ends and is shortest (kernels/NOTES.md, kleene-paths).
//   - A block records the marks of its tile into q (only the cells that improved) and clears them
//     before storing the distances (record_routes), so stored keys are operands as they are and q
//     is never read by a kernel.
//   - No thin strips: a last tile row or column is computed as a full padded tile.
//   - The solver turns weights into keys before a solve and keys into distances after it
//     (fw_kleene_paths[_grouped]_keys, fw_kleene_paths[_grouped]_distances).
//
// Launches, grids and shared memory are kleene's (LookaheadRounds); every kernel also takes q.
#include "kleene_rounds.cuh"
#include "pivot_closure.cuh"
#include "tile_product.cuh"

// The key layouts of the two families
using RoundKeys = minplus::Routes<FW_ROUTE_BITS, FW_ROUTE_INF>;
using GroupKeys = minplus::Routes<FW_GROUPED_ROUTE_BITS, FW_GROUPED_ROUTE_INF>;
static_assert(FW_KLEENE_MAX_GROUPED_ROUNDS * 128 <= GroupKeys::MARK, "a group's marks fit its keys (128: the largest tile)");

// Stores v at row + OFFSET ints where mark is not 0: one predicated store at a constant offset, no
// branch (a branch a cell made the record of a tile several times longer than its stores).
template <int OFFSET>
__device__ __forceinline__ void store_if_marked(int mark, int* row, int v)
{
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.s32 p, %0, 0;\n\t@p st.global.b32 [%1+%3], %2;\n\t}" ::"r"(mark), "l"(row), "r"(v), "n"(OFFSET * 4));
}

// The marks of a tile held in registers (thread (ty, tx)'s TM x TN cells, tile_layout.cuh) go to
// q: a marked cell's intermediate is kBase + mark - 1, kBase the product's first k; the marks are
// then cleared. q points at the tile's cell (0, 0), ld ints a row.
template <class Keys, int T, int TM, int TN>
__device__ __forceinline__ void record_routes(int (&acc)[TM][TN], int* q, int ld, int kBase)
{
    using G = minplus::Grid<Keys, T, TM, TN>;
    constexpr int HN = TN / 2, HALF = G::W / 2;
    static_assert(TN == 8 || TN == 4, "a thread's columns: two runs of TN / 2");
    const int ty = G::ty(), tx = G::tx();
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        int* const row = q + minplus::owned_row<T, TM>(ty, i) * ld + tx * HN;
        int mark[TN];
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            mark[j] = acc[i][j] & Keys::MARK;
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

template <class Keys, int T, int TM, int TN>
__device__ __forceinline__ void store_tile(int (&acc)[TM][TN], int* c, int* q, int ld, int kBase)
{
    using G = minplus::Grid<Keys, T, TM, TN>;
    record_routes<Keys, T, TM, TN>(acc, q, ld, kBase);
    minplus::store_cells<Keys, T, TM, TN>(acc, c, ld, G::ty(), G::tx());
}

// kleene's bodies (kleene_rounds.cuh) over route keys: every product records its tile's marks into
// q, its first k that of tile column `first`, and a pivot closed after a product records the
// product's marks before the closure's steps mark anew. No thin strips: a last tile row or column is
// computed as a full padded tile.
template <class Keys, int T_, int TM, int TN>
struct RouteTiles {
    static constexpr int T = T_;
    static_assert(minplus::closure_words<Keys, T>() <= minplus::shared_words<Keys, T, KLEENE_STAGES>(),
                  "the next pivot is closed in the products' shared memory");
    int* q;  // the intermediates, ld ints a row like the keys

    __device__ __forceinline__ void close_pivot(int* d, int ld, int p, int* stage) const
    {
        using G = minplus::Grid<Keys, T, TM, TN>;
        int acc[TM][TN];
        minplus::load_cells<Keys, T, TM, TN>(acc, fw_cell(d, ld, p * T, p * T), ld, G::ty(), G::tx());
        minplus::close_cells<Keys, T, TM, TN>(acc, stage);
        store_tile<Keys, T, TM, TN>(acc, fw_cell(d, ld, p * T, p * T), fw_cell(q, ld, p * T, p * T), ld, p * T);
    }

    // At T = 64 phase 3 holds one product for a tile and for the next pivot, which it then closes: two
    // made the kernel 1.6x as long and n = 1000 about 1% slower; at T = 128 two spill less.
    static constexpr bool ONE_PRODUCT = T == 64;

    // product and, where `close` (I = J, the next pivot), update_and_close in one: phase 3's body at T = 64
    __device__ __forceinline__ void product_then_close(int* d, int ld, int I, int J, int first, int kLive, int rowsLive, int* stage, bool close) const
    {
        int* const rowI = fw_cell(d, ld, I * T, 0);
        int* const c = rowI + J * T;
        int* const qc = fw_cell(q, ld, I * T, J * T);
        int acc[TM][TN];
        minplus::accumulate_product<Keys, T, TM, TN, KLEENE_STAGES>(acc, c, rowI + first * T, fw_cell(d, ld, first * T, J * T), ld, ld, stage, kLive,
                                                                    rowsLive);
        if (close) {
            record_routes<Keys, T, TM, TN>(acc, qc, ld, first * T);  // the product's marks, before the closure's steps mark anew
            __syncthreads();  // the product's last chunk is read before the closure reuses shared memory
            minplus::close_cells<Keys, T, TM, TN>(acc, stage);
        }
        store_tile<Keys, T, TM, TN>(acc, c, qc, ld, close ? I * T : first * T);
    }

    // C(I, J) = min(C, A (x) B) over the kLive k from tile column `first` (MatrixTiles::product)
    __device__ __forceinline__ void product(int* d, int ld, int I, int J, int first, int kLive, int rowsLive, int, int* stage) const
    {
        int* const rowI = fw_cell(d, ld, I * T, 0);
        int acc[TM][TN];
        minplus::accumulate_product<Keys, T, TM, TN, KLEENE_STAGES>(acc, rowI + J * T, rowI + first * T, fw_cell(d, ld, first * T, J * T), ld, ld,
                                                                    stage, kLive, rowsLive);
        store_tile<Keys, T, TM, TN>(acc, rowI + J * T, fw_cell(q, ld, I * T, J * T), ld, first * T);
    }

    // The next pivot tile (I, I): its product, then its closure (MatrixTiles::update_and_close)
    __device__ __forceinline__ void update_and_close(int* d, int ld, int I, int first, int kLive, int rowsLive, int* stage) const
    {
        int* const c = fw_cell(d, ld, I * T, I * T);
        int* const qc = fw_cell(q, ld, I * T, I * T);
        int acc[TM][TN];
        minplus::accumulate_product<Keys, T, TM, TN, KLEENE_STAGES>(acc, c, fw_cell(d, ld, I * T, first * T), fw_cell(d, ld, first * T, I * T), ld, ld,
                                                                    stage, kLive, rowsLive);
        record_routes<Keys, T, TM, TN>(acc, qc, ld, first * T);  // the product's marks, before the closure's steps mark anew
        __syncthreads();  // the product's last chunk is read before the closure reuses shared memory
        minplus::close_cells<Keys, T, TM, TN>(acc, stage);
        store_tile<Keys, T, TM, TN>(acc, c, qc, ld, I * T);
    }
};

// Weights (FW_INF: no edge) into route keys, and route keys back into distances, in place over the
// ld x ld matrix d; block 32 x 8.
template <class Keys>
__device__ __forceinline__ void to_keys(int* d, int ld)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ld || j >= ld) return;
    int* const cell = fw_cell(d, ld, i, j);
    const int w = *cell;
    *cell = (w >= Keys::INF ? Keys::INF : w) * (1 << Keys::BITS);  // a multiply: w may be negative
}

template <class Keys>
__device__ __forceinline__ void to_distances(int* d, int ld)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ld || j >= ld) return;
    int* const cell = fw_cell(d, ld, i, j);
    const int distance = *cell >> Keys::BITS;
    *cell = distance >= Keys::INF ? FW_INF : distance;
}

// Entry points, named by family and tile size, each followed by its launch facts for the host:
// kleene's phases and group launches (07_kleene.cu) with q after d. d: route keys, q: intermediates,
// ld ints a row; n: the graph's vertices (the rest padding).
// Rounds one by one, 8-bit marks:
extern "C" __global__ void __launch_bounds__(256) fw_kleene_paths_phase1_t128(int* d, int* q, int ld, int p) { kleene_close_pivot(d, ld, p, RouteTiles<RoundKeys, 128, 8, 8>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_phase1_t128, RoundKeys, 128, 8, 8, (minplus::closure_words<RoundKeys, 128>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_phase2_t128(int* d, int* q, int ld, int n, int p) { kleene_cross(d, ld, n, p, RouteTiles<RoundKeys, 128, 8, 8>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_phase2_t128, RoundKeys, 128, 8, 8, (minplus::shared_words<RoundKeys, 128, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_phase3_t128(int* d, int* q, int ld, int n, int p, int mode, int firstRow) { kleene_rest(d, ld, n, p, mode, firstRow, RouteTiles<RoundKeys, 128, 8, 8>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_phase3_t128, RoundKeys, 128, 8, 8, (minplus::shared_words<RoundKeys, 128, KLEENE_STAGES>() * 4))

extern "C" __global__ void __launch_bounds__(256) fw_kleene_paths_phase1_t64(int* d, int* q, int ld, int p) { kleene_close_pivot(d, ld, p, RouteTiles<RoundKeys, 64, 4, 4>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_phase1_t64, RoundKeys, 64, 4, 4, (minplus::closure_words<RoundKeys, 64>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_phase2_t64(int* d, int* q, int ld, int n, int p) { kleene_cross(d, ld, n, p, RouteTiles<RoundKeys, 64, 4, 4>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_phase2_t64, RoundKeys, 64, 4, 4, (minplus::shared_words<RoundKeys, 64, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_phase3_t64(int* d, int* q, int ld, int n, int p, int mode, int firstRow) { kleene_rest(d, ld, n, p, mode, firstRow, RouteTiles<RoundKeys, 64, 4, 4>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_phase3_t64, RoundKeys, 64, 4, 4, (minplus::shared_words<RoundKeys, 64, KLEENE_STAGES>() * 4))
extern "C" __global__ void fw_kleene_paths_keys(int* d, int ld) { to_keys<RoundKeys>(d, ld); }
extern "C" __global__ void fw_kleene_paths_distances(int* d, int ld) { to_distances<RoundKeys>(d, ld); }

// Rounds one by one or in groups, 10-bit marks:
extern "C" __global__ void __launch_bounds__(256) fw_kleene_paths_grouped_phase1_t128(int* d, int* q, int ld, int p) { kleene_close_pivot(d, ld, p, RouteTiles<GroupKeys, 128, 8, 8>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_grouped_phase1_t128, GroupKeys, 128, 8, 8, (minplus::closure_words<GroupKeys, 128>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_grouped_phase2_t128(int* d, int* q, int ld, int n, int p) { kleene_cross(d, ld, n, p, RouteTiles<GroupKeys, 128, 8, 8>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_grouped_phase2_t128, GroupKeys, 128, 8, 8, (minplus::shared_words<GroupKeys, 128, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_grouped_phase3_t128(int* d, int* q, int ld, int n, int p, int mode, int firstRow) { kleene_rest(d, ld, n, p, mode, firstRow, RouteTiles<GroupKeys, 128, 8, 8>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_grouped_phase3_t128, GroupKeys, 128, 8, 8, (minplus::shared_words<GroupKeys, 128, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_grouped_group_t128(int* d, int* q, int ld, int n, int p, int last, int mode, int firstRow) { kleene_group(d, ld, n, p, last, mode, firstRow, RouteTiles<GroupKeys, 128, 8, 8>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_grouped_group_t128, GroupKeys, 128, 8, 8, (minplus::shared_words<GroupKeys, 128, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_grouped_group_rest_t128(int* d, int* q, int ld, int n, int p, int last, int firstRow) { kleene_group<RouteTiles<GroupKeys, 128, 8, 8>, true>(d, ld, n, p, last, kleene::GROUP_REST, firstRow, RouteTiles<GroupKeys, 128, 8, 8>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_grouped_group_rest_t128, GroupKeys, 128, 8, 8, (minplus::shared_words<GroupKeys, 128, KLEENE_STAGES>() * 4))

extern "C" __global__ void __launch_bounds__(256) fw_kleene_paths_grouped_phase1_t64(int* d, int* q, int ld, int p) { kleene_close_pivot(d, ld, p, RouteTiles<GroupKeys, 64, 4, 4>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_grouped_phase1_t64, GroupKeys, 64, 4, 4, (minplus::closure_words<GroupKeys, 64>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_grouped_phase2_t64(int* d, int* q, int ld, int n, int p) { kleene_cross(d, ld, n, p, RouteTiles<GroupKeys, 64, 4, 4>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_grouped_phase2_t64, GroupKeys, 64, 4, 4, (minplus::shared_words<GroupKeys, 64, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_grouped_phase3_t64(int* d, int* q, int ld, int n, int p, int mode, int firstRow) { kleene_rest(d, ld, n, p, mode, firstRow, RouteTiles<GroupKeys, 64, 4, 4>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_grouped_phase3_t64, GroupKeys, 64, 4, 4, (minplus::shared_words<GroupKeys, 64, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_grouped_group_t64(int* d, int* q, int ld, int n, int p, int last, int mode, int firstRow) { kleene_group(d, ld, n, p, last, mode, firstRow, RouteTiles<GroupKeys, 64, 4, 4>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_grouped_group_t64, GroupKeys, 64, 4, 4, (minplus::shared_words<GroupKeys, 64, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_paths_grouped_group_rest_t64(int* d, int* q, int ld, int n, int p, int last, int firstRow) { kleene_group<RouteTiles<GroupKeys, 64, 4, 4>, true>(d, ld, n, p, last, kleene::GROUP_REST, firstRow, RouteTiles<GroupKeys, 64, 4, 4>{q}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_paths_grouped_group_rest_t64, GroupKeys, 64, 4, 4, (minplus::shared_words<GroupKeys, 64, KLEENE_STAGES>() * 4))
extern "C" __global__ void fw_kleene_paths_grouped_keys(int* d, int ld) { to_keys<GroupKeys>(d, ld); }
extern "C" __global__ void fw_kleene_paths_grouped_distances(int* d, int ld) { to_distances<GroupKeys>(d, ld); }
