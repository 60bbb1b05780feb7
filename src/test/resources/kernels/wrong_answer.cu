// Test kernel file: a per-k kernel with an off-by-one that skips the last k, so verification finds a wrong cell.
#include "fwbench.cuh"

FW_VARIANT("schema=per-k block=32x32 kernels=fw_test_wrong_answer");

// k < n - 1 instead of k < n: paths through vertex n - 1 are never found. Wrong on any graph
// where some shortest path has n - 1 as an intermediate (a random graph of a few dozen vertices).
extern "C" __global__ void fw_test_wrong_answer(int* d, int n, int k)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && j < n && k < n - 1) d[i * n + j] = fw_relax(d[i * n + j], d[i * n + k], d[k * n + j]);
}
