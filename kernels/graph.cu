// Support kernels (not a variant): generate the suite's seeded graphs on the device, and check a
// solved matrix against the shortest-path certificate without a second solve.
//
// The generator is counter-based: cell (i, j) depends only on (seed, i, j), so the device fills
// the matrix in one parallel pass and fwbench.graph.GraphSpec produces the same cells on the host
// (a GPU test compares the two). Launch geometry beside each kernel; only fw_certificate uses
// shared memory (8,320 bytes); registers (ptxas, sm_90): 10 to 32, no spills.
#include "fw.cuh"

__device__ __forceinline__ unsigned long long fw_splitmix64(unsigned long long z)
{
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Edge (i, j), i != j, exists when the low 32 bits of its hash are below edgeThreshold
// (2^32 = always, a complete graph); its weight is 1 + (high 32 bits mod maxWeight).
// The diagonal is 0, absent edges FW_INF. The matrix has ld >= n ints per row and ld rows;
// cells past n are padding: isolated vertices (0 diagonal, FW_INF elsewhere).
// Launch: grid (ceil(ld/32), ceil(ld/8)), block (32, 8).
extern "C" __global__ void fw_generate(int* d, int n, int ld, unsigned long long seed,
                                       unsigned long long edgeThreshold, int maxWeight)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ld || j >= ld) return;
    int w;
    if (i == j) {
        w = 0;
    } else if (i >= n || j >= n) {
        w = FW_INF;
    } else {
        const unsigned long long h =
            fw_splitmix64(seed ^ fw_splitmix64(((unsigned long long)i << 32) | (unsigned)j));
        w = (h & 0xFFFFFFFFull) < edgeThreshold ? 1 + (int)((h >> 32) % (unsigned)maxWeight) : FW_INF;
    }
    d[(long long)i * ld + j] = w;  // 64-bit: the matrix may pass 2^31 cells
}

// The padding of an ld x ld matrix whose top-left n x n cells were copied in: isolated vertices.
// Launch: grid (ceil(ld/32), ceil(ld/8)), block (32, 8).
extern "C" __global__ void fw_pad(int* d, int n, int ld)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ld || j >= ld || (i < n && j < n)) return;
    d[(long long)i * ld + j] = i == j ? 0 : FW_INF;
}

// Certificate for graphs with positive weights: D is the distance matrix of W exactly when
// D[i][i] = 0 and, for i != j, D[i][j] = min(FW_INF, min over k != j of D[i][k] + W[k][j])
// (every finite D[i][j] is reached from a shorter D[i][k], and nothing improves on it).
// One pass of a min-plus product D (x) W with W's diagonal masked to FW_INF.
// Writes the smallest violating cell index i * n + j, in 64 bits, to *firstBad (left unchanged when
// D is correct). Both matrices have ld ints per row. Launch: grid (ceil(n/32), ceil(n/32)), block (32, 32).
#define CT 32
extern "C" __global__ void fw_certificate(const int* D, const int* W, int n, int ld, unsigned long long* firstBad)
{
    __shared__ int dRows[CT][CT + 1];  // D[i][k0 .. k0+31]; +1 column: rows are read across a warp
    __shared__ int wCols[CT][CT];      // W[k0 .. k0+31][j], with W[j][j] replaced by FW_INF
    const int ty = threadIdx.y, tx = threadIdx.x;
    const int i = blockIdx.y * CT + ty, j = blockIdx.x * CT + tx;
    int best = FW_INF;
    for (int k0 = 0; k0 < n; k0 += CT) {
        const int kd = k0 + tx, kw = k0 + ty;
        dRows[ty][tx] = (i < n && kd < n) ? D[(long long)i * ld + kd] : FW_INF;
        wCols[ty][tx] = (kw < n && j < n && kw != j) ? W[(long long)kw * ld + j] : FW_INF;
        __syncthreads();  // both chunks loaded
#pragma unroll
        for (int k = 0; k < CT; ++k) best = fw_relax(best, dRows[ty][k], wCols[k][tx]);
        __syncthreads();  // chunk consumed before the next one overwrites it
    }
    if (i < n && j < n) {
        const int expected = (i == j) ? 0 : min(best, FW_INF);
        if (D[(long long)i * ld + j] != expected) atomicMin(firstBad, (unsigned long long)i * n + j);
    }
}

// The certificate's expected value of one cell, for the error message. Launch: 1 thread.
extern "C" __global__ void fw_certificate_cell(const int* D, const int* W, int n, int ld, int i, int j,
                                               int* expected)
{
    int best = FW_INF;
    for (int k = 0; k < n; ++k)
        if (k != j) best = fw_relax(best, D[(long long)i * ld + k], W[(long long)k * ld + j]);
    *expected = (i == j) ? 0 : min(best, FW_INF);
}
