// Thin strips: the last tile row and column of a padded matrix may hold few live cells (n = 10000:
// 16 of 256 at T = 256, 16 of 128 at T = 128), and the full product pays a whole tile for them:
// its columns cannot be skipped, and its rows only by whole warps, whose work then falls on the
// live warps' schedulers alone (kernels/NOTES.md, The tile product and its register blocking).
// thin_product computes such a tile with all of a block's threads instead, in a layout of
// its own over the same staged chunks (chunk_staging.cuh), S strips of 16 rows or 8 words:
//   columns (live words <= 8 S): thread (tid / 8, tid % 8) holds rows (tid / 8) RM ... + RM - 1
//     (RM = T / 32) of words tid % 8 + 8 s: a k is RM A words (k-major A: RM / 4 16-byte loads)
//     and S word loads of B;
//   rows (live rows <= 16 S): thread (tid % 16, tid / 16) holds rows tid % 16 + 16 s of words
//     (tid / 16) RN ... + RN - 1 (RN = W / 16): S word loads of A and two runs of B.
// Cells past the strip's live ones are padding and computed like any other. A strip is used up
// to a quarter of the tile (Thin): wider, the full product's layout does better. tile_product.cuh
// picks a strip when a tile is thin.
#pragma once
#include "chunk_staging.cuh"

namespace minplus {

template <class Cell, int T>
struct Thin {
    static constexpr int W = T / Cell::CELLS_PER_WORD;
    static constexpr int MAX_ROW_STRIPS = T / 64 < 4 ? T / 64 : 4;      // 16 S rows <= T / 4
    static constexpr int MAX_COLUMN_STRIPS = W / 32 < 4 ? W / 32 : 4;   // 8 S words <= W / 4
    __device__ static __forceinline__ int row_strips(int rowsLive) { return (rowsLive + 15) / 16; }
    __device__ static __forceinline__ int column_strips(int columnsLive)
    {
        return ((columnsLive + Cell::CELLS_PER_WORD - 1) / Cell::CELLS_PER_WORD + 7) / 8;
    }
};

template <class Cell, int T, int TM, int TN, int STAGES, int S>
__device__ __forceinline__ void thin_columns_product(typename Cell::Word* c, const typename Cell::Word* a, const typename Cell::Word* b, int ld,
                                                     typename Cell::Word* shared, int kLive)
{
    using L = Chunk<Cell, T>;
    using Word = typename Cell::Word;
    constexpr int RM = T / 32;
    static_assert(Grid<Cell, T, TM, TN>::THREADS == 256, "32 x 8 threads");
    const int g = threadIdx.x / 8, w = threadIdx.x % 8;
    Word* const at = c + g * RM * ld + w;
    Word acc[RM][S];
    stream_chunks<Cell, T, TM, TN, STAGES>(
        a, b, ld, ld, shared, kLive,
        [&] {
#pragma unroll
            for (int i = 0; i < RM; ++i)
#pragma unroll
                for (int s = 0; s < S; ++s) acc[i][s] = __ldcg(at + i * ld + 8 * s);
        },
        [&](const Word* as, const Word* bs) {
#pragma unroll
            for (int k = 0; k < L::BK; ++k) {
                Word av[RM], bv[S];
                if constexpr (k_major_a<Cell, TM>) {
                    load_split<RM / 2>(av, as + k * L::AT, RM / 2, g * RM);
                } else {
#pragma unroll
                    for (int i = 0; i < RM; ++i) av[i] = as[(g * RM + i) * L::AS + k];
                }
#pragma unroll
                for (int s = 0; s < S; ++s) bv[s] = bs[k * L::W + w + 8 * s];
                relax_outer<Cell>(acc, av, bv);
            }
        });
#pragma unroll
    for (int i = 0; i < RM; ++i)
#pragma unroll
        for (int s = 0; s < S; ++s) at[i * ld + 8 * s] = acc[i][s];
}

template <class Cell, int T, int TM, int TN, int STAGES, int S>
__device__ __forceinline__ void thin_rows_product(typename Cell::Word* c, const typename Cell::Word* a, const typename Cell::Word* b, int ld,
                                                  typename Cell::Word* shared, int kLive)
{
    using L = Chunk<Cell, T>;
    using Word = typename Cell::Word;
    constexpr int RN = L::W / 16, HR = RN / 2;
    static_assert(Grid<Cell, T, TM, TN>::THREADS == 256, "16 x 16 threads");
    const int y = threadIdx.x % 16, x = threadIdx.x / 16;
    Word* const at = c + y * ld + x * RN;
    Word acc[S][RN];
    stream_chunks<Cell, T, TM, TN, STAGES>(
        a, b, ld, ld, shared, kLive,
        [&] {
#pragma unroll
            for (int s = 0; s < S; ++s)
#pragma unroll
                for (int h = 0; h < 2; ++h) load_global_cg<HR>(&acc[s][h * HR], at + 16 * s * ld + h * HR);
        },
        [&](const Word* as, const Word* bs) {
#pragma unroll
            for (int k = 0; k < L::BK; ++k) {
                Word av[S], bv[RN];
#pragma unroll
                for (int s = 0; s < S; ++s)
                    av[s] = k_major_a<Cell, TM> ? as[k * L::AT + y + 16 * s] : as[(y + 16 * s) * L::AS + k];
                load_split<HR>(bv, bs + k * L::W, HR, x * RN);
                relax_outer<Cell>(acc, av, bv);
            }
        });
#pragma unroll
    for (int s = 0; s < S; ++s)
#pragma unroll
        for (int h = 0; h < 2; ++h) store_global<HR>(&acc[s][h * HR], at + 16 * s * ld + h * HR);
}

// The thin strip of a tile (kLive > 0, rows or columns within Thin's limits), in 1, 2 or 4 strips:
// rows or columns, whichever strip holds fewer cells.
template <class Cell, int T, int TM, int TN, int STAGES>
__device__ __forceinline__ void thin_product(typename Cell::Word* c, const typename Cell::Word* a, const typename Cell::Word* b, int ld,
                                             typename Cell::Word* shared, int kLive, int rowsLive, int columnsLive)
{
    using Th = Thin<Cell, T>;
    const int rows = Th::row_strips(rowsLive), columns = Th::column_strips(columnsLive);
    // strip cells: rows 16 R x W words, columns T rows x 8 S words
    if (rows <= Th::MAX_ROW_STRIPS && (columns > Th::MAX_COLUMN_STRIPS || 16 * rows * Th::W <= 8 * columns * T)) {
        if (rows <= 1) thin_rows_product<Cell, T, TM, TN, STAGES, 1>(c, a, b, ld, shared, kLive);
        else if constexpr (Th::MAX_ROW_STRIPS >= 2) {
            if (rows <= 2) thin_rows_product<Cell, T, TM, TN, STAGES, 2>(c, a, b, ld, shared, kLive);
            else if constexpr (Th::MAX_ROW_STRIPS >= 4) thin_rows_product<Cell, T, TM, TN, STAGES, 4>(c, a, b, ld, shared, kLive);
        }
    } else {
        if (columns <= 1) thin_columns_product<Cell, T, TM, TN, STAGES, 1>(c, a, b, ld, shared, kLive);
        else if constexpr (Th::MAX_COLUMN_STRIPS >= 2) {
            if (columns <= 2) thin_columns_product<Cell, T, TM, TN, STAGES, 2>(c, a, b, ld, shared, kLive);
            else if constexpr (Th::MAX_COLUMN_STRIPS >= 4) thin_columns_product<Cell, T, TM, TN, STAGES, 4>(c, a, b, ld, shared, kLive);
        }
    }
}

}  // namespace minplus
