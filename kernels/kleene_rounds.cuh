// kleene's rounds (07_kleene.cu): which tile a block of a launch updates by mode, the products' chunk
// buffers, and the phases' block bodies over a Tiles policy that reaches tiles and runs their
// products: kleene::MatrixTiles for a cell type stored as it is (Int32; kleene-f32's Float32 through
// the policies over it that read a copy of the operands, 11_kleene_f32.cu), kleene_packed16::Tiles for
// kleene-packed16's two packed copies, RouteTiles for kleene-paths' route keys (10_kleene_paths.cu),
// which also record their marks.
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
//   GROUP_CHAIN, GROUP_NEXT, GROUP_REST, GROUP_CATCH_UP: a group of rounds (kleene_group, below).
enum RestMode { ALL = FW_REST_ALL, NEXT = FW_REST_NEXT, REST = FW_REST_REST, GROUP_CHAIN = FW_REST_GROUP_CHAIN, GROUP_NEXT = FW_REST_GROUP_NEXT, GROUP_REST = FW_REST_GROUP_REST, GROUP_CATCH_UP = FW_REST_GROUP_CATCH_UP };

// Groups of rounds p .. last (kleene_group, below): the rows and columns of tiles past the group
// that the next group's chain needs first (last + 1 .. last + g, those that exist; g = the group's
// rounds, fewer past a last group).
__host__ __device__ __forceinline__ int next_band(int p, int last, int tiles)
{
    const int left = tiles - 1 - last, g = last - p + 1;
    return left < g ? left : g;
}

// The tile (row, column) that block (bx, by) of a launch of a group of rounds p .. last updates, and
// the first round its product applies (it applies that one to the last, GROUP_CHAIN's one round p).
// g = last - p + 1, b = next_band, "outside" = not in the rows (columns) named:
//   GROUP_CHAIN grid w (2 tiles - 2 - w), w = last - p: round p on rows p + 1 .. last (columns
//        outside p), then on columns p + 1 .. last (rows outside p .. last); closes pivot p + 1.
//        The group's chain: round p + 1's cross, which follows, needs nothing else.
//   GROUP_NEXT grid b (2 (tiles - g) - b) + (g - 1) (2 tiles - 1 - g): the next group's rows
//        last + 1 .. last + b (columns outside the group), then its columns (rows outside the group
//        and the band), all g rounds (closes pivot last + 1); then the group's rows p .. last - 1
//        (columns outside last), then its columns (rows outside the group): after the chain a tile
//        whose row or column is in the group has had every round up to the latest of the two, so
//        it takes the rounds after that one.
//   GROUP_REST grid (tiles - g - b)^2: every tile outside rows and columns p .. last + b, all g rounds.
//   GROUP_CATCH_UP grid 2 tiles - 1, kleene-packed16's chain in place of GROUP_CHAIN(last) (p the
//        group's first round): the tiles of row last + 1, then of column last + 1 outside that row,
//        each with the rounds p .. last it lacks (one in the group's column or row o has had those
//        up to o, the others none); closes pivot last + 1. The same invariant for GROUP_NEXT, in
//        fewer and longer products than GROUP_CHAIN's one round on every later row (kernels/NOTES.md,
//        kleene's rounds).
// A group of two is kleene's rounds in pairs: GROUP_CHAIN is then mode NEXT's tiles.
__device__ __forceinline__ int3 group_tile(int mode, int p, int last, int tiles, int bx, int by)
{
    const int g = last - p + 1, b = next_band(p, last, tiles);
    if (mode == GROUP_REST) return make_int3(by < p ? by : by + g + b, bx < p ? bx : bx + g + b, p);
    if (mode == GROUP_CATCH_UP) {
        const int next = last + 1, q = bx - tiles, o = bx < tiles ? bx : q < next ? q : q + 1;
        return bx < tiles ? make_int3(next, o, o >= p && o <= last ? o + 1 : p) : make_int3(o, next, o >= p && o <= last ? o + 1 : p);
    }
    if (mode == GROUP_CHAIN) {
        const int w = last - p;
        if (bx < w * (tiles - 1)) {
            const int c = bx % (tiles - 1);
            return make_int3(p + 1 + bx / (tiles - 1), c < p ? c : c + 1, p);
        }
        const int q = bx - w * (tiles - 1), o = q / w;
        return make_int3(o < p ? o : o + w + 1, p + 1 + q % w, p);
    }
    const int band = b * (tiles - g), cross = b * (2 * (tiles - g) - b);
    if (bx < band) {
        const int o = bx % (tiles - g);
        return make_int3(last + 1 + bx / (tiles - g), o < p ? o : o + g, p);
    }
    if (bx < cross) {
        const int q = bx - band, o = q / b;
        return make_int3(o < p ? o : o + g + b, last + 1 + q % b, p);
    }
    const int q = bx - cross;
    if (q < (g - 1) * (tiles - 1)) {
        const int i = p + q / (tiles - 1), c = q % (tiles - 1), j = c < last ? c : c + 1;
        return make_int3(i, j, (j > i && j < last ? j : i) + 1);  // j in the group: the later of i, j
    }
    const int r = q - (g - 1) * (tiles - 1), o = r / (g - 1), j = p + r % (g - 1);
    return make_int3(o < p ? o : o + g, j, j + 1);
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

// Whether a Tiles policy's phase 3 holds one product, closing the next pivot after it where its tile
// is that pivot (Tiles::ONE_PRODUCT, product_then_close), instead of a product for each.
template <class Tiles, class = void>
struct OneProduct : std::false_type {};
template <class Tiles>
struct OneProduct<Tiles, std::enable_if_t<Tiles::ONE_PRODUCT>> : std::true_type {};

// How kleene's bodies (below) reach a tile and run its products: cells of type Cell as they are, in
// one matrix of ld words a row (kleene, kleene-i64, kleene-f64; kleene-f32 over the policies below). kleene-packed16 has its own (kleene_packed16.cuh
// Tiles: two packed copies of the matrix). A tile is named by its tile row and column.
template <class Cell, int T_, int TM, int TN>
struct MatrixTiles {
    using Word = typename Cell::Word;
    static constexpr int T = T_;
    static_assert(minplus::closure_words<Cell, T>() <= minplus::shared_words<Cell, T, KLEENE_STAGES>(),
                  "the next pivot is closed in the products' shared memory");

    // Pivot tile (p, p) closed with its cells in registers (minplus::close_cells, 256 threads).
    static __device__ __forceinline__ void close_pivot(Word* d, int ld, int p, Word* stage)
    {
        Word* const c = fw_cell(d, ld, p * T, p * T);
        Word acc[TM][TN];
        using G = minplus::Grid<Cell, T, TM, TN>;
        minplus::load_cells<Cell, T, TM, TN>(acc, c, ld, G::ty(), G::tx());
        minplus::close_cells<Cell, T, TM, TN>(acc, stage);
        minplus::store_cells<Cell, T, TM, TN>(acc, c, ld, G::ty(), G::tx());
    }

    // C(I, J) = min(C, A (x) B): A the kLive k from tile column `first` of row I, B the same rows
    // from tile row `first` of column J.
    static __device__ __forceinline__ void product(Word* d, int ld, int I, int J, int first, int kLive, int rowsLive, int columnsLive, Word* stage)
    {
        Word* const rowI = fw_cell(d, ld, I * T, 0);  // tile row I: C and A are offsets from it
        minplus::tile_product<Cell, T, TM, TN, KLEENE_STAGES>(rowI + J * T, rowI + first * T, fw_cell(d, ld, first * T, J * T), ld, stage,
                                                              kLive, rowsLive, columnsLive);
    }

    // The next pivot tile (I, I): its product and then its closure, in registers, so that the next
    // round's cross can start right after this launch (one dependent launch fewer a round).
    static __device__ __forceinline__ void update_and_close(Word* d, int ld, int I, int first, int kLive, int rowsLive, Word* stage)
    {
        Word* const rowI = fw_cell(d, ld, I * T, 0);
        close_over(rowI + I * T, rowI + first * T, fw_cell(d, ld, first * T, I * T), ld, kLive, rowsLive, stage);
    }

    // Pivot tile c = min(c, A (x) B), then closed, in registers.
    static __device__ __forceinline__ void close_over(Word* c, const Word* a, const Word* b, int ld, int kLive, int rowsLive, Word* stage)
    {
        Word acc[TM][TN];
        minplus::accumulate_product<Cell, T, TM, TN, KLEENE_STAGES>(acc, c, a, b, ld, ld, stage, kLive, rowsLive);
        __syncthreads();  // the product's last chunk is read before the closure reuses shared memory
        minplus::close_cells<Cell, T, TM, TN>(acc, stage);
        minplus::store_cells<Cell, T, TM, TN>(acc, c, ld, minplus::Grid<Cell, T, TM, TN>::ty(), minplus::Grid<Cell, T, TM, TN>::tx());
    }
};

// kleene-f32's products (11_kleene_f32.cu) read no operand that another launch may be improving, so
// that each float32 cell is one fixed sum whatever the timing (LookaheadRounds, Reads.FIXED), through
// `operands`, a matrix of d's shape: rounds one at a time, phase 2 stores the pivot row's tiles there
// too (CrossCopyTiles) and phase 3 reads its B operand, that row, from there (RowOperandTiles); in
// groups, GROUP_NEXT and GROUP_REST read A and B from there, where the host copies the group's tile
// rows and columns after its chain (OperandCopyTiles). Where nothing races the host passes d itself.
// The products' policy: B (tile row `first`) from `operands`, A (tile column `first`) from there too
// where A_FROM_COPY, else from d; C from d.
template <class Cell, int T_, int TM, int TN, bool A_FROM_COPY>
struct OperandTiles : MatrixTiles<Cell, T_, TM, TN> {
    using Word = typename Cell::Word;
    static constexpr int T = T_;
    const Word* operands;

    __device__ __forceinline__ void product(Word* d, int ld, int I, int J, int first, int kLive, int rowsLive, int columnsLive, Word* stage) const
    {
        minplus::tile_product<Cell, T, TM, TN, KLEENE_STAGES>(fw_cell(d, ld, I * T, J * T), a(d, ld, I, first), fw_cell(operands, ld, first * T, J * T), ld, stage,
                                                              kLive, rowsLive, columnsLive);
    }

    __device__ __forceinline__ void update_and_close(Word* d, int ld, int I, int first, int kLive, int rowsLive, Word* stage) const
    {
        this->close_over(fw_cell(d, ld, I * T, I * T), a(d, ld, I, first), fw_cell(operands, ld, first * T, I * T), ld, kLive, rowsLive, stage);
    }

    __device__ __forceinline__ const Word* a(const Word* d, int ld, int I, int first) const
    {
        return fw_cell(A_FROM_COPY ? operands : d, ld, I * T, first * T);
    }
};

// Phase 3 (kleene_rest) reading its B operand from `operands` (CrossCopyTiles stored it there).
template <class Cell, int T, int TM, int TN>
using RowOperandTiles = OperandTiles<Cell, T, TM, TN, false>;

// GROUP_NEXT and GROUP_REST reading A and B from the group's copies.
template <class Cell, int T, int TM, int TN>
using OperandCopyTiles = OperandTiles<Cell, T, TM, TN, true>;

// Phase 2 (kleene_cross) storing each tile of pivot row `first` in `operands` as well as in d (unless
// `operands` is d: where no read meets a write, and in groups, whose copies are the host's). The copy
// reads back what the block stored, after a barrier (a thin tile's cells are stored by other threads):
// storing the product's registers twice spilled twice as much at T = 128 (kernels/NOTES.md, kleene-f32).
template <class Cell, int T_, int TM, int TN>
struct CrossCopyTiles : MatrixTiles<Cell, T_, TM, TN> {
    using Word = typename Cell::Word;
    static constexpr int T = T_;
    Word* operands;

    __device__ __forceinline__ void product(Word* d, int ld, int I, int J, int first, int kLive, int rowsLive, int columnsLive, Word* stage) const
    {
        MatrixTiles<Cell, T_, TM, TN>::product(d, ld, I, J, first, kLive, rowsLive, columnsLive, stage);
        if (I != first || operands == d) return;
        Word cells[TM][TN];
        using G = minplus::Grid<Cell, T, TM, TN>;
        __syncthreads();
        minplus::load_cells<Cell, T, TM, TN>(cells, fw_cell(d, ld, I * T, J * T), ld, G::ty(), G::tx());
        minplus::store_cells<Cell, T, TM, TN>(cells, fw_cell(operands, ld, I * T, J * T), ld, G::ty(), G::tx());
    }
};

}  // namespace kleene

// The bodies of kleene's launches over tiles reached through a Tiles policy (kleene::MatrixTiles and
// the policies over it, kleene-packed16's, kleene-paths'); `tiles` is its instance, which holds what the policy needs
// beyond the matrix (kleene-paths: the intermediates), or nothing. Products skip the padding past
// vertex n (kLive, rowsLive and columnsLive): at n = 10000, T = 128 the last tile row, column and
// pivot hold 16 live vertices of 128.

// Phase 1, round 0 only: close the first pivot tile. Later pivots are closed inside phase 3 (mode
// NEXT) or a group's launches (GROUP_CHAIN, GROUP_CATCH_UP, GROUP_NEXT).
template <class Tiles, class Word>
__device__ __forceinline__ void kleene_close_pivot(Word* d, int ld, int p, Tiles tiles = {})
{
    extern __shared__ int stage[];
    tiles.close_pivot(d, ld, p, (Word*)stage);
}

// Phase 2: pivot p's row (R = min(R, P (x) R)) and column (C = min(C, C (x) P)).
template <class Tiles, class Word>
__device__ __forceinline__ void kleene_cross(Word* d, int ld, int n, int p, Tiles tiles = {})
{
    constexpr int T = Tiles::T;
    extern __shared__ int stage[];
    const int t = blockIdx.x + (blockIdx.x >= p);  // skip the pivot tile
    const int kLive = min(T, n - p * T);
    const int I = blockIdx.y == 0 ? p : t, J = blockIdx.y == 0 ? t : p;
    tiles.product(d, ld, I, J, p, kLive, min(T, n - I * T), min(T, n - J * T), (Word*)stage);
}

// Phase 3 of round p: the tiles `mode` names (kleene::rest_tile); mode NEXT also closes the next pivot.
template <class Tiles, class Word>
__device__ __forceinline__ void kleene_rest(Word* d, int ld, int n, int p, int mode, int firstRow, Tiles tiles = {})
{
    constexpr int T = Tiles::T;
    extern __shared__ int stage[];
    const int2 tile = kleene::rest_tile(mode, p, (n + T - 1) / T, blockIdx.x, blockIdx.y + firstRow);  // tiles holding live cells
    const int i = tile.x, j = tile.y, kLive = min(T, n - p * T), rowsLive = min(T, n - i * T);
    if constexpr (kleene::OneProduct<Tiles>::value)  // one product in the kernel, for the next pivot tile too
        tiles.product_then_close(d, ld, i, j, p, kLive, rowsLive, (Word*)stage, mode == kleene::NEXT && i == j);
    else if (mode == kleene::NEXT && i == j) tiles.update_and_close(d, ld, i, p, kLive, rowsLive, (Word*)stage);  // the next pivot tile (p + 1, p + 1)
    else tiles.product(d, ld, i, j, p, kLive, rowsLive, min(T, n - j * T), (Word*)stage);
}

// A group of rounds p .. last (kleene::group_tile): a tile outside the group's rows and columns
// takes every round's product in one block, C = min(C, A_p (x) B_p, ..., A_last (x) B_last). The
// group's tile columns sit side by side in the matrix, and so do its tile rows, so that is one
// product of K = g T (less a thin last tile) over the T x gT panel of row i and the gT x T panel of
// column j: one C load and store and one block start for g rounds' work (what that buys:
// kernels/NOTES.md, kleene's rounds). Before GROUP_NEXT and GROUP_REST start, the chain (GROUP_CHAIN or GROUP_CATCH_UP, and
// the cross of each round after p) has brought each cross k of the group up to date through round
// k, all their products need. GROUP_NEXT gives the group's rows and columns their later rounds
// while this group's products (its own, and GROUP_REST's on the side streams) read them as
// operands, and the next group's GROUP_REST on another band may already write them while this
// one's last blocks read them: an operand read may be improved already. Every value stored is
// min(C, a + b) of values stored, the length of a walk in the graph completed with INF edges, and
// no larger than the value it replaces; so a round that reads improved operands leaves every cell
// at most what it would have been, and never below its distance: the same result (negative weights
// without a negative cycle included). A cell is read and written whole, never torn (a 32-bit word;
// kleene-packed16's 16-bit cells half of one).
// BULK: the bulk's own kernel, mode GROUP_REST known at compile time and no closure's path: the
// kernel for every mode spilled more registers and ran the bulk slower (kernels/NOTES.md, kleene's
// rounds).
template <class Tiles, bool BULK = false, class Word>
__device__ __forceinline__ void kleene_group(Word* d, int ld, int n, int p, int last, int mode, int firstRow, Tiles tiles = {})
{
    constexpr int T = Tiles::T;
    extern __shared__ int stage[];
    const int3 tile = kleene::group_tile(mode, p, last, (n + T - 1) / T, blockIdx.x, blockIdx.y + firstRow);
    const int i = tile.x, j = tile.y, first = tile.z, rowsLive = min(T, n - i * T), columnsLive = min(T, n - j * T);
    // rounds first .. end - 1; a launch that closes a pivot closes pivot `end` (GROUP_CHAIN p + 1, GROUP_CATCH_UP and GROUP_NEXT last + 1)
    const int end = mode == kleene::GROUP_CHAIN ? p + 1 : last + 1;
    const int kLive = min(end * T, n) - first * T;
    if (!BULK && kLive <= 0) return;  // GROUP_CATCH_UP: the tiles beside the new pivot have their rounds already
    if (!BULK && mode != kleene::GROUP_REST && i == end && j == end) {
        tiles.update_and_close(d, ld, i, first, kLive, rowsLive, (Word*)stage);
        return;
    }
    tiles.product(d, ld, i, j, first, kLive, rowsLive, columnsLive, (Word*)stage);
}
