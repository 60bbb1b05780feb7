// dataflow: kleene's tile products (07_kleene.cu) in one persistent kernel (dataflow.cuh), where
// each tile waits for the tiles it reads instead of the whole device waiting at the end of each
// phase.
//
// Changes from kleene:
//   - One launch per solve: every (round, tile) update is a work item, taken by the resident
//     blocks in an order the host computes (fwbench.variant.schedule.DataflowSchedule); an item starts as
//     soon as per-tile round counters say its inputs are done (dataflow.cuh). No round barriers, so
//     no phase-3 tail each round and no dependent launches on a round's critical path.
//   - The pivot tile is closed by a 256-thread block with its cells in registers (minplus::close_cells,
//     which kleene's rounds use too); from round 1 its item first applies the round before to it,
//     as kleene's mode NEXT does (folded pivots, dataflow.cuh).
//   - Three chunk buffers instead of two (one barrier a chunk).
//   - Tiles as kleene's: T = 128 (8x8 cells a thread) or T = 64 (4x4), the same crossover.
//
// Launch: grid = the blocks per SM chosen, at most those resident (occupancy), x SMs, 256 threads (288 for the helped kernel),
// minplus::shared_words<Int32, T, dataflow::STAGES>() * 4 bytes of dynamic shared memory (102 KB at
// T = 128, 51 KB at T = 64; each kernel's _shape says so); sync (tiles^2 + 2 ints) zero at each
// launch (the T = 64 kernels leave it so, dataflow.cuh). Registers (ptxas, sm_90): 128 at T = 128 (112 bytes of spill stores, 108 for the
// wide instance), 80 at T = 64, 96 for the helped T = 64 kernel (288 threads), no spills at T = 64.
// The T = 64 kernel has a helped twin, as packed16's (a helper warp beside the grid, dataflow.cuh):
// every kernel here syncs its grid on named barrier 1.
#ifndef FW_HELPER_WARP
#define FW_HELPER_WARP
#endif
#include "dataflow.cuh"
#include "tile_product.cuh"

// Each tile in two instances: fw_dataflow_tT indexes cells in 32 bits (padded ld <= 46340, so
// ld * ld < 2^31), fw_dataflow_wide_tT in 64 bits (any n); the solver picks by ld.
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM)
fw_dataflow_t128(int* d, int ld, int n, const int* schedule, int items, int* sync, int tiles)
{
    dataflow::solve<minplus::Int32, 128, 8, 8, false>(d, ld, n, schedule, items, sync, tiles);
}
FW_TILE_KERNEL_SHAPE(fw_dataflow_t128, minplus::Int32, 128, 8, 8, (minplus::shared_words<minplus::Int32, 128, dataflow::STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM)
fw_dataflow_wide_t128(int* d, int ld, int n, const int* schedule, int items, int* sync, int tiles)
{
    dataflow::solve<minplus::Int32, 128, 8, 8, true>(d, ld, n, schedule, items, sync, tiles);
}
FW_TILE_KERNEL_SHAPE(fw_dataflow_wide_t128, minplus::Int32, 128, 8, 8, (minplus::shared_words<minplus::Int32, 128, dataflow::STAGES>() * 4))

// T = 64: 51 KB of shared memory a block, so registers decide the blocks per SM: 3 (at most 80
// registers, allocated in steps of 8) give small n more blocks to spread a round over.
#ifndef DATAFLOW_T64_MIN_BLOCKS
#define DATAFLOW_T64_MIN_BLOCKS 3
#endif
extern "C" __global__ void __launch_bounds__(256, DATAFLOW_T64_MIN_BLOCKS)
fw_dataflow_t64(int* d, int ld, int n, const int* schedule, int items, int* sync, int tiles)
{
    dataflow::solve<minplus::Int32, 64, 4, 4, false>(d, ld, n, schedule, items, sync, tiles);
}
FW_TILE_KERNEL_SHAPE(fw_dataflow_t64, minplus::Int32, 64, 4, 4, (minplus::shared_words<minplus::Int32, 64, dataflow::STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, DATAFLOW_T64_MIN_BLOCKS)
fw_dataflow_wide_t64(int* d, int ld, int n, const int* schedule, int items, int* sync, int tiles)
{
    dataflow::solve<minplus::Int32, 64, 4, 4, true>(d, ld, n, schedule, items, sync, tiles);
}
FW_TILE_KERNEL_SHAPE(fw_dataflow_wide_t64, minplus::Int32, 64, 4, 4, (minplus::shared_words<minplus::Int32, 64, dataflow::STAGES>() * 4))

// The same with a helper warp in block 0 (288 threads; dataflow.cuh): for one block per SM
// (fwbench.variant.dataflow.DataflowLaunch#helped), where it shortens the chain of pivots; with two
// blocks per SM the helped block's SM holds a product besides and it was slower (kernels/NOTES.md,
// The pivot chain at small n). 32-bit cell offsets only: one block per SM is a small n's choice.
// The 2 of its launch bounds caps registers at 112 (ptxas takes 96), the build that was measured;
// with 1 ptxas takes 126, not measured.
constexpr int HELPED_T64_THREADS = minplus::Grid<minplus::Int32, 64, 4, 4>::THREADS + dataflow::HELPER_THREADS;
extern "C" __global__ void __launch_bounds__(HELPED_T64_THREADS, 2)
fw_dataflow_helped_t64(int* d, int ld, int n, const int* schedule, int items, int* sync, int tiles)
{
    dataflow::solve<minplus::Int32, 64, 4, 4, false, true>(d, ld, n, schedule, items, sync, tiles);
}
FW_TILE_KERNEL_SHAPE_THREADS(fw_dataflow_helped_t64, minplus::Int32, 64, 4, 4,
                             (minplus::shared_words<minplus::Int32, 64, dataflow::STAGES>() * 4), HELPED_T64_THREADS)
