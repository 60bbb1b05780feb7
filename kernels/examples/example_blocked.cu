// example_blocked: a kernel file to start from. The 3-phase blocked Floyd-Warshall with 32x32
// tiles, one thread per cell, written to be read; the suite runs it by its descriptor below.
//
// The matrix is cut into nb x nb tiles of 32x32 cells (nb = ceil(n/32)). Round p of nb rounds
// runs the 32 steps of k that lie in tile p, k = 32p .. 32p + 31, for every cell:
//   phase 1: close the pivot tile (p, p): after it, the tile holds the shortest paths between its
//            vertices through vertices of tile p.
//   phase 2: the tiles of pivot row p, (p, t), and of pivot column p, (t, p): each needs only the
//            closed pivot tile and itself.
//   phase 3: every other tile (I, J): d[i][j] = min over k of d[i][k] + d[k][j], with d[i][k] in
//            tile (I, p) and d[k][j] in tile (p, J), both final after phase 2, so the 32 steps
//            need no order and no barrier.
//
// Launch (schema blocked, pivot skipped), per round p, block (32, 32), thread (tx, ty) owns the cell
// in row ty, column tx of its tile:
//   phase 1: grid (1, 1)
//   phase 2: grid (nb - 1, 2): y = 0 the pivot row's tiles, y = 1 the pivot column's
//   phase 3: grid (nb - 1, nb - 1)
// pivot=skipped: the suite launches one block fewer per side and each kernel steps over the pivot
// (block index b becomes tile b + (b >= p)), so no block starts only to return; with nb = 1 the
// suite launches phase 1 alone.
// Cells past n (the last tiles of a side may be partial) are read as FW_INF and never written: an
// FW_INF operand never improves a cell, so they change nothing.
//
// Phases 1 and 2 change the tile they read, so a step must not read a cell that the same step
// writes. Instead of two barriers per step, each keeps two copies of the changing tile and swaps
// them every step (ping-pong): step k reads copy k % 2 and writes copy (k + 1) % 2.
// Registers (ptxas, sm_90): phase 1: 14, phase 2: 19, phase 3: 32; no spills on any target.
// Compile with nvcc -I kernels (fwbench.cuh lives there, not beside this file).
#include "fwbench.cuh"

FW_VARIANT("schema=blocked tile=32 block=32x32 pivot=skipped "
           "kernels=fw_example_phase1,fw_example_phase2,fw_example_phase3");

#define TILE 32

// Cell (i, j) of d, or FW_INF past n.
__device__ __forceinline__ fw_dist load_cell(const fw_dist* d, int n, int i, int j)
{
    return (i < n && j < n) ? d[i * n + j] : FW_INF;
}

// The tile index of block index b along a side, stepping over the pivot tile p.
__device__ __forceinline__ int skip_pivot(int b, int p) { return b + (b >= p); }

extern "C" __global__ void fw_example_phase1(fw_dist* d, int n, int p)
{
    __shared__ fw_dist tile[2][TILE][TILE];  // ping-pong copies of the pivot tile
    const int ty = threadIdx.y, tx = threadIdx.x;
    const int i = p * TILE + ty, j = p * TILE + tx;

    fw_dist best = load_cell(d, n, i, j);  // this thread's cell, kept in a register
    tile[0][ty][tx] = best;
    __syncthreads();  // copy 0 is whole before step 0 reads row 0 and column 0 of it

#pragma unroll
    for (int k = 0; k < TILE; ++k) {
        // path i -> k -> j inside the tile: row ty and column tx of step k's copy
        best = fw_relax(best, tile[k % 2][ty][k], tile[k % 2][k][tx]);
        tile[(k + 1) % 2][ty][tx] = best;  // the other copy: nobody reads it in this step
        __syncthreads();  // step k's copy is whole before step k + 1 reads it, and every read of
                          // copy k % 2 is done before step k + 1 overwrites it
    }
    if (i < n && j < n) d[i * n + j] = best;
}

extern "C" __global__ void fw_example_phase2(fw_dist* d, int n, int p)
{
    __shared__ fw_dist pivot[TILE][TILE];      // the closed pivot tile: read only
    __shared__ fw_dist own[2][TILE][TILE];     // ping-pong copies of this block's tile
    const int ty = threadIdx.y, tx = threadIdx.x;
    const bool pivotRow = blockIdx.y == 0;     // the same for the whole block: no divergence
    const int t = skip_pivot(blockIdx.x, p);

    // tile (p, t) of the pivot row, or tile (t, p) of the pivot column
    const int i = (pivotRow ? p : t) * TILE + ty;
    const int j = (pivotRow ? t : p) * TILE + tx;
    pivot[ty][tx] = load_cell(d, n, p * TILE + ty, p * TILE + tx);
    fw_dist best = load_cell(d, n, i, j);
    own[0][ty][tx] = best;
    __syncthreads();  // the pivot tile and copy 0 are whole before step 0

#pragma unroll
    for (int k = 0; k < TILE; ++k) {
        // a pivot-row tile goes i -> k inside the pivot tile, then k -> j in its own row k;
        // a pivot-column tile goes i -> k in its own column k, then k -> j inside the pivot tile
        const fw_dist toK = pivotRow ? pivot[ty][k] : own[k % 2][ty][k];
        const fw_dist fromK = pivotRow ? own[k % 2][k][tx] : pivot[k][tx];
        best = fw_relax(best, toK, fromK);
        own[(k + 1) % 2][ty][tx] = best;
        __syncthreads();  // as in phase 1: the copies swap roles at every step
    }
    if (i < n && j < n) d[i * n + j] = best;
}

extern "C" __global__ void fw_example_phase3(fw_dist* d, int n, int p)
{
    __shared__ fw_dist toPivot[TILE][TILE];    // tile (I, p): from this tile's rows to the pivot's
    __shared__ fw_dist fromPivot[TILE][TILE];  // tile (p, J): from the pivot's rows to this tile's columns
    const int ty = threadIdx.y, tx = threadIdx.x;
    const int I = skip_pivot(blockIdx.y, p), J = skip_pivot(blockIdx.x, p);
    const int i = I * TILE + ty, j = J * TILE + tx;

    toPivot[ty][tx] = load_cell(d, n, i, p * TILE + tx);
    fromPivot[ty][tx] = load_cell(d, n, p * TILE + ty, j);
    fw_dist best = load_cell(d, n, i, j);
    __syncthreads();  // both operand tiles are whole; this phase never changes them

#pragma unroll
    for (int k = 0; k < TILE; ++k) {
        // toPivot[ty][k] is the same word for a whole warp (a broadcast); fromPivot[k][tx] is 32
        // consecutive words (one per bank): neither load conflicts
        best = fw_relax(best, toPivot[ty][k], fromPivot[k][tx]);
    }
    if (i < n && j < n) d[i * n + j] = best;
}
