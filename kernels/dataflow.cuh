// A whole blocked Floyd-Warshall solve in one persistent kernel: tiles wait for the tiles they read,
// not for the end of a round. Used by 09_dataflow.cu (int32 cells) and 08_packed16.cu (16-bit).
//
// Why: with one launch per phase (07_kleene.cu) every round ends in a barrier for the whole
// device. At n = 10000 (T = 128) phase 3 is 23.05 waves of 264 blocks, so each round's last wave
// runs 5% full; at n = 1000 the dependent launches of a round (pivot, cross, next cross) are the
// critical path. Here the blocks of one launch take work items in a fixed order and each item waits
// only for its inputs, so round r + 1 starts tile by tile while round r finishes.
//
// Work item = (round r, tile (i, j)): update tile (i, j) in round r (pivot tile r):
//   i == j == r  close the pivot tile (plain FW in registers, close_pivot below);
//   otherwise    C(i, j) = min(C(i, j), D(i, r) (x) D(r, j)) (minplus::tile_product). For a cross
//                tile (i == r or j == r) one operand is C itself, as in kleene's phase 2.
// It needs: tile (i, j) done through round r - 1, and D(i, r) and D(r, j) done through round r
// (for a cross tile, the pivot). done[tile] counts the rounds finished on that tile.
//
// Order: the host builds the item list (fwbench.variant.DataflowSchedule, which documents it):
// every item comes after the items it needs, and the next pivot and its cross are placed early
// inside the current round's bulk. Blocks take items by an atomic ticket, in list order, and a
// block takes a new item only after finishing the one it holds (it reserves one ahead), so the
// lowest unfinished item always has a running block and its inputs done: no deadlock, whatever
// the number of resident blocks.
//
// In place: a tile may be read (as D(i, r) or D(r, j) of round r) while a later round already
// rewrites it. Every value written is the length of a real path and values only decrease, so a
// reader that sees a newer (smaller) value still computes an upper bound that is a real path, and
// the final matrix equals the distances (each value is <= what strict round order would give, and
// no value is below the true distance). A torn tile is cells of either age, each one valid.
//
// Memory model: the writer's threads store the tile, barrier, then thread 0 stores done with
// release semantics (gpu scope); a reader's thread 0 polls with relaxed loads, then an acquire
// fence, then the block barriers before any thread loads the tile, and every tile load bypasses
// L1 (cp.async.cg, __ldcg). The pattern of CUTLASS's inter-block semaphores (cutlass/barrier.h).
#pragma once
#include "minplus.cuh"

namespace dataflow {

// Item encoding, shared with fwbench.variant.DataflowSchedule: round << 20 | row << 10 | column.
constexpr int FIELD_BITS = 10;
constexpr int FIELD_MASK = (1 << FIELD_BITS) - 1;

__device__ __forceinline__ int load_relaxed(const int* p)
{
    int v;
    asm volatile("ld.relaxed.gpu.global.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}

__device__ __forceinline__ void store_release(int* p, int v)
{
    asm volatile("st.release.gpu.global.b32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

// Orders this thread's (and, through the block barrier, its block's) loads and stores against
// other SMs': with relaxed polls before it, an acquire. Lighter than __threadfence(), which is a
// sequentially consistent fence (MEMBAR.SC).
__device__ __forceinline__ void fence_acq_rel()
{
    asm volatile("fence.acq_rel.gpu;" ::: "memory");
}

// Closes the pivot tile at c (T x T cells, ld words per matrix row) in place, with the cells in
// registers as tile_product holds them (thread (ty, tx): TM rows x TN words). Step k relaxes every
// cell through row k and column k as they stood after step k - 1; their owners publish them into
// small double-buffered arrays (row k: W words, column k: T cells splatted to whole words), so one
// barrier a step suffices and no thread writes what another reads in the same step.
// Shared memory: 2 T + 2 W words.
template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void close_pivot(int* c, int ld, int* shared)
{
    constexpr int W = T / Cell::CELLS_PER_WORD;
    constexpr int HM = TM / 2, HN = TN / 2;
    using VecM = typename minplus::Vec<HM>::type;
    using VecN = typename minplus::Vec<HN>::type;
    int* const column = shared;       // [2][T]: column k, splatted
    int* const row = shared + 2 * T;  // [2][W]: row k
    const int tid = threadIdx.x, ty = tid / 16, tx = tid % 16;

    int acc[TM][TN];
    minplus::load_cells<Cell, T, TM, TN>(acc, c, ld, ty, tx);

    // The owners of row q and of column q write them into buffer `buf`. Compile-time indices
    // into acc (run-time ones would put it in local memory), predicated by ownership.
    auto publish = [&](int q, int buf) {
#pragma unroll
        for (int i = 0; i < TM; ++i) {
            if (minplus::owned_row<T, TM>(ty, i) == q) {
#pragma unroll
                for (int h = 0; h < 2; ++h) {
                    VecN v;
                    int* e = (int*)&v;
#pragma unroll
                    for (int j = 0; j < HN; ++j) e[j] = acc[i][h * HN + j];
                    *(VecN*)(row + buf * W + h * (W / 2) + tx * HN) = v;
                }
            }
        }
        const int word = q / Cell::CELLS_PER_WORD, half = q % Cell::CELLS_PER_WORD;
#pragma unroll
        for (int h = 0; h < 2; ++h) {
#pragma unroll
            for (int j = 0; j < HN; ++j) {
                if (h * (W / 2) + tx * HN + j == word) {
#pragma unroll
                    for (int g = 0; g < 2; ++g) {
                        VecM v;
                        int* e = (int*)&v;
#pragma unroll
                        for (int m = 0; m < HM; ++m) {
                            const int cell = acc[g * HM + m][h * HN + j];
                            e[m] = Cell::CELLS_PER_WORD == 1 ? cell
                                                             : (int)__byte_perm((unsigned)cell, 0u, half ? 0x3232u : 0x1010u);
                        }
                        *(VecM*)(column + buf * T + g * (T / 2) + ty * HM) = v;
                    }
                }
            }
        }
    };

    publish(0, 0);
    __syncthreads();
#pragma unroll 1
    for (int k = 0; k < T; ++k) {
        const int buf = k & 1;
        int av[TM], bv[TN];
#pragma unroll
        for (int g = 0; g < 2; ++g) {
            const VecM v = *(const VecM*)(column + buf * T + g * (T / 2) + ty * HM);
            const int* e = (const int*)&v;
#pragma unroll
            for (int m = 0; m < HM; ++m) av[g * HM + m] = e[m];
        }
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            const VecN v = *(const VecN*)(row + buf * W + h * (W / 2) + tx * HN);
            const int* e = (const int*)&v;
#pragma unroll
            for (int j = 0; j < HN; ++j) bv[h * HN + j] = e[j];
        }
#pragma unroll
        for (int i = 0; i < TM; ++i)
#pragma unroll
            for (int j = 0; j < TN; ++j) acc[i][j] = Cell::relax(acc[i][j], av[i], bv[j]);
        if (k + 1 < T) publish(k + 1, buf ^ 1);  // into the buffer nobody reads in this step
        __syncthreads();  // step k + 1 reads what step k published; step k's reads are done
    }
    minplus::store_cells<Cell, T, TM, TN>(acc, c, ld, ty, tx);
}

// Chunk buffers of the tile products here: three, one barrier a chunk (104 KB of shared memory a
// block at T = 128, two blocks per SM on sm_90; fwbench.variant.DataflowSolver.STAGES).
constexpr int STAGES = 3;

// The persistent solve. d: the padded matrix, ld words per row, tiles x tiles tiles of T x T
// cells, of which the first n rows and columns are the graph's (the rest isolated padding).
// schedule: `items` encoded items (tiles^3: every tile in every round). sync: tiles^2 done
// counters then the ticket, all zero at launch. 256 threads a block, shared memory
// minplus::shared_words<Cell, T, STAGES>() words; launch as many blocks as fit on the device.
template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void solve(int* d, int ld, int n, const int* schedule, int items, int* sync, int tiles)
{
    extern __shared__ int shared[];
    __shared__ int slot[2];  // the current item, for every thread of the block (ping-pong)
    constexpr int W = T / Cell::CELLS_PER_WORD;
    int* const done = sync;
    int* const ticket = sync + tiles * tiles;

    // Thread 0 reserves items ahead, so that the ticket's and the schedule's latencies overlap
    // the work: ahead[0] is the next item to run, ahead[1] the ticket after it. They live in
    // shared memory, not registers, which the tile product needs all of.
    __shared__ int ahead[2];
    if (threadIdx.x == 0) {
        const int t = atomicAdd(ticket, 1);
        ahead[0] = t < items ? schedule[t] : -1;
        ahead[1] = atomicAdd(ticket, 1);
    }
#pragma unroll 1
    for (int it = 0;; ++it) {
        if (threadIdx.x == 0) {
            const int item = ahead[0];
            if (item >= 0) {
                const int r = item >> (2 * FIELD_BITS), i = (item >> FIELD_BITS) & FIELD_MASK, j = item & FIELD_MASK;
                const int* own = done + i * tiles + j;
                const int* left = done + i * tiles + r;   // D(i, r): the pivot for a row-cross tile, C itself for a column-cross one
                const int* above = done + r * tiles + j;  // D(r, j): the pivot for a column-cross tile, C itself for a row-cross one
                const int needLeft = j == r ? r : r + 1, needAbove = i == r ? r : r + 1;
                for (;;) {  // the three loads in flight together: one round trip when the inputs are ready
                    const int o = load_relaxed(own), l = load_relaxed(left), a = load_relaxed(above);
                    if ((o >= r) & (l >= needLeft) & (a >= needAbove)) break;
                    __nanosleep(32);
                }
                fence_acq_rel();  // acquire: the tiles' contents are read only after their counters
            }
            slot[it & 1] = item;
        }
        __syncthreads();
        const int current = slot[it & 1];  // slot[(it + 1) & 1] is written only after the next barrier
        if (current < 0) return;
        if (threadIdx.x == 0) {
            const int t = ahead[1];
            ahead[0] = t < items ? schedule[t] : -1;  // the next item, loaded while this one runs
            ahead[1] = atomicAdd(ticket, 1);
        }
        const int r = current >> (2 * FIELD_BITS), i = (current >> FIELD_BITS) & FIELD_MASK, j = current & FIELD_MASK;
        int* c = d + (i * T) * ld + j * W;
        if (i == r && j == r) {
            close_pivot<Cell, T, TM, TN>(c, ld, shared);
        } else {
            minplus::tile_product<Cell, T, TM, TN, STAGES>(c, d + (i * T) * ld + r * W, d + (r * T) * ld + j * W, ld, shared,
                                                           min(T, n - r * T), min(T, n - i * T));  // skip padding
        }
        __syncthreads();  // every thread's stores of the tile precede the release below
        if (threadIdx.x == 0) store_release(done + i * tiles + j, r + 1);
    }
}

}  // namespace dataflow
