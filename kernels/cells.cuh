// The cell types of the tile kernels (kleene, dataflow, packed16, kleene-paths, kleene-f32,
// kleene-packed16): Int32, one distance a 32-bit word; Packed16, two 16-bit distances a word (low
// half = even column); Packed16Lanes, one 16-bit distance in two lanes of a word (kleene-packed16);
// Routes, an int32 distance that carries in its low bits which k of the current product improved
// it; Float32, one float distance a word; Int64 and Float64, one 64-bit distance a 64-bit word.
// Every minplus header is a template over one of them; a cell type says what a word is (Word: int,
// or long long for the 64-bit cells, whose headers then stage, load and store 64-bit words), how to relax a word, how to
// splat an A operand, and what the operands of step k of a pivot tile are (operand, operand_a), so
// the tile product's inner loop stays one add-min instruction a word for all three. LOOP_WORDS: the
// words a thread relaxes in one body of the product's loop (tile_product.cuh): the one-instruction
// cells unroll a whole chunk; the cells of two to six instructions a word would unroll into 68 to
// 200 KB of code, past what the SMs' instruction caches hold, so their loop body is a few k steps.
#pragma once
#include <type_traits>

#include "fw.cuh"

namespace minplus {

// LOOP_WORDS of the cells of one instruction a word: every chunk of a product unrolled whole.
constexpr int WHOLE_CHUNK = 1 << 20;

struct Int32 {
    using Word = int;
    static constexpr int CELLS_PER_WORD = 1;
    static constexpr int LOOP_WORDS = WHOLE_CHUNK;
    __device__ static __forceinline__ int relax(int c, int a, int b) { return fw_relax(c, a, b); }
    // A operand word for (row, k) from the row's words: the cell itself
    __device__ static __forceinline__ int splat(const int* row, int k) { return row[k]; }
    // Step k's operands (k: index in the pivot tile): operand(word) makes any word a B operand
    // (and a stored word), operand_a(operand(word), k) an A operand. Here both are the word itself.
    __device__ static __forceinline__ int operand(int word) { return word; }
    __device__ static __forceinline__ int operand_a(int operand, int) { return operand; }
};

// A route key: distance << BITS | mark, where mark = 1 + the k of the current product (a pivot
// tile's, or a group's tiles side by side) whose relaxation last strictly improved the cell, 0 if
// none has yet; no path is the distance INF. Two layouts (10_kleene_paths.cu): FW_ROUTE_BITS for
// rounds one by one, FW_GROUPED_ROUTE_BITS, whose marks name a group's G T k, for rounds in groups.
// Stored keys have mark 0 (the kernel records a mark into the intermediate-node matrix and clears it
// before storing), so a staged word is an operand as it is, and A (x) B needs only A's operand of step
// k raised by k + 1: min(c, a + b) over keys then picks the least distance and, among equal
// distances, the least mark, and a tie with c keeps c, whose mark is 0 or an earlier k's. That is
// "the first k that strictly improves", as a sequential relaxation with `if (a + b < c)` would
// record it, in the one add-min instruction of Int32. The rebuilt routes terminate (the proof:
// kernels/NOTES.md, kleene-paths).
template <int BITS_, int INF_>
struct Routes {
    using Word = int;
    static constexpr int CELLS_PER_WORD = 1;
    static constexpr int LOOP_WORDS = WHOLE_CHUNK;
    static constexpr int BITS = BITS_;
    static constexpr int INF = INF_;               // the no-path distance: two INF keys and a mark fit an int
    static constexpr int MARK = (1 << BITS) - 1;   // the mark's bits
    static_assert((2LL * INF << BITS) + MARK <= 0x7FFFFFFF, "two keys of INF and a mark fit an int");
    __device__ static __forceinline__ int relax(int c, int a, int b) { return fw_relax(c, a, b); }
    __device__ static __forceinline__ int splat(const int* row, int k) { return row[k]; }
    __device__ static __forceinline__ int operand(int word) { return word & ~MARK; }
    __device__ static __forceinline__ int operand_a(int operand, int k) { return operand + k + 1; }
};

template <class Cell>
constexpr bool is_routes = false;
template <int BITS, int INF>
constexpr bool is_routes<Routes<BITS, INF>> = true;

// Cells whose A operand of step k is not the staged word itself (operand_a adds): the tile product's
// staging raises a chunk's A words in shared memory once (chunk_staging.cuh), so its inner loop
// reads operands as they are; the closure raises its own (pivot_closure.cuh).
template <class Cell>
constexpr bool raises_staged_a = is_routes<Cell>;

// One float32 distance a word, moved as its bits (every header stages and stores ints); no path is
// +infinity, which stays infinite under addition of finite and infinite distances. fminf(c, a + b)
// is two instructions (FADD, FMNMX) where Int32's add-min is one; a product's relax_pair is three for
// two k steps.
struct Float32 {
    using Word = int;
    static constexpr int CELLS_PER_WORD = 1;
    // 16 k steps at 8 x 8 words (kernels/NOTES.md, kleene-f32)
    static constexpr int LOOP_WORDS = 1024;
    __device__ static __forceinline__ float sum(int a, int b) { return __int_as_float(a) + __int_as_float(b); }
    __device__ static __forceinline__ int relax(int c, int a, int b) { return __float_as_int(fminf(__int_as_float(c), sum(a, b))); }
    // Two k steps of a product at once: both sums, then one three-way minimum of the bits as ints
    // (VIMNMX3 on sm_90), three instructions where two relax() are four. Exact because no distance
    // is negative (the solver refuses negative weights, and a graph's -0 is stored as +0): floats
    // >= 0 and +infinity order as their bits do, and every sum is the same FADD as relax()'s.
    __device__ static __forceinline__ int relax_pair(int c, int a0, int b0, int a1, int b1)
    {
        return __vimin3_s32(c, __float_as_int(sum(a0, b0)), __float_as_int(sum(a1, b1)));
    }
    __device__ static __forceinline__ int splat(const int* row, int k) { return row[k]; }
    __device__ static __forceinline__ int operand(int word) { return word; }
    __device__ static __forceinline__ int operand_a(int operand, int) { return operand; }
};

// k steps a relaxation of a product's inner loop (tile_product.cuh): 2 for cells with relax_pair,
// whose products relax steps k and k + 1 of a chunk together (a product's operands are fixed, so
// the order of its k does not matter); the closure's steps depend on each other and stay one by one.
// Below sm_90 the three-way minimum is two instructions, no fewer than fminf's, and the pairs only
// added spills (sm_80's phase 3 at T = 128): Float32 pairs its steps on sm_90 and later.
template <class Cell>
constexpr int steps_a_relaxation = 1;
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
template <>
constexpr int steps_a_relaxation<Float32> = 2;
#endif

// One int64 distance a 64-bit word (kleene-i64, 15_kleene_i64.cu): min(c, a + b), no path INF64, a
// quarter of the range as FW_INF is of int32's, so INF64 + INF64 cannot overflow. sm_90 has no
// 64-bit integer add or min: six instructions a cell (15_kleene_i64.cu).
struct Int64 {
    using Word = long long;
    static constexpr int CELLS_PER_WORD = 1;
    // 8 k steps at 8 x 8 words (kernels/LOG.md, Loop bodies of a few k steps)
    static constexpr int LOOP_WORDS = 512;
    static constexpr long long INF64 = 0x3FFFFFFFFFFFFFFFLL;
    __device__ static __forceinline__ long long relax(long long c, long long a, long long b) { return min(c, a + b); }
    __device__ static __forceinline__ long long operand(long long word) { return word; }
    __device__ static __forceinline__ long long operand_a(long long operand, int) { return operand; }
};

// One float64 distance a 64-bit word, moved as its bits like Float32's (kleene-f64,
// 16_kleene_f64.cu); no path is +infinity. min(c, a + b) as a compare and a select: fmin's NaN
// handling (no NaN arises: no -infinity) doubled the instructions a cell on sm_90 (16_kleene_f64.cu).
struct Float64 {
    using Word = long long;
    static constexpr int CELLS_PER_WORD = 1;
    // 16 k steps at 8 x 8 words (kernels/LOG.md, Loop bodies of a few k steps)
    static constexpr int LOOP_WORDS = 1024;
    __device__ static __forceinline__ long long relax(long long c, long long a, long long b)
    {
        const double s = __longlong_as_double(a) + __longlong_as_double(b);
        return s < __longlong_as_double(c) ? __double_as_longlong(s) : c;
    }
    __device__ static __forceinline__ long long operand(long long word) { return word; }
    __device__ static __forceinline__ long long operand_a(long long operand, int) { return operand; }
};

struct Packed16 {
    using Word = int;
    static constexpr int CELLS_PER_WORD = 2;
    static constexpr int LOOP_WORDS = WHOLE_CHUNK;
    __device__ static __forceinline__ int relax(int c, int a, int b)
    {
        return (int)__viaddmin_s16x2((unsigned)a, (unsigned)b, (unsigned)c);
    }
    // cell k of a packed row (low half = even column), copied into both halves
    __device__ static __forceinline__ int splat(const int* row, int k)
    {
        return (int)__byte_perm((unsigned)row[k >> 1], 0u, (k & 1) ? 0x3232u : 0x1010u);
    }
    __device__ static __forceinline__ int operand(int word) { return word; }
    __device__ static __forceinline__ int operand_a(int operand, int) { return operand; }
    // Two int32 distances (FW_INF: none) as a packed word, low half first; FW_INF becomes FW_INF16.
    __device__ static __forceinline__ int pack(int low, int high) { return (min(low, FW_INF16) & 0xFFFF) | (min(high, FW_INF16) << 16); }
    // Half h (0: low) of a packed word as an int32 distance; FW_INF16 becomes FW_INF.
    __device__ static __forceinline__ int unpack(int word, int h)
    {
        const int cell = h ? word >> 16 : (short)(word & 0xFFFF);  // sign-extended
        return cell >= FW_INF16 ? FW_INF : cell;
    }
    // Row-packed word (i, w) of src (ld16 words a row) into int32 cells (i, 2 w) and (i, 2 w + 1) of
    // dst (ld32 ints a row): one thread's part of packed16's and kleene-packed16's unpack kernels.
    __device__ static __forceinline__ void unpack_word(const int* src, int ld16, int* dst, int ld32, int i, int w)
    {
        const int pair = *fw_cell(src, ld16, i, w);
        int* const to = fw_cell(dst, ld32, i, 2 * w);
        to[0] = unpack(pair, 0);
        to[1] = unpack(pair, 1);
    }
};

// kleene-packed16 (kleene_packed16.cuh): an accumulator word holds one cell twice, in two 16-bit
// lanes, the low lane its minimum through the product's even k, the high lane through its odd k. An A
// operand word is then a word of the row-packed matrix as stored (cells k and k + 1 of a row), a B
// operand word one of its column-packed copy (rows k and k + 1 of a column), so the tile product
// stages both with cp.async and relaxes two cells a __viaddmin_s16x2 with neither splatted (Packed16
// splats A through registers). The tile machinery sees one cell a word (CELLS_PER_WORD) and a product
// over K / 2 words; the lanes meet when a tile is stored (kleene_packed16.cuh) or closed, which
// relaxes words whose two lanes are equal.
struct Packed16Lanes {
    using Word = int;
    static constexpr int CELLS_PER_WORD = 1;
    static constexpr int LOOP_WORDS = WHOLE_CHUNK;
    __device__ static __forceinline__ int relax(int c, int a, int b) { return Packed16::relax(c, a, b); }
    __device__ static __forceinline__ int operand(int word) { return word; }
    __device__ static __forceinline__ int operand_a(int operand, int) { return operand; }
    // both lanes = the lesser of the two
    __device__ static __forceinline__ int meet(int word) { return (int)__vmins2((unsigned)word, __byte_perm((unsigned)word, 0u, 0x1032u)); }
};

}  // namespace minplus
