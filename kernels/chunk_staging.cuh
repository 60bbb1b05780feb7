// The staging pipeline of the tile product: how one chunk of BK = 32 k sits in shared memory
// (Chunk), the shared memory a block needs (shared_words), and stream_chunks, which copies chunk
// after chunk global -> shared with cp.async while the one before is computed. The full product
// (tile_product.cuh) and the thin strips (thin_strips.cuh) compute on the same staged chunks.
#pragma once
#include <type_traits>

#include "async_copy.cuh"
#include "tile_layout.cuh"

namespace minplus {

// How one chunk of BK k of a tile product sits in shared memory: A (T rows of the C tile, BK
// splatted words a row; packed A is splatted when staged, so the inner loop is one relaxation a
// word) then B (BK rows of W words). A rows are padded by 16 bytes (4 words, 2 of 64 bits: 16-byte
// aligned) so the 2 distinct rows a warp reads land in different banks; packed A at TM = 16
// (packed16's T = 256) is staged transposed instead, k-major (BK rows of AT words), so that a
// thread's TM cells of one k are two runs of HM words: row-major, the compiler holds 4 k of 16
// rows in registers (one 16-byte load a row) and runs out of them.
template <class Cell, int T>
struct Chunk {
    static constexpr int V = 16 / sizeof(typename Cell::Word);  // words per 16-byte copy (4 of 32 bits, 2 of 64)
    static constexpr int BK = 32;                         // k per chunk
    static constexpr int W = T / Cell::CELLS_PER_WORD;    // words per tile row (C and B)
    static constexpr int AW = BK / Cell::CELLS_PER_WORD;  // words per A chunk row in global memory
    static constexpr int AS = BK + V;                     // staged A row stride, row-major
    static constexpr int AT = T + V;                      // staged A row stride, k-major
    static constexpr int STAGE = T * AS + BK * W;         // words a buffer
    static_assert(BK * AT <= T * AS, "transposed A fits the A buffer");
};
template <class Cell, int TM>
constexpr bool k_major_a = Cell::CELLS_PER_WORD == 2 && TM > 8;

// Shared-memory words one block of tile_product<Cell, T, TM, TN, STAGES> needs (STAGES chunk buffers).
template <class Cell, int T, int STAGES = 2>
__host__ __device__ constexpr int shared_words()
{
    return STAGES * Chunk<Cell, T>::STAGE;
}

// The staging pipeline of a tile product over k = 0 .. kLive - 1 (kLive > 0), A at a (ld words per
// matrix row) and B at b (ldb words a row: kleene-packed16 reads B from a copy of other width):
// chunk after chunk is copied global -> shared (Chunk) while the one before is computed. start() runs once while the first chunks are in flight (the caller loads C
// there); compute once a chunk, with the chunk's staged A and B, every thread: compute(as, bs,
// stageNext) or compute(as, bs).
// STAGES = 2 (cells that cp.async stages as they are: kleene's rounds, 07_kleene.cu; 68 KB at
// T = 128, which fits every GPU from sm_80 on): chunk c + 1 is copied into the other buffer while
// chunk c is computed. A compute(as, bs, stageNext) calls stageNext once, in the middle of its
// chunk, to issue those copies, and a chunk takes one barrier (the other buffer was last read by
// chunk c - 1, which every thread finished before chunk c's barrier): at a chunk's start every
// warp leaves the barrier waiting on its first shared loads, which a burst of copies into shared
// memory delays, while mid-chunk the loads run ahead of the relaxations (kernels/NOTES.md, Chunk
// staging and async copies). For a compute(as, bs) the copies go before the chunk's barrier, and a
// second barrier ends it.
// STAGES = 3: chunk c + 2 is copied while chunk c is computed, one barrier a chunk (the buffer a
// copy overwrites was last read two chunks earlier, before this chunk's barrier); 102 KB at
// T = 128 (dataflow.cuh); compute(as, bs).
// The caller must barrier before reusing the shared memory (the last chunk ends without one).
template <class Cell, int T, int TM, int TN, int STAGES, class Start, class Compute>
__device__ __forceinline__ void stream_chunks(const typename Cell::Word* a, const typename Cell::Word* b, int ld, int ldb,
                                              typename Cell::Word* shared, int kLive, Start start, Compute compute)
{
    using L = Chunk<Cell, T>;
    using Word = typename Cell::Word;
    constexpr int BK = L::BK, W = L::W, AW = L::AW, AS = L::AS, AT = L::AT, STAGE = L::STAGE, V = L::V;
    constexpr bool KMAJOR = k_major_a<Cell, TM>;
    constexpr int THREADS = Grid<Cell, T, TM, TN>::THREADS;
    const int tid = threadIdx.x;
    const int chunks = (kLive + BK - 1) / BK;  // chunks with a live k
    static_assert(STAGES == 3 || (STAGES == 2 && Cell::CELLS_PER_WORD == 1),
                  "three chunk buffers, or two for cells that cp.async stages as they are");

    // This thread's 16-byte copies of a chunk, as offsets fixed for the whole product, so that
    // staging a chunk costs one address add a copy: integer instructions share the pipe with the
    // relaxations. B: BK rows x W words, B_PER_ROW copies a row, thread tid copies row
    // tid / B_PER_ROW + m * B_ROWS of the chunk. Int32 A: T rows x BK words, likewise.
    // (Buffer s: A chunk at shared + s * STAGE, B chunk right after it; pointer arithmetic, not an
    // array of pointers, which a run-time index would put in local memory.)
    constexpr int B_PER_ROW = W / V, B_ROWS = THREADS / B_PER_ROW, B_COPIES = BK / B_ROWS;
    constexpr int A_PER_ROW = BK / V, A_ROWS = THREADS / A_PER_ROW, A_COPIES = T / A_ROWS;
    static_assert(BK % B_ROWS == 0 && T % A_ROWS == 0, "copies divide evenly among the threads");
    const Word* const bFrom = b + (tid / B_PER_ROW) * ldb + (tid % B_PER_ROW) * V;
    const int bTo = T * AS + (tid / B_PER_ROW) * W + (tid % B_PER_ROW) * V;
    const Word* const aFrom = a + (tid / A_PER_ROW) * ld + (tid % A_PER_ROW) * V;
    const int aTo = (tid / A_PER_ROW) * AS + (tid % A_PER_ROW) * V;

    // Stage chunk `chunk` of B, and for int32 of A, into buffer `buf` with cp.async (one commit
    // group per chunk).
    auto stage = [&](int chunk, int buf) {
        Word* const to = shared + buf * STAGE;
        const Word* const from = bFrom + chunk * BK * ldb;
#pragma unroll
        for (int m = 0; m < B_COPIES; ++m) copy16_async(to + bTo + m * B_ROWS * W, from + m * B_ROWS * ldb);
        if constexpr (Cell::CELLS_PER_WORD == 1) {
#pragma unroll
            for (int m = 0; m < A_COPIES; ++m) copy16_async(to + aTo + m * A_ROWS * AS, aFrom + m * A_ROWS * ld + chunk * BK);
        }
        commit_async();
    };
    // Route keys (cells.cuh, Routes): step k's A operand is the staged word raised by k + 1. Each
    // thread raises the A words it copied once its copies have landed, before the barrier that shows
    // the chunk to the block: 16 adds a thread a chunk, where raising each A operand as it is read
    // would be 8 a thread a k, 256 a chunk.
    auto raiseA = [&](int chunk, int buf) {
        if constexpr (raises_staged_a<Cell>) {
            const int k = chunk * BK + (tid % A_PER_ROW) * V;  // the tile's k of this thread's first word of a row
#pragma unroll
            for (int m = 0; m < A_COPIES; ++m) {
                int4* const piece = (int4*)(shared + buf * STAGE + aTo + m * A_ROWS * AS);
                int4 w = *piece;
                w.x = Cell::operand_a(w.x, k);
                w.y = Cell::operand_a(w.y, k + 1);
                w.z = Cell::operand_a(w.z, k + 2);
                w.w = Cell::operand_a(w.w, k + 3);
                *piece = w;
            }
        }
    };
    // Packed A: each cell is splatted to a full word, which cp.async cannot do, so A goes through
    // registers: loaded a chunk ahead of its store (the loads fly during a chunk's compute) and
    // stored, splatted, into a buffer nobody reads until the next barrier. Row-major (T = 128): a
    // word a load, A_WORDS of them. k-major (T = 256): 16-byte loads, a thread's A_WORDS words as
    // runs of 4 of one row, one address a run instead of one a word; a warp takes run v of 32
    // consecutive rows, so that its stores into k-major rows fall in 32 banks. T = 128 keeps word loads:
    // 16-byte loads there were slower at the small n that use T = 128 (kernels/NOTES.md, Things
    // tried and dropped).
    constexpr int A_WORDS = Cell::CELLS_PER_WORD == 2 ? T * AW / THREADS : 1;  // packed A words per thread
    static_assert(!KMAJOR || A_WORDS % 4 == 0, "k-major A is loaded in runs of 4 words");
    int aAhead[KMAJOR ? 1 : A_WORDS];      // row-major: one word a load
    int4 aRuns[KMAJOR ? A_WORDS / 4 : 1];   // k-major: runs of 4 words
    auto loadA = [&](int chunk) {
        if constexpr (KMAJOR) {
#pragma unroll
            for (int m = 0; m < A_WORDS / 4; ++m) {
                const int q = tid + THREADS * m, r = q % T, v = q / T;
                aRuns[m] = __ldcg((const int4*)(a + r * ld + chunk * AW + 4 * v));
            }
        } else {
#pragma unroll
            for (int m = 0; m < A_WORDS; ++m) {
                const int q = tid + THREADS * m, r = q / AW, w = q % AW;
                aAhead[m] = __ldcg(a + r * ld + chunk * AW + w);
            }
        }
    };
    auto storeA = [&](int buf) {
        if constexpr (KMAJOR) {
#pragma unroll
            for (int m = 0; m < A_WORDS / 4; ++m) {
                const int q = tid + THREADS * m, r = q % T, v = q / T;
                const int* e = (const int*)&aRuns[m];
#pragma unroll
                for (int x = 0; x < 4; ++x) {  // word 4 v + x of the chunk row: cells 8 v + 2 x and 8 v + 2 x + 1
                    (shared + buf * STAGE)[(8 * v + 2 * x) * AT + r] = (int)__byte_perm((unsigned)e[x], 0u, 0x1010u);
                    (shared + buf * STAGE)[(8 * v + 2 * x + 1) * AT + r] = (int)__byte_perm((unsigned)e[x], 0u, 0x3232u);
                }
            }
        } else {
#pragma unroll
            for (int m = 0; m < A_WORDS; ++m) {
                const int q = tid + THREADS * m, r = q / AW, w = q % AW;
                (shared + buf * STAGE)[r * AS + 2 * w] = (int)__byte_perm((unsigned)aAhead[m], 0u, 0x1010u);
                (shared + buf * STAGE)[r * AS + 2 * w + 1] = (int)__byte_perm((unsigned)aAhead[m], 0u, 0x3232u);
            }
        }
    };

    // prologue: chunk 0 (and for three stages chunk 1) in flight
    stage(0, 0);
    if (STAGES == 3 && chunks > 1) stage(1, 1);
    if constexpr (Cell::CELLS_PER_WORD == 2) {
        loadA(0);
        storeA(0);
        if (chunks > 1) loadA(1);
    }
    start();

#pragma unroll 1
    for (int chunk = 0; chunk < chunks; ++chunk) {
        const int buf = chunk % STAGES;
        const Word* as = shared + buf * STAGE;
        auto stageNext = [&] {  // two stages: chunk + 1 into the other buffer
            if (chunk + 1 < chunks) stage(chunk + 1, buf ^ 1);
        };
        if constexpr (STAGES == 2 && std::is_invocable_v<Compute, const Word*, const Word*, decltype(stageNext)>) {
            wait_async<0>();  // this thread's copies of `chunk` are done (the only ones in flight)
            raiseA(chunk, buf);
            // every thread's copies of `chunk` are visible, and every thread has finished chunk - 1,
            // whose buffer stageNext overwrites
            grid_sync<Cell, T, TM, TN>();
            compute(as, as + T * AS, stageNext);
        } else if constexpr (STAGES == 2) {
            if (chunk + 1 < chunks) {
                stage(chunk + 1, buf ^ 1);
                wait_async<1>();  // this thread's copies of `chunk` are done (chunk + 1 may still fly)
            } else {
                wait_async<0>();
            }
            raiseA(chunk, buf);
            grid_sync<Cell, T, TM, TN>();  // every thread's copies of `chunk` are visible
            compute(as, as + T * AS);
            grid_sync<Cell, T, TM, TN>();  // all reads of this buffer are done before chunk + 2 is staged into it
        } else {
            if (chunk + 1 < chunks) wait_async<1>();  // groups in flight: chunk and chunk + 1
            else wait_async<0>();
            raiseA(chunk, buf);
            // every thread's copies (and packed stores) of `chunk` are visible, and every thread
            // has finished chunk - 1, whose buffer the copies of chunk + 2 overwrite
            grid_sync<Cell, T, TM, TN>();
            if (chunk + 2 < chunks) stage(chunk + 2, (chunk + 2) % 3);
            if constexpr (Cell::CELLS_PER_WORD == 2) {
                if (chunk + 1 < chunks) {
                    storeA((chunk + 1) % 3);  // read after the next barrier; buffer last read by chunk - 2
                    if (chunk + 2 < chunks) loadA(chunk + 2);
                }
            }
            compute(as, as + T * AS);
        }
    }
}

}  // namespace minplus
