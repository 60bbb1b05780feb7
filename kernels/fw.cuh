// Shared definitions for every Floyd-Warshall kernel of the suite: the constants shared with Java
// (fw_constants.cuh) and the relaxation.
#pragma once
#include "fw_constants.cuh"

// FW_INF, the distance of an absent edge: 2 * FW_INF = 2^31 - 2 still fits in an int32, so the sum
// of two stored distances never overflows, and min(c, a + b) with a, b, c <= FW_INF stays <= FW_INF:
// INF behaves as "no path" without a special case.
//
// Matrices are row-major n x n int32, padded to ld >= n columns (and rows) by tiled variants, with
// ld <= FW_MAX_N, so a cell index i * ld + j fits in an int.

// One relaxation, c = min(c, a + b). On sm_90 nvcc fuses this into a single VIADDMNMX.
__device__ __forceinline__ int fw_relax(int c, int a, int b) { return min(c, a + b); }
