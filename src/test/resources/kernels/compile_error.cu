// Test kernel file: does not compile; nvcc reports an undeclared identifier on line 10.
#include "fwbench.cuh"

FW_VARIANT("schema=per-k block=32x32 kernels=fw_test_compile_error");

extern "C" __global__ void fw_test_compile_error(int* d, int n, int k)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && j < n) d[i * n + j] = fw_relax(d[i * n + j], d[i * n + k], undeclared_distance);
}
