// Test kernel file: whole schema with paths=yes, the persistent solve of whole_solve.cu recording q.
#include "fwbench.cuh"

FW_VARIANT("schema=whole block=256 scratch=2 paths=yes kernels=fw_test_whole_solve_paths");

// Grid-wide barrier on scratch[0] (blocks arrived) and scratch[1] (generation), as in
// whole_solve.cu: correct because every block of the launch is resident at once.
__device__ void grid_barrier(unsigned int* arrived, unsigned int* generation)
{
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned int current = *(volatile unsigned int*)generation;
        __threadfence();  // this block's writes of the step are visible before it arrives
        if (atomicAdd(arrived, 1u) == gridDim.x - 1) {
            atomicExch(arrived, 0u);
            __threadfence();
            atomicAdd(generation, 1u);
        } else {
            while (*(volatile unsigned int*)generation == current) {
            }
        }
        __threadfence();  // other blocks' writes of the step are seen by the next step's reads
    }
    __syncthreads();
}

// q[i][j] = the k of the last strict improvement of d[i][j]; untouched cells keep the suite's n + 1.
extern "C" __global__ void fw_test_whole_solve_paths(int* d, int* q, int n, int* scratch)
{
    unsigned int* arrived = (unsigned int*)scratch;
    unsigned int* generation = (unsigned int*)scratch + 1;
    const unsigned int cells = (unsigned int)n * (unsigned int)n;
    const unsigned int stride = gridDim.x * blockDim.x;
    for (int k = 0; k < n; ++k) {
        for (unsigned int cell = blockIdx.x * blockDim.x + threadIdx.x; cell < cells; cell += stride) {
            const int i = cell / n, j = cell % n;
            const int candidate = d[i * n + k] + d[k * n + j];
            if (candidate < d[cell]) {
                d[cell] = candidate;
                q[cell] = k;
            }
        }
        grid_barrier(arrived, generation);
    }
}
