// A whole blocked Floyd-Warshall solve in one persistent kernel: tiles wait for the tiles they read,
// not for the end of a round. Used by 08_dataflow.cu (int32 cells) and 09_packed16.cu (16-bit).
//
// Why: with one launch per phase (07_kleene.cu) every round ends in a barrier for the whole
// device, so each round's phase 3 ends in a partly empty last wave, and at small n the dependent
// launches of a round (pivot, cross, next cross) are the critical path. Here the blocks of one
// launch take work items in a fixed order and each item waits only for its inputs, so round r + 1
// starts tile by tile while round r finishes.
//
// Work item = (round r, tile (i, j)): update tile (i, j) in round r (pivot tile r):
//   i == j == r  close the pivot tile (plain FW in registers, minplus::close_cells); for T up to
//                FW_DATAFLOW_FOLDED_PIVOT_MAX_TILE and r > 0 after round r - 1's update of it (the
//                product below), folded into this item as kleene's mode NEXT does; these pivots
//                and the cross tiles (r + 1, r) the next pivot reads are the chain, which block 0
//                runs one after another with no handoff (solve, below), so a round's critical
//                path is a pivot and one cross product in one block;
//   otherwise    C(i, j) = min(C(i, j), D(i, r) (x) D(r, j)) (minplus::tile_product). For a cross
//                tile (i == r or j == r) one operand is C itself, as in kleene's phase 2.
// It needs: every tile it reads done through round r - 1, and for a cross tile the pivot through
// round r, for any other tile one of D(i, r) and D(r, j) through round r (inputs_done, in solve,
// says why one suffices); a folded pivot of round r > 0 (the chain's), its tile and
// D(r - 1, r) through round r - 2 and D(r, r - 1) through round r - 1 (the chain's own). done[tile]
// counts the rounds finished on that tile.
//
// Order: the host builds the item list (fwbench.variant.schedule.DataflowSchedule, which documents it, with
// or without folded pivots as folds_pivot says):
// every item comes after the items it needs, and the next pivot and its cross are placed early,
// around the current round's bulk. Blocks take items by an atomic ticket, in list order, and a
// block takes a new item only after finishing the one it holds (it reserves ahead, in order), so the
// lowest unfinished item always has a running block and its inputs done: no deadlock, whatever
// the number of resident blocks. The chain's items are not in the list: block 0 runs them before
// it takes a ticket, and every listed item that reads one comes after every listed item the chain
// needs up to it, so the same holds with two resident blocks or more.
//
// In place: a tile may be read (as D(i, r) or D(r, j) of round r) while a later round already
// rewrites it. Every value written is the length of a real path and values only decrease, so a
// reader that sees a newer (smaller) value still computes an upper bound that is a real path, and
// the final matrix equals the distances (each value is <= what strict round order would give, the
// chain's fold by the identity in solve, and no value is below the true distance). A torn tile is
// cells of either age, each one valid.
//
// Memory model: the writer's threads store the tile, barrier, then one thread stores done with
// release semantics (gpu scope); a reader's thread 0 polls with acquire loads, and the block
// passes a barrier before any thread loads the tile (the slow path's own, or when the inputs were
// found done early, the barriers of the item before), and every tile load
// bypasses L1 (cp.async.cg, __ldcg). The pattern of CUTLASS's inter-block semaphores
// (cutlass/barrier.h).
#pragma once
#include "async_copy.cuh"
#include "pivot_closure.cuh"
#include "tile_product.cuh"

namespace dataflow {

// Item encoding, shared with fwbench.variant.schedule.DataflowSchedule (fw_constants.cuh):
// round << 2 FIELD_BITS | row << FIELD_BITS | column.
constexpr int FIELD_BITS = FW_ITEM_FIELD_BITS;
constexpr int FIELD_MASK = (1 << FIELD_BITS) - 1;

// Whether the pivot item of round r > 0 also applies round r - 1 to its tile (the schedule then has
// no item for that): not at T = 256, where it was slower (kernels/NOTES.md, The pivot chain at
// small n).
template <int T>
constexpr bool folds_pivot = T <= FW_DATAFLOW_FOLDED_PIVOT_MAX_TILE;

// Whether block 1 runs a second chain (solve, below): packed16 at T = 64 only, as int32's T = 64
// kernel was slower with it (kernels/NOTES.md, The pivot chain at small n).
// fwbench.variant.schedule.DataflowSchedule leaves its items out.
template <class Cell, int T>
constexpr bool runs_second_chain = folds_pivot<T> && Cell::CELLS_PER_WORD == 2 && T <= FW_DATAFLOW_SECOND_CHAIN_PACKED_MAX_TILE;

// A development hook (the retired harness kleene_bench defined it; kernels/NOTES.md, dataflow): a build
// that defines it stamps when a block turns to an item (point 0), finds its inputs done (1) and has
// stored its tile (2), to see where a round's time goes; the suite's kernels compile it away.
#ifndef FW_DATAFLOW_TRACE
#define FW_DATAFLOW_TRACE(point, item)
#endif

// A poll of a done counter that acquires: the tile's contents, read after it (through the block's
// barrier), are at least as new as the release that wrote the counter. Acquire loads, not relaxed
// polls and one acquire fence: the chain's handoffs are shorter (kernels/NOTES.md, The pivot chain
// at small n).
__device__ __forceinline__ int load_acquire(const int* p)
{
    int v;
    asm volatile("ld.acquire.gpu.global.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}

__device__ __forceinline__ void store_release(int* p, int v)
{
    asm volatile("st.release.gpu.global.b32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

// Chunk buffers of the tile products here: three, one barrier a chunk (102 KB of shared memory a
// block at T = 128, two blocks per SM on sm_90; the host reads the bytes from the kernel's _shape).
constexpr int STAGES = 3;

// The persistent solve. d: the padded matrix, ld words per row, tiles x tiles tiles of T x T
// cells, of which the first n rows and columns are the graph's (the rest isolated padding).
// schedule: `items` encoded items (every tile in every round, tiles^3, but with folded pivots
// tile (r, r) of round r - 1, which pivot item r applies, and the chain's pivots and cross tiles
// (r + 1, r), and with the second chain its tiles (r + 2, r) and (r + 2, r + 1)). sync: tiles^2 done counters, the ticket and the blocks exited, all zero at launch
// (up to FW_DATAFLOW_SELF_RESET_MAX_TILE each launch leaves them zero, leave()). minplus::Grid's
// threads a block (256; 128 for packed16's T = 64; one warp more where HELPED), shared memory
// minplus::shared_words<Cell, T, STAGES>() words; launch at most as many blocks as fit on the
// device, and with folded pivots at least two (block 0 runs the chain first), three where block 1
// runs the second chain (runs_second_chain).
//
// Per item the block pays a handoff: publish the tile (release), find the next item's inputs done
// (acquire), then stage its first chunks. Only the last is unavoidable, so thread 0 checks the
// next item's counters once when the current item starts: past a round's first items they are
// almost always done already, and the next item then starts right after this one's last barrier,
// with no poll and no extra barrier; its C tile is prefetched into L2 meanwhile (at n = 10000
// the matrix does not fit in L2, and C is the one operand not shared with other items). Only
// an item whose inputs were not ready takes the slow path: poll, barrier. The
// release is issued by a thread of the last warp, so its wait for the stores does not hold up
// thread 0's bookkeeping.
// One item: tile (i, j) of round r, C = c; the pivot tile is closed, a folded one first updated by
// round r - 1 (A = D(r, r - 1), the tile left of it, B = D(r - 1, r), the one above); any other one
// is min(C, A (x) B) with A = D(i, r), B = D(r, j); the padding skipped.
template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void update_tile(int* c, const int* a, const int* b, int ld, int n, int i, int j, int r, int* shared)
{
    if (i == r && j == r) {
        int acc[TM][TN];
        using G = minplus::Grid<Cell, T, TM, TN>;
        if (folds_pivot<T> && r > 0) {
            constexpr int W = T / Cell::CELLS_PER_WORD;
            minplus::accumulate_product<Cell, T, TM, TN, STAGES>(acc, c, c - W, c - (size_t)T * ld, ld, ld, shared, min(T, n - (r - 1) * T),
                                                                 min(T, n - r * T));
            minplus::grid_sync<Cell, T, TM, TN>();  // the product's last chunk is read before the closure reuses shared memory
        } else {
            minplus::load_cells<Cell, T, TM, TN>(acc, c, ld, G::ty(), G::tx());
        }
        minplus::close_cells<Cell, T, TM, TN>(acc, shared);
        minplus::store_cells<Cell, T, TM, TN>(acc, c, ld, G::ty(), G::tx());
    } else {
        minplus::tile_product<Cell, T, TM, TN, STAGES>(c, a, b, ld, shared, min(T, n - r * T), min(T, n - i * T), min(T, n - j * T));
    }
}

// A block's exit: the last block out zeroes the counters (from done), the ticket and the exit
// count after it for the next launch, so a solve needs no memset node before it. Every block's
// last release and ticket precede its count (the fence and the barrier). Only at T = 64: the
// T = 128 kernels were slower with it and keep the host's memset (kernels/NOTES.md, The host's
// notice of a solve's end).
template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void leave(int* done, int* ticket)
{
    int* const exited = ticket + 1;
    __threadfence();
    minplus::grid_sync<Cell, T, TM, TN>();
    if (threadIdx.x < 32) {
        int last = 0;
        if (threadIdx.x == 0) last = atomicAdd(exited, 1) == (int)gridDim.x - 1;
        if (__shfl_sync(~0u, last, 0)) {
            __threadfence();
            for (int* x = done + threadIdx.x; x <= exited; x += 32) *x = 0;
        }
    }
}

// A helped kernel's block: its grid and HELPER_THREADS more, the helper warp (solve, HELPED).
constexpr int HELPER_THREADS = 32;
// The named barriers between the grid and the helper: the grid stored a step; a step may start.
constexpr int STEP_STORED = 2, STEP_READY = 3;

// HELPED: the block has one warp more than the grid, a helper (kernels/NOTES.md, The pivot chain):
// in block 0 it polls the chain's next inputs while the grid computes a step, lets the grid start
// that step as soon as the one before is stored (STEP_READY), and only then releases the stored
// tile (STEP_STORED hands it over), so neither the poll nor the release fence lies between two
// steps of the chain; in every other block it leaves at once. The grid releases the last step
// itself, so that every release precedes its block's exit count (leave). A listed item that reads
// a chain step is then released one step later: the list keeps it after every listed item the
// chain reads up to the next step (DataflowScheduleTest). The translation unit defines
// FW_HELPER_WARP (minplus::grid_sync).
template <class Cell, int T, int TM, int TN, bool WIDE = true, bool HELPED = false>
__device__ __forceinline__ void solve(int* d, int ld, int n, const int* schedule, int items, int* sync, int tiles)
{
    extern __shared__ int shared[];
    constexpr int W = T / Cell::CELLS_PER_WORD;
    static_assert(minplus::closure_words<Cell, T>() <= minplus::shared_words<Cell, T, STAGES>(), "pivot items fit the products' shared memory");
    constexpr int WAITING = -2;                // slot value: the next item is known, its inputs were not done yet
    using G = minplus::Grid<Cell, T, TM, TN>;
    constexpr int RELEASER = G::THREADS - 32;   // lane 0 of the last warp
    int* const done = sync;
    int* const ticket = sync + tiles * tiles;
    const int tid = threadIdx.x;

    constexpr int BLOCK = G::THREADS + HELPER_THREADS;  // a helped block, grid and helper
    [[maybe_unused]] auto arriveWithHelper = [](auto barrier) { asm volatile("bar.arrive %0, %1;" ::"n"(decltype(barrier)::value), "n"(BLOCK) : "memory"); };
    [[maybe_unused]] auto syncWithHelper = [](auto barrier) { asm volatile("bar.sync %0, %1;" ::"n"(decltype(barrier)::value), "n"(BLOCK) : "memory"); };
    using Stored = std::integral_constant<int, STEP_STORED>;
    using Ready = std::integral_constant<int, STEP_READY>;
    if constexpr (HELPED) {
        static_assert(!HELPED || minplus::GRID_SYNC_NAMED, "a helped kernel's grid syncs on a named barrier: define FW_HELPER_WARP before any kernel header");
        static_assert(!HELPED || folds_pivot<T>, "the helper serves the chain of folded pivots");
        if (tid >= G::THREADS) {
            if (blockIdx.x != 0) return;
            // the chain's steps: 2r the pivot r, 2r + 1 the cross tile (r + 1, r) (solve's chain, below)
            const int steps = 2 * tiles - 1;
            auto ready = [&](int s) {  // the inputs of step s done: one acquire round trip, lane 0's answer
                int ok = 1;
                if (tid == G::THREADS) {
                    const int r = s / 2;
                    if (s % 2 == 0) ok = r == 0 || ((load_acquire(done + r * tiles + r) >= r - 1) & (load_acquire(done + (r - 1) * tiles + r) >= r - 1));
                    else ok = load_acquire(done + (r + 1) * tiles + r) >= r;
                }
                return __shfl_sync(~0u, ok, 0) != 0;
            };
            arriveWithHelper(Ready());  // step 0 reads nothing
            for (int s = 0; s + 1 < steps; ++s) {
                bool next = ready(s + 1);  // while the grid computes step s
                syncWithHelper(Stored());  // step s stored
                while (!next) {
                    __nanosleep(32);
                    next = ready(s + 1);
                }
                arriveWithHelper(Ready());  // step s + 1 may start
                if (tid == G::THREADS) {
                    const int r = s / 2, i = s % 2 == 0 ? r : r + 1;
                    store_release(done + i * tiles + r, r + 1);
                }
            }
            return;
        }
    }

    // slot[it & 1]: the item of iteration it for every thread, or WAITING (ping-pong: thread 0
    // writes the next one while the others may still read this one). late: what the slow path
    // found. ahead[0], ahead[1]: thread 0's reservations, the next item and the ticket after it
    // (in shared memory, not registers, which the tile product needs all of); reserving ahead
    // overlaps the ticket's and the schedule's latencies with the work.
    __shared__ int slot[2], late, ahead[2];

    // thread 0: whether a listed item's three input counters say it may run (one round trip: the
    // three loads are in flight together). A folded pivot is never listed (the chain runs it).
    // Every tile read must be done through round r - 1; beyond that a cross tile needs the pivot
    // through round r (its own counter cannot pass r before it runs, so the last term below asks
    // for the pivot), and a bulk tile one of its two cross tiles through round r, either one: by
    // the chain's identity (solve, below), X(i, r) (x) C(r, j) = X(i, r) (x) X(r, j) =
    // C(i, r) (x) X(r, j) without a negative cycle; with one, each value is still at most every
    // simple path through the tiles done (split it at its last, or first, vertex in tile r), so
    // the cycle still shows on the diagonal.
    auto inputs_done = [&](int item) {
        const int r = item >> (2 * FIELD_BITS), i = (item >> FIELD_BITS) & FIELD_MASK, j = item & FIELD_MASK;
        const int o = load_acquire(done + i * tiles + j);  // C itself, through round r - 1
        const int l = load_acquire(done + i * tiles + r);  // D(i, r): the pivot for a row-cross tile, C itself for a column-cross one
        const int a = load_acquire(done + r * tiles + j);  // D(r, j): the pivot for a column-cross tile, C itself for a row-cross one
        const bool pivot = (i == r) & (j == r);            // listed without folding: its own tile alone
        return (o >= r) & (l >= r) & (a >= r) & (pivot | (l > r) | (a > r));
    };
    auto advance = [&] {  // thread 0: ahead[0] was taken; load the next and reserve another
        const int t = ahead[1];
        ahead[0] = t < items ? schedule[t] : -1;
        ahead[1] = atomicAdd(ticket, 1);
    };

    // One item's update of tile (i, j) in round r, then its release.
    auto run = [&](int i, int j, int r) {
        if constexpr (WIDE) {
            int* const rowI = fw_cell<true>(d, ld, i * T, 0);  // tile row i: C and D(i, r) are offsets from it
            update_tile<Cell, T, TM, TN>(rowI + j * W, rowI + r * W, fw_cell<true>(d, ld, r * T, j * W), ld, n, i, j, r, shared);
        } else {
            update_tile<Cell, T, TM, TN>(d + (i * T) * ld + j * W, d + (i * T) * ld + r * W, d + (r * T) * ld + j * W, ld, n, i, j, r, shared);
        }
    };

    // The chain (with folded pivots): block 0, before it takes any ticket, runs every pivot and,
    // after pivot r, the cross tile (r + 1, r) that the next pivot reads, with no handoff between
    // them. The next pivot's fold reads tile (r, r + 1) in whatever state between rounds r - 1 and
    // r it finds: without a negative cycle the closed pivot P has a zero diagonal and P (x) P = P,
    // so X(r + 1, r) (x) C(r, r + 1) = X(r + 1, r) (x) X(r, r + 1), as X(r + 1, r) = X(r + 1, r)
    // (x) P and X(r, r + 1) = P (x) C(r, r + 1), and a cell of either age gives the same minimum.
    // With a negative cycle the values may differ from strict round order, but each is still a
    // real walk and at most the shortest path through the tiles done (split a path at its last
    // vertex in tile r: X(r + 1, r) covers it up to there, C(r, r + 1) after), so the cycle still
    // shows on the diagonal. The schedule has none of these items (DataflowSchedule), so the chain
    // never waits on a ticket it holds.
    if constexpr (folds_pivot<T>) {
        // A chain's wait and step, block 0's and block 1's: tileB < 0, one counter (each acquire
        // load is a round trip to L2, the next load waits for it)
        auto wait = [&](int tileA, int roundsA, int tileB, int roundsB) {
            if (tid == 0) {
                while ((load_acquire(done + tileA) < roundsA) | (tileB >= 0 && load_acquire(done + tileB) < roundsB)) __nanosleep(32);
            }
            minplus::grid_sync<Cell, T, TM, TN>();
        };
        auto step = [&](int i, int j, int r) {  // tile (i, j) of round r, its inputs done
            if (tid == 0) FW_DATAFLOW_TRACE(1, r << 2 * FIELD_BITS | i << FIELD_BITS | j);
            run(i, j, r);
            minplus::grid_sync<Cell, T, TM, TN>();
            if (tid == RELEASER) {
                FW_DATAFLOW_TRACE(2, r << 2 * FIELD_BITS | i << FIELD_BITS | j);
                store_release(done + i * tiles + j, r + 1);
            }
        };
        if (blockIdx.x == 0) {
            if constexpr (HELPED) {
                // the helper found the step's inputs done (STEP_READY) and releases it (STEP_STORED),
                // but the last, which the grid releases
                auto helpedStep = [&](int i, int j, int r, bool last) {
                    if (tid == 0) FW_DATAFLOW_TRACE(0, r << 2 * FIELD_BITS | i << FIELD_BITS | j);
                    syncWithHelper(Ready());
                    if (tid == 0) FW_DATAFLOW_TRACE(1, r << 2 * FIELD_BITS | i << FIELD_BITS | j);
                    run(i, j, r);
                    minplus::grid_sync<Cell, T, TM, TN>();
                    if (tid == 0) FW_DATAFLOW_TRACE(2, r << 2 * FIELD_BITS | i << FIELD_BITS | j);
                    if (!last) arriveWithHelper(Stored());
                    else if (tid == RELEASER) store_release(done + i * tiles + j, r + 1);
                };
#pragma unroll 1
                for (int r = 0; r < tiles; ++r) {
                    helpedStep(r, r, r, r + 1 == tiles);
                    if (r + 1 < tiles) helpedStep(r + 1, r, r, false);
                }
            } else
#pragma unroll 1
            for (int r = 0; r < tiles; ++r) {
                // the pivot: its tile through round r - 2 and tile (r - 1, r) through round r - 2
                if (tid == 0) FW_DATAFLOW_TRACE(0, r << 2 * FIELD_BITS | r << FIELD_BITS | r);
                if (r > 0) wait(r * tiles + r, r - 1, (r - 1) * tiles + r, r - 1);
                step(r, r, r);
                if (r + 1 == tiles) break;
                // the cross tile (r + 1, r): itself through round r - 1
                if (tid == 0) FW_DATAFLOW_TRACE(0, r << 2 * FIELD_BITS | (r + 1) << FIELD_BITS | r);
                wait((r + 1) * tiles + r, r, -1, 0);
                step(r + 1, r, r);
            }
        }
        // The second chain: block 1, before it takes any ticket, runs per round r the column cross
        // tile (r + 2, r) and then the bulk tile (r + 2, r + 1) that block 0's next cross reads,
        // with no handoff between them. Listed, that bulk tile was stored about when the pivot its
        // reader follows was, and the reader waited for its release; from block 1 it is ready well
        // before (kernels/NOTES.md, The pivot chain at small n). The list has
        // neither tile, and every listed item that reads one comes after every listed item block 1
        // needs up to it, as for the chain.
        if constexpr (runs_second_chain<Cell, T>) {
            if (blockIdx.x == 1) {
#pragma unroll 1
                for (int r = 0; r + 2 < tiles; ++r) {
                    // the column cross (r + 2, r): the pivot through round r, itself through round r - 1
                    if (tid == 0) FW_DATAFLOW_TRACE(0, r << 2 * FIELD_BITS | (r + 2) << FIELD_BITS | r);
                    wait(r * tiles + r, r + 1, (r + 2) * tiles + r, r);
                    step(r + 2, r, r);
                    // the bulk tile (r + 2, r + 1): itself and the row cross tile (r, r + 1) through
                    // round r - 1 (and the cross tile (r + 2, r) just stored: inputs_done says why one suffices)
                    if (tid == 0) FW_DATAFLOW_TRACE(0, r << 2 * FIELD_BITS | (r + 2) << FIELD_BITS | (r + 1));
                    wait((r + 2) * tiles + r + 1, r, r * tiles + r + 1, r);
                    step(r + 2, r + 1, r);
                }
            }
        }
    }

    if (tid == 0) {
        const int t = atomicAdd(ticket, 1);
        ahead[0] = t < items ? schedule[t] : -1;
        ahead[1] = atomicAdd(ticket, 1);
        slot[0] = WAITING;
    }
    minplus::grid_sync<Cell, T, TM, TN>();
#pragma unroll 1
    for (int it = 0;; ++it) {
        int current = slot[it & 1];  // block-uniform
        if (tid == 0) FW_DATAFLOW_TRACE(0, current == WAITING ? ahead[0] : current);
        if (current == WAITING) {    // the slow path: wait for ahead[0]'s inputs
            if (tid == 0) {
                const int item = ahead[0];
                if (item >= 0) {
                    while (!inputs_done(item)) __nanosleep(32);  // spinning without the sleep was slower
                }
                late = item;
                advance();
            }
            minplus::grid_sync<Cell, T, TM, TN>();
            current = late;
        }
        if (current < 0) {
            if constexpr (T <= FW_DATAFLOW_SELF_RESET_MAX_TILE) leave<Cell, T, TM, TN>(done, ticket);
            return;
        }
        if (tid == 0) FW_DATAFLOW_TRACE(1, current);
        const int r = current >> (2 * FIELD_BITS), i = (current >> FIELD_BITS) & FIELD_MASK, j = current & FIELD_MASK;

        if (tid == 0) {  // the next item: ready now, or the slow path at the next iteration
            const int next = ahead[0];
            const bool ready = next < 0 || inputs_done(next);
            if (ready && next >= 0) {
                // Not at T = 256 (packed16, one block per SM): its 256 prefetches cost spills
                // unrolled, and rolled (or spread over warp 0's lanes) they hold warp 0 and the
                // block's first barrier at every item start: slower either way (kernels/NOTES.md,
                // Chunk staging and async copies).
                if constexpr (T <= 128) {
                    const int ni = (next >> FIELD_BITS) & FIELD_MASK, nj = next & FIELD_MASK;
                    minplus::prefetch_tile_l2(fw_cell<WIDE>(d, ld, ni * T, nj * W), ld, T, W);
                }
            }
            slot[(it + 1) & 1] = ready ? next : WAITING;
            if (ready) advance();
        }

        run(i, j, r);
        // Every thread's stores of the tile precede the release below; the shared buffers are
        // free again; slot[(it + 1) & 1] is visible.
        minplus::grid_sync<Cell, T, TM, TN>();
        if (tid == RELEASER) {
            FW_DATAFLOW_TRACE(2, current);
            store_release(done + i * tiles + j, r + 1);
        }
    }
}

}  // namespace dataflow
