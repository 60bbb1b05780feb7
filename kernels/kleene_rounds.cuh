// kleene's rounds (07_kleene.cu), over any cell type that stores its cells as they are (Int32;
// Float32 for kleene-f32, 11_kleene_f32.cu): the phases' block bodies, which tile a block of a
// phase-3 launch updates by mode, and the products' chunk buffers. kleene-paths (10_kleene_paths.cu)
// shares the geometry and has bodies of its own, which record the marks of its route keys.
#pragma once
#include "pivot_closure.cuh"
#include "tile_product.cuh"

// Chunk buffers of the tile products (minplus::stream_chunks' STAGES): two, which fit two blocks
// per SM at T = 128 on every GPU from sm_80 on.
#ifndef KLEENE_STAGES
#define KLEENE_STAGES 2
#endif

namespace kleene {

// Which tiles a phase-3 launch updates (the codes are fw_constants.cuh's, which the host passes):
//   ALL  grid (tiles - 1)^2: every tile outside pivot row and column p;
//   NEXT grid (2 tiles - 3) x 1: the tiles of row and column p + 1 (the next pivot's cross, its
//        pivot included), so the next round can start while the rest of this one runs;
//   REST grid (tiles - 2)^2: every tile outside rows and columns p and p + 1.
//   PAIR_NEXT, PAIR_REST: a pair of rounds p, p + 1 (kleene_pair, below).
enum RestMode { ALL = FW_REST_ALL, NEXT = FW_REST_NEXT, REST = FW_REST_REST, PAIR_NEXT = FW_REST_PAIR_NEXT, PAIR_REST = FW_REST_PAIR_REST };

// The rows and columns of tiles past a pair of rounds p, p + 1 that the next pair's chain needs
// first (p + 2 and p + 3, those that exist).
__host__ __device__ __forceinline__ int pair_band(int p, int tiles)
{
    const int left = tiles - (p + 2);
    return left < 0 ? 0 : left < 2 ? left : 2;
}

// The tile (row, column) that block (bx, by) of a launch of a pair of rounds p, p + 1 updates, and
// whether with both rounds' products (otherwise round p + 1's alone). Tiles outside rows and
// columns p and p + 1 are counted as o = 0 .. tiles - 3 (tile o, or o + 2 from p on), the band
// (pair_band) as o = p .. p + band - 1:
//   PAIR_NEXT grid band (2 (tiles - 2) - band) + 2 tiles - 3: the band's rows, the band's columns
//        outside them, then row p (skipping column p + 1) and column p (skipping rows p, p + 1);
//   PAIR_REST grid (tiles - 2 - band)^2: every tile outside rows and columns p .. p + 1 + band.
__device__ __forceinline__ int3 pair_tile(int mode, int p, int tiles, int bx, int by)
{
    const int m = tiles - 2, band = pair_band(p, tiles);
    auto tile = [&](int o) { return o < p ? o : o + 2; };
    if (mode == PAIR_REST) return make_int3(by < p ? by : by + 2 + band, bx < p ? bx : bx + 2 + band, 1);
    const int inBand = band * (2 * m - band);
    if (bx < band * m) return make_int3(tile(p + bx / m), tile(bx % m), 1);
    if (bx < inBand) {
        const int q = bx - band * m, r = q / band;
        return make_int3(tile(r < p ? r : r + band), tile(p + q % band), 1);
    }
    const int q = bx - inBand;
    if (q < tiles - 1) return make_int3(p, q <= p ? q : q + 1, 0);
    return make_int3(q - (tiles - 1) < p ? q - (tiles - 1) : q - (tiles - 1) + 2, p, 0);
}

// The tile (row, column) that block (bx, by) of a phase-3 launch updates in round p, by mode (a
// launch may cover some of the rows: by counts from its first).
__device__ __forceinline__ int2 rest_tile(int mode, int p, int tiles, int bx = blockIdx.x, int by = blockIdx.y)
{
    if (mode == NEXT) {
        if (bx < tiles - 1) return make_int2(p + 1, bx + (bx >= p));  // row p + 1, skipping column p
        const int c = bx - (tiles - 1);                                  // column p + 1, skipping rows p, p + 1
        return make_int2(c < p ? c : c + 2, p + 1);
    }
    if (mode == REST) return make_int2(by < p ? by : by + 2, bx < p ? bx : bx + 2);
    return make_int2(by + (by >= p), bx + (bx >= p));
}

}  // namespace kleene

// Phase 1, round 0 only: close the first pivot tile with its cells in registers
// (minplus::close_cells, 256 threads). Later pivots are closed inside phase 3 (mode NEXT, below).
template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void kleene_close_pivot(int* d, int ld, int p)
{
    extern __shared__ int stage[];
    int* const c = fw_cell(d, ld, p * T, p * T);
    int acc[TM][TN];
    using G = minplus::Grid<Cell, T, TM, TN>;
    minplus::load_cells<Cell, T, TM, TN>(acc, c, ld, G::ty(), G::tx());
    minplus::close_cells<Cell, T, TM, TN>(acc, stage);
    minplus::store_cells<Cell, T, TM, TN>(acc, c, ld, G::ty(), G::tx());
}

// Phases 2 and 3 skip the padding past vertex n (minplus::tile_product's kLive, rowsLive and
// columnsLive): at n = 10000, T = 128 the last tile row, column and pivot hold 16 live vertices of 128.
template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void kleene_cross(int* d, int ld, int n, int p)
{
    extern __shared__ int stage[];
    const int t = blockIdx.x + (blockIdx.x >= p);  // skip the pivot tile
    const int* pivot = fw_cell(d, ld, p * T, p * T);
    const int kLive = min(T, n - p * T);
    if (blockIdx.y == 0) {
        int* row = fw_cell(d, ld, p * T, t * T);
        minplus::tile_product<Cell, T, TM, TN, KLEENE_STAGES>(row, pivot, row, ld, stage, kLive, kLive, min(T, n - t * T));  // R = min(R, P (x) R)
    } else {
        int* col = fw_cell(d, ld, t * T, p * T);
        minplus::tile_product<Cell, T, TM, TN, KLEENE_STAGES>(col, col, pivot, ld, stage, kLive, min(T, n - t * T), kLive);  // C = min(C, C (x) P)
    }
}

// The next pivot tile c: its product (kLive k of A and B) and then its closure, in registers, so
// that the next round's cross can start right after this launch (one dependent launch fewer a
// round): kleene_rest's NEXT and kleene_pair's PAIR_NEXT.
template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void kleene_update_and_close(int* c, const int* a, const int* b, int ld, int* stage, int kLive, int rowsLive)
{
    int acc[TM][TN];
    minplus::accumulate_product<Cell, T, TM, TN, KLEENE_STAGES>(acc, c, a, b, ld, stage, kLive, rowsLive);
    __syncthreads();  // the product's last chunk is read before the closure reuses shared memory
    minplus::close_cells<Cell, T, TM, TN>(acc, stage);
    minplus::store_cells<Cell, T, TM, TN>(acc, c, ld, minplus::Grid<Cell, T, TM, TN>::ty(), minplus::Grid<Cell, T, TM, TN>::tx());
}

template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void kleene_rest(int* d, int ld, int n, int p, int mode, int firstRow)
{
    static_assert(minplus::closure_words<Cell, T>() <= minplus::shared_words<Cell, T, KLEENE_STAGES>(),
                  "mode NEXT closes the next pivot in the products' shared memory");
    extern __shared__ int stage[];
    const int2 tile = kleene::rest_tile(mode, p, (n + T - 1) / T, blockIdx.x, blockIdx.y + firstRow);  // tiles holding live cells
    const int i = tile.x, j = tile.y;
    int* const rowI = fw_cell(d, ld, i * T, 0);  // tile row i: C and D(i, p) are offsets from it
    int* const c = rowI + j * T;                  // D(i, j)
    const int* const a = rowI + p * T, * const b = fw_cell(d, ld, p * T, j * T);  // column tile (i, p), row tile (p, j)
    if (mode == kleene::NEXT && i == j) {  // the next pivot tile (p + 1, p + 1)
        kleene_update_and_close<Cell, T, TM, TN>(c, a, b, ld, stage, min(T, n - p * T), min(T, n - i * T));
        return;
    }
    minplus::tile_product<Cell, T, TM, TN, KLEENE_STAGES>(c, a, b, ld, stage, min(T, n - p * T), min(T, n - i * T),
                                                                    min(T, n - j * T));
}

// A pair of rounds p, p + 1 (kleene::pair_tile): a tile outside both rounds' rows and columns takes
// both rounds' products in one block, C = min(C, A_p (x) B_p, A_p+1 (x) B_p+1). Tile columns p and
// p + 1 sit side by side in the matrix, and so do tile rows p and p + 1, so that is one product of
// K = T + kLive1 over the T x 2T panel of rows i and the 2T x T panel of columns j: one C load and
// store and one block start for two rounds' work (kernels/NOTES.md has what that buys). Round
// p + 1's cross is final before PAIR_NEXT and PAIR_REST start. Row and column p take round p + 1's
// product in PAIR_NEXT while this pair's products (PAIR_NEXT's own, and PAIR_REST's on the side
// streams) read them as round p's operands, and the next pair's PAIR_REST on another band may
// already write rows and columns p and p + 1 while this one's last blocks read them: an operand
// read may be improved already. Every value stored is min(C, a + b) of values stored, the length
// of a walk in the graph completed with INF edges, and no larger than the value it replaces; so a
// round that reads improved operands leaves every cell at most what it would have been, and never
// below its distance: the same result (negative weights without a negative cycle included). Cells
// are 32-bit words, read and written whole.
template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void kleene_pair(int* d, int ld, int n, int p, int mode, int firstRow)
{
    static_assert(minplus::closure_words<Cell, T>() <= minplus::shared_words<Cell, T, KLEENE_STAGES>(),
                  "the pivot tile is closed in the products' shared memory");
    extern __shared__ int stage[];
    const int3 tile = kleene::pair_tile(mode, p, (n + T - 1) / T, blockIdx.x, blockIdx.y + firstRow);
    const int i = tile.x, j = tile.y, rowsLive = min(T, n - i * T), columnsLive = min(T, n - j * T);
    const int first = tile.z ? p : p + 1, kLive = min(T, n - (p + 1) * T) + (tile.z ? T : 0);  // round p is never the last
    int* const rowI = fw_cell(d, ld, i * T, 0);
    int* const c = rowI + j * T;
    const int* const a = rowI + first * T, * const b = fw_cell(d, ld, first * T, j * T);
    if (mode == kleene::PAIR_NEXT && i == p + 2 && j == p + 2) {  // the next pair's first pivot
        kleene_update_and_close<Cell, T, TM, TN>(c, a, b, ld, stage, kLive, rowsLive);
        return;
    }
    minplus::tile_product<Cell, T, TM, TN, KLEENE_STAGES>(c, a, b, ld, stage, kLive, rowsLive, columnsLive);
}
