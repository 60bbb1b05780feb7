// blocked-reg: report 001's second step ("register optimization, fewer shared-memory accesses"),
// on the 3-phase blocked Floyd-Warshall of 02_blocked.cu.
//
// Changes from blocked (same tiles, grids and thread mapping):
//   - Phases 1 and 2 keep each thread's running minimum in a register and need one barrier per
//     step k instead of two. At step k a thread reads row k and column k of the tile being closed
//     and writes its own cell back to shared memory only when it strictly improved. Row k and
//     column k cannot improve at step k (relaxing (k, j) via k adds d(k, k) = 0, and a padded k
//     past n has an all-FW_INF row and column), so during step k no thread writes a cell that any
//     thread reads: the only hazard left is step k's writes against step k + 1's reads, which the
//     one barrier at the end of the step orders. This relies on every diagonal entry being 0
//     (weights >= 0, as the suite requires).
//   - Phase 3 already kept its minimum in a register in blocked (reports 000 and 004 do too), so
//     its step here is the operand loads: the pivot-column operand pivotCols[ty][k..k+3] is read
//     4 k at a time with one 16-byte shared load (the same address across a warp: a broadcast),
//     so shared loads per relaxation drop from 2 to 1.25.
//
// Launch (schema blocked, pivot launched), per round p (nb = ceil(n/32) tiles per side), block
// (32, 32), one thread per cell:
//   phase 1: grid (1, 1)     shared 4 KB  (the pivot tile)
//   phase 2: grid (nb, 2)    shared 8 KB  (pivot tile + own tile); y = 0: pivot row, y = 1: column
//   phase 3: grid (nb, nb)   shared 8 KB  (own tile's pivot-column and pivot-row tiles)
// Registers (ptxas, sm_90): phase 1: 15, phase 2: 20, phase 3: 32; no spills on any target.
// Cells past n are read as FW_INF and never written, so n need not be a multiple of 32.
#include "fwbench.cuh"

FW_VARIANT("schema=blocked tile=32 block=32x32 "
           "kernels=fw_blocked_reg_phase1,fw_blocked_reg_phase2,fw_blocked_reg_phase3");

#define TILE 32

extern "C" __global__ void __launch_bounds__(TILE * TILE) fw_blocked_reg_phase1(int* d, int n, int p)
{
    __shared__ int tile[TILE][TILE];
    const int ty = threadIdx.y, tx = threadIdx.x;
    const int i = p * TILE + ty, j = p * TILE + tx;
    const bool inside = i < n && j < n;
    int best = inside ? d[i * n + j] : FW_INF;
    tile[ty][tx] = best;
    __syncthreads();  // the whole pivot tile is loaded before step 0 reads row 0 and column 0

#pragma unroll
    for (int k = 0; k < TILE; ++k) {
        // row k and column k do not change during step k (zero diagonal): no barrier before the write
        const int candidate = tile[ty][k] + tile[k][tx];
        if (candidate < best) {
            best = candidate;
            tile[ty][tx] = best;
        }
        __syncthreads();  // step k's writes are visible before step k + 1 reads row and column k + 1
    }
    if (inside) d[i * n + j] = best;
}

extern "C" __global__ void __launch_bounds__(TILE * TILE) fw_blocked_reg_phase2(int* d, int n, int p)
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
        // d[i][j] via k: the pivot's row i (fixed), then the own tile's row k, which does not
        // change at step k (pivot[k][k] = 0, or FW_INF with an all-FW_INF row k when k is past n)
#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            const int candidate = pivot[ty][k] + own[k][tx];
            if (candidate < best) {
                best = candidate;
                own[ty][tx] = best;
            }
            __syncthreads();  // step k's writes are visible before step k + 1 reads own row k + 1
        }
    } else {
        // d[i][j] via k: the own tile's column k (unchanged at step k, as above), then the pivot's row k
#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            const int candidate = own[ty][k] + pivot[k][tx];
            if (candidate < best) {
                best = candidate;
                own[ty][tx] = best;
            }
            __syncthreads();  // step k's writes are visible before step k + 1 reads own column k + 1
        }
    }
    if (inside) d[i * n + j] = best;
}

extern "C" __global__ void __launch_bounds__(TILE * TILE) fw_blocked_reg_phase3(int* d, int n, int p)
{
    if (blockIdx.x == p || blockIdx.y == p) return;  // pivot row and column were done in phase 2
    __shared__ int pivotRows[TILE][TILE];                // tile (p, x): the pivot rows over this tile's columns
    __shared__ __align__(16) int pivotCols[TILE][TILE];  // tile (y, p): 16-byte aligned for the int4 loads
    const int ty = threadIdx.y, tx = threadIdx.x;
    const int i = blockIdx.y * TILE + ty, j = blockIdx.x * TILE + tx;
    const int pi = p * TILE + ty, pj = p * TILE + tx;
    pivotRows[ty][tx] = (pi < n && j < n) ? d[pi * n + j] : FW_INF;
    pivotCols[ty][tx] = (i < n && pj < n) ? d[i * n + pj] : FW_INF;
    const bool inside = i < n && j < n;
    int best = inside ? d[i * n + j] : FW_INF;
    __syncthreads();  // both operand tiles loaded; neither changes in this phase

    if (inside) {
#pragma unroll
        for (int k = 0; k < TILE; k += 4) {
            // one 16-byte load gives this row's 4 pivot-column operands (row ty is 128 bytes, k % 4 == 0)
            const int4 c = *reinterpret_cast<const int4*>(&pivotCols[ty][k]);
            best = fw_relax(best, c.x, pivotRows[k][tx]);
            best = fw_relax(best, c.y, pivotRows[k + 1][tx]);
            best = fw_relax(best, c.z, pivotRows[k + 2][tx]);
            best = fw_relax(best, c.w, pivotRows[k + 3][tx]);
        }
        d[i * n + j] = best;
    }
}
