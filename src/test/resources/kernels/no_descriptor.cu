// Test kernel file: valid per-k kernel but no FW_VARIANT descriptor, so the suite cannot tell how to launch it.
#include "fwbench.cuh"

extern "C" __global__ void fw_test_no_descriptor(int* d, int n, int k)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && j < n) d[i * n + j] = fw_relax(d[i * n + j], d[i * n + k], d[k * n + j]);
}
