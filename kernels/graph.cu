// Support kernels (not a variant): generate the suite's seeded graphs on the device, check a solved
// matrix against the shortest-path certificate without a second solve, and finish a solve of a
// graph with negative weights.
//
// The generator is counter-based: cell (i, j) depends only on (seed, i, j), so the device fills
// the matrix in one parallel pass and fwbench.graph.GraphSpec produces the same cells on the host
// (a GPU test compares the two). Launch geometry beside each kernel; only the certificate's tile
// kernels use shared memory (35,328 bytes, static) and many registers (ptxas, sm_90: 125 to 128 of
// their cap of 128, no spills; sm_75 to sm_89 spill up to 76 bytes); the others 10 to 32.
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

// One pass of the min-plus product D (x) W with W's diagonal masked to FW_INF, register-tiled: a
// block computes a FW_CERT_T x FW_CERT_T tile of expected values, each of its 256 threads an 8 x 8
// block of them in registers (rows ty*4 + 0..3 and 64 + ty*4 + 0..3, columns likewise by tx, so the
// operands of a step are two 16-byte shared loads a side and a warp's A loads are broadcasts). K is
// staged through shared memory in chunks of FW_CERT_K, double-buffered: a chunk's plain global
// loads are issued into registers before the previous chunk is used, and stored after it, one
// barrier a chunk. Out-of-range operands load as FW_INF, so any n and ld >= n work.
// Writes the smallest violating cell index i * n + j, in 64 bits, to *firstBad (left unchanged when
// D is correct). Both matrices have ld ints per row.
// Launch: grid (ceil(n/FW_CERT_T), ceil(n/FW_CERT_T)), block FW_CERT_THREADS, no dynamic shared memory
// (fw_certificate_shape says so to the host).
#define FW_CERT_T 128
#define FW_CERT_K 16
#define FW_CERT_THREADS 256
#define FW_CERT_CELLS 8                      // a thread's cells, FW_CERT_CELLS x FW_CERT_CELLS
#define FW_CERT_PASS (FW_CERT_THREADS / FW_CERT_K)                // rows of A (or columns of B) a staging pass loads
#define FW_CERT_STAGED (FW_CERT_T * FW_CERT_K / FW_CERT_THREADS)  // elements of A (and of B) a thread stages
#define FW_CERT_A_STRIDE (FW_CERT_T + 4)     // A is stored k-major; +4 keeps 16-byte rows, 2-way store conflicts
#define FW_CERT_B_STRIDE (FW_CERT_T + 16)    // +16: a warp's two B rows store to different banks

// The launch as the host reads it (fwbench.cuda.LaunchShape: threads, dynamic shared bytes, tile,
// cells a thread down and across). C linkage for cuModuleGetGlobal; the braces make the host's
// shadow copy a definition where a host program includes this file.
extern "C" {
__constant__ int fw_certificate_shape[5] = {FW_CERT_THREADS, 0, FW_CERT_T, FW_CERT_CELLS, FW_CERT_CELLS};
__constant__ int fw_certificate_signed_shape[5] = {FW_CERT_THREADS, 0, FW_CERT_T, FW_CERT_CELLS, FW_CERT_CELLS};
__constant__ int fw_certificate_packed16_shape[5] = {FW_CERT_THREADS, 0, FW_CERT_T, FW_CERT_CELLS, FW_CERT_CELLS};
}

// Row (or column) of the tile that a thread's cell r (0..7) lies in, for thread coordinate t (0..15).
__device__ __forceinline__ int fw_certificate_line(int t, int r)
{
    return (r < 4 ? 0 : FW_CERT_T / 2) + t * 4 + (r & 3);
}

// One staged chunk's FW_CERT_K steps on the thread's cells; EXACT leaves out each term with an INF operand.
template <bool EXACT>
__device__ __forceinline__ void fw_certificate_steps(int (&best)[FW_CERT_CELLS][FW_CERT_CELLS],
                                                     const int (*a)[FW_CERT_A_STRIDE], const int (*b)[FW_CERT_B_STRIDE], int ty, int tx)
{
#pragma unroll
    for (int k = 0; k < FW_CERT_K; ++k) {
        const int4 a0 = *reinterpret_cast<const int4*>(&a[k][ty * 4]);
        const int4 a1 = *reinterpret_cast<const int4*>(&a[k][FW_CERT_T / 2 + ty * 4]);
        const int4 b0 = *reinterpret_cast<const int4*>(&b[k][tx * 4]);
        const int4 b1 = *reinterpret_cast<const int4*>(&b[k][FW_CERT_T / 2 + tx * 4]);
        const int av[FW_CERT_CELLS] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
        const int bv[FW_CERT_CELLS] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
        for (int r = 0; r < FW_CERT_CELLS; ++r)
#pragma unroll
            for (int c = 0; c < FW_CERT_CELLS; ++c)
                best[r][c] = EXACT ? fw_certificate_term<true>(best[r][c], av[r], bv[c]) : fw_relax(best[r][c], av[r], bv[c]);
    }
}

// A distance of D as the certificate reads it: an int32 cell as it is; a packed16 cell (D as
// ld shorts a row: packed16's pairs, low half the even column) with FW_INF16 and above as FW_INF,
// as fw_packed16_unpack gives it, so the packed result is checked without a copy in int32.
__device__ __forceinline__ int fw_certificate_distance(int d)
{
    return d;
}
__device__ __forceinline__ int fw_certificate_distance(short d)
{
    return d >= FW_INF16 ? FW_INF : d;
}

// Which rows of D a launch checks against which rows of W. The whole matrix (fw_certificate):
// firstRow 0, rows n, k0 0, kCount n, each cell compared with its expected value. A band
// (fw_certificate_rows, BAND): D holds rows firstRow .. firstRow + rows - 1 (row 0 of D is matrix
// row firstRow), W holds rows k0 .. k0 + kCount - 1 (row 0 of W is matrix row k0); each cell's
// verdict for that chunk of k: a term below it fails it, a term equal to it is its witness.
template <bool SIGNED, bool BAND, typename DCell = int>
__device__ __forceinline__ void fw_certificate_tiles(const DCell* D, const int* W, int n, int ld, int firstRow, int rows, int k0,
                                                     int kCount, unsigned* witness, unsigned long long* firstBad)
{
    __shared__ __align__(16) int aChunk[2][FW_CERT_K][FW_CERT_A_STRIDE];  // D[i0 + r][k0 + kc + k] at [k][r]
    __shared__ __align__(16) int bChunk[2][FW_CERT_K][FW_CERT_B_STRIDE];  // W[kc + k][j0 + c], W[j][j] as FW_INF
    const int t = threadIdx.x, ty = t / 16, tx = t % 16;
    const int i0 = blockIdx.y * FW_CERT_T, j0 = blockIdx.x * FW_CERT_T;

    // Staging, FW_CERT_STAGED loads a side: thread t loads A's k = k0 + t % K of rows
    // i0 + t / K + P s, and B's row k0 + t / P at columns j0 + t % P + P s (K = FW_CERT_K,
    // P = FW_CERT_THREADS / K threads a pass); a warp's loads are whole 32-byte sectors of rows.
    const int aK = t % FW_CERT_K, aRow = t / FW_CERT_K;
    const int bColumn = t % FW_CERT_PASS, bK = t / FW_CERT_PASS;
    const DCell* aBase = D + ((long long)(i0 + aRow) * ld + k0 + aK);  // 64-bit: rows may start past 2^31 cells
    const long long aStep = (long long)FW_CERT_PASS * ld;
    int aStaged[FW_CERT_STAGED], bStaged[FW_CERT_STAGED];
    auto load = [&](int kc) {  // kc: the chunk's first k, counted from k0
        const int kb = kc + bK;
        const int* bRow = W + ((long long)kb * ld + j0 + bColumn);
#pragma unroll
        for (int s = 0; s < FW_CERT_STAGED; ++s) {
            const int i = i0 + aRow + FW_CERT_PASS * s, j = j0 + bColumn + FW_CERT_PASS * s;
            aStaged[s] = (i < rows && kc + aK < kCount) ? fw_certificate_distance(aBase[kc + s * aStep]) : FW_INF;
            bStaged[s] = (kb < kCount && j < n && k0 + kb != j) ? bRow[FW_CERT_PASS * s] : FW_INF;
        }
    };
    // Stores the staged chunk; for SIGNED returns what it holds: bit 0 an FW_INF, bit 1 a value
    // outside 0..FW_INF.
    auto store = [&](int buffer) {
        bool inf = false, outside = false;
#pragma unroll
        for (int s = 0; s < FW_CERT_STAGED; ++s) {
            aChunk[buffer][aK][aRow + FW_CERT_PASS * s] = aStaged[s];
            bChunk[buffer][bK][bColumn + FW_CERT_PASS * s] = bStaged[s];
            inf |= aStaged[s] == FW_INF || bStaged[s] == FW_INF;
            outside |= (unsigned)aStaged[s] > FW_INF || (unsigned)bStaged[s] > FW_INF;
        }
        return (inf ? 1 : 0) | (outside ? 2 : 0);
    };
    // The barrier after a chunk is staged. SIGNED: whether the chunk needs its INF terms left out one
    // by one: only where it holds both an FW_INF and a value outside 0..FW_INF (INF + w < INF for
    // w < 0, or wraps for w > FW_INF); otherwise an INF term sums to FW_INF..2 FW_INF, which the min
    // absorbs, and the plain relaxation gives the same answer. The same for the whole block.
    auto staged = [&](int holds) {
        if (!SIGNED) {
            __syncthreads();
            return false;
        }
        const int inf = __syncthreads_or(holds & 1);
        const int outside = __syncthreads_or(holds & 2);
        return inf != 0 && outside != 0;
    };

    int best[FW_CERT_CELLS][FW_CERT_CELLS];
#pragma unroll
    for (int r = 0; r < FW_CERT_CELLS; ++r)
#pragma unroll
        for (int c = 0; c < FW_CERT_CELLS; ++c) best[r][c] = FW_INF;

    load(0);
    bool exact = staged(store(0));
    const int chunks = (kCount + FW_CERT_K - 1) / FW_CERT_K;
    for (int chunk = 0; chunk < chunks; ++chunk) {
        const int buffer = chunk & 1;
        const bool next = chunk + 1 < chunks;
        if (next) load((chunk + 1) * FW_CERT_K);  // in flight while this chunk is used
        if (exact) fw_certificate_steps<true>(best, aChunk[buffer], bChunk[buffer], ty, tx);
        else fw_certificate_steps<false>(best, aChunk[buffer], bChunk[buffer], ty, tx);
        // the other buffer: its last readers passed the previous barrier; the barrier also keeps
        // this chunk until every thread has used it
        exact = staged(next ? store(buffer ^ 1) : 0);
    }

    unsigned long long bad = ~0ull;
    if (!BAND) {
#pragma unroll
        for (int r = 0; r < FW_CERT_CELLS; ++r) {
            const int i = i0 + fw_certificate_line(ty, r);
            if (i >= n) continue;
            const DCell* dRow = D + (long long)i * ld;
#pragma unroll
            for (int c = 0; c < FW_CERT_CELLS; ++c) {
                const int jc = j0 + fw_certificate_line(tx, c);
                if (jc >= n) continue;
                const int expected = (i == jc) ? 0 : min(best[r][c], FW_INF);
                if (fw_certificate_distance(dRow[jc]) != expected) bad = min(bad, (unsigned long long)i * n + jc);
            }
        }
    } else {
        // A thread's cells (r, 4h .. 4h + 3) are four adjacent bits of one witness word (ld is a
        // multiple of 32), which it shares with the 7 other threads of its 8-aligned group of tx:
        // the group ORs its bits with shuffles and one thread sets them, 16 atomics a thread at most.
#pragma unroll
        for (int r = 0; r < FW_CERT_CELLS; ++r) {
            const int i = i0 + fw_certificate_line(ty, r);
            const DCell* dRow = D + (long long)i * ld;
#pragma unroll
            for (int h = 0; h < 2; ++h) {
                unsigned bits = 0;
#pragma unroll
                for (int q = 0; q < 4; ++q) {
                    const int c = 4 * h + q, jc = j0 + fw_certificate_line(tx, c);
                    if (i >= rows || jc >= n || firstRow + i == jc) continue;
                    const int d = fw_certificate_distance(dRow[jc]);
                    if (best[r][c] < d) bad = min(bad, (unsigned long long)(firstRow + i) * n + jc);
                    else if (best[r][c] == d && d < FW_INF) bits |= 1u << q;
                }
                bits <<= (tx & 7) * 4;
                bits |= __shfl_xor_sync(0xffffffffu, bits, 1);
                bits |= __shfl_xor_sync(0xffffffffu, bits, 2);
                bits |= __shfl_xor_sync(0xffffffffu, bits, 4);
                const long long at = (long long)i * ld + j0 + fw_certificate_line(tx & ~7, 4 * h);
                if ((tx & 7) == 0 && bits != 0) atomicOr(&witness[at >> 5], bits);
            }
        }
    }
    if (bad != ~0ull) atomicMin(firstBad, bad);
}

// For graphs with weights > 0 (the suite's generators without potentials).
extern "C" __global__ void __launch_bounds__(FW_CERT_THREADS, 2) fw_certificate(const int* D, const int* W, int n, int ld, unsigned long long* firstBad)
{
    fw_certificate_tiles<false, false>(D, W, n, ld, 0, n, 0, n, nullptr, firstBad);
}

// For graphs with negative weights whose cycles are all positive (the generators with potentials).
extern "C" __global__ void __launch_bounds__(FW_CERT_THREADS, 2) fw_certificate_signed(const int* D, const int* W, int n, int ld, unsigned long long* firstBad)
{
    fw_certificate_tiles<true, false>(D, W, n, ld, 0, n, 0, n, nullptr, firstBad);
}

// packed16's result as it is: D is its packed matrix read as ld shorts a row, W the int32 weights
// (weights >= 0: packed16 takes no others). Launch as fw_certificate.
extern "C" __global__ void __launch_bounds__(FW_CERT_THREADS, 2) fw_certificate_packed16(const short* D, const int* W, int n, int ld,
                                                                                         unsigned long long* firstBad)
{
    fw_certificate_tiles<false, false, short>(D, W, n, ld, 0, n, 0, n, nullptr, firstBad);
}

// The certificate's expected value of one cell (the signed form: it serves both), for the error
// message. Launch: 1 thread.
template <typename DCell>
__device__ __forceinline__ void fw_certificate_one_cell(const DCell* D, const int* W, int n, int ld, int i, int j, int* expected)
{
    int best = FW_INF;
    for (int k = 0; k < n; ++k)
        if (k != j) best = fw_certificate_term<true>(best, fw_certificate_distance(D[(long long)i * ld + k]), W[(long long)k * ld + j]);
    *expected = (i == j) ? 0 : min(best, FW_INF);
}

extern "C" __global__ void fw_certificate_cell(const int* D, const int* W, int n, int ld, int i, int j, int* expected)
{
    fw_certificate_one_cell(D, W, n, ld, i, j, expected);
}

// The same over packed16's result (D as ld shorts a row).
extern "C" __global__ void fw_certificate_cell_packed16(const short* D, const int* W, int n, int ld, int i, int j, int* expected)
{
    fw_certificate_one_cell(D, W, n, ld, i, j, expected);
}

// The last step of a solve of a graph with negative weights, over rows firstRow .. firstRow + rows - 1
// of its n x n cells, held from d (and q) on: d's row 0 is row firstRow, ld ints a row (one device's
// band of kleene-bands; 0 and n for a whole matrix). Each cell is a distance << shift (shift: the
// low bits a variant keeps beside it, 0 for plain int32).
// Without a negative cycle every cell ends as the shortest path of the complete graph whose absent
// edges weigh inf: a finite distance (<= hi) where there is a path, and >= inf + 2 (n - 1) w_min
// > hi (the solver refuses graphs where it is not) where there is none, since INF plus a negative
// weight is below INF. Those cells are set back to inf, and their intermediate (q, if given) to
// n + 1, none. A cell below lo = (n - 1) w_min, or a negative diagonal cell, proves a negative cycle
// (no walk without one is that short; min never raises a cell, so one that fell there stays): the
// smallest such cell index i * n + j of the whole matrix goes to *negativeAt (left unchanged without one).
// Launch: grid (ceil(n/32), ceil(rows/8)), block (32, 8).
extern "C" __global__ void fw_finish_negative_weights(int* d, int* q, int n, int ld, int firstRow, int rows, int shift, int hi, int lo,
                                                      int inf, unsigned long long* negativeAt)
{
    const int r = blockIdx.y * blockDim.y + threadIdx.y;  // row within the band
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows || j >= n) return;
    const int i = firstRow + r;  // row of the whole matrix: the diagonal and the index reported
    const long long at = (long long)r * ld + j;  // 64-bit: the matrix may pass 2^31 cells
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
// firstRow .. firstRow + rows - 1 of the distances, W rows k0 .. k0 + kCount - 1 of the weights
// (k0 + kCount <= n), both ld ints a row, ld a multiple of 32. Cell (i, j), i != j, is right
// exactly when no chunk has a term below it (fw_certificate_rows, per chunk) and, unless it is
// FW_INF, some chunk has a term equal to it (a witness: its bit in `witness`, rows x ld bits, zeroed
// before the first chunk) and it is not above FW_INF; the diagonal is 0 (fw_certificate_rows_end,
// after the last chunk). That is D[i][j] = min(FW_INF, min over k != j of the terms), the
// certificate of fw_certificate, whose register-tiled product it runs on each chunk.
// The smallest violating cell index (firstRow + i) * n + j goes to *firstBad.
// Launch: grid (ceil(n/FW_CERT_T), ceil(rows/FW_CERT_T)), block FW_CERT_THREADS (fw_certificate_rows_shape).
extern "C" {
__constant__ int fw_certificate_rows_shape[5] = {FW_CERT_THREADS, 0, FW_CERT_T, FW_CERT_CELLS, FW_CERT_CELLS};
__constant__ int fw_certificate_rows_signed_shape[5] = {FW_CERT_THREADS, 0, FW_CERT_T, FW_CERT_CELLS, FW_CERT_CELLS};
}

extern "C" __global__ void __launch_bounds__(FW_CERT_THREADS, 2) fw_certificate_rows(const int* D, const int* W, int n, int ld, int firstRow,
                                                                                     int rows, int k0, int kCount, unsigned* witness,
                                                                                     unsigned long long* firstBad)
{
    fw_certificate_tiles<false, true>(D, W, n, ld, firstRow, rows, k0, kCount, witness, firstBad);
}

// For graphs with negative weights (kleene-bands' bands, settled by fw_finish_negative_weights), as
// fw_certificate_signed.
extern "C" __global__ void __launch_bounds__(FW_CERT_THREADS, 2) fw_certificate_rows_signed(const int* D, const int* W, int n, int ld,
                                                                                            int firstRow, int rows, int k0, int kCount,
                                                                                            unsigned* witness,
                                                                                            unsigned long long* firstBad)
{
    fw_certificate_tiles<true, true>(D, W, n, ld, firstRow, rows, k0, kCount, witness, firstBad);
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
