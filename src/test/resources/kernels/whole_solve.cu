// Test kernel file: whole schema, one persistent launch that runs every k with a grid-wide barrier in scratch between steps.
#include "fwbench.cuh"

FW_VARIANT("schema=whole block=256 scratch=2 kernels=fw_test_whole_solve");

// Grid-wide barrier on scratch[0] (blocks arrived) and scratch[1] (generation), both zero at the
// start of the solve. Correct only because the suite launches no more blocks than can be resident
// at once: a block spinning here never keeps another from being scheduled. The last block to
// arrive resets the count before it bumps the generation, so the count is zero again before any
// block can arrive at the next barrier.
__device__ void grid_barrier(unsigned int* arrived, unsigned int* generation)
{
    __syncthreads();  // every thread of this block is done with the step
    if (threadIdx.x == 0) {
        const unsigned int current = *(volatile unsigned int*)generation;
        __threadfence();  // this block's writes of the step are visible device-wide before it arrives
        if (atomicAdd(arrived, 1u) == gridDim.x - 1) {
            atomicExch(arrived, 0u);
            __threadfence();  // the reset is visible before the release
            atomicAdd(generation, 1u);
        } else {
            while (*(volatile unsigned int*)generation == current) {
            }
        }
        __threadfence();  // other blocks' writes of the step are seen by the reads of the next
    }
    __syncthreads();  // the whole block waits for thread 0
}

// For each k, every block strides over the cells; the barrier ends step k before step k + 1 reads
// row and column k + 1. Within a step row k and column k do not change (d[k][k] = 0).
extern "C" __global__ void fw_test_whole_solve(int* d, int n, int* scratch)
{
    unsigned int* arrived = (unsigned int*)scratch;
    unsigned int* generation = (unsigned int*)scratch + 1;
    const unsigned int cells = (unsigned int)n * (unsigned int)n;  // n <= FW_INT_INDEX_MAX_N: fits
    const unsigned int stride = gridDim.x * blockDim.x;
    for (int k = 0; k < n; ++k) {
        for (unsigned int cell = blockIdx.x * blockDim.x + threadIdx.x; cell < cells; cell += stride) {
            const int i = cell / n, j = cell % n;
            d[cell] = fw_relax(d[cell], d[i * n + k], d[k * n + j]);
        }
        grid_barrier(arrived, generation);
    }
}
