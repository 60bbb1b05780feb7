// The register-tiled min-plus tile product of the tile kernels: C = min(C, A (x) B) for one T x T
// tile of C, K = T, with A and B T x T tiles of the same (padded, row-major) matrix. kleene's
// rounds (07_kleene.cu) call it for phase 2 (C aliases A or B) and phase 3, the persistent solve
// (dataflow.cuh) for every work item that is not a pivot. The register layout is tile_layout.cuh's,
// the staging chunk_staging.cuh's; thin tiles go to thin_strips.cuh.
//
// C is read from global once at the start and written once at the end, after every operand load
// of the block has completed: C may alias A or B (phase 2) as long as no other block reads this
// tile in the same launch.
#pragma once
#include <type_traits>

#include "thin_strips.cuh"

// Blocks per SM the tile-product kernels (kleene's phases 2 and 3, dataflow's and packed16's T = 128)
// are built for: __launch_bounds__ caps their registers at 65536 / (256 * this). A -D on nvcc's line
// builds another value to compare (kernels/tools/device_check.sh); the suite uses this one.
#ifndef TILE_PRODUCT_MIN_BLOCKS_PER_SM
#define TILE_PRODUCT_MIN_BLOCKS_PER_SM 2
#endif

// Exports a tile kernel's launch facts as `extern "C" __constant__ int KERNEL_shape[5]` = { threads
// per block, dynamic shared memory bytes, tile T (cells), cell rows and cell columns per thread },
// so that the host reads them from the module instead of re-deriving the kernels' formulas.
// nvcc keeps every namespace-scope __constant__ of a whole-program module, used or not; C linkage
// keeps the name unmangled for cuModuleGetGlobal, and the braces make the host's shadow copy a
// definition (`extern "C" __constant__ int x[5] = ...;` leaves it undefined when linking a host
// program that includes this file). SHARED_BYTES in parentheses if it has commas.
// FW_TILE_KERNEL_SHAPE_THREADS: a kernel launched with THREADS threads, not its grid's (a helper
// warp beside it, dataflow.cuh).
#define FW_TILE_KERNEL_SHAPE_THREADS(KERNEL, CELL, T, TM, TN, SHARED_BYTES, THREADS)                        \
    extern "C" {                                                                                           \
    __constant__ int KERNEL##_shape[5] = {THREADS, SHARED_BYTES, T, TM, TN * CELL::CELLS_PER_WORD};        \
    }
#define FW_TILE_KERNEL_SHAPE(KERNEL, CELL, T, TM, TN, SHARED_BYTES) \
    FW_TILE_KERNEL_SHAPE_THREADS(KERNEL, CELL, T, TM, TN, SHARED_BYTES, (minplus::Grid<CELL, T, TM, TN>::THREADS))

namespace minplus {

// C (T x T cells at c) = min(C, A (x) B) with A at a, B at b; ld = words per matrix row (ldb: of
// B's, in accumulate_product; kleene-packed16 keeps B in a copy of other width).
// Needs shared_words<Cell, T, STAGES>() words of dynamic shared memory and Grid<Cell, T, TM, TN>::THREADS
// threads; the chunks are staged by stream_chunks, whose last one ends without a barrier.
//
// Padding (the matrix is padded to whole tiles with isolated vertices, INF off the diagonal): only
// the first kLive k of the product and the first rowsLive rows of C can change anything, so the
// chunks past kLive are not computed, nor by a warp whose rows all lie past rowsLive. At
// n = 10000, T = 128 the padding is 3% of the work. Columns cannot be skipped this way: every warp
// holds columns across the whole tile (thin strips can: thin_strips.cuh).
//
// accumulate_product leaves the result in registers (acc, loaded from c while the first chunks
// are in flight) for a caller that goes on with it; tile_product stores it back to c.
template <class Cell, int T, int TM, int TN, int STAGES = 2>
__device__ __forceinline__ void accumulate_product(typename Cell::Word (&acc)[TM][TN], const typename Cell::Word* c, const typename Cell::Word* a,
                                                   const typename Cell::Word* b, int ld, int ldb, typename Cell::Word* shared, int kLive = T,
                                                   int rowsLive = T)
{
    using L = Chunk<Cell, T>;
    using Word = typename Cell::Word;
    constexpr int BK = L::BK, W = L::W, AS = L::AS, AT = L::AT;
    using G = Grid<Cell, T, TM, TN>;
    const int tid = threadIdx.x, ty = G::ty(), tx = G::tx();
    if (kLive <= 0) {                                 // an all-padding pivot tile: nothing to relax through
        load_cells<Cell, T, TM, TN>(acc, c, ld, ty, tx);
        return;
    }
    constexpr int HM = TM / 2, HN = TN / 2;           // half micro-tile
    static_assert(HN == 2 || HN == 4, "B is read as 2 or 4 words");
    bool liveRows;
    // k steps a loop body holds (cells.cuh, LOOP_WORDS): the whole chunk at small micro-tiles
    constexpr int LOOP_STEPS = Cell::LOOP_WORDS / (TM * TN) < BK ? Cell::LOOP_WORDS / (TM * TN) : BK;
    static_assert(BK % LOOP_STEPS == 0, "a loop body holds whole steps of a chunk");
    constexpr int S = steps_a_relaxation<Cell>;  // k steps a relaxation (cells.cuh)
    static_assert(LOOP_STEPS % S == 0 && BK / 2 % S == 0, "the steps a relaxation share a loop body, and the copies mid-chunk start a relaxation");
    // int32 cells, route keys, kleene-packed16's lanes and float32 on two stages stage the next chunk
    // from the middle of this one (chunk_staging.cuh); the 64-bit cells keep the copies at the chunk's
    // start, not measured mid-chunk (kernels/NOTES.md, Chunk staging and async copies).
    constexpr bool MID_CHUNK_COPIES = STAGES == 2 && (std::is_same<Cell, Int32>::value || is_routes<Cell> || std::is_same<Cell, Packed16Lanes>::value
                                                      || std::is_same<Cell, Float32>::value);
    auto start = [&] {
        // whether any of this warp's rows can change (a warp spans 32 / COLUMNS thread rows, so
        // its lowest row is that many times HM times the warp index)
        liveRows = 32 / G::COLUMNS * HM * (tid / 32) < rowsLive;
        // this thread's C words, read while the first chunks are in flight
        load_cells<Cell, T, TM, TN>(acc, c, ld, ty, tx);
    };
    // Step k's operands: A's column and B's row of the staged chunk.
    auto load_step = [&](Word (&av)[TM], Word (&bv)[TN], const Word* as, const Word* bs, int k) {
        if constexpr (k_major_a<Cell, TM>) {
            load_split<HM>(av, as + k * AT, T / 2, ty * HM);
        } else {
#pragma unroll
            for (int i = 0; i < TM; ++i) av[i] = as[owned_row<T, TM>(ty, i) * AS + k];
        }
        load_split<HN>(bv, bs + k * W, W / 2, tx * HN);
    };
    // One chunk; stageNext (MID_CHUNK_COPIES) issues the next chunk's copies mid-chunk.
    auto compute = [&](const Word* as, const Word* bs, auto stageNext) {
        if (MID_CHUNK_COPIES && !liveRows) {  // the next chunk's copies go all the same
            stageNext();
            return;
        }
#pragma unroll 1
        for (int kLoop = 0; kLoop < BK; kLoop += LOOP_STEPS) {
#pragma unroll
            for (int k = kLoop; k < kLoop + LOOP_STEPS; k += S) {
                if (k == BK / 2) stageNext();
                if (!liveRows) break;  // warp-uniform: the whole chunk or nothing
                if constexpr (S == 1) {  // written as before the pairs, so that these cells' machine code stays as it was
                    Word av[TM], bv[TN];
                    load_step(av, bv, as, bs, k);
                    relax_outer<Cell>(acc, av, bv);
                } else {
                    Word av[S][TM], bv[S][TN];
#pragma unroll
                    for (int s = 0; s < S; ++s) load_step(av[s], bv[s], as, bs, k + s);
                    relax_outer_steps<Cell, S>(acc, av, bv);
                }
            }
        }
    };
    if constexpr (MID_CHUNK_COPIES) {
        stream_chunks<Cell, T, TM, TN, STAGES>(a, b, ld, ldb, shared, kLive, start, compute);
    } else {
        stream_chunks<Cell, T, TM, TN, STAGES>(a, b, ld, ldb, shared, kLive, start,
                                               [&](const Word* as, const Word* bs) { compute(as, bs, [] {}); });
    }
}

// C = min(C, A (x) B) stored back to c; rowsLive and columnsLive (cells) mark a thin tile. Thin
// strips for int32 cells and for k-major packed A (packed16's T = 256), not for packed16's T = 128:
// compiled in, they slowed its kernel even where it has no thin tile (kernels/NOTES.md, The tile
// product and its register blocking).
template <class Cell, int T, int TM, int TN, int STAGES = 2>
__device__ __forceinline__ void tile_product(typename Cell::Word* c, const typename Cell::Word* a, const typename Cell::Word* b, int ld,
                                             typename Cell::Word* shared, int kLive = T, int rowsLive = T, int columnsLive = T)
{
    static_assert(!is_routes<Cell>, "route keys are stored with their marks recorded (10_kleene_paths.cu)");
    if constexpr (Cell::CELLS_PER_WORD == 1 || k_major_a<Cell, TM>) {
        using Th = Thin<Cell, T>;
        if (kLive > 0 && (Th::row_strips(rowsLive) <= Th::MAX_ROW_STRIPS || Th::column_strips(columnsLive) <= Th::MAX_COLUMN_STRIPS)) {
            thin_product<Cell, T, TM, TN, STAGES>(c, a, b, ld, shared, kLive, rowsLive, columnsLive);
            return;
        }
    }
    typename Cell::Word acc[TM][TN];
    accumulate_product<Cell, T, TM, TN, STAGES>(acc, c, a, b, ld, ld, shared, kLive, rowsLive);
    store_cells<Cell, T, TM, TN>(acc, c, ld, Grid<Cell, T, TM, TN>::ty(), Grid<Cell, T, TM, TN>::tx());
}

}  // namespace minplus
