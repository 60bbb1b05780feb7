// Test kernel file: blocked schema with 16x16 tiles, pivot=launched and a fixed scratch that stages the closed pivot tile.
#include "fwbench.cuh"

FW_VARIANT("schema=blocked tile=16 block=16x16 scratch=256 "
           "kernels=fw_test_scratch_phase1,fw_test_scratch_phase2,fw_test_scratch_phase3");

#define TILE 16

// Phase 1: close the pivot tile in shared memory, write it to d and stage a copy in scratch
// (TILE * TILE ints, cells past n as FW_INF), which phase 2 reads instead of d.
extern "C" __global__ void fw_test_scratch_phase1(int* d, int n, int p, int* scratch)
{
    __shared__ int tile[TILE][TILE];
    const int ty = threadIdx.y, tx = threadIdx.x;
    const int i = p * TILE + ty, j = p * TILE + tx;
    tile[ty][tx] = (i < n && j < n) ? d[i * n + j] : FW_INF;
    __syncthreads();  // the pivot tile is loaded

    for (int k = 0; k < TILE; ++k) {
        const int candidate = tile[ty][k] + tile[k][tx];
        __syncthreads();  // step k's operands are read before any cell changes
        tile[ty][tx] = min(tile[ty][tx], candidate);
        __syncthreads();  // step k's cells are written before step k + 1 reads them
    }
    if (i < n && j < n) d[i * n + j] = tile[ty][tx];
    scratch[ty * TILE + tx] = tile[ty][tx];
}

// Phase 2, grid (nb, 2): y = 0 the pivot row's tile (p, x), y = 1 the pivot column's (x, p); the
// pivot from scratch. The block over the pivot itself returns (pivot=launched).
extern "C" __global__ void fw_test_scratch_phase2(int* d, int n, int p, int* scratch)
{
    if (blockIdx.x == p) return;
    __shared__ int pivot[TILE][TILE];
    __shared__ int own[TILE][TILE];
    const int ty = threadIdx.y, tx = threadIdx.x;
    const bool pivotRow = blockIdx.y == 0;
    const int i = (pivotRow ? p : blockIdx.x) * TILE + ty;
    const int j = (pivotRow ? blockIdx.x : p) * TILE + tx;
    pivot[ty][tx] = scratch[ty * TILE + tx];
    own[ty][tx] = (i < n && j < n) ? d[i * n + j] : FW_INF;
    __syncthreads();  // both tiles loaded

    for (int k = 0; k < TILE; ++k) {
        const int candidate = pivotRow ? pivot[ty][k] + own[k][tx] : own[ty][k] + pivot[k][tx];
        __syncthreads();  // step k's operands are read before any cell of own changes
        own[ty][tx] = min(own[ty][tx], candidate);
        __syncthreads();  // step k's cells are written before step k + 1 reads them
    }
    if (i < n && j < n) d[i * n + j] = own[ty][tx];
}

// Phase 3, grid (nb, nb): tile (y, x) from tiles (y, p) and (p, x), final after phase 2. Blocks in
// the pivot row or column return. scratch is in the signature (the schema passes it to every
// phase) but this phase has no use for it.
extern "C" __global__ void fw_test_scratch_phase3(int* d, int n, int p, int* scratch)
{
    if (blockIdx.x == p || blockIdx.y == p) return;
    __shared__ int rowOp[TILE][TILE];  // tile (y, p)
    __shared__ int colOp[TILE][TILE];  // tile (p, x)
    const int ty = threadIdx.y, tx = threadIdx.x;
    const int i = blockIdx.y * TILE + ty, j = blockIdx.x * TILE + tx;
    const int pi = p * TILE + ty, pj = p * TILE + tx;
    rowOp[ty][tx] = (i < n && pj < n) ? d[i * n + pj] : FW_INF;
    colOp[ty][tx] = (pi < n && j < n) ? d[pi * n + j] : FW_INF;
    __syncthreads();  // both operand tiles loaded; neither changes in this phase
    if (i >= n || j >= n) return;

    int best = d[i * n + j];
    for (int k = 0; k < TILE; ++k) best = min(best, rowOp[ty][k] + colOp[k][tx]);
    d[i * n + j] = best;
}
