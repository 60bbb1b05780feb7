// The register-tiled min-plus tile product shared by the kleene and packed16 variants:
// C = min(C, A (x) B) for one T x T tile of C, K = T, with A and B T x T tiles of the same
// (padded, row-major) matrix. The Floyd-Warshall rounds in 07_kleene.cu and 08_packed16.cu call it
// for phase 2 (C aliases A or B) and phase 3.
//
// Layout (like a register-blocked SGEMM):
//   - 256 threads as a 16 x 16 grid; thread (ty, tx) owns TM x TN words of C in registers:
//     rows ty*TM/2 + i and T/2 + ty*TM/2 + i, columns tx*TN/2 + j and W/2 + tx*TN/2 + j (W = words
//     per tile row). Splitting each thread's rows and columns into two halves T/2 apart makes a
//     warp's 16-byte shared loads of B cover consecutive words: no bank conflicts.
//   - K is walked in chunks of BK = 32: chunk c + 1 is copied global -> shared with cp.async
//     (sm_80+) while chunk c is computed, double-buffered (packed A: loaded into registers while
//     chunk c is computed, stored splatted after it).
//   - A chunk rows are padded by 4 words (16-byte aligned) so the 2 distinct rows a warp reads
//     land in different banks.
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

// Which tile (row, column) block `block` of a phase-3 launch updates in round p, by mode:
//   ALL  grid (tiles - 1)^2: every tile outside pivot row and column p;
//   NEXT grid (2 tiles - 3) x 1: the tiles of row and column p + 1 (the next pivot's cross, its
//        pivot included), so the next round can start while the rest of this one runs;
//   REST grid (tiles - 2)^2: every tile outside rows and columns p and p + 1.
enum RestMode { ALL = 0, NEXT = 1, REST = 2 };

__device__ __forceinline__ int2 rest_tile(int mode, int p, int tiles)
{
    const int bx = blockIdx.x, by = blockIdx.y;
    if (mode == NEXT) {
        if (bx < tiles - 1) return make_int2(p + 1, bx + (bx >= p));  // row p + 1, skipping column p
        const int c = bx - (tiles - 1);                                  // column p + 1, skipping rows p, p + 1
        return make_int2(c < p ? c : c + 2, p + 1);
    }
    if (mode == REST) return make_int2(by < p ? by : by + 2, bx < p ? bx : bx + 2);
    return make_int2(by + (by >= p), bx + (bx >= p));
}

template <int V> struct Vec;
template <> struct Vec<2> { using type = int2; };
template <> struct Vec<4> { using type = int4; };

// Shared-memory words one block of tile_product<Cell, T, TM, TN> needs (two chunk buffers).
template <class Cell, int T>
constexpr int shared_words()
{
    constexpr int BK = 32, W = T / Cell::CELLS_PER_WORD;
    return 2 * (T * (BK + 4) + BK * W);
}

// C (T x T cells at c) = min(C, A (x) B) with A at a, B at b; ld = words per matrix row.
// Needs shared_words<Cell, T>() words of dynamic shared memory and 256 threads.
template <class Cell, int T, int TM, int TN>
__device__ __forceinline__ void tile_product(int* c, const int* a, const int* b, int ld, int* shared)
{
    constexpr int BK = 32;                           // k per chunk
    constexpr int W = T / Cell::CELLS_PER_WORD;       // words per tile row (C and B)
    constexpr int AW = BK / Cell::CELLS_PER_WORD;     // words per A chunk row in global memory
    constexpr int AS = BK + 4;                        // staged A row stride (splatted words)
    constexpr int CHUNKS = T / BK;
    constexpr int HM = TM / 2, HN = TN / 2;           // half micro-tile
    static_assert(16 * TM == T && 16 * TN == W, "a 16 x 16 thread grid covers the tile");
    static_assert(HN == 2 || HN == 4, "B is read as int2 or int4");
    using VecN = typename Vec<HN>::type;

    // buffer b: A chunk at shared + b * STAGE, B chunk right after it (pointer arithmetic, not an
    // array of pointers, which a run-time index would put in local memory)
    constexpr int STAGE = T * AS + BK * W;
    const int tid = threadIdx.x, ty = tid / 16, tx = tid % 16;

    // Stage chunk `chunk` of B (BK rows x W words), and for int32 of A (T rows x BK cells), into
    // buffer `buf` with cp.async (one commit group per chunk).
    auto stage = [&](int chunk, int buf) {
        constexpr int B_COPIES = BK * W / 4;  // 16 bytes per copy
        for (int q = tid; q < B_COPIES; q += 256) {
            const int r = q / (W / 4), w = (q % (W / 4)) * 4;
            copy16_async(shared + buf * STAGE + T * AS + r * W + w, b + (chunk * BK + r) * ld + w);
        }
        if constexpr (Cell::CELLS_PER_WORD == 1) {
            constexpr int A_COPIES = T * BK / 4;
            for (int q = tid; q < A_COPIES; q += 256) {
                const int r = q / (BK / 4), w = (q % (BK / 4)) * 4;
                copy16_async(shared + buf * STAGE + r * AS + w, a + r * ld + chunk * BK + w);
            }
        }
        commit_async();
    };
    // Packed A: each cell is splatted to a full word, which cp.async cannot do, so A goes through
    // registers: loaded one chunk ahead (the loads fly during the compute of the current chunk)
    // and stored, splatted, after it.
    constexpr int A_WORDS = Cell::CELLS_PER_WORD == 2 ? T * AW / 256 : 1;  // packed A words per thread
    int aAhead[A_WORDS];
    auto loadA = [&](int chunk) {
#pragma unroll
        for (int m = 0; m < A_WORDS; ++m) {
            const int q = tid + 256 * m, r = q / AW, w = q % AW;
            aAhead[m] = a[r * ld + chunk * AW + w];
        }
    };
    auto storeA = [&](int buf) {
#pragma unroll
        for (int m = 0; m < A_WORDS; ++m) {
            const int q = tid + 256 * m, r = q / AW, w = q % AW;
            (shared + buf * STAGE)[r * AS + 2 * w] = (int)__byte_perm((unsigned)aAhead[m], 0u, 0x1010u);
            (shared + buf * STAGE)[r * AS + 2 * w + 1] = (int)__byte_perm((unsigned)aAhead[m], 0u, 0x3232u);
        }
    };

    stage(0, 0);
    if constexpr (Cell::CELLS_PER_WORD == 2) {
        loadA(0);
        storeA(0);
    }

    // this thread's C words, read while chunk 0 is in flight
    int acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int row = (i < HM ? 0 : T / 2) + ty * HM + (i % HM);
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            const VecN v = *(const VecN*)(c + row * ld + h * (W / 2) + tx * HN);
            const int* e = (const int*)&v;
#pragma unroll
            for (int j = 0; j < HN; ++j) acc[i][h * HN + j] = e[j];
        }
    }

#pragma unroll 1
    for (int chunk = 0; chunk < CHUNKS; ++chunk) {
        const int buf = chunk & 1;
        if (chunk + 1 < CHUNKS) {
            stage(chunk + 1, buf ^ 1);
            if constexpr (Cell::CELLS_PER_WORD == 2) loadA(chunk + 1);
            wait_async<1>();  // this thread's copies of `chunk` are done (chunk + 1 may still fly)
        } else {
            wait_async<0>();
        }
        __syncthreads();  // every thread's copies (and packed stores) of `chunk` are visible

        const int* as = shared + buf * STAGE;
        const int* bs = as + T * AS;
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            int av[TM], bv[TN];
#pragma unroll
            for (int i = 0; i < TM; ++i) {
                av[i] = as[((i < HM ? 0 : T / 2) + ty * HM + (i % HM)) * AS + k];
            }
#pragma unroll
            for (int h = 0; h < 2; ++h) {
                const VecN v = *(const VecN*)(bs + k * W + h * (W / 2) + tx * HN);
                const int* e = (const int*)&v;
#pragma unroll
                for (int j = 0; j < HN; ++j) bv[h * HN + j] = e[j];
            }
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] = Cell::relax(acc[i][j], av[i], bv[j]);
        }
        // the other buffer was last read by chunk - 1, before the previous barrier
        if constexpr (Cell::CELLS_PER_WORD == 2) {
            if (chunk + 1 < CHUNKS) storeA(buf ^ 1);
        }
        __syncthreads();  // all reads of this buffer are done before chunk + 2 is staged into it
    }

#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int row = (i < HM ? 0 : T / 2) + ty * HM + (i % HM);
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            VecN v;
            int* e = (int*)&v;
#pragma unroll
            for (int j = 0; j < HN; ++j) e[j] = acc[i][h * HN + j];
            *(VecN*)(c + row * ld + h * (W / 2) + tx * HN) = v;
        }
    }
}

}  // namespace minplus
