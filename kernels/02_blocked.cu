// blocked: the 3-phase shared-memory blocked Floyd-Warshall of Katz & Kider (2008) and Lund & Smith,
// as written in reports 000 (stage1..3) and 004 (selfKernel, crossKernel, globalKernel).
//
// Changes from naive: the matrix is cut into 32x32 tiles and the n launches become ceil(n/32)
// rounds of three launches. In round p the pivot tile (p, p) is closed first (phase 1), then the
// tiles of pivot row p and pivot column p (phase 2), then every other tile (phase 3); each phase
// reads its operand tiles into shared memory once and runs the 32 steps of k from there.
//
// Launch (schema blocked, pivot launched), per round p (nb = ceil(n/32) tiles per side), block
// (32, 32), one thread per cell:
//   phase 1: grid (1, 1)     shared 4 KB  (the pivot tile)
//   phase 2: grid (nb, 2)    shared 8 KB  (pivot tile + own tile); y = 0: pivot row, y = 1: column;
//                            the block whose x is p returns (as in both reports)
//   phase 3: grid (nb, nb)   shared 8 KB  (own tile's pivot-column and pivot-row tiles); blocks in
//                            the pivot row or column return
// Registers (ptxas, sm_90): phase 1: 12, phase 2: 16, phase 3: 32; no spills on any target.
// Cells past n are read as FW_INF and never written, so n need not be a multiple of 32.
// Phase 3 keeps the running minimum in a register (both reports do); phases 1 and 2 keep the
// tile in shared memory and use two barriers per step, as report 004 does (report 000 omits them,
// which is a race that compute-sanitizer's racecheck reports).
#include "fwbench.cuh"

FW_VARIANT("schema=blocked tile=32 block=32x32 "
           "kernels=fw_blocked_phase1,fw_blocked_phase2,fw_blocked_phase3");

#define TILE 32

extern "C" __global__ void fw_blocked_phase1(int* d, int n, int p)
{
    __shared__ int tile[TILE][TILE];
    const int ty = threadIdx.y, tx = threadIdx.x;
    const int i = p * TILE + ty, j = p * TILE + tx;
    tile[ty][tx] = (i < n && j < n) ? d[i * n + j] : FW_INF;
    __syncthreads();  // the whole pivot tile is loaded before step 0 reads row 0 and column 0

#pragma unroll
    for (int k = 0; k < TILE; ++k) {
        const int candidate = tile[ty][k] + tile[k][tx];
        __syncthreads();  // every thread has read step k's operands before any cell changes
        if (candidate < tile[ty][tx]) tile[ty][tx] = candidate;
        __syncthreads();  // step k's updates are visible before step k + 1 reads them
    }
    if (i < n && j < n) d[i * n + j] = tile[ty][tx];
}

extern "C" __global__ void fw_blocked_phase2(int* d, int n, int p)
{
    if (blockIdx.x == p) return;  // the pivot tile itself was closed in phase 1
    __shared__ int pivot[TILE][TILE];
    __shared__ int own[TILE][TILE];
    const int ty = threadIdx.y, tx = threadIdx.x;
    const bool pivotRow = blockIdx.y == 0;

    int i = p * TILE + ty, j = p * TILE + tx;
    pivot[ty][tx] = (i < n && j < n) ? d[i * n + j] : FW_INF;
    if (pivotRow) j = blockIdx.x * TILE + tx;  // tile (p, x): rows of the pivot, columns of x
    else          i = blockIdx.x * TILE + ty;  // tile (x, p): rows of x, columns of the pivot
    const bool inside = i < n && j < n;
    int best = inside ? d[i * n + j] : FW_INF;
    own[ty][tx] = best;
    __syncthreads();  // both tiles loaded

    if (pivotRow) {
        // d[i][j] via k: the pivot tile's row i, then the own tile's row k (which changes)
#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            best = fw_relax(best, pivot[ty][k], own[k][tx]);
            __syncthreads();  // all reads of step k are done before own[][] changes
            own[ty][tx] = best;
            __syncthreads();  // step k's updates are visible to step k + 1
        }
    } else {
        // d[i][j] via k: the own tile's column k (which changes), then the pivot tile's row k
#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            best = fw_relax(best, own[ty][k], pivot[k][tx]);
            __syncthreads();
            own[ty][tx] = best;
            __syncthreads();
        }
    }
    if (inside) d[i * n + j] = best;
}

extern "C" __global__ void fw_blocked_phase3(int* d, int n, int p)
{
    if (blockIdx.x == p || blockIdx.y == p) return;  // pivot row and column were done in phase 2
    __shared__ int pivotRows[TILE][TILE];  // tile (p, x): the pivot rows over this tile's columns
    __shared__ int pivotCols[TILE][TILE];  // tile (y, p): this tile's rows over the pivot columns
    const int ty = threadIdx.y, tx = threadIdx.x;
    const int i = blockIdx.y * TILE + ty, j = blockIdx.x * TILE + tx;
    const int pi = p * TILE + ty, pj = p * TILE + tx;
    pivotRows[ty][tx] = (pi < n && j < n) ? d[pi * n + j] : FW_INF;
    pivotCols[ty][tx] = (i < n && pj < n) ? d[i * n + pj] : FW_INF;
    __syncthreads();  // both operand tiles loaded; neither changes in this phase

    if (i < n && j < n) {
        int best = d[i * n + j];
#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            best = fw_relax(best, pivotCols[ty][k], pivotRows[k][tx]);
        }
        d[i * n + j] = best;
    }
}
