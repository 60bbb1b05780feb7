// Test kernel file: the descriptor has the unknown key tiles (the key is tile, and per-k takes none); the kernel is valid.
#include "fwbench.cuh"

FW_VARIANT("schema=per-k tiles=32 block=32x32 kernels=fw_test_bad_descriptor");

extern "C" __global__ void fw_test_bad_descriptor(int* d, int n, int k)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && j < n) d[i * n + j] = fw_relax(d[i * n + j], d[i * n + k], d[k * n + j]);
}
