// paths: report 003's "complex implementation" (Katz & Kider's three kernels), which computes the
// intermediate-node matrix q beside the distances, so that every shortest path can be rebuilt.
//
// q[i][j] is the intermediate vertex k (0-based, global) of the last relaxation that strictly
// improved d[i][j]; n + 1 (the report's N + 1, filled in by the solver before each solve) means
// "no intermediate": the direct edge, i = j, or no path. A path splits at q: path(i, j) =
// path(i, k) + path(k, j) (fwbench.graph.ShortestPaths). Inside one tile the steps of k run in
// order, so on a graph of one tile q equals the sequential CPU algorithm's (report 003's 6x6 table);
// on larger graphs the blocked order of relaxations may pick another of several tied shortest
// paths, which is why the tests rebuild paths instead of comparing q cell by cell.
//
// Changes from blocked-reg, whose kernels these are otherwise (so paths - blocked-reg is the cost
// of q): every relaxation also tracks the k of its last strict improvement
// (if (cand < best) { best = cand; via = k; }), which cannot be one fused add-min instruction
// (VIADDMNMX on sm_90) as a plain relaxation is; and a cell's q is written only when that cell improved during the launch (via is
// then >= 0), so q is never read by a kernel: no other cell needs it, unlike a predecessor matrix.
// Launch geometry follows report 003: phase 2 launches the (nb - 1) tiles of the pivot row and
// column and phase 3 (nb - 1) x (nb - 1), and a block index at or past the pivot is shifted by one
// to skip it, so no block returns idle (blocked launches nb and nb x nb and lets the pivot's blocks
// return). Report 003's phase 2 grid is (2, nb - 1), x choosing row or column; here it is
// transposed to (nb - 1, 2), y choosing, as in blocked and the suite's blocked schema.
//
// Launch (schema blocked, pivot skipped), per round p (nb = ceil(n/32) tiles per side),
// block (32, 32), one thread per cell:
//   phase 1: grid (1, 1)              shared 4 KB  (the pivot tile's distances)
//   phase 2: grid (nb - 1, 2)         shared 8 KB  (pivot + own tile); y = 0: pivot row, y = 1: column
//   phase 3: grid (nb - 1, nb - 1)    shared 8 KB  (pivot-column and pivot-row tiles)
//   (phases 2 and 3 are not launched when nb = 1: their grids would be empty)
// The intermediate of each cell lives in a register in every phase: only the distance tiles are
// shared, because only distances are read across threads.
// Registers (ptxas, sm_90): phase 1: 16, phase 2: 19, phase 3: 30; no spills on any target.
#include "fwbench.cuh"

FW_VARIANT("schema=blocked tile=32 block=32x32 pivot=skipped paths=yes "
           "kernels=fw_paths_phase1,fw_paths_phase2,fw_paths_phase3");

#define TILE 32

extern "C" __global__ void __launch_bounds__(TILE * TILE) fw_paths_phase1(int* d, int* q, int n, int p)
{
    __shared__ int tile[TILE][TILE];
    const int ty = threadIdx.y, tx = threadIdx.x;
    const int i = p * TILE + ty, j = p * TILE + tx;
    const bool inside = i < n && j < n;
    int best = inside ? d[i * n + j] : FW_INF;
    int via = -1;  // no improvement yet in this launch: q[i][j] stays as it is
    tile[ty][tx] = best;
    __syncthreads();  // the whole pivot tile is loaded before step 0 reads row 0 and column 0

#pragma unroll
    for (int k = 0; k < TILE; ++k) {
        // row k and column k do not change during step k (zero diagonal): no barrier before the write;
        // a k past n has FW_INF operands and never improves, so via is always a vertex
        const int candidate = tile[ty][k] + tile[k][tx];
        if (candidate < best) {
            best = candidate;
            via = p * TILE + k;
            tile[ty][tx] = best;
        }
        __syncthreads();  // step k's writes are visible before step k + 1 reads row and column k + 1
    }
    if (inside) {
        d[i * n + j] = best;
        if (via >= 0) q[i * n + j] = via;
    }
}

extern "C" __global__ void __launch_bounds__(TILE * TILE) fw_paths_phase2(int* d, int* q, int n, int p)
{
    __shared__ int pivot[TILE][TILE];
    __shared__ int own[TILE][TILE];
    const int ty = threadIdx.y, tx = threadIdx.x;
    const bool pivotRow = blockIdx.y == 0;
    const int t = blockIdx.x + (blockIdx.x >= p);  // report 003: skip the pivot tile by shifting

    int i = p * TILE + ty, j = p * TILE + tx;
    pivot[ty][tx] = (i < n && j < n) ? d[i * n + j] : FW_INF;
    if (pivotRow) j = t * TILE + tx;  // tile (p, t): rows of the pivot, columns of t
    else          i = t * TILE + ty;  // tile (t, p): rows of t, columns of the pivot
    const bool inside = i < n && j < n;
    int best = inside ? d[i * n + j] : FW_INF;
    int via = -1;
    own[ty][tx] = best;
    __syncthreads();  // both tiles loaded

    if (pivotRow) {
        // d[i][j] via k: the pivot's row i (fixed), then own row k, unchanged at step k
#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            const int candidate = pivot[ty][k] + own[k][tx];
            if (candidate < best) {
                best = candidate;
                via = p * TILE + k;
                own[ty][tx] = best;
            }
            __syncthreads();  // step k's writes are visible before step k + 1 reads own row k + 1
        }
    } else {
        // d[i][j] via k: own column k (unchanged at step k), then the pivot's row k (fixed)
#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            const int candidate = own[ty][k] + pivot[k][tx];
            if (candidate < best) {
                best = candidate;
                via = p * TILE + k;
                own[ty][tx] = best;
            }
            __syncthreads();  // step k's writes are visible before step k + 1 reads own column k + 1
        }
    }
    if (inside) {
        d[i * n + j] = best;
        if (via >= 0) q[i * n + j] = via;
    }
}

extern "C" __global__ void __launch_bounds__(TILE * TILE) fw_paths_phase3(int* d, int* q, int n, int p)
{
    __shared__ int pivotRows[TILE][TILE];                // tile (p, J): the pivot rows over this tile's columns
    __shared__ __align__(16) int pivotCols[TILE][TILE];  // tile (I, p): 16-byte aligned for the int4 loads
    const int ty = threadIdx.y, tx = threadIdx.x;
    const int I = blockIdx.y + (blockIdx.y >= p);  // report 003: skip the pivot row and column
    const int J = blockIdx.x + (blockIdx.x >= p);
    const int i = I * TILE + ty, j = J * TILE + tx;
    const int pi = p * TILE + ty, pj = p * TILE + tx;
    pivotRows[ty][tx] = (pi < n && j < n) ? d[pi * n + j] : FW_INF;
    pivotCols[ty][tx] = (i < n && pj < n) ? d[i * n + pj] : FW_INF;
    const bool inside = i < n && j < n;
    int best = inside ? d[i * n + j] : FW_INF;
    __syncthreads();  // both operand tiles loaded; neither changes in this phase

    if (inside) {
        int via = -1;
        const int k0 = p * TILE;
#pragma unroll
        for (int k = 0; k < TILE; k += 4) {
            const int4 c = *reinterpret_cast<const int4*>(&pivotCols[ty][k]);
            const int c4[4] = {c.x, c.y, c.z, c.w};
#pragma unroll
            for (int s = 0; s < 4; ++s) {
                const int candidate = c4[s] + pivotRows[k + s][tx];
                if (candidate < best) {
                    best = candidate;
                    via = k0 + k + s;
                }
            }
        }
        d[i * n + j] = best;
        if (via >= 0) q[i * n + j] = via;
    }
}
