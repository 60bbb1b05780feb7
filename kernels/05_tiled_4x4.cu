// tiled-4x4: report 002's kernels (raw_floyd, expand_row / expand_col, expand_all): 64x64 tiles,
// 64x4 = 256 threads per block, each thread 16 cells, and in phase 3 a 4x4 register micro-tile.
//
// Changes from batched (which is still one cell per thread per tile):
//   - Tiles are 64x64 and a block has 256 threads, so every thread owns 16 cells of a tile.
//     Shared tiles are [64][65]: the extra column puts the 64 entries of a tile column in
//     different banks (row stride 65 words), which phase 3's reads of two rows at once need.
//   - Phase 1 (raw_floyd) and phase 2 (expand_row, expand_col) hold each thread's 16 cells in
//     registers and use one barrier per step k (blocked-reg's argument: row k and column k do not
//     change at step k because the diagonal is 0, so a thread writes its cell only when it
//     improved, and nobody writes what step k reads). Thread (tx, ty) owns cells (ty + 4r, tx).
//   - Staging copies, as the report does for locality: phase 1 also writes the closed pivot tile to
//     core_core[64*64] (contiguous), which phase 2 reads instead of the strided matrix; phase 2
//     writes each pivot-row tile (p, J) to core_dest[J] and each pivot-column tile (I, p) to
//     src_core[I] (64*64 contiguous ints per tile), which phase 3 reads. Cells past n are FW_INF
//     in the staging copies.
//   - Phase 3 (expand_all): block (J, I) loads src_core[I] and core_dest[J] into shared memory and
//     its own 64x64 tile straight into registers. Thread t = ty*64 + tx owns the 4x4 cells
//     (t/16 + 16a, t%16 + 16b), a, b in 0..3. Per 4 steps of k it reads two 4x4 blocks (4 rows x
//     4 k of the column operand, 4 k x 4 columns of the row operand) for 64 relaxations: 0.5
//     shared loads per relaxation (batched: 1/3 with 36 cells per thread but 1024 threads).
//     A warp covers 2 rows x 16 consecutive columns: row-operand reads hit 16 consecutive words
//     (no conflict), column-operand reads hit 2 words 65 apart (different banks, broadcast to 16
//     lanes each), and global accesses are 2 x 64 contiguous bytes.
//
// Launch (schema blocked, pivot launched), per round p (nb = ceil(n/64) tiles per side),
// block (64, 4):
//   phase 1: grid (1, 1)     shared 16,640 B (core)
//   phase 2: grid (nb, 2)    shared 33,280 B (core + own); y = 0: expand_row, y = 1: expand_col;
//                            the block whose x is p returns
//   phase 3: grid (nb, nb)   shared 33,280 B (column and row operands); pivot row and column return
// Staging: the suite's scratch, 64*64 + nb * 2*64*64 ints (scratch=4096 scratch-per-tile=8192),
// which every phase cuts alike into core_core (64*64 ints), core_dest and src_core (nb*64*64 each).
// Registers (ptxas, sm_90): phase 1: 64, phase 2: 40, phase 3: 63; no spills on any target.
#include "fwbench.cuh"

FW_VARIANT("schema=blocked tile=64 block=64x4 scratch=4096 scratch-per-tile=8192 "
           "kernels=fw_tiled_4x4_phase1,fw_tiled_4x4_phase2,fw_tiled_4x4_phase3");

#define TILE 64
#define ROWS 4                    // blockDim.y
#define CELLS (TILE / ROWS)       // 16 cells per thread in phases 1 and 2
#define STRIDE (TILE + 1)         // padded shared row
#define TILE_CELLS (TILE * TILE)

// The staging copies in scratch, one after the other: core_core, core_dest (nb tiles), src_core
// (nb tiles). They were three __restrict__ parameters, which gave read-only (LDG.CONSTANT) loads;
// pointers computed in the kernel do not, so phase 3 (which only reads scratch) declares scratch
// __restrict__, and phase 2 (which also writes it) reads core_core through __ldg.
__device__ __forceinline__ int* coreCoreOf(int* scratch) { return scratch; }
__device__ __forceinline__ int* coreDestOf(int* scratch) { return scratch + TILE_CELLS; }
__device__ __forceinline__ int* srcCoreOf(int* scratch, int n)
{
    return coreDestOf(scratch) + (n + TILE - 1) / TILE * TILE_CELLS;
}

// Phase 1 (raw_floyd): close the pivot tile (p, p); copy it to coreCore.
extern "C" __global__ void __launch_bounds__(TILE * ROWS)
fw_tiled_4x4_phase1(int* d, int n, int p, int* scratch)
{
    int* coreCore = coreCoreOf(scratch);
    __shared__ int core[TILE][STRIDE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int j = p * TILE + tx;
    int best[CELLS];
#pragma unroll
    for (int r = 0; r < CELLS; ++r) {
        const int i = p * TILE + ty + ROWS * r;
        best[r] = (i < n && j < n) ? d[i * n + j] : FW_INF;
        core[ty + ROWS * r][tx] = best[r];
    }
    __syncthreads();  // the pivot tile is loaded before step 0

    for (int k = 0; k < TILE; ++k) {
        const int kj = core[k][tx];  // row k: unchanged during step k (zero diagonal)
#pragma unroll
        for (int r = 0; r < CELLS; ++r) {
            const int candidate = core[ty + ROWS * r][k] + kj;  // column k: unchanged too
            if (candidate < best[r]) {
                best[r] = candidate;
                core[ty + ROWS * r][tx] = candidate;
            }
        }
        __syncthreads();  // step k's writes are visible before step k + 1 reads row and column k + 1
    }

#pragma unroll
    for (int r = 0; r < CELLS; ++r) {
        const int row = ty + ROWS * r, i = p * TILE + row;
        if (i < n && j < n) d[i * n + j] = best[r];
        coreCore[row * TILE + tx] = best[r];
    }
}

// Phase 2: y = 0 (expand_row) closes pivot-row tile (p, x) and stages it in coreDest[x];
//          y = 1 (expand_col) closes pivot-column tile (x, p) and stages it in srcCore[x].
extern "C" __global__ void __launch_bounds__(TILE * ROWS)
fw_tiled_4x4_phase2(int* d, int n, int p, int* scratch)
{
    const int* coreCore = coreCoreOf(scratch);
    int* coreDest = coreDestOf(scratch);
    int* srcCore = srcCoreOf(scratch, n);
    const int t = blockIdx.x;
    if (t == p) return;  // the pivot tile was closed in phase 1
    __shared__ int core[TILE][STRIDE];
    __shared__ int own[TILE][STRIDE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const bool pivotRow = blockIdx.y == 0;
    const int j = (pivotRow ? t : p) * TILE + tx;
    int best[CELLS];
#pragma unroll
    for (int r = 0; r < CELLS; ++r) {
        const int row = ty + ROWS * r, i = (pivotRow ? p : t) * TILE + row;
        core[row][tx] = __ldg(&coreCore[row * TILE + tx]);
        best[r] = (i < n && j < n) ? d[i * n + j] : FW_INF;
        own[row][tx] = best[r];
    }
    __syncthreads();  // pivot and own tiles loaded

    if (pivotRow) {
        // d[i][j] via k = core[i][k] (fixed) + own[k][j]; own row k is unchanged at step k
        // (core[k][k] = 0, or FW_INF with an all-FW_INF own row k when k is past n)
        for (int k = 0; k < TILE; ++k) {
            const int kj = own[k][tx];
#pragma unroll
            for (int r = 0; r < CELLS; ++r) {
                const int candidate = core[ty + ROWS * r][k] + kj;
                if (candidate < best[r]) {
                    best[r] = candidate;
                    own[ty + ROWS * r][tx] = candidate;
                }
            }
            __syncthreads();  // step k's writes are visible before step k + 1 reads own row k + 1
        }
    } else {
        // d[i][j] via k = own[i][k] (own column k, unchanged at step k as above) + core[k][j] (fixed)
        for (int k = 0; k < TILE; ++k) {
            const int kj = core[k][tx];
#pragma unroll
            for (int r = 0; r < CELLS; ++r) {
                const int candidate = own[ty + ROWS * r][k] + kj;
                if (candidate < best[r]) {
                    best[r] = candidate;
                    own[ty + ROWS * r][tx] = candidate;
                }
            }
            __syncthreads();  // step k's writes are visible before step k + 1 reads own column k + 1
        }
    }

    int* stage = (pivotRow ? coreDest : srcCore) + t * TILE_CELLS;
#pragma unroll
    for (int r = 0; r < CELLS; ++r) {
        const int row = ty + ROWS * r, i = (pivotRow ? p : t) * TILE + row;
        if (i < n && j < n) d[i * n + j] = best[r];
        stage[row * TILE + tx] = best[r];
    }
}

// Phase 3 (expand_all): tile (I, J) = (y, x) += srcCore[I] (x) coreDest[J], 4x4 cells per thread.
extern "C" __global__ void __launch_bounds__(TILE * ROWS)
fw_tiled_4x4_phase3(int* d, int n, int p, int* __restrict__ scratch)
{
    const int* coreDest = coreDestOf(scratch);
    const int* srcCore = srcCoreOf(scratch, n);
    const int I = blockIdx.y, J = blockIdx.x;
    if (I == p || J == p) return;  // pivot row and column were done in phase 2
    __shared__ int colOp[TILE][STRIDE];  // tile (I, p): this tile's rows over the pivot columns
    __shared__ int rowOp[TILE][STRIDE];  // tile (p, J): the pivot rows over this tile's columns
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int* src = srcCore + I * TILE_CELLS;
    const int* dst = coreDest + J * TILE_CELLS;
#pragma unroll
    for (int r = 0; r < CELLS; ++r) {
        const int row = ty + ROWS * r;  // a warp copies 32 consecutive ints of one row
        colOp[row][tx] = src[row * TILE + tx];
        rowOp[row][tx] = dst[row * TILE + tx];
    }

    const int t = ty * TILE + tx;
    const int r0 = t / 16, c0 = t % 16;  // cells (r0 + 16a, c0 + 16b) of the tile
    const int i0 = I * TILE + r0, j0 = J * TILE + c0;
    int best[4][4];
#pragma unroll
    for (int a = 0; a < 4; ++a) {
#pragma unroll
        for (int b = 0; b < 4; ++b) {
            const int i = i0 + 16 * a, j = j0 + 16 * b;
            best[a][b] = (i < n && j < n) ? d[i * n + j] : FW_INF;
        }
    }
    __syncthreads();  // both operand tiles loaded; neither changes in this phase

    // Unrolled by 4, not 16: a full unroll makes ptxas hoist shared loads far ahead (255 registers
    // and spills on sm_75); by 4 no target spills.
#pragma unroll 4
    for (int k = 0; k < TILE; k += 4) {
        int c[4][4], r[4][4];  // c[a][q] = colOp[r0 + 16a][k + q], r[q][b] = rowOp[k + q][c0 + 16b]
#pragma unroll
        for (int a = 0; a < 4; ++a)
#pragma unroll
            for (int q = 0; q < 4; ++q) c[a][q] = colOp[r0 + 16 * a][k + q];
#pragma unroll
        for (int q = 0; q < 4; ++q)
#pragma unroll
            for (int b = 0; b < 4; ++b) r[q][b] = rowOp[k + q][c0 + 16 * b];
#pragma unroll
        for (int q = 0; q < 4; ++q)
#pragma unroll
            for (int a = 0; a < 4; ++a)
#pragma unroll
                for (int b = 0; b < 4; ++b) best[a][b] = fw_relax(best[a][b], c[a][q], r[q][b]);
    }

#pragma unroll
    for (int a = 0; a < 4; ++a) {
#pragma unroll
        for (int b = 0; b < 4; ++b) {
            const int i = i0 + 16 * a, j = j0 + 16 * b;
            if (i < n && j < n) d[i * n + j] = best[a][b];
        }
    }
}
