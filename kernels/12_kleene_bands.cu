// kleene-bands: kleene's rounds (07_kleene.cu) over a matrix split into row bands, one band per
// device (or several bands on one device), for a solve that spans the GPUs of one host.
//
// A band is a contiguous range of tile rows, held on its device as rows x ld ints: its kernels
// index rows from the band's first row (local tile rows) and columns over the whole matrix (global
// tile columns). Round p's pivot row (tile row p: P* and R, T x ld) is copied by the host
// (cuMemcpyPeerAsync) from the band that owns it into a pivot-row buffer of every other band, with
// the same ld, so that a product's A (the band's own column tile), B (the pivot row) and C (the
// band's tile) are three pointers of one row length: minplus::tile_product as kleene calls it.
// The schedule (which tiles a launch updates, and what waits for what) is the host's
// (fwbench.variant.schedule.BandRounds); the kernels are two:
//   close:  1 block, closes the pivot tile at local tile row `row`, column p, in registers
//           (minplus::close_cells, as kleene's phase 1); minplus::closure_words<Int32, T>() * 4
//           bytes of dynamic shared memory.
//   update: grid (columns, rows), one T x T tile a block: C(i, j) = min(C(i, j), A(i, p) (x) B(p, j))
//           with A the band's tile (i, p) and B tile j of the pivot row. Which tiles: block row y
//           is local tile row rowBase + the y-th row not in {skipRowA, skipRowB}; block column x is
//           onlyColumn when it is >= 0, else the x-th column not in {p, skipColumn} (skip values
//           -1 for none; skipRowA < skipRowB and p < skipColumn when both are given). The host
//           covers with it kleene's phase 2 (the pivot row: A is P*, B the row itself; the pivot
//           column: onlyColumn = p, B's tile p is P*), the next pivot's row and column (lookahead)
//           and the rest. minplus::shared_words<Int32, T, KLEENE_STAGES>() * 4 bytes of dynamic
//           shared memory, the launch bounds of kleene's products.
// Padding past vertex n is skipped as kleene skips it (the live k, rows and columns of a tile).
#include "kleene_rounds.cuh"

namespace bands {

// The x-th integer from 0 that is neither a nor b (-1: none; a < b when both are given).
__device__ __forceinline__ int skipping(int x, int a, int b)
{
    x += (a >= 0 && x >= a);
    return x + (b >= 0 && x >= b);
}

template <int T, int TM, int TN>
__device__ __forceinline__ void close(int* band, int ld, int row, int p)
{
    extern __shared__ int stage[];
    int* const c = fw_cell(band, ld, row * T, p * T);
    int acc[TM][TN];
    using G = minplus::Grid<minplus::Int32, T, TM, TN>;
    minplus::load_cells<minplus::Int32, T, TM, TN>(acc, c, ld, G::ty(), G::tx());
    minplus::close_cells<minplus::Int32, T, TM, TN>(acc, stage);
    minplus::store_cells<minplus::Int32, T, TM, TN>(acc, c, ld, G::ty(), G::tx());
}

template <int T, int TM, int TN>
__device__ __forceinline__ void update(int* band, int ld, int n, const int* pivotRow, int p, int firstTile, int rowBase,
                                       int skipRowA, int skipRowB, int onlyColumn, int skipColumn)
{
    extern __shared__ int stage[];
    const int i = rowBase + skipping(blockIdx.y, skipRowA, skipRowB);  // local tile row
    const int j = onlyColumn >= 0 ? onlyColumn : skipping(blockIdx.x, p, skipColumn);
    int* const rowI = fw_cell(band, ld, i * T, 0);
    const int vertexRow = (firstTile + i) * T;  // the tile's first row in the whole matrix
    minplus::tile_product<minplus::Int32, T, TM, TN, KLEENE_STAGES>(rowI + j * T, rowI + p * T, pivotRow + j * T, ld, stage,
                                                                    min(T, n - p * T), min(T, n - vertexRow), min(T, n - j * T));
}

}  // namespace bands

// Entry points, named by tile size (KleeneSolver's choice per n), each followed by its launch facts.
// band: the band's first row; row / rowBase: local tile rows; p, columns: global tile indices;
// pivotRow: tile row p of the matrix (the band's own, or its copy), ld ints a row.
extern "C" __global__ void __launch_bounds__(256) fw_kleene_bands_close_t128(int* band, int ld, int row, int p) { bands::close<128, 8, 8>(band, ld, row, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_bands_close_t128, minplus::Int32, 128, 8, 8, (minplus::closure_words<minplus::Int32, 128>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_bands_update_t128(int* band, int ld, int n, const int* pivotRow, int p, int firstTile, int rowBase, int skipRowA, int skipRowB, int onlyColumn, int skipColumn) { bands::update<128, 8, 8>(band, ld, n, pivotRow, p, firstTile, rowBase, skipRowA, skipRowB, onlyColumn, skipColumn); }
FW_TILE_KERNEL_SHAPE(fw_kleene_bands_update_t128, minplus::Int32, 128, 8, 8, (minplus::shared_words<minplus::Int32, 128, KLEENE_STAGES>() * 4))

extern "C" __global__ void __launch_bounds__(256) fw_kleene_bands_close_t64(int* band, int ld, int row, int p) { bands::close<64, 4, 4>(band, ld, row, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_bands_close_t64, minplus::Int32, 64, 4, 4, (minplus::closure_words<minplus::Int32, 64>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_bands_update_t64(int* band, int ld, int n, const int* pivotRow, int p, int firstTile, int rowBase, int skipRowA, int skipRowB, int onlyColumn, int skipColumn) { bands::update<64, 4, 4>(band, ld, n, pivotRow, p, firstTile, rowBase, skipRowA, skipRowB, onlyColumn, skipColumn); }
FW_TILE_KERNEL_SHAPE(fw_kleene_bands_update_t64, minplus::Int32, 64, 4, 4, (minplus::shared_words<minplus::Int32, 64, KLEENE_STAGES>() * 4))
