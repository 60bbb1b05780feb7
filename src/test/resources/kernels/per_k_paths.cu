// Test kernel file: per-k schema with paths=yes and 16x16 blocks, so n not a multiple of 16 leaves partial blocks.
#include "fwbench.cuh"

FW_VARIANT("schema=per-k block=16x16 paths=yes kernels=fw_test_per_k_paths");

// Launch k relaxes every cell through vertex k and records k in q where it strictly improves.
// Row k and column k do not change during launch k (d[k][k] = 0), so no cell read here is written.
extern "C" __global__ void fw_test_per_k_paths(int* d, int* q, int n, int k)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n || j >= n) return;
    const int candidate = d[i * n + k] + d[k * n + j];
    if (candidate < d[i * n + j]) {
        d[i * n + j] = candidate;
        q[i * n + j] = k;
    }
}
