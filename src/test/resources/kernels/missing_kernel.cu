// Test kernel file: the descriptor names fw_test_missing, which this file does not define (it has fw_test_present).
#include "fwbench.cuh"

FW_VARIANT("schema=per-k block=32x32 kernels=fw_test_missing");

extern "C" __global__ void fw_test_present(int* d, int n, int k)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && j < n) d[i * n + j] = fw_relax(d[i * n + j], d[i * n + k], d[k * n + j]);
}
