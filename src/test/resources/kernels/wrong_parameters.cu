// Test kernel file: per-k descriptor, but the kernel takes (int* d, int k), not (int* d, int n, int k).
#include "fwbench.cuh"

FW_VARIANT("schema=per-k block=32x32 kernels=fw_test_wrong_parameters");

#define N 64  // the n this kernel was written for, instead of a parameter

extern "C" __global__ void fw_test_wrong_parameters(int* d, int k)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N && j < N) d[i * N + j] = fw_relax(d[i * N + j], d[i * N + k], d[k * N + j]);
}
