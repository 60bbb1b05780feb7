// kleene: blocked Floyd-Warshall whose phases 2 and 3 are register-tiled min-plus products.
//
// Changes from the reports' ladder (02..06):
//   - Phase 2 is a product, not a sequential sweep: once the pivot tile P is closed (P = P*, zero
//     diagonal), the pivot row is min(R, P (x) R) and the pivot column min(C, C (x) P), so all of
//     phase 2 is as parallel as phase 3 (Kleene's closure of a 2 x 2 block matrix).
//   - Phases 2 and 3 share one SGEMM-like tile product (tile_product.cuh): T x T tiles, 256
//     threads, each thread an 8 x 8 (T = 128) or 4 x 4 (T = 64) block of accumulators, K in chunks
//     of 32 staged with cp.async into double-buffered shared memory (the next chunk's copies issued
//     from the middle of the current one, one barrier a chunk), 16-byte loads of B.
//   - The matrix is padded to a multiple of T (pad rows and columns are INF, pad diagonal 0:
//     isolated vertices that change nothing), so no kernel checks bounds.
//   - T = 128 halves the rounds of T = 64: per round each C tile is read and written once, so the
//     bytes per relaxation fall with T; T = 64 has 4x the blocks per round, better at small n.
//     The solver picks T per n (KleeneSolver).
//   - Lookahead: phase 3 of round p first updates the cross of pivot p + 1 (mode NEXT), so that
//     round p + 1's phase 2 (latency-bound: 2 (tiles - 1) blocks) runs on a second stream while
//     the bulk of round p's phase 3 (mode REST) still runs (KleeneSolver, LookaheadRounds).
//   - The block of mode NEXT that updates pivot tile p + 1 also closes it, in registers
//     (pivot_closure.cuh): phase 1 runs as a launch of its own only for round 0, and a round's
//     critical path is two dependent launches (NEXT, then phase 2), which is what small n waits on.
//   - Rounds in groups (fw_kleene_group_tT, kleene_rounds.cuh kleene_group): from a size on, a tile
//     outside a group's rows and columns takes all of the group's rounds in one block, a product of
//     K = G T over the group's side-by-side tile columns and rows (KleeneSolver picks G by n).
//   - Padding past vertex n is skipped in k and in rows, and a last tile row or column of few live
//     cells is computed as a thin strip (thin_strips.cuh).
//
// Launches (tiles = ceil(n / T): none wholly of padding), 256 threads each, n = the graph's
// vertices; each kernel exports its threads, shared memory and cells a thread as <kernel>_shape
// (FW_TILE_KERNEL_SHAPE):
//   phase 1 (round 0): 1 block, minplus::closure_words<Int32, T>() * 4 bytes of dynamic shared
//     memory (2 KB at T = 128); 126 registers at T = 128, 48 at T = 64 (ptxas, sm_90)
//   phase 2: grid (tiles - 1, 2): y = 0 pivot-row tiles, y = 1 pivot-column tiles (x skips p)
//   phase 3: mode ALL grid (tiles - 1)^2, NEXT (2 tiles - 3) x 1, REST (tiles - 2)^2 (kleene::rest_tile)
//   group: modes GROUP_CHAIN, GROUP_NEXT, GROUP_REST (kleene::group_tile has their grids); group_rest: GROUP_REST alone
//   phases 2-3: minplus::shared_words<Int32, T, KLEENE_STAGES>() * 4 bytes of dynamic shared
//     memory (68 KB at T = 128, 34 KB at T = 64); at most 128 registers (2 blocks per SM:
//     TILE_PRODUCT_MIN_BLOCKS_PER_SM), 80 at T = 64 (82 for group); at T = 128 ptxas (sm_90) spills a few words in
//     the product kernels (the group kernel 32 bytes, group_rest and phase 3 24: kernels/NOTES.md,
//     The tile product and its register blocking)
#include "kleene_rounds.cuh"

// Entry points, named by tile size, each followed by its launch facts for the host. ld: ints per
// (padded) row, n: the graph's vertices (the rest padding).
extern "C" __global__ void __launch_bounds__(256) fw_kleene_phase1_t128(int* d, int ld, int p) { kleene_close_pivot<kleene::MatrixTiles<minplus::Int32, 128, 8, 8>>(d, ld, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_phase1_t128, minplus::Int32, 128, 8, 8, (minplus::closure_words<minplus::Int32, 128>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_phase2_t128(int* d, int ld, int n, int p) { kleene_cross<kleene::MatrixTiles<minplus::Int32, 128, 8, 8>>(d, ld, n, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_phase2_t128, minplus::Int32, 128, 8, 8, (minplus::shared_words<minplus::Int32, 128, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_phase3_t128(int* d, int ld, int n, int p, int mode, int firstRow) { kleene_rest<kleene::MatrixTiles<minplus::Int32, 128, 8, 8>>(d, ld, n, p, mode, firstRow); }
FW_TILE_KERNEL_SHAPE(fw_kleene_phase3_t128, minplus::Int32, 128, 8, 8, (minplus::shared_words<minplus::Int32, 128, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_group_t128(int* d, int ld, int n, int p, int last, int mode, int firstRow) { kleene_group<kleene::MatrixTiles<minplus::Int32, 128, 8, 8>>(d, ld, n, p, last, mode, firstRow); }
FW_TILE_KERNEL_SHAPE(fw_kleene_group_t128, minplus::Int32, 128, 8, 8, (minplus::shared_words<minplus::Int32, 128, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_group_rest_t128(int* d, int ld, int n, int p, int last, int firstRow) { kleene_group<kleene::MatrixTiles<minplus::Int32, 128, 8, 8>, true>(d, ld, n, p, last, kleene::GROUP_REST, firstRow); }
FW_TILE_KERNEL_SHAPE(fw_kleene_group_rest_t128, minplus::Int32, 128, 8, 8, (minplus::shared_words<minplus::Int32, 128, KLEENE_STAGES>() * 4))

extern "C" __global__ void __launch_bounds__(256) fw_kleene_phase1_t64(int* d, int ld, int p) { kleene_close_pivot<kleene::MatrixTiles<minplus::Int32, 64, 4, 4>>(d, ld, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_phase1_t64, minplus::Int32, 64, 4, 4, (minplus::closure_words<minplus::Int32, 64>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_phase2_t64(int* d, int ld, int n, int p) { kleene_cross<kleene::MatrixTiles<minplus::Int32, 64, 4, 4>>(d, ld, n, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_phase2_t64, minplus::Int32, 64, 4, 4, (minplus::shared_words<minplus::Int32, 64, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_phase3_t64(int* d, int ld, int n, int p, int mode, int firstRow) { kleene_rest<kleene::MatrixTiles<minplus::Int32, 64, 4, 4>>(d, ld, n, p, mode, firstRow); }
FW_TILE_KERNEL_SHAPE(fw_kleene_phase3_t64, minplus::Int32, 64, 4, 4, (minplus::shared_words<minplus::Int32, 64, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_group_t64(int* d, int ld, int n, int p, int last, int mode, int firstRow) { kleene_group<kleene::MatrixTiles<minplus::Int32, 64, 4, 4>>(d, ld, n, p, last, mode, firstRow); }
FW_TILE_KERNEL_SHAPE(fw_kleene_group_t64, minplus::Int32, 64, 4, 4, (minplus::shared_words<minplus::Int32, 64, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_group_rest_t64(int* d, int ld, int n, int p, int last, int firstRow) { kleene_group<kleene::MatrixTiles<minplus::Int32, 64, 4, 4>, true>(d, ld, n, p, last, kleene::GROUP_REST, firstRow); }
FW_TILE_KERNEL_SHAPE(fw_kleene_group_rest_t64, minplus::Int32, 64, 4, 4, (minplus::shared_words<minplus::Int32, 64, KLEENE_STAGES>() * 4))
