// naive: the baseline of every course report (docs/reports.md).
//
// One kernel launch per intermediate vertex k (n launches per solve), one thread per cell, every
// operand read from global memory: d[i][j] = min(d[i][j], d[i][k] + d[k][j]).
// Launch (schema per-k): grid (ceil(n/32), ceil(n/32)), block (32, 32); no shared memory; 14 registers
// (ptxas, sm_90).
// Each launch reads and writes the whole matrix, so the solve moves about 8 n^3 bytes through
// L2/DRAM and is memory bound; it is here to measure what every later variant buys.
//
// Row k and column k do not change during launch k (d[k][k] = 0), so threads that read them while
// others write their own cells see the values of step k.
#include "fwbench.cuh"

FW_VARIANT("schema=per-k block=32x32 kernels=fw_naive");

extern "C" __global__ void fw_naive(int* d, int n, int k)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && j < n) {
        d[i * n + j] = fw_relax(d[i * n + j], d[i * n + k], d[k * n + j]);
    }
}
