// kleene-bands: kleene's rounds (07_kleene.cu) over a matrix split into row bands, one band per
// device (or several bands on one device), for a solve that spans the GPUs of one host.
//
// A band is a contiguous range of tile rows, held on its device as rows x ld ints: its kernels
// index rows from the band's first row (local tile rows) and columns over the whole matrix (global
// tile columns). Round p's pivot row (tile row p: P* and R, T x ld) is copied by the host
// (cuMemcpyPeerAsync) from the band that owns it into the group buffer of every band that does
// not hold all of its group's rows, with the same ld, so that a product's A (the band's own
// tiles), B (pivot rows) and C (the band's tile) are three pointers of one row length:
// minplus::tile_product as kleene calls it.
// The schedule (which tiles a launch updates, and what waits for what) is the host's
// (fwbench.variant.schedule.BandRounds), which runs the rounds in groups as kleene does; the
// kernels are two:
//   close:  1 block, closes the pivot tile at local tile row `row`, column p, in registers
//           (minplus::close_cells, as kleene's phase 1); minplus::closure_words<Int32, T>() * 4
//           bytes of dynamic shared memory.
//   update: grid (columns, rows), one T x T tile a block: C(i, j) = min(C(i, j), A (x) B) over
//           rounds first .. end - 1 in one product (K = (end - first) T): A the band's tiles (i,
//           first .. end - 1), side by side in its rows, B the tile rows first .. end - 1 of
//           column j in `rows`, whose first tile row is round bFirst's (the band's own rows, or
//           a buffer the host copied a group's pivot rows into). Block row y is local tile row
//           rowBase + y, past the rows [skipRowFrom, skipRowTo); block column x is tile column
//           columnBase + x, past the columns [skipColumnFrom, skipColumnTo) (from == to: none).
//           minplus::shared_words<Int32, T, KLEENE_STAGES>() * 4 bytes of dynamic shared
//           memory, the launch bounds of kleene's products.
// Padding past vertex n is skipped as kleene skips it (the live k, rows and columns of a tile).
#include "kleene_rounds.cuh"

namespace bands {

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
__device__ __forceinline__ void update(int* band, int ld, int n, const int* rows, int bFirst, int firstTile, int rowBase, int skipRowFrom,
                                       int skipRowTo, int columnBase, int skipColumnFrom, int skipColumnTo, int first, int end)
{
    extern __shared__ int stage[];
    int i = rowBase + blockIdx.y;  // local tile row
    i += i >= skipRowFrom ? skipRowTo - skipRowFrom : 0;
    int j = columnBase + blockIdx.x;
    j += j >= skipColumnFrom ? skipColumnTo - skipColumnFrom : 0;
    const int tileRow = firstTile + i;  // in the whole matrix
    const int kLive = min(end * T, n) - first * T;
    if (kLive <= 0) return;
    int* const rowI = fw_cell(band, ld, i * T, 0);
    minplus::tile_product<minplus::Int32, T, TM, TN, KLEENE_STAGES>(rowI + j * T, rowI + first * T, fw_cell(rows, ld, (first - bFirst) * T, j * T), ld,
                                                                    stage, kLive, min(T, n - tileRow * T), min(T, n - j * T));
}

}  // namespace bands

// Entry points, named by tile size (KleeneSolver's choice per n), each followed by its launch facts.
// band: the band's first row; row / rowBase: local tile rows; p, columns and rounds: global tile
// indices; rows: the tile row of round bFirst (the band's own, or a buffer), ld ints a row.
extern "C" __global__ void __launch_bounds__(256) fw_kleene_bands_close_t128(int* band, int ld, int row, int p) { bands::close<128, 8, 8>(band, ld, row, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_bands_close_t128, minplus::Int32, 128, 8, 8, (minplus::closure_words<minplus::Int32, 128>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_bands_update_t128(int* band, int ld, int n, const int* rows, int bFirst, int firstTile, int rowBase, int skipRowFrom, int skipRowTo, int columnBase, int skipColumnFrom, int skipColumnTo, int first, int end) { bands::update<128, 8, 8>(band, ld, n, rows, bFirst, firstTile, rowBase, skipRowFrom, skipRowTo, columnBase, skipColumnFrom, skipColumnTo, first, end); }
FW_TILE_KERNEL_SHAPE(fw_kleene_bands_update_t128, minplus::Int32, 128, 8, 8, (minplus::shared_words<minplus::Int32, 128, KLEENE_STAGES>() * 4))

extern "C" __global__ void __launch_bounds__(256) fw_kleene_bands_close_t64(int* band, int ld, int row, int p) { bands::close<64, 4, 4>(band, ld, row, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_bands_close_t64, minplus::Int32, 64, 4, 4, (minplus::closure_words<minplus::Int32, 64>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_bands_update_t64(int* band, int ld, int n, const int* rows, int bFirst, int firstTile, int rowBase, int skipRowFrom, int skipRowTo, int columnBase, int skipColumnFrom, int skipColumnTo, int first, int end) { bands::update<64, 4, 4>(band, ld, n, rows, bFirst, firstTile, rowBase, skipRowFrom, skipRowTo, columnBase, skipColumnFrom, skipColumnTo, first, end); }
FW_TILE_KERNEL_SHAPE(fw_kleene_bands_update_t64, minplus::Int32, 64, 4, 4, (minplus::shared_words<minplus::Int32, 64, KLEENE_STAGES>() * 4))
