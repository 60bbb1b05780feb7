// Test kernel file: a per-k kernel that writes 256 GiB past d, so the first launch faults with an illegal address.
#include "fwbench.cuh"

FW_VARIANT("schema=per-k block=32x32 kernels=fw_test_out_of_bounds");

// 2^36 ints past the cell: farther than any device's memory, so it cannot land in another buffer.
extern "C" __global__ void fw_test_out_of_bounds(int* d, int n, int k)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && j < n) d[(long long)i * n + j + (1LL << 36)] = fw_relax(d[i * n + j], d[i * n + k], d[k * n + j]);
}
