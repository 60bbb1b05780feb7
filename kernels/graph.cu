// Support kernels (not a variant): generate the suite's seeded graphs on the device, check a solved
// matrix against the shortest-path certificate without a second solve, and finish a solve of a
// graph with negative weights.
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

// Vertex v's potential, 0..potentialRange: hashed from a counter no cell (i, j), i < 2^31, uses.
__device__ __forceinline__ int fw_potential(unsigned long long seed, int v, int potentialRange)
{
    const unsigned long long h = fw_splitmix64(seed ^ fw_splitmix64((0xFFFFFFFFull << 32) | (unsigned)v));
    return (int)((h >> 32) % (unsigned)(potentialRange + 1));
}

// Edge (i, j), i != j, exists when the low 32 bits of its hash are below edgeThreshold
// (2^32 = always, a complete graph); its weight is 1 + (high 32 bits mod maxWeight), plus
// p(i) - p(j) with potentials p in 0..potentialRange (0: none). Potentials add nothing to a
// cycle, so the weights may be negative but every cycle stays positive.
// The diagonal is 0, absent edges FW_INF. The matrix has ld >= n ints per row and ld rows;
// cells past n are padding: isolated vertices (0 diagonal, FW_INF elsewhere).
// Launch: grid (ceil(ld/32), ceil(ld/8)), block (32, 8).
__device__ __forceinline__ int fw_generated_cell(int i, int j, int n, unsigned long long seed,
                                                 unsigned long long edgeThreshold, int maxWeight, int potentialRange)
{
    if (i == j) return 0;
    if (i >= n || j >= n) return FW_INF;
    const unsigned long long h = fw_splitmix64(seed ^ fw_splitmix64(((unsigned long long)i << 32) | (unsigned)j));
    int w = (h & 0xFFFFFFFFull) < edgeThreshold ? 1 + (int)((h >> 32) % (unsigned)maxWeight) : FW_INF;
    if (w != FW_INF && potentialRange > 0)
        w += fw_potential(seed, i, potentialRange) - fw_potential(seed, j, potentialRange);
    return w;
}

extern "C" __global__ void fw_generate(int* d, int n, int ld, unsigned long long seed,
                                       unsigned long long edgeThreshold, int maxWeight, int potentialRange)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ld || j >= ld) return;
    d[(long long)i * ld + j] = fw_generated_cell(i, j, n, seed, edgeThreshold, maxWeight, potentialRange);  // 64-bit: the matrix may pass 2^31 cells
}

// Rows firstRow .. firstRow + rows - 1 of fw_generate's matrix into d (rows x ld ints): one row
// band of a solve split across devices (kleene-bands). Launch: grid (ceil(ld/32), ceil(rows/8)), block (32, 8).
extern "C" __global__ void fw_generate_rows(int* d, int n, int ld, int firstRow, int rows, unsigned long long seed,
                                            unsigned long long edgeThreshold, int maxWeight, int potentialRange)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows || j >= ld) return;
    d[(long long)i * ld + j] = fw_generated_cell(firstRow + i, j, n, seed, edgeThreshold, maxWeight, potentialRange);
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

// Certificate for graphs whose cycles all weigh more than 0: D is the distance matrix of W
// exactly when D[i][i] = 0 and, for i != j, D[i][j] = min(FW_INF, min over k != j of
// D[i][k] + W[k][j]) (every finite D[i][j] steps back to a D[i][k] through an edge, and the steps
// cannot close a cycle, so they reach D[i][i]: it is a real path; and nothing improves on it).
// With weights >= 0 an INF operand gives a sum >= FW_INF, which the min with FW_INF absorbs; with
// negative weights INF + w < INF, so the SIGNED form skips every term with an INF operand (it
// expects D settled by fw_finish_negative_weights: unreachable cells exactly FW_INF, all cells
// above -FW_INF, so no sum overflows).
template <bool SIGNED>
__device__ __forceinline__ int fw_certificate_term(int best, int a, int b)
{
    if (SIGNED && (a == FW_INF || b == FW_INF)) return best;
    return fw_relax(best, a, b);
}

// One pass of a min-plus product D (x) W with W's diagonal masked to FW_INF.
// Writes the smallest violating cell index i * n + j, in 64 bits, to *firstBad (left unchanged when
// D is correct). Both matrices have ld ints per row. Launch: grid (ceil(n/32), ceil(n/32)), block (32, 32).
#define CT 32
template <bool SIGNED>
__device__ __forceinline__ void fw_certificate_tiles(const int* D, const int* W, int n, int ld, unsigned long long* firstBad)
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
        for (int k = 0; k < CT; ++k) best = fw_certificate_term<SIGNED>(best, dRows[ty][k], wCols[k][tx]);
        __syncthreads();  // chunk consumed before the next one overwrites it
    }
    if (i < n && j < n) {
        const int expected = (i == j) ? 0 : min(best, FW_INF);
        if (D[(long long)i * ld + j] != expected) atomicMin(firstBad, (unsigned long long)i * n + j);
    }
}

// For graphs with weights > 0 (the suite's generators without potentials).
extern "C" __global__ void fw_certificate(const int* D, const int* W, int n, int ld, unsigned long long* firstBad)
{
    fw_certificate_tiles<false>(D, W, n, ld, firstBad);
}

// For graphs with negative weights whose cycles are all positive (the generators with potentials).
extern "C" __global__ void fw_certificate_signed(const int* D, const int* W, int n, int ld, unsigned long long* firstBad)
{
    fw_certificate_tiles<true>(D, W, n, ld, firstBad);
}

// The certificate's expected value of one cell (the signed form: it serves both), for the error
// message. Launch: 1 thread.
extern "C" __global__ void fw_certificate_cell(const int* D, const int* W, int n, int ld, int i, int j,
                                               int* expected)
{
    int best = FW_INF;
    for (int k = 0; k < n; ++k)
        if (k != j) best = fw_certificate_term<true>(best, D[(long long)i * ld + k], W[(long long)k * ld + j]);
    *expected = (i == j) ? 0 : min(best, FW_INF);
}

// The last step of a solve of a graph with negative weights, over its n x n cells (ld ints a row),
// each a distance << shift (shift: the low bits a variant keeps beside it, 0 for plain int32).
// Without a negative cycle every cell ends as the shortest path of the complete graph whose absent
// edges weigh inf: a finite distance (<= hi) where there is a path, and >= inf + 2 (n - 1) w_min
// > hi (the solver refuses graphs where it is not) where there is none, since INF plus a negative
// weight is below INF. Those cells are set back to inf, and their intermediate (q, if given) to
// n + 1, none. A cell below lo = (n - 1) w_min, or a negative diagonal cell, proves a negative cycle
// (no walk without one is that short; min never raises a cell, so one that fell there stays): the
// smallest such cell index i * n + j goes to *negativeAt (left unchanged without one).
// Launch: grid (ceil(n/32), ceil(n/8)), block (32, 8).
extern "C" __global__ void fw_finish_negative_weights(int* d, int* q, int n, int ld, int shift, int hi, int lo, int inf,
                                                      unsigned long long* negativeAt)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n || j >= n) return;
    const long long at = (long long)i * ld + j;  // 64-bit: the matrix may pass 2^31 cells
    const int distance = d[at] >> shift;  // arithmetic: a negative key keeps its distance
    if (distance < lo || (i == j && distance < 0)) {
        atomicMin(negativeAt, (unsigned long long)i * n + j);
    } else if (distance > hi) {
        d[at] = inf << shift;
        if (q != nullptr) q[at] = n + 1;
    }
}

// The certificate over a row band of D (kleene-bands: each device checks its own rows), with W's
// rows brought to the device a chunk at a time, so that no device holds all of W. D holds rows
// firstRow .. firstRow + rows - 1 of the distances, W rows k0 .. k0 + kCount - 1 of the weights,
// both ld ints a row. Cell (i, j), i != j, is right exactly when no chunk has a term below it
// (fw_certificate_rows, per chunk) and, unless it is FW_INF, some chunk has a term equal to it
// (a witness: its bit in `witness`, rows x ld bits, zeroed before the first chunk) and it is not
// above FW_INF; the diagonal is 0 (fw_certificate_rows_end, after the last chunk). That is
// D[i][j] = min(FW_INF, min over k != j of the terms), the certificate of fw_certificate.
// The smallest violating cell index (firstRow + i) * n + j goes to *firstBad.
// Launch: grid (ceil(n/32), ceil(rows/32)), block (32, 32).
template <bool SIGNED>
__device__ __forceinline__ void fw_certificate_band_chunk(const int* D, const int* W, int n, int ld, int firstRow, int rows,
                                                          int k0, int kCount, unsigned* witness, unsigned long long* firstBad)
{
    __shared__ int dRows[CT][CT + 1];
    __shared__ int wCols[CT][CT];
    const int ty = threadIdx.y, tx = threadIdx.x;
    const int i = blockIdx.y * CT + ty, j = blockIdx.x * CT + tx;
    int best = FW_INF;
    for (int c0 = 0; c0 < kCount; c0 += CT) {
        const int kd = k0 + c0 + tx, cw = c0 + ty;
        dRows[ty][tx] = (i < rows && c0 + tx < kCount && kd < n) ? D[(long long)i * ld + kd] : FW_INF;
        wCols[ty][tx] = (cw < kCount && k0 + cw < n && j < n && k0 + cw != j) ? W[(long long)cw * ld + j] : FW_INF;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < CT; ++k) best = fw_certificate_term<SIGNED>(best, dRows[ty][k], wCols[k][tx]);
        __syncthreads();
    }
    if (i < rows && j < n && firstRow + i != j) {
        const long long at = (long long)i * ld + j;
        const int d = D[at];
        if (best < d) atomicMin(firstBad, (unsigned long long)(firstRow + i) * n + j);
        else if (best == d && d < FW_INF) atomicOr(&witness[at >> 5], 1u << (at & 31));
    }
}

extern "C" __global__ void fw_certificate_rows(const int* D, const int* W, int n, int ld, int firstRow, int rows, int k0,
                                               int kCount, unsigned* witness, unsigned long long* firstBad)
{
    fw_certificate_band_chunk<false>(D, W, n, ld, firstRow, rows, k0, kCount, witness, firstBad);
}

extern "C" __global__ void fw_certificate_rows_signed(const int* D, const int* W, int n, int ld, int firstRow, int rows, int k0,
                                                      int kCount, unsigned* witness, unsigned long long* firstBad)
{
    fw_certificate_band_chunk<true>(D, W, n, ld, firstRow, rows, k0, kCount, witness, firstBad);
}

// Launch: grid (ceil(n/32), ceil(rows/8)), block (32, 8).
extern "C" __global__ void fw_certificate_rows_end(const int* D, int n, int ld, int firstRow, int rows, const unsigned* witness,
                                                   unsigned long long* firstBad)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows || j >= n) return;
    const long long at = (long long)i * ld + j;
    const int d = D[at];
    const bool right = firstRow + i == j ? d == 0 : d == FW_INF || (d < FW_INF && (witness[at >> 5] >> (at & 31) & 1u));
    if (!right) atomicMin(firstBad, (unsigned long long)(firstRow + i) * n + j);
}
