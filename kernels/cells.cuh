// The cell types of the tile kernels (kleene, dataflow, packed16): Int32, one distance a 32-bit
// word, and Packed16, two 16-bit distances a word (low half = even column). Every minplus header
// is a template over one of them; a cell type says how to relax a word and how to splat an A
// operand, so the tile product's inner loop stays one instruction a word for both.
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

}  // namespace minplus
