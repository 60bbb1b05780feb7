// The closure of a pivot tile held in registers as the tile product holds it (tile_layout.cuh):
// plain Floyd-Warshall over its T cells by a whole block. kleene's phase 1 and its mode NEXT
// (07_kleene.cu) and dataflow's pivot items (dataflow.cuh) close their pivot tiles with it.
#pragma once
#include <type_traits>

#include "tile_layout.cuh"

namespace minplus {

// Shared-memory words close_cells<Cell, T, ...> needs: columns k (T cells splatted to words) and
// rows k (W words), two of each.
template <class Cell, int T>
__host__ __device__ constexpr int closure_words()
{
    return 2 * T + 2 * (T / Cell::CELLS_PER_WORD);
}

// Closes a pivot tile held in registers as tile_product holds it (thread (ty, tx): TM rows x TN
// words, tile_layout.cuh): plain Floyd-Warshall over its T cells. Step k relaxes every
// cell through row k and column k as they stood after step k - 1; their owners publish them into
// small double-buffered arrays (row k: W words, column k: T cells splatted to whole words), so one
// barrier a step suffices and no thread writes what another reads in the same step.
//
// The steps are walked as k = half * T/2 + q * P + m, P the larger of PR = HM (the rows a thread
// row holds in each half) and PC = HN * CELLS_PER_WORD (the cells of a row a thread column holds in
// each half): row k is accumulator
// row half * HM + m % HM of thread row q * P / HM + m / HM, column k lies in accumulator word
// half * HN + (m % PC) / CELLS_PER_WORD of thread column q * P / PC + m / PC. With half and m
// unrolled every register index is a constant, and a step's bookkeeping is a few compares a P
// steps: a step is latency-bound (a barrier, a shared load, 16 to 64 relaxations, the owners'
// stores), so each instruction beside the relaxations costs time.
//
// With at most 16 accumulators a thread (T = 64) step k relaxes first the accumulator row and
// word that hold row and column k + 1, the owners publish them and the block passes the barrier;
// the rest of step k runs at the start of step k + 1, beside its shared loads. So a step's
// critical path is a row and a column of relaxations, not all of them (kernels/NOTES.md, The pivot
// chain at small n). Keeping the previous step's operands costs TM + TN registers, which the
// T = 128 kernels do not have (they spill, and their bulk loses more than the closure gains), so
// those relax a step whole, as do route keys (kleene-paths was slower with it).
// Shared memory: closure_words<Cell, T>() words.
template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void close_cells(typename Cell::Word (&acc)[TM][TN], typename Cell::Word* shared)
{
    using Word = typename Cell::Word;
    using G = Grid<Cell, T, TM, TN>;
    constexpr int CPW = Cell::CELLS_PER_WORD, W = T / CPW;
    constexpr int HM = TM / 2, HN = TN / 2;
    constexpr int PR = HM, PC = HN * CPW;  // steps whose row (column) one thread row (column) owns in a row
    constexpr int P = PR > PC ? PR : PC, Q = T / 2 / P;
    static_assert(P % PR == 0 && P % PC == 0 && P % 2 == 0, "row and column owners advance in one period");
    using VecM = typename Vec<Word, HM>::type;
    using VecN = typename Vec<Word, HN>::type;
    Word* const column = shared;       // [2][T]: column k, splatted
    Word* const row = shared + 2 * T;  // [2][W]: row k
    const int ty = G::ty(), tx = G::tx();

    // The owners of row and column k = half * T/2 + q * P + m write them into buffer k & 1 = m & 1
    // (half, m: constants after unrolling; rowOwner: ty == q * P / PR + m / PR, columnOwner:
    // tx == q * P / PC + m / PC), as step k's operands (Cell::operand, operand_a).
    auto publish = [&](int half, int m, int k, bool rowOwner, bool columnOwner) {
        const int buf = m & 1;
        if (rowOwner) {
#pragma unroll
            for (int h = 0; h < 2; ++h) {
                VecN v;
                Word* e = (Word*)&v;
#pragma unroll
                for (int j = 0; j < HN; ++j) e[j] = Cell::operand(acc[half * HM + m % PR][h * HN + j]);
                *(VecN*)(row + buf * W + h * (W / 2) + tx * HN) = v;
            }
        }
        if (columnOwner) {
            const int word = half * HN + m % PC / CPW, cell = m % CPW;
#pragma unroll
            for (int g = 0; g < 2; ++g) {
                VecM v;
                Word* e = (Word*)&v;
#pragma unroll
                for (int i = 0; i < HM; ++i) {
                    const Word c = acc[g * HM + i][word];
                    e[i] = CPW == 1 ? Cell::operand_a(Cell::operand(c), k) : (int)__byte_perm((unsigned)c, 0u, cell ? 0x3232u : 0x1010u);
                }
                *(VecM*)(column + buf * T + g * (T / 2) + ty * HM) = v;
            }
        }
    };

    // DEFER (above): relax_part relaxes the accumulators in accumulator row `row` or word `word`
    // (those) or all the others (!those); rowOf, wordOf: where row and column k of step (half, m)
    // lie (constants once unrolled); pav, pbv: the previous step's operands.
    constexpr bool DEFER = TM * TN <= 16 && !is_routes<Cell>;
    auto relax_part = [&](const Word (&av)[TM], const Word (&bv)[TN], int row, int word, bool those) {
#pragma unroll
        for (int i = 0; i < TM; ++i)
#pragma unroll
            for (int j = 0; j < TN; ++j)
                if (((i == row) | (j == word)) == those) acc[i][j] = Cell::relax(acc[i][j], av[i], bv[j]);
    };
    auto rowOf = [](int half, int m) { return half * HM + m % PR; };
    auto wordOf = [](int half, int m) { return half * HN + m % PC / CPW; };
    Word pav[DEFER ? TM : 1], pbv[DEFER ? TN : 1];

    publish(0, 0, 0, ty == 0, tx == 0);
    grid_sync<Cell, T, TM, TN>();
#pragma unroll
    for (int half = 0; half < 2; ++half) {
#pragma unroll 1
        for (int q = 0; q < Q; ++q) {
            bool rowOwner[P / PR], columnOwner[P / PC];
#pragma unroll
            for (int x = 0; x < P / PR; ++x) rowOwner[x] = ty == q * (P / PR) + x;
#pragma unroll
            for (int x = 0; x < P / PC; ++x) columnOwner[x] = tx == q * (P / PC) + x;
            const int qNext = q + 1 < Q ? q + 1 : 0;  // owners of the step after this q's last
            const bool rowNext = ty == qNext * (P / PR), columnNext = tx == qNext * (P / PC);
#pragma unroll
            for (int m = 0; m < P; ++m) {
                const int buf = m & 1;
                Word av[TM], bv[TN];
                load_split<HM>(av, column + buf * T, T / 2, ty * HM);
                load_split<HN>(bv, row + buf * W, W / 2, tx * HN);
                const int k = half * (T / 2) + q * P + m;
                // f(half, m, row owner, column owner) of step k + 1, where there is one
                auto toNext = [&](auto f) {
                    if (m + 1 < P) f(half, m + 1, rowOwner[(m + 1) / PR], columnOwner[(m + 1) / PC]);
                    else if (q + 1 < Q) f(half, 0, rowNext, columnNext);
                    else if (half == 0) f(1, 0, rowNext, columnNext);
                    else return false;
                    return true;
                };
                if constexpr (DEFER) {
                    // the previous step's rest: every accumulator but this step's row and column
                    if (half > 0 || q > 0 || m > 0) relax_part(pav, pbv, rowOf(half, m), wordOf(half, m), false);
                    // then step k + 1's row and column, published into the buffer nobody reads in this step
                    const bool more = toNext([&](int h, int mNext, bool rowOwns, bool columnOwns) {
                        relax_part(av, bv, rowOf(h, mNext), wordOf(h, mNext), true);
                        publish(h, mNext, k + 1, rowOwns, columnOwns);
                    });
                    if (!more) relax_outer<Cell>(acc, av, bv);  // the last step, whole
#pragma unroll
                    for (int i = 0; i < TM; ++i) pav[i] = av[i];
#pragma unroll
                    for (int j = 0; j < TN; ++j) pbv[j] = bv[j];
                } else {
                    relax_outer<Cell>(acc, av, bv);
                    // step k + 1's row and column, into the buffer nobody reads in this step
                    toNext([&](int h, int mNext, bool rowOwns, bool columnOwns) { publish(h, mNext, k + 1, rowOwns, columnOwns); });
                }
                grid_sync<Cell, T, TM, TN>();  // step k + 1 reads what step k published; step k's reads are done
            }
        }
    }
}

}  // namespace minplus
