// Shared definitions for every Floyd-Warshall kernel of the suite: the constants shared with Java
// (fw_constants.cuh) and the relaxation.
#pragma once
#include "fw_constants.cuh"

// FW_INF, the distance of an absent edge: 2 * FW_INF = 2^31 - 2 still fits in an int32, so the sum
// of two stored distances never overflows, and min(c, a + b) with a, b, c <= FW_INF stays <= FW_INF:
// INF behaves as "no path" without a special case.
//
// Matrices are row-major n x n int32, padded to ld >= n columns (and rows) by tiled variants.
// Indexing: 01..06 index a cell with an int, i * ld + j, so their n stops at FW_INT_INDEX_MAX_N.
// The tile kernels (07..12) and graph.cu take a matrix past 2^31 cells: a tile's base pointer, or
// an element-wise kernel's cell, is computed once in 64 bits (fw_cell); offsets inside a tile (at
// most T rows of ld words, T <= 256) stay 32-bit, so the inner loops keep their int arithmetic.

// One relaxation, c = min(c, a + b). On sm_90 nvcc fuses this into a single VIADDMNMX.
__device__ __forceinline__ int fw_relax(int c, int a, int b) { return min(c, a + b); }

// Cell (row, column) of a matrix with ld words a row, its offset computed in 64 bits; WIDE = false
// keeps it in 32 bits, for a kernel instance that only runs where ld * ld < 2^31 (dataflow's small
// items were slower with 64-bit offsets: kernels/NOTES.md, 64-bit cell offsets). Word: the matrix's
// word (int, const int; long long for the 64-bit cells).
template <bool WIDE = true, class Word>
__device__ __forceinline__ Word* fw_cell(Word* d, int ld, int row, int column)
{
    return WIDE ? d + ((long long)row * ld + column) : d + row * ld + column;
}
