// How a block of the tile kernels holds a T x T tile of cells in registers: the thread grid
// (Grid), which rows and words a thread owns (owned_row), their loads and stores (load_cells,
// store_cells) and one k of a thread's outer product (load_split, relax_outer), or a pair of k
// (relax_outer_steps). The tile product
// (tile_product.cuh) and the pivot closure (pivot_closure.cuh) share this layout, so a pivot tile
// can go from one to the other without leaving registers (kleene's mode NEXT, dataflow's items).
//
// Layout (like a register-blocked SGEMM): threads as a grid of T/TM rows by W/TN columns (16 x 16
// = 256 threads for every tile the suite uses but packed16's T = 64, 16 x 8 = 128); thread (ty, tx) owns TM x TN words of C:
// rows ty*TM/2 + i and T/2 + ty*TM/2 + i, columns tx*TN/2 + j and W/2 + tx*TN/2 + j (W = words
// per tile row). Splitting each thread's rows and columns into two halves T/2 apart makes a warp's
// 16-byte shared loads of B cover consecutive words: no bank conflicts.
#pragma once
#include <type_traits>

#include "cells.cuh"

namespace minplus {

// The thread grid that holds a T x T tile of Cell, TM x TN words a thread (Layout above).
template <class Cell, int T, int TM, int TN>
struct Grid {
    static constexpr int W = T / Cell::CELLS_PER_WORD;       // words per tile row
    static constexpr int ROWS = T / TM, COLUMNS = W / TN;     // thread rows and columns
    static constexpr int THREADS = ROWS * COLUMNS;
    static_assert(ROWS * TM == T && COLUMNS * TN == W && THREADS % 32 == 0, "the grid covers the tile in whole warps");
    __device__ static __forceinline__ int ty() { return threadIdx.x / COLUMNS; }
    __device__ static __forceinline__ int tx() { return threadIdx.x % COLUMNS; }
};

// V words moved by one vector load or store (32 bytes: two 16-byte accesses)
template <class Word, int V> struct Vec;
template <> struct Vec<int, 1> { using type = int; };
template <> struct Vec<int, 2> { using type = int2; };
template <> struct Vec<int, 4> { using type = int4; };
template <> struct Vec<int, 8> { struct alignas(16) type { int4 lo, hi; }; };  // two 16-byte accesses
template <> struct Vec<long long, 1> { using type = long long; };
template <> struct Vec<long long, 2> { using type = longlong2; };
template <> struct Vec<long long, 4> { struct alignas(16) type { longlong2 lo, hi; }; };  // two 16-byte accesses

// N words from global memory at p (aligned to N words, or 16 bytes) into out, loads of at most 16
// bytes that bypass L1 (__ldcg takes no 32-byte type: N = 4 of 64 bits is two loads); and back.
template <int N, class Word>
__device__ __forceinline__ void load_global_cg(Word* out, const Word* p)
{
    constexpr int PIECE = N * sizeof(Word) <= 16 ? N : 16 / (int)sizeof(Word);
    using V = typename Vec<Word, PIECE>::type;
#pragma unroll
    for (int q = 0; q < N / PIECE; ++q) {
        const V v = __ldcg((const V*)(p + q * PIECE));
        const Word* e = (const Word*)&v;
#pragma unroll
        for (int j = 0; j < PIECE; ++j) out[q * PIECE + j] = e[j];
    }
}
template <int N, class Word>
__device__ __forceinline__ void store_global(const Word* in, Word* p)
{
    constexpr int PIECE = N * sizeof(Word) <= 16 ? N : 16 / (int)sizeof(Word);
    using V = typename Vec<Word, PIECE>::type;
#pragma unroll
    for (int q = 0; q < N / PIECE; ++q) {
        V v;
        Word* e = (Word*)&v;
#pragma unroll
        for (int j = 0; j < PIECE; ++j) e[j] = in[q * PIECE + j];
        *(V*)(p + q * PIECE) = v;
    }
}

// The barrier of the thread grid of a tile: every thread of the block, unless the translation unit
// defines FW_HELPER_WARP before its includes (08_dataflow.cu, 09_packed16.cu): some of its kernels run a helper
// warp beside the grid (dataflow.cuh), so its grids meet at named barrier 1, which helpers never
// join. For a block of exactly the grid's threads the two are the same barrier.
#ifdef FW_HELPER_WARP
constexpr bool GRID_SYNC_NAMED = true;  // what grid_sync chose where this header was first included
#else
constexpr bool GRID_SYNC_NAMED = false;
#endif
constexpr int GRID_BARRIER = 1;  // the named barrier of grid_sync (0 is __syncthreads')

template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void grid_sync()
{
    if constexpr (GRID_SYNC_NAMED)
        asm volatile("bar.sync %0, %1;" ::"n"(GRID_BARRIER), "n"(Grid<Cell, T, TM, TN>::THREADS) : "memory");
    else
        __syncthreads();
}

// Row of a T x T tile that accumulator row i of thread row ty holds: the thread's rows are split
// in two halves T / 2 apart (see Layout above).
template <int T, int TM>
__device__ __forceinline__ int owned_row(int ty, int i)
{
    constexpr int HM = TM / 2;
    return (i < HM ? 0 : T / 2) + ty * HM + (i % HM);
}

// One k of a thread's outer product, shared by the tile product and the closure: its 2 H words of
// a staged line (A's column or B's row at k) that the layout splits in two halves `halfway` words
// apart, H from `at` in each (16-byte loads for H = 4), and the relaxation of every accumulator.
template <int H, class Word>
__device__ __forceinline__ void load_split(Word (&out)[2 * H], const Word* line, int halfway, int at)
{
    using V = typename Vec<Word, H>::type;
#pragma unroll
    for (int g = 0; g < 2; ++g) {
        const V v = *(const V*)(line + g * halfway + at);
        const Word* e = (const Word*)&v;
#pragma unroll
        for (int i = 0; i < H; ++i) out[g * H + i] = e[i];
    }
}

template <class Cell, int TM, int TN>
__device__ __forceinline__ void relax_outer(typename Cell::Word (&acc)[TM][TN], const typename Cell::Word (&av)[TM], const typename Cell::Word (&bv)[TN])
{
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = Cell::relax(acc[i][j], av[i], bv[j]);
}

// Steps k .. k + S - 1 of a thread's outer product, S = steps_a_relaxation<Cell>: av[s] and bv[s]
// are step k + s's column and row.
template <class Cell, int S, int TM, int TN>
__device__ __forceinline__ void relax_outer_steps(typename Cell::Word (&acc)[TM][TN], const typename Cell::Word (&av)[S][TM],
                                                  const typename Cell::Word (&bv)[S][TN])
{
    static_assert(S == steps_a_relaxation<Cell>, "the cell's steps a relaxation");
    if constexpr (S == 1) {
        relax_outer<Cell>(acc, av[0], bv[0]);
    } else {
        static_assert(S == 2, "cells relax one k step or a pair (relax_pair)");
#pragma unroll
        for (int i = 0; i < TM; ++i)
#pragma unroll
            for (int j = 0; j < TN; ++j) acc[i][j] = Cell::relax_pair(acc[i][j], av[0][i], bv[0][j], av[1][i], bv[1][j]);
    }
}

// Thread (ty, tx)'s TM x TN words of the tile at c (ld words per matrix row) into acc, loads of up
// to 16 bytes that bypass L1; and back. Shared by the tile product and the pivot closure.
// Packed16Lanes reads its cells from the row-packed matrix (T / 2 words a tile row), each into both
// lanes; they are stored by kleene_packed16.cuh (both matrices), not here.
template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void load_cells(typename Cell::Word (&acc)[TM][TN], const typename Cell::Word* c, int ld, int ty, int tx)
{
    constexpr int W = T / Cell::CELLS_PER_WORD, HN = TN / 2;
    if constexpr (std::is_same<Cell, Packed16Lanes>::value) {
        using Pairs = typename Vec<int, HN / 2>::type;
#pragma unroll
        for (int i = 0; i < TM; ++i) {
#pragma unroll
            for (int h = 0; h < 2; ++h) {
                const Pairs v = __ldcg((const Pairs*)(c + owned_row<T, TM>(ty, i) * ld + (h * (T / 2) + tx * HN) / 2));
                const int* e = (const int*)&v;
#pragma unroll
                for (int j = 0; j < HN; ++j) acc[i][h * HN + j] = (int)__byte_perm((unsigned)e[j / 2], 0u, j % 2 ? 0x3232u : 0x1010u);
            }
        }
    } else {
#pragma unroll
        for (int i = 0; i < TM; ++i) {
#pragma unroll
            for (int h = 0; h < 2; ++h) load_global_cg<HN>(&acc[i][h * HN], c + owned_row<T, TM>(ty, i) * ld + h * (W / 2) + tx * HN);
        }
    }
}

template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void store_cells(const typename Cell::Word (&acc)[TM][TN], typename Cell::Word* c, int ld, int ty, int tx)
{
    static_assert(!std::is_same<Cell, Packed16Lanes>::value, "kleene-packed16 stores both of its matrices (kleene_packed16.cuh)");
    constexpr int W = T / Cell::CELLS_PER_WORD, HN = TN / 2;
#pragma unroll
    for (int i = 0; i < TM; ++i) {
#pragma unroll
        for (int h = 0; h < 2; ++h) store_global<HN>(&acc[i][h * HN], c + owned_row<T, TM>(ty, i) * ld + h * (W / 2) + tx * HN);
    }
}

}  // namespace minplus
