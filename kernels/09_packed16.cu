// packed16: the dataflow kernel (08_dataflow.cu, dataflow.cuh) on 16-bit distances, two cells per
// 32-bit word.
//
// Changes from dataflow: cells are int16 packed in pairs along a row (low half = even column), and
// the inner loop is __viaddmin_s16x2 (on sm_90 one VIADDMNMX.S16x2: two relaxations per
// instruction, about twice the int32 rate). The A operand of the tile product is splatted (one
// cell copied to both halves) when its chunk is staged, so the inner loop stays one instruction
// per word. Half the bytes per cell also halves the memory traffic of each round.
//
// FW_INF16 = 0x3FFF (fw_constants.cuh): two of them add to 0x7FFE < 0x7FFF, so no sum wraps, and
// min(c, a + b) with a, b, c <= FW_INF16 stays <= FW_INF16. The result is exact when every finite
// distance is below FW_INF16 (the solver refuses graphs it cannot bound that way); a longer one
// would read as FW_INF16.
//
// Tiles: T = 64 (128 threads of 4 rows x 4 words, 4 x 8 cells a thread, four blocks per SM; with
// one or two blocks per SM the helped kernel, 160 threads, three fit an SM), for
// small n, where a solve waits on the chain of pivots (each closure walks T steps one after
// another) more than on the products; T = 128 (8 rows x 4 words, 8 x 8 cells a thread, two blocks per SM) or T = 256 (16 rows x
// 8 words, 16 x 16 cells, one block per SM; a last tile row or column of at most 64 live cells as
// a thin strip, thin_strips.cuh). At T = 128 a thread's 32 relaxation instructions a k carry the
// same bookkeeping (staging, barriers, addresses) as int32's 64, and the integer instructions
// share the relaxations' pipe, so packed16 reaches less of its ceiling than int32 does. T = 256
// does 4x the relaxations per chunk of bookkeeping and is used from n = 7500 on
// (fwbench.variant.packed16.Packed16Solver; kernels/NOTES.md, packed16).
//
// Launch: tiles = ceil(n / T), ld = N / 2 words per row, grid = as in 08_dataflow.cu (at least three
// blocks at T = 64, where block 1 runs the second chain),
// minplus::shared_words<Packed16, T, dataflow::STAGES>() * 4 bytes (39 KB at T = 64, 78 KB at
// T = 128, 156 KB at T = 256; each kernel's _shape says so, and its threads: 128 at T = 64, 160
// for the helped T = 64 kernel, 256 otherwise); sync (tiles^2 + 2 ints) zero at each launch (the
// T = 64 kernels leave it so, dataflow.cuh).
// Registers (ptxas, sm_90): 128 at T = 64 (both kernels) and T = 128, 242 at T = 256, no spills
// (before sm_90, where the 16-bit relaxation is several instructions, T = 128 and 256 spill).
// fw_packed16_pack / unpack convert between the int32 matrix (INF = FW_INF) and the packed one.
// The T = 64 kernel has a helped twin (a helper warp beside the grid, dataflow.cuh): every kernel
// here syncs its grid on named barrier 1, the same barrier for the others.
#ifndef FW_HELPER_WARP
#define FW_HELPER_WARP
#endif
#include "dataflow.cuh"
#include "tile_product.cuh"

extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM)
fw_packed16_dataflow_t128(int* d, int ld, int n, const int* schedule, int items, int* sync, int tiles)
{
    dataflow::solve<minplus::Packed16, 128, 8, 4>(d, ld, n, schedule, items, sync, tiles);
}
FW_TILE_KERNEL_SHAPE(fw_packed16_dataflow_t128, minplus::Packed16, 128, 8, 4, (minplus::shared_words<minplus::Packed16, 128, dataflow::STAGES>() * 4))

// 128 threads (16 thread rows x 8 thread columns), four blocks per SM.
extern "C" __global__ void __launch_bounds__(128, 4)
fw_packed16_dataflow_t64(int* d, int ld, int n, const int* schedule, int items, int* sync, int tiles)
{
    dataflow::solve<minplus::Packed16, 64, 4, 4>(d, ld, n, schedule, items, sync, tiles);
}
FW_TILE_KERNEL_SHAPE(fw_packed16_dataflow_t64, minplus::Packed16, 64, 4, 4, (minplus::shared_words<minplus::Packed16, 64, dataflow::STAGES>() * 4))

// The same with a helper warp in block 0 (160 threads; dataflow.cuh): for one or two blocks per SM
// (fwbench.variant.dataflow.DataflowLaunch#helped), where it shortens the chain of pivots; from three
// blocks per SM on the 128-thread kernel fits four where this fits three (kernels/NOTES.md, The
// pivot chain at small n).
constexpr int HELPED_T64_THREADS = minplus::Grid<minplus::Packed16, 64, 4, 4>::THREADS + dataflow::HELPER_THREADS;
extern "C" __global__ void __launch_bounds__(HELPED_T64_THREADS, 3)
fw_packed16_dataflow_helped_t64(int* d, int ld, int n, const int* schedule, int items, int* sync, int tiles)
{
    dataflow::solve<minplus::Packed16, 64, 4, 4, true, true>(d, ld, n, schedule, items, sync, tiles);
}
FW_TILE_KERNEL_SHAPE_THREADS(fw_packed16_dataflow_helped_t64, minplus::Packed16, 64, 4, 4,
                             (minplus::shared_words<minplus::Packed16, 64, dataflow::STAGES>() * 4), HELPED_T64_THREADS)

// One block per SM: 156 KB of shared memory, and the full register file for 16 x 16 cells a thread.
extern "C" __global__ void __launch_bounds__(256, 1)
fw_packed16_dataflow_t256(int* d, int ld, int n, const int* schedule, int items, int* sync, int tiles)
{
    dataflow::solve<minplus::Packed16, 256, 16, 8>(d, ld, n, schedule, items, sync, tiles);
}
FW_TILE_KERNEL_SHAPE(fw_packed16_dataflow_t256, minplus::Packed16, 256, 16, 8, (minplus::shared_words<minplus::Packed16, 256, dataflow::STAGES>() * 4))

// int32 (ld32 ints per row) -> packed (ld16 words per row), N x N cells; FW_INF becomes FW_INF16.
// Grid (N/2/32, N/8), block (32, 8): one word per thread.
extern "C" __global__ void fw_packed16_pack(const int* src, int ld32, int* dst, int ld16, int rows)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y, w = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows || w >= ld16) return;
    const int* const from = fw_cell(src, ld32, i, 2 * w);
    *fw_cell(dst, ld16, i, w) = minplus::Packed16::pack(from[0], from[1]);
}

// packed -> int32; FW_INF16 becomes FW_INF.
extern "C" __global__ void fw_packed16_unpack(const int* src, int ld16, int* dst, int ld32, int rows)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y, w = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows || w >= ld16) return;
    minplus::Packed16::unpack_word(src, ld16, dst, ld32, i, w);
}
