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
//     (sm_80+) while chunk c is computed, double-buffered.
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

    // Stage chunk `chunk` of A (T rows x BK cells) and B (BK rows x W words) into buffer `buf`.
    auto stage = [&](int chunk, int buf) {
        // B: BK rows of W words, 16 bytes per copy
        constexpr int B_COPIES = BK * W / 4;
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
        } else {
            // packed: each A cell is splatted to a full word, so A goes through registers
            for (int q = tid; q < T * AW; q += 256) {
                const int r = q / AW, w = q % AW;
                const unsigned pair = (unsigned)a[r * ld + chunk * AW + w];
                (shared + buf * STAGE)[r * AS + 2 * w] = (int)__byte_perm(pair, 0u, 0x1010u);
                (shared + buf * STAGE)[r * AS + 2 * w + 1] = (int)__byte_perm(pair, 0u, 0x3232u);
            }
        }
        commit_async();
    };

    stage(0, 0);

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
