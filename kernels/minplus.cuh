// The register-tiled min-plus tile product shared by the kleene, dataflow and packed16 variants:
// C = min(C, A (x) B) for one T x T tile of C, K = T, with A and B T x T tiles of the same
// (padded, row-major) matrix. kleene's rounds (07_kleene.cu) call it for phase 2 (C aliases A or
// B) and phase 3, the persistent solve (dataflow.cuh) for every work item. Beside it, the closure
// of a pivot tile held in the same register layout (close_cells).
//
// Layout (like a register-blocked SGEMM):
//   - Threads as a grid of T/TM rows by W/TN columns (Grid below; 16 x 16 = 256 threads for every
//     tile the suite uses); thread (ty, tx) owns TM x TN words of C in registers:
//     rows ty*TM/2 + i and T/2 + ty*TM/2 + i, columns tx*TN/2 + j and W/2 + tx*TN/2 + j (W = words
//     per tile row). Splitting each thread's rows and columns into two halves T/2 apart makes a
//     warp's 16-byte shared loads of B cover consecutive words: no bank conflicts.
//   - K is walked in chunks of BK = 32, copied global -> shared with cp.async (sm_80+) one or two
//     chunks ahead of the compute (2 or 3 buffers; packed A goes through registers, stored
//     splatted a chunk ahead).
//   - A chunk rows are padded by 4 words (16-byte aligned) so the 2 distinct rows a warp reads
//     land in different banks (packed A at TM = 16 is staged transposed instead, see KMAJOR).
//   - C is read from global once at the start and written once at the end, after every operand
//     load of the block has completed: C may alias A or B (phase 2) as long as no other block
//     reads this tile in the same launch.
//
// Cell traits: Int32 (one cell per 32-bit word) or Packed16 (two 16-bit cells per word; an A
// value is splatted to both halves when its chunk is staged, so the inner loop is one
// __viaddmin_s16x2 per word).
#pragma once
#include "fw.cuh"

namespace minplus {

struct Int32 {
    static constexpr int CELLS_PER_WORD = 1;
    __device__ static __forceinline__ int relax(int c, int a, int b) { return fw_relax(c, a, b); }
    // A operand word for (row, k) from the row's words: the cell itself
    __device__ static __forceinline__ int splat(const int* row, int k) { return row[k]; }
};

struct Packed16 {
    static constexpr int CELLS_PER_WORD = 2;
    __device__ static __forceinline__ int relax(int c, int a, int b)
    {
        return (int)__viaddmin_s16x2((unsigned)a, (unsigned)b, (unsigned)c);
    }
    // cell k of a packed row (low half = even column), copied into both halves
    __device__ static __forceinline__ int splat(const int* row, int k)
    {
        return (int)__byte_perm((unsigned)row[k >> 1], 0u, (k & 1) ? 0x3232u : 0x1010u);
    }
};

__device__ __forceinline__ void copy16_async(void* shared, const void* global)
{
#if __CUDA_ARCH__ >= 800
    const unsigned s = (unsigned)__cvta_generic_to_shared(shared);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(global));
#else
    *(int4*)shared = *(const int4*)global;
#endif
}

__device__ __forceinline__ void commit_async()
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
#endif
}

template <int PENDING>
__device__ __forceinline__ void wait_async()
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;\n" ::"n"(PENDING));
#endif
}

// Which tile (row, column) block (bx, by) of a phase-3 launch updates in round p, by mode (a
// launch may cover some of the rows: by counts from its first):
//   ALL  grid (tiles - 1)^2: every tile outside pivot row and column p;
//   NEXT grid (2 tiles - 3) x 1: the tiles of row and column p + 1 (the next pivot's cross, its
//        pivot included), so the next round can start while the rest of this one runs;
//   REST grid (tiles - 2)^2: every tile outside rows and columns p and p + 1.
enum RestMode { ALL = 0, NEXT = 1, REST = 2 };

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

// Starts copying rows x words words at p (ld words per matrix row) from memory into L2, one
// bulk prefetch per row (sm_90; nothing before it). The copy completes on its own.
__device__ __forceinline__ void prefetch_tile_l2(const int* p, int ld, int rows, int words)
{
#if __CUDA_ARCH__ >= 900
    for (int row = 0; row < rows; ++row)
        asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(p + (size_t)row * ld), "r"(words * 4) : "memory");
#endif
}

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

template <int V> struct Vec;
template <> struct Vec<2> { using type = int2; };
template <> struct Vec<4> { using type = int4; };
template <> struct Vec<8> { struct alignas(16) type { int4 lo, hi; }; };  // two 16-byte accesses

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
template <int H>
__device__ __forceinline__ void load_split(int (&out)[2 * H], const int* line, int halfway, int at)
{
    using V = typename Vec<H>::type;
#pragma unroll
    for (int g = 0; g < 2; ++g) {
        const V v = *(const V*)(line + g * halfway + at);
        const int* e = (const int*)&v;
#pragma unroll
        for (int i = 0; i < H; ++i) out[g * H + i] = e[i];
    }
}

template <class Cell, int TM, int TN>
__device__ __forceinline__ void relax_outer(int (&acc)[TM][TN], const int (&av)[TM], const int (&bv)[TN])
{
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = Cell::relax(acc[i][j], av[i], bv[j]);
}

// Thread (ty, tx)'s TM x TN words of the tile at c (ld words per matrix row) into acc, 16-byte
// loads that bypass L1; and back. Shared by the tile product and dataflow.cuh's pivot closure.
template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void load_cells(int (&acc)[TM][TN], const int* c, int ld, int ty, int tx)
{
    constexpr int W = T / Cell::CELLS_PER_WORD, HN = TN / 2;
    using VecN = typename Vec<HN>::type;
#pragma unroll
    for (int i = 0; i < TM; ++i) {
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            const VecN v = __ldcg((const VecN*)(c + owned_row<T, TM>(ty, i) * ld + h * (W / 2) + tx * HN));
            const int* e = (const int*)&v;
#pragma unroll
            for (int j = 0; j < HN; ++j) acc[i][h * HN + j] = e[j];
        }
    }
}

template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void store_cells(const int (&acc)[TM][TN], int* c, int ld, int ty, int tx)
{
    constexpr int W = T / Cell::CELLS_PER_WORD, HN = TN / 2;
    using VecN = typename Vec<HN>::type;
#pragma unroll
    for (int i = 0; i < TM; ++i) {
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            VecN v;
            int* e = (int*)&v;
#pragma unroll
            for (int j = 0; j < HN; ++j) e[j] = acc[i][h * HN + j];
            *(VecN*)(c + owned_row<T, TM>(ty, i) * ld + h * (W / 2) + tx * HN) = v;
        }
    }
}

// How one chunk of BK k of a tile product sits in shared memory: A (T rows of the C tile, BK
// splatted words a row) then B (BK rows of W words). A rows are padded by 4 words (16-byte
// aligned) so the 2 distinct rows a warp reads land in different banks; packed A at TM = 16
// (packed16's T = 256) is staged transposed instead, k-major (BK rows of AT words), so that a
// thread's TM cells of one k are two runs of HM words: row-major, the compiler holds 4 k of 16
// rows in registers (one 16-byte load a row) and runs out of them.
template <class Cell, int T>
struct Chunk {
    static constexpr int BK = 32;                         // k per chunk
    static constexpr int W = T / Cell::CELLS_PER_WORD;    // words per tile row (C and B)
    static constexpr int AW = BK / Cell::CELLS_PER_WORD;  // words per A chunk row in global memory
    static constexpr int AS = BK + 4;                     // staged A row stride, row-major
    static constexpr int AT = T + 4;                      // staged A row stride, k-major
    static constexpr int STAGE = T * AS + BK * W;         // words a buffer
    static_assert(BK * AT <= T * AS, "transposed A fits the A buffer");
};
template <class Cell, int TM>
constexpr bool k_major_a = Cell::CELLS_PER_WORD == 2 && TM > 8;

// Shared-memory words one block of tile_product<Cell, T, TM, TN, STAGES> needs (STAGES chunk buffers).
template <class Cell, int T, int STAGES = 2>
constexpr int shared_words()
{
    return STAGES * Chunk<Cell, T>::STAGE;
}

// The staging pipeline of a tile product over k = 0 .. kLive - 1 (kLive > 0), A at a and B at b
// (ld words per matrix row): chunk after chunk is copied global -> shared (Chunk) while the one
// before is computed. start() runs once while the first chunks are in flight (the caller loads C
// there); compute(as, bs) once a chunk, with the chunk's staged A and B, every thread.
// STAGES = 2: chunk c + 1 is copied while chunk c is computed, two barriers a chunk (the rounds of
// 07 and 08: 70 KB at T = 128, which fits every GPU from sm_80 on). STAGES = 3: chunk c + 2 is
// copied while chunk c is computed, one barrier a chunk (the buffer a copy overwrites was last
// read two chunks earlier, before this chunk's barrier); 104 KB at T = 128 (dataflow.cuh).
// The caller must barrier before reusing the shared memory (the last chunk ends without one).
template <class Cell, int T, int TM, int TN, int STAGES, class Start, class Compute>
__device__ __forceinline__ void stream_chunks(const int* a, const int* b, int ld, int* shared, int kLive, Start start,
                                              Compute compute)
{
    using L = Chunk<Cell, T>;
    constexpr int BK = L::BK, W = L::W, AW = L::AW, AS = L::AS, AT = L::AT, STAGE = L::STAGE;
    constexpr bool KMAJOR = k_major_a<Cell, TM>;
    constexpr int THREADS = Grid<Cell, T, TM, TN>::THREADS;
    const int tid = threadIdx.x;
    const int chunks = (kLive + BK - 1) / BK;  // chunks with a live k
    static_assert(STAGES == 2 || STAGES == 3, "two or three chunk buffers");

    // This thread's 16-byte copies of a chunk, as offsets fixed for the whole product, so that
    // staging a chunk costs one address add a copy: integer instructions share the pipe with the
    // relaxations. B: BK rows x W words, B_PER_ROW copies a row, thread tid copies row
    // tid / B_PER_ROW + m * B_ROWS of the chunk. Int32 A: T rows x BK words, likewise.
    // (Buffer s: A chunk at shared + s * STAGE, B chunk right after it; pointer arithmetic, not an
    // array of pointers, which a run-time index would put in local memory.)
    constexpr int B_PER_ROW = W / 4, B_ROWS = THREADS / B_PER_ROW, B_COPIES = BK / B_ROWS;
    constexpr int A_PER_ROW = BK / 4, A_ROWS = THREADS / A_PER_ROW, A_COPIES = T / A_ROWS;
    static_assert(BK % B_ROWS == 0 && T % A_ROWS == 0, "copies divide evenly among the threads");
    const int* const bFrom = b + (tid / B_PER_ROW) * ld + (tid % B_PER_ROW) * 4;
    const int bTo = T * AS + (tid / B_PER_ROW) * W + (tid % B_PER_ROW) * 4;
    const int* const aFrom = a + (tid / A_PER_ROW) * ld + (tid % A_PER_ROW) * 4;
    const int aTo = (tid / A_PER_ROW) * AS + (tid % A_PER_ROW) * 4;

    // Stage chunk `chunk` of B, and for int32 of A, into buffer `buf` with cp.async (one commit
    // group per chunk).
    auto stage = [&](int chunk, int buf) {
        int* const to = shared + buf * STAGE;
        const int* const from = bFrom + chunk * BK * ld;
#pragma unroll
        for (int m = 0; m < B_COPIES; ++m) copy16_async(to + bTo + m * B_ROWS * W, from + m * B_ROWS * ld);
        if constexpr (Cell::CELLS_PER_WORD == 1) {
#pragma unroll
            for (int m = 0; m < A_COPIES; ++m) copy16_async(to + aTo + m * A_ROWS * AS, aFrom + m * A_ROWS * ld + chunk * BK);
        }
        commit_async();
    };
    // Packed A: each cell is splatted to a full word, which cp.async cannot do, so A goes through
    // registers: loaded a chunk ahead of its store (the loads fly during a chunk's compute) and
    // stored, splatted, into a buffer nobody reads until the next barrier. Row-major (T = 128): a
    // word a load, A_WORDS of them. k-major (T = 256): 16-byte loads, a thread's A_WORDS words as
    // runs of 4 of one row, one address a run instead of one a word. The 16-byte loads at T = 128
    // cost 4% at n = 1000 for 0.7% at 10000 (kernels/NOTES.md, v9), so T = 128 keeps word loads.
    constexpr int A_WORDS = Cell::CELLS_PER_WORD == 2 ? T * AW / THREADS : 1;  // packed A words per thread
    static_assert(!KMAJOR || A_WORDS % 4 == 0, "k-major A is loaded in runs of 4 words");
    int aAhead[KMAJOR ? 1 : A_WORDS];      // row-major: one word a load
    int4 aRuns[KMAJOR ? A_WORDS / 4 : 1];   // k-major: runs of 4 words
    auto loadA = [&](int chunk) {
        if constexpr (KMAJOR) {
#pragma unroll
            for (int m = 0; m < A_WORDS / 4; ++m) {
                const int q = tid + THREADS * m, r = q / (AW / 4), v = q % (AW / 4);
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
                const int q = tid + THREADS * m, r = q / (AW / 4), v = q % (AW / 4);
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
        if (STAGES == 3 && chunks > 1) loadA(1);
    }
    start();

#pragma unroll 1
    for (int chunk = 0; chunk < chunks; ++chunk) {
        const int buf = chunk % STAGES;
        if constexpr (STAGES == 2) {
            if (chunk + 1 < chunks) {
                stage(chunk + 1, buf ^ 1);
                if constexpr (Cell::CELLS_PER_WORD == 2) loadA(chunk + 1);
                wait_async<1>();  // this thread's copies of `chunk` are done (chunk + 1 may still fly)
            } else {
                wait_async<0>();
            }
            __syncthreads();  // every thread's copies (and packed stores) of `chunk` are visible
        } else {
            if (chunk + 1 < chunks) wait_async<1>();  // groups in flight: chunk and chunk + 1
            else wait_async<0>();
            // every thread's copies (and packed stores) of `chunk` are visible, and every thread
            // has finished chunk - 1, whose buffer the copies of chunk + 2 overwrite
            __syncthreads();
            if (chunk + 2 < chunks) stage(chunk + 2, (chunk + 2) % 3);
            if constexpr (Cell::CELLS_PER_WORD == 2) {
                if (chunk + 1 < chunks) {
                    storeA((chunk + 1) % 3);  // read after the next barrier; buffer last read by chunk - 2
                    if (chunk + 2 < chunks) loadA(chunk + 2);
                }
            }
        }

        const int* as = shared + buf * STAGE;
        compute(as, as + T * AS);
        if constexpr (STAGES == 2) {
            // the other buffer was last read by chunk - 1, before the previous barrier
            if constexpr (Cell::CELLS_PER_WORD == 2) {
                if (chunk + 1 < chunks) storeA(buf ^ 1);
            }
            __syncthreads();  // all reads of this buffer are done before chunk + 2 is staged into it
        }
    }
}

// C (T x T cells at c) = min(C, A (x) B) with A at a, B at b; ld = words per matrix row.
// Needs shared_words<Cell, T, STAGES>() words of dynamic shared memory and Grid<Cell, T, TM, TN>::THREADS
// threads; the chunks are staged by stream_chunks, whose last one ends without a barrier.
//
// Padding (the matrix is padded to whole tiles with isolated vertices, INF off the diagonal): only
// the first kLive k of the product and the first rowsLive rows of C can change anything, so the
// chunks past kLive are not computed, nor by a warp whose rows all lie past rowsLive. At
// n = 10000, T = 128 the padding is 3% of the work. Columns cannot be skipped this way: every warp
// holds columns across the whole tile (tile_product's thin strips below can).
//
// accumulate_product leaves the result in registers (acc, loaded from c while the first chunks
// are in flight) for a caller that goes on with it; tile_product stores it back to c.
template <class Cell, int T, int TM, int TN, int STAGES = 2>
__device__ __forceinline__ void accumulate_product(int (&acc)[TM][TN], const int* c, const int* a, const int* b, int ld,
                                                   int* shared, int kLive = T, int rowsLive = T)
{
    using L = Chunk<Cell, T>;
    constexpr int BK = L::BK, W = L::W, AS = L::AS, AT = L::AT;
    using G = Grid<Cell, T, TM, TN>;
    const int tid = threadIdx.x, ty = G::ty(), tx = G::tx();
    if (kLive <= 0) {                                 // an all-padding pivot tile: nothing to relax through
        load_cells<Cell, T, TM, TN>(acc, c, ld, ty, tx);
        return;
    }
    constexpr int HM = TM / 2, HN = TN / 2;           // half micro-tile
    static_assert(HN == 2 || HN == 4, "B is read as int2 or int4");
    bool liveRows;
    stream_chunks<Cell, T, TM, TN, STAGES>(
        a, b, ld, shared, kLive,
        [&] {
            // whether any of this warp's rows can change (a warp spans 32 / COLUMNS thread rows, so
            // its lowest row is that many times HM times the warp index)
            liveRows = 32 / G::COLUMNS * HM * (tid / 32) < rowsLive;
            // this thread's C words, read while the first chunks are in flight
            load_cells<Cell, T, TM, TN>(acc, c, ld, ty, tx);
        },
        [&](const int* as, const int* bs) {
#pragma unroll
            for (int k = 0; k < BK; ++k) {
                if (!liveRows) break;  // warp-uniform: the whole chunk or nothing
                int av[TM], bv[TN];
                if constexpr (k_major_a<Cell, TM>) {
                    load_split<HM>(av, as + k * AT, T / 2, ty * HM);
                } else {
#pragma unroll
                    for (int i = 0; i < TM; ++i) av[i] = as[owned_row<T, TM>(ty, i) * AS + k];
                }
                load_split<HN>(bv, bs + k * W, W / 2, tx * HN);
                relax_outer<Cell>(acc, av, bv);
            }
        });
}

// Thin tiles: the last tile row and column of a padded matrix may hold few live cells (n = 10000:
// 16 of 256 at T = 256, 16 of 128 at T = 128), and the full product pays a whole tile for them.
// Columns cannot be skipped there, and rows only by whole warps, whose work then falls on one
// scheduler (measured, the 40th tile row and column at n = 10000, T = 256 cost 4% of packed16's
// solve: kernels/NOTES.md, v10). A thin strip is computed by all the threads instead, in a layout
// of its own over the same staged chunks, S strips of 16 rows or 8 words:
//   columns (live words <= 8 S): thread (tid / 8, tid % 8) holds rows (tid / 8) RM ... + RM - 1
//     (RM = T / 32) of words tid % 8 + 8 s: a k is RM A words (k-major A: RM / 4 16-byte loads)
//     and S word loads of B;
//   rows (live rows <= 16 S): thread (tid % 16, tid / 16) holds rows tid % 16 + 16 s of words
//     (tid / 16) RN ... + RN - 1 (RN = W / 16): S word loads of A and two runs of B.
// Cells past the strip's live ones are padding and computed like any other. A strip is used up
// to a quarter of the tile (Thin): wider, the full product's layout does better.
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
__device__ __forceinline__ void thin_columns_product(int* c, const int* a, const int* b, int ld, int* shared, int kLive)
{
    using L = Chunk<Cell, T>;
    constexpr int RM = T / 32;
    static_assert(Grid<Cell, T, TM, TN>::THREADS == 256, "32 x 8 threads");
    const int g = threadIdx.x / 8, w = threadIdx.x % 8;
    int* const at = c + g * RM * ld + w;
    int acc[RM][S];
    stream_chunks<Cell, T, TM, TN, STAGES>(
        a, b, ld, shared, kLive,
        [&] {
#pragma unroll
            for (int i = 0; i < RM; ++i)
#pragma unroll
                for (int s = 0; s < S; ++s) acc[i][s] = __ldcg(at + i * ld + 8 * s);
        },
        [&](const int* as, const int* bs) {
#pragma unroll
            for (int k = 0; k < L::BK; ++k) {
                int av[RM], bv[S];
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
__device__ __forceinline__ void thin_rows_product(int* c, const int* a, const int* b, int ld, int* shared, int kLive)
{
    using L = Chunk<Cell, T>;
    constexpr int RN = L::W / 16, HR = RN / 2;
    using Run = typename Vec<HR>::type;
    static_assert(Grid<Cell, T, TM, TN>::THREADS == 256, "16 x 16 threads");
    const int y = threadIdx.x % 16, x = threadIdx.x / 16;
    int* const at = c + y * ld + x * RN;
    int acc[S][RN];
    stream_chunks<Cell, T, TM, TN, STAGES>(
        a, b, ld, shared, kLive,
        [&] {
#pragma unroll
            for (int s = 0; s < S; ++s)
#pragma unroll
                for (int h = 0; h < 2; ++h) {
                    const Run run = __ldcg((const Run*)(at + 16 * s * ld + h * HR));
#pragma unroll
                    for (int j = 0; j < HR; ++j) acc[s][h * HR + j] = ((const int*)&run)[j];
                }
        },
        [&](const int* as, const int* bs) {
#pragma unroll
            for (int k = 0; k < L::BK; ++k) {
                int av[S], bv[RN];
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
        for (int h = 0; h < 2; ++h) {
            Run run;
#pragma unroll
            for (int j = 0; j < HR; ++j) ((int*)&run)[j] = acc[s][h * HR + j];
            *(Run*)(at + 16 * s * ld + h * HR) = run;
        }
}

// The thin strip of a tile (kLive > 0, rows or columns within Thin's limits), in 1, 2 or 4 strips:
// rows or columns, whichever strip holds fewer cells.
template <class Cell, int T, int TM, int TN, int STAGES>
__device__ __forceinline__ void thin_product(int* c, const int* a, const int* b, int ld, int* shared, int kLive,
                                             int rowsLive, int columnsLive)
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

// C = min(C, A (x) B) stored back to c; rowsLive and columnsLive (cells) mark a thin tile. Thin
// strips for int32 cells and for k-major packed A (packed16's T = 256), not for packed16's T = 128:
// its kernel with them compiled in took 7% longer at n = 1000, where it has no thin tile.
template <class Cell, int T, int TM, int TN, int STAGES = 2>
__device__ __forceinline__ void tile_product(int* c, const int* a, const int* b, int ld, int* shared,
                                             int kLive = T, int rowsLive = T, int columnsLive = T)
{
    if constexpr (Cell::CELLS_PER_WORD == 1 || k_major_a<Cell, TM>) {
        using Th = Thin<Cell, T>;
        if (kLive > 0 && (Th::row_strips(rowsLive) <= Th::MAX_ROW_STRIPS || Th::column_strips(columnsLive) <= Th::MAX_COLUMN_STRIPS)) {
            thin_product<Cell, T, TM, TN, STAGES>(c, a, b, ld, shared, kLive, rowsLive, columnsLive);
            return;
        }
    }
    int acc[TM][TN];
    accumulate_product<Cell, T, TM, TN, STAGES>(acc, c, a, b, ld, shared, kLive, rowsLive);
    store_cells<Cell, T, TM, TN>(acc, c, ld, Grid<Cell, T, TM, TN>::ty(), Grid<Cell, T, TM, TN>::tx());
}

// Closes a pivot tile held in registers as tile_product holds it (thread (ty, tx): TM rows x TN
// words, see Layout): plain Floyd-Warshall over its T cells. Step k relaxes every
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
// Shared memory: 2 T + 2 W words.
template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void close_cells(int (&acc)[TM][TN], int* shared)
{
    using G = Grid<Cell, T, TM, TN>;
    constexpr int CPW = Cell::CELLS_PER_WORD, W = T / CPW;
    constexpr int HM = TM / 2, HN = TN / 2;
    constexpr int PR = HM, PC = HN * CPW;  // steps whose row (column) one thread row (column) owns in a row
    constexpr int P = PR > PC ? PR : PC, Q = T / 2 / P;
    static_assert(P % PR == 0 && P % PC == 0 && P % 2 == 0, "row and column owners advance in one period");
    using VecM = typename Vec<HM>::type;
    using VecN = typename Vec<HN>::type;
    int* const column = shared;       // [2][T]: column k, splatted
    int* const row = shared + 2 * T;  // [2][W]: row k
    const int ty = G::ty(), tx = G::tx();

    // The owners of row and column k = half * T/2 + q * P + m write them into buffer k & 1 = m & 1
    // (half, m: constants after unrolling; rowOwner: ty == q * P / PR + m / PR, columnOwner:
    // tx == q * P / PC + m / PC).
    auto publish = [&](int half, int m, bool rowOwner, bool columnOwner) {
        const int buf = m & 1;
        if (rowOwner) {
#pragma unroll
            for (int h = 0; h < 2; ++h) {
                VecN v;
                int* e = (int*)&v;
#pragma unroll
                for (int j = 0; j < HN; ++j) e[j] = acc[half * HM + m % PR][h * HN + j];
                *(VecN*)(row + buf * W + h * (W / 2) + tx * HN) = v;
            }
        }
        if (columnOwner) {
            const int word = half * HN + m % PC / CPW, cell = m % CPW;
#pragma unroll
            for (int g = 0; g < 2; ++g) {
                VecM v;
                int* e = (int*)&v;
#pragma unroll
                for (int i = 0; i < HM; ++i) {
                    const int c = acc[g * HM + i][word];
                    e[i] = CPW == 1 ? c : (int)__byte_perm((unsigned)c, 0u, cell ? 0x3232u : 0x1010u);
                }
                *(VecM*)(column + buf * T + g * (T / 2) + ty * HM) = v;
            }
        }
    };

    publish(0, 0, ty == 0, tx == 0);
    __syncthreads();
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
                int av[TM], bv[TN];
                load_split<HM>(av, column + buf * T, T / 2, ty * HM);
                load_split<HN>(bv, row + buf * W, W / 2, tx * HN);
                relax_outer<Cell>(acc, av, bv);
                // step k + 1's row and column, into the buffer nobody reads in this step
                if (m + 1 < P) publish(half, m + 1, rowOwner[(m + 1) / PR], columnOwner[(m + 1) / PC]);
                else if (q + 1 < Q) publish(half, 0, rowNext, columnNext);
                else if (half == 0) publish(1, 0, rowNext, columnNext);
                __syncthreads();  // step k + 1 reads what step k published; step k's reads are done
            }
        }
    }
}


}  // namespace minplus
