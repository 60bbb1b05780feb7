// kleene-packed16 (13_kleene_packed16.cu): kleene's rounds and groups of rounds (kleene_rounds.cuh,
// whose tile maps and bodies run on Tiles, below) on 16-bit cells whose tile products relax two k at
// a time (minplus::Packed16Lanes).
//
// The matrix is kept twice, as N x N 16-bit cells (N = 2 ld, ld words a row): row-packed at d (the
// layout of packed16's dataflow kernels, a word = cells j, j + 1 of a row) and column-packed right
// after it (N / 2 rows of N words, a word = rows i, i + 1 of a column). A product reads A from the
// row-packed matrix and B from the column-packed one, K cells as K / 2 words, and every store
// writes both. So the tile product is int32's (8 x 8 words a thread at T = 128, both operands
// staged with cp.async), at two relaxations an instruction.
#pragma once
#include "kleene_rounds.cuh"

namespace kleene_packed16 {

using Lanes = minplus::Packed16Lanes;

// The column-packed copy of the row-packed matrix d (ld words a row), and its words a row.
__device__ __forceinline__ int* columns_of(int* d, int ld) { return d + 2 * (long long)ld * ld; }
__device__ __forceinline__ int columns_ld(int ld) { return 2 * ld; }

// Tile (I, J) of T x T cells: in the row-packed matrix (T rows of T / 2 words), in the column-packed
// copy (T / 2 rows of T words).
template <int T>
__device__ __forceinline__ int* row_packed(int* d, int ld, int I, int J) { return fw_cell(d, ld, I * T, J * T / 2); }
template <int T>
__device__ __forceinline__ int* column_packed(int* d, int ld, int I, int J) { return fw_cell(columns_of(d, ld), columns_ld(ld), I * T / 2, J * T); }

// Words of a product over kLive cells: the last one's high lane, past n, is a padding vertex, which
// changes nothing (INF to and from every other vertex).
__device__ __forceinline__ int k_words(int kLive) { return (kLive + 1) / 2; }

// Thread (ty, tx)'s cells of tile (I, J), their lanes met, into both matrices. A thread holds
// pairs of adjacent columns: a row-packed word is __vmins2 of the two cells' low lanes and their
// high lanes (three instructions a word); and pairs of adjacent rows (its rows ty * TM / 2 + i,
// i even, and i + 1): a column-packed word is two halves of the two rows' row-packed words (one).
template <int T, int TM, int TN>
__device__ __forceinline__ void store_tile(const int (&acc)[TM][TN], int* d, int ld, int I, int J)
{
    constexpr int HM = TM / 2, HN = TN / 2;
    static_assert(HM % 2 == 0 && HN == 4, "a thread's rows come in pairs, its columns in runs of four");
    using G = minplus::Grid<Lanes, T, TM, TN>;
    const int ty = G::ty(), tx = G::tx();
    int* const rows = row_packed<T>(d, ld, I, J);
    int* const columns = column_packed<T>(d, ld, I, J);
    const int cld = columns_ld(ld);
#pragma unroll
    for (int i = 0; i < TM; i += 2) {
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            unsigned w[2][2];  // row-packed words: rows i, i + 1; cells 0, 1 and 2, 3 of the run
#pragma unroll
            for (int r = 0; r < 2; ++r) {
#pragma unroll
                for (int q = 0; q < 2; ++q) {
                    const unsigned c0 = (unsigned)acc[i + r][h * HN + 2 * q], c1 = (unsigned)acc[i + r][h * HN + 2 * q + 1];
                    w[r][q] = __vmins2(__byte_perm(c0, c1, 0x5410u), __byte_perm(c0, c1, 0x7632u));
                }
                *(int2*)(rows + minplus::owned_row<T, TM>(ty, i + r) * ld + (h * (T / 2) + tx * HN) / 2) = make_int2((int)w[r][0], (int)w[r][1]);
            }
            const int4 v = make_int4((int)__byte_perm(w[0][0], w[1][0], 0x5410u), (int)__byte_perm(w[0][0], w[1][0], 0x7632u),
                                     (int)__byte_perm(w[0][1], w[1][1], 0x5410u), (int)__byte_perm(w[0][1], w[1][1], 0x7632u));
            *(int4*)(columns + minplus::owned_row<T, TM>(ty, i) / 2 * cld + h * (T / 2) + tx * HN) = v;
        }
    }
}

// C(I, J) = min(C, A (x) B), A the kLive cells from tile column `first` of row I, B the same rows
// from tile row `first` of column J; the lanes in registers (acc) for a caller that goes on.
template <int T, int TM, int TN>
__device__ __forceinline__ void accumulate(int (&acc)[TM][TN], int* d, int ld, int I, int J, int first, int kLive, int rowsLive, int* stage)
{
    minplus::accumulate_product<Lanes, T, TM, TN, KLEENE_STAGES>(acc, row_packed<T>(d, ld, I, J), row_packed<T>(d, ld, I, first),
                                                                 column_packed<T>(d, ld, first, J), ld, columns_ld(ld), stage,
                                                                 k_words(kLive), rowsLive);
}

// Cell (row, column) of tile (I, J) into both matrices, 16 bits each: for the thin strips, whose
// threads hold no pair of adjacent columns or rows.
template <int T>
__device__ __forceinline__ void store_cell(int* d, int ld, int I, int J, int row, int column, int word)
{
    const short cell = (short)Lanes::meet(word);
    ((short*)row_packed<T>(d, ld, I, J))[row * 2 * ld + column] = cell;
    ((short*)column_packed<T>(d, ld, I, J))[row / 2 * 2 * columns_ld(ld) + 2 * column + row % 2] = cell;
}

// Cell (row, column) of the row-packed tile at c in both lanes.
__device__ __forceinline__ int load_cell(const int* c, int ld, int row, int column)
{
    return (int)__byte_perm((unsigned)__ldcg(c + row * ld + column / 2), 0u, column % 2 ? 0x3232u : 0x1010u);
}

// The thin strips of thin_strips.cuh (which says why) on both matrices: a last tile column of at
// most 8 S live cells (thread (tid / 8, tid % 8): rows (tid / 8) RM .. + RM - 1, columns tid % 8 + 8 s),
// or a last tile row of at most 16 S (thread (tid % 16, tid / 16): rows tid % 16 + 16 s, 8 columns
// from 8 (tid / 16)), on the tile product's staged chunks.
template <int T, int TM, int TN, int S>
__device__ __forceinline__ void thin_columns(int* d, int ld, int I, int J, int first, int kWords, int* stage)
{
    using L = minplus::Chunk<Lanes, T>;
    constexpr int RM = T / 32;
    const int g = threadIdx.x / 8, w = threadIdx.x % 8;
    const int* const c = row_packed<T>(d, ld, I, J);
    int acc[RM][S];
    minplus::stream_chunks<Lanes, T, TM, TN, KLEENE_STAGES>(
        row_packed<T>(d, ld, I, first), column_packed<T>(d, ld, first, J), ld, columns_ld(ld), stage, kWords,
        [&] {
#pragma unroll
            for (int i = 0; i < RM; ++i)
#pragma unroll
                for (int s = 0; s < S; ++s) acc[i][s] = load_cell(c, ld, g * RM + i, w + 8 * s);
        },
        [&](const int* as, const int* bs) {
#pragma unroll
            for (int k = 0; k < L::BK; ++k) {
                int av[RM], bv[S];
#pragma unroll
                for (int i = 0; i < RM; ++i) av[i] = as[(g * RM + i) * L::AS + k];
#pragma unroll
                for (int s = 0; s < S; ++s) bv[s] = bs[k * L::W + w + 8 * s];
                minplus::relax_outer<Lanes>(acc, av, bv);
            }
        });
#pragma unroll
    for (int i = 0; i < RM; ++i)
#pragma unroll
        for (int s = 0; s < S; ++s) store_cell<T>(d, ld, I, J, g * RM + i, w + 8 * s, acc[i][s]);
}

template <int T, int TM, int TN, int S>
__device__ __forceinline__ void thin_rows(int* d, int ld, int I, int J, int first, int kWords, int* stage)
{
    using L = minplus::Chunk<Lanes, T>;
    constexpr int RN = 8, HR = RN / 2;
    static_assert(L::W == 16 * RN, "16 threads across a row");
    const int y = threadIdx.x % 16, x = threadIdx.x / 16;
    const int* const c = row_packed<T>(d, ld, I, J);
    int acc[S][RN];
    minplus::stream_chunks<Lanes, T, TM, TN, KLEENE_STAGES>(
        row_packed<T>(d, ld, I, first), column_packed<T>(d, ld, first, J), ld, columns_ld(ld), stage, kWords,
        [&] {
#pragma unroll
            for (int s = 0; s < S; ++s)
#pragma unroll
                for (int j = 0; j < RN; ++j) acc[s][j] = load_cell(c, ld, y + 16 * s, x * RN + j);
        },
        [&](const int* as, const int* bs) {
#pragma unroll
            for (int k = 0; k < L::BK; ++k) {
                int av[S], bv[RN];
#pragma unroll
                for (int s = 0; s < S; ++s) av[s] = as[(y + 16 * s) * L::AS + k];
                minplus::load_split<HR>(bv, bs + k * L::W, HR, x * RN);
                minplus::relax_outer<Lanes>(acc, av, bv);
            }
        });
#pragma unroll
    for (int s = 0; s < S; ++s)
#pragma unroll
        for (int j = 0; j < RN; ++j) store_cell<T>(d, ld, I, J, y + 16 * s, x * RN + j, acc[s][j]);
}

// kleene's bodies (kleene_rounds.cuh) on the two packed matrices at d (ld words a row-packed row):
// kleene::MatrixTiles' operations for this layout.
template <int T_, int TM, int TN>
struct Tiles {
    static constexpr int T = T_;
    static_assert(minplus::closure_words<Lanes, T>() <= minplus::shared_words<Lanes, T, KLEENE_STAGES>(),
                  "the next pivot is closed in the products' shared memory");

    static __device__ __forceinline__ void close_pivot(int* d, int ld, int p, int* stage)
    {
        int acc[TM][TN];
        using G = minplus::Grid<Lanes, T, TM, TN>;
        minplus::load_cells<Lanes, T, TM, TN>(acc, row_packed<T>(d, ld, p, p), ld, G::ty(), G::tx());
        minplus::close_cells<Lanes, T, TM, TN>(acc, stage);
        store_tile<T, TM, TN>(acc, d, ld, p, p);
    }

    // C(I, J) = min(C, A (x) B) stored; a tile of at most T / 4 live columns or rows as a thin strip
    // (the fewer cells of the two), as tile_product does for int32 (thin_strips.cuh).
    static __device__ __forceinline__ void product(int* d, int ld, int I, int J, int first, int kLive, int rowsLive, int columnsLive, int* stage)
    {
        // thin_product's rule with Thin<Lanes, T>'s limits written out (the form measured): strips of 16
        // rows or 8 columns, at most 2 and 4 of them, the strip of fewer cells (W = T)
        using Th = minplus::Thin<Lanes, T>;
        static_assert(Th::MAX_ROW_STRIPS == 2 && Th::MAX_COLUMN_STRIPS == 4 && Th::W == T, "the limits below");
        const int rows = (rowsLive + 15) / 16, columns = (columnsLive + 7) / 8, kWords = k_words(kLive);
        if (kLive > 0 && rows <= 2 && (columns > 4 || 16 * rows <= 8 * columns)) {
            if (rows <= 1) thin_rows<T, TM, TN, 1>(d, ld, I, J, first, kWords, stage);
            else thin_rows<T, TM, TN, 2>(d, ld, I, J, first, kWords, stage);
            return;
        }
        if (kLive > 0 && columns <= 4) {
            if (columns <= 1) thin_columns<T, TM, TN, 1>(d, ld, I, J, first, kWords, stage);
            else if (columns <= 2) thin_columns<T, TM, TN, 2>(d, ld, I, J, first, kWords, stage);
            else thin_columns<T, TM, TN, 4>(d, ld, I, J, first, kWords, stage);
            return;
        }
        int acc[TM][TN];
        accumulate<T, TM, TN>(acc, d, ld, I, J, first, kLive, rowsLive, stage);
        store_tile<T, TM, TN>(acc, d, ld, I, J);
    }

    // The next pivot tile (I, I): its product, then its closure on the met lanes.
    static __device__ __forceinline__ void update_and_close(int* d, int ld, int I, int first, int kLive, int rowsLive, int* stage)
    {
        int acc[TM][TN];
        accumulate<T, TM, TN>(acc, d, ld, I, I, first, kLive, rowsLive, stage);
#pragma unroll
        for (int i = 0; i < TM; ++i)
#pragma unroll
            for (int j = 0; j < TN; ++j) acc[i][j] = Lanes::meet(acc[i][j]);
        __syncthreads();  // the product's last chunk is read before the closure reuses shared memory
        minplus::close_cells<Lanes, T, TM, TN>(acc, stage);
        store_tile<T, TM, TN>(acc, d, ld, I, I);
    }
};

}  // namespace kleene_packed16
