// cluster_round: the pivot chain at T = 64 (packed16 on 128 threads a block, int32 on 256) run by a
// cluster of four blocks against by one block, the same code: what a round costs on a cluster
// before the chain is built into the dataflow kernel (kernels/LOG.md, n = 1000 in 0.10 ms: the chain
// on a cluster, a plan). A round r, on a matrix of 16 x 16 tiles of 64 x 64 cells:
//   - block 0 closes the pivot P = tile (r, r), held in registers (minplus::close_cells), and stores
//     it to global memory, to its shared memory and to the other blocks' (distributed shared memory);
//   - the cluster meets: barrier.cluster, or an mbarrier in each other block that block 0 arrives at;
//   - each block, for its 16 of the 64 rows, computes the cross X = min(C, C (x) P), C = tile
//     (r + 1, r), stores X to global memory, then the fold F = min(F, X (x) R), F = tile (r + 1,
//     r + 1), R = tile (r, r + 1), and stores its rows of F into block 0's shared memory (products:
//     4 rows x 1 word a thread, A operands staged transposed, one broadcast load a k);
//   - the cluster meets again (barrier.cluster, or block 0's mbarrier that the others arrive at);
//   - block 0 takes F into registers: the next round's pivot.
// C, F and R are read at the round's start (in the kernel they are done a round before). With one
// block, that block does the four quarters in turn, with block barriers. Nothing else runs: no
// other block, no waits on global counters. The tiles written are checked against the same rounds
// on the host. Prints clocks a round: the closure (with P's stores), each meeting, the products.
// Measured on an H200 (kernels/LOG.md, The closure in groups and the chain on a cluster, measured).
// Build and run on a GPU machine of sm_90:
//   nvcc -arch=sm_90 -O3 -std=c++17 -I kernels -o cluster_round kernels/tools/cluster_round.cu && ./cluster_round
#include <algorithm>
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "check.cuh"
#include "pivot_closure.cuh"

namespace cg = cooperative_groups;
constexpr int T = 64, TM = 4, TN = 4;
constexpr int QUARTERS = 4, QR = T / QUARTERS;  // a cluster's blocks, and the rows each computes
constexpr int TILES = 16, N = T * TILES, ROUNDS = TILES - 1;
constexpr int WORDS = T * T;                    // shared buffers: a tile of int32 (two of packed16)
template <class Cell> constexpr int W = T / Cell::CELLS_PER_WORD;
template <class Cell> constexpr int LD = N / Cell::CELLS_PER_WORD;
template <class Cell> constexpr int THREADS = minplus::Grid<Cell, T, TM, TN>::THREADS;
constexpr int PARTS = 5;  // clocks: closure, first meeting, products, second meeting, taking F

struct Shared {
    int pivot[WORDS];                                   // P's rows (peers: block 0's copy, pushed)
    int right[WORDS];                                   // R = tile (r, r + 1)
    int cross[WORDS];                                   // C's rows as read (the block's QR rows, or all four quarters)
    int fold[WORDS];                                    // F's rows as read
    int folded[WORDS];                                  // block 0: F after the round, gathered
    int crossT[QUARTERS * T * QR];                      // C's rows as A operands: [quarter][k][row], cells splatted
    int foldT[T * QR];                                  // X's rows of the quarter as A operands
    int closure[minplus::closure_words<minplus::Int32, T>()];  // the larger of the two
    unsigned long long pivotReady, foldedReady;         // mbarriers: block 0 pushed P (peers), the peers pushed F (block 0)
};

// out[a] = min(out[a], A (x) B) for rows 4 g + a of a quarter, word w: A = at[k][row] (QR cells a
// k, splatted for packed16, one 16-byte broadcast load), B = T rows of W words (one word a thread)
template <class Cell>
__device__ __forceinline__ void quarter_product(int (&out)[4], const int* at, const int* b, int g, int w)
{
#pragma unroll 16
    for (int k = 0; k < T; ++k) {
        const int4 a = *(const int4*)(at + k * QR + 4 * g);
        const int bw = b[k * W<Cell> + w];
        out[0] = Cell::relax(out[0], a.x, bw);
        out[1] = Cell::relax(out[1], a.y, bw);
        out[2] = Cell::relax(out[2], a.z, bw);
        out[3] = Cell::relax(out[3], a.w, bw);
    }
}

template <class Cell>
__device__ __forceinline__ int* tile(int* d, int ti, int tj) { return d + (size_t)ti * T * LD<Cell> + tj * W<Cell>; }

// copies rows [from, from + rows) of a tile (LD words a row) into dst (W words a row), 16 bytes a thread a step
template <class Cell>
__device__ __forceinline__ void copy_rows(int* dst, const int* src, int from, int rows)
{
    constexpr int Q = W<Cell> / 4;
    for (int x = threadIdx.x; x < rows * Q; x += THREADS<Cell>) {
        const int row = from + x / Q, quad = x % Q;
        *(int4*)(dst + row * W<Cell> + quad * 4) = *(const int4*)(src + (size_t)row * LD<Cell> + quad * 4);
    }
}

// cell h of a word as an A operand: packed16 splats it into both halves
template <class Cell>
__device__ __forceinline__ int splat(int word, int h)
{
    return Cell::CELLS_PER_WORD == 1 ? word : (int)__byte_perm((unsigned)word, 0u, h ? 0x3232u : 0x1010u);
}

// mbarriers in shared memory, arrived at from another block of the cluster
__device__ __forceinline__ unsigned smem_address(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void mbarrier_init(unsigned long long* bar, int count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_address(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void mbarrier_arrive_remote(unsigned long long* bar, int rank)
{
    unsigned remote;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(smem_address(bar)), "r"(rank));
    asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" ::"r"(remote) : "memory");
}
__device__ __forceinline__ void mbarrier_wait(unsigned long long* bar, int parity)
{
    asm volatile(
        "{\n .reg .pred done;\n wait:\n"
        " mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 done, [%0], %1;\n"
        " @!done bra wait;\n}" ::"r"(smem_address(bar)),
        "r"(parity)
        : "memory");
}

// BLOCKS = 1: one block, quarters in turn; 4: a cluster meeting at barrier.cluster (MBARRIERS false)
// or signalling through mbarriers (true: block 0 -> peers when P is pushed, peers -> block 0 when F is)
template <class Cell, int BLOCKS, bool MBARRIERS>
__device__ __forceinline__ void chain(int* d, long long* clocks)
{
    constexpr int W = ::W<Cell>, LD = ::LD<Cell>, CPW = Cell::CELLS_PER_WORD;
    extern __shared__ __align__(16) int raw[];
    Shared& s = *(Shared*)raw;
    using G = minplus::Grid<Cell, T, TM, TN>;
    const int rank = BLOCKS > 1 ? (int)cg::this_cluster().block_rank() : 0;
    const int tid = threadIdx.x, g = tid / W, w = tid % W;
    if constexpr (MBARRIERS) {
        if (tid == 0) {
            mbarrier_init(&s.pivotReady, 1);
            mbarrier_init(&s.foldedReady, BLOCKS - 1);
        }
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    if constexpr (BLOCKS > 1) cg::this_cluster().sync();  // every block has started before any writes to another's shared memory
    auto meet = [] {
        if constexpr (BLOCKS > 1) cg::this_cluster().sync();
        else __syncthreads();
    };
    // after this block's pushes to block `to`: one thread tells it (the block barrier orders the others' stores first)
    auto signal = [&](unsigned long long* bar, int to) {
        __syncthreads();
        if (tid == 0) {
            asm volatile("fence.acq_rel.cluster;" ::: "memory");
            mbarrier_arrive_remote(bar, to);
        }
    };
    int acc[TM][TN];
    if (rank == 0) minplus::load_cells<Cell, T, TM, TN>(acc, tile<Cell>(d, 0, 0), LD, G::ty(), G::tx());
    long long spent[PARTS] = {};
    for (int r = 0; r < ROUNDS; ++r) {
        // the round's inputs, done a round before in the kernel: R whole, C's and F's rows, C's as A operands
        const int first = BLOCKS > 1 ? rank : 0, last = BLOCKS > 1 ? rank + 1 : QUARTERS;
        copy_rows<Cell>(s.right, tile<Cell>(d, r, r + 1), 0, T);
        copy_rows<Cell>(s.cross, tile<Cell>(d, r + 1, r), first * QR, (last - first) * QR);
        copy_rows<Cell>(s.fold, tile<Cell>(d, r + 1, r + 1), first * QR, (last - first) * QR);
        __syncthreads();
        for (int x = tid; x < (last - first) * QR * W; x += THREADS<Cell>) {
            const int q = first + x / (QR * W), row = x / W % QR, word = x % W;
            const int c = s.cross[(q * QR + row) * W + word];
#pragma unroll
            for (int h = 0; h < CPW; ++h) s.crossT[(q * T + CPW * word + h) * QR + row] = splat<Cell>(c, h);
        }
        __syncthreads();
        long long t0 = clock64();
        if (rank == 0) {
            minplus::close_cells<Cell, T, TM, TN>(acc, s.closure);
#pragma unroll
            for (int a = 0; a < TM; ++a)
#pragma unroll
                for (int h = 0; h < 2; ++h) {
                    const int row = minplus::owned_row<T, TM>(G::ty(), a), word = h * (W / 2) + G::tx() * (TN / 2);
                    const int2 v = make_int2(acc[a][h * 2], acc[a][h * 2 + 1]);
                    *(int2*)(s.pivot + row * W + word) = v;
                    *(int2*)(tile<Cell>(d, r, r) + (size_t)row * LD + word) = v;
#pragma unroll
                    for (int peer = 1; peer < BLOCKS; ++peer) *(int2*)(cg::this_cluster().map_shared_rank(s.pivot, peer) + row * W + word) = v;
                }
        }
        long long t1 = clock64();
        if constexpr (MBARRIERS) {
            if (rank == 0) {
                __syncthreads();
                if (tid == 0) {
                    asm volatile("fence.acq_rel.cluster;" ::: "memory");
                    for (int peer = 1; peer < BLOCKS; ++peer) mbarrier_arrive_remote(&s.pivotReady, peer);
                }
            } else {
                mbarrier_wait(&s.pivotReady, r & 1);
            }
        } else {
            meet();
        }
        long long t2 = clock64();
        for (int q = first; q < last; ++q) {
            int x[4], f[4];
#pragma unroll
            for (int a = 0; a < 4; ++a) x[a] = s.cross[(q * QR + 4 * g + a) * W + w];
            quarter_product<Cell>(x, s.crossT + q * T * QR, s.pivot, g, w);
#pragma unroll
            for (int a = 0; a < 4; ++a) tile<Cell>(d, r + 1, r)[(size_t)(q * QR + 4 * g + a) * LD + w] = x[a];
#pragma unroll
            for (int h = 0; h < CPW; ++h)
                *(int4*)(s.foldT + (CPW * w + h) * QR + 4 * g) = make_int4(splat<Cell>(x[0], h), splat<Cell>(x[1], h), splat<Cell>(x[2], h), splat<Cell>(x[3], h));
#pragma unroll
            for (int a = 0; a < 4; ++a) f[a] = s.fold[(q * QR + 4 * g + a) * W + w];
            __syncthreads();  // X's rows stored as A operands
            quarter_product<Cell>(f, s.foldT, s.right, g, w);
            int* const home = BLOCKS > 1 ? cg::this_cluster().map_shared_rank(s.folded, 0) : s.folded;
#pragma unroll
            for (int a = 0; a < 4; ++a) home[(q * QR + 4 * g + a) * W + w] = f[a];
            if (BLOCKS == 1) __syncthreads();  // the next quarter rewrites foldT
        }
        long long t3 = clock64();
        if constexpr (MBARRIERS) {
            if (rank == 0) {
                __syncthreads();  // block 0's own rows of F stored
                mbarrier_wait(&s.foldedReady, r & 1);
            } else {
                signal(&s.foldedReady, 0);
            }
        } else {
            meet();
        }
        long long t4 = clock64();
        if (rank == 0) {
#pragma unroll
            for (int a = 0; a < TM; ++a)
#pragma unroll
                for (int h = 0; h < 2; ++h) {
                    const int row = minplus::owned_row<T, TM>(G::ty(), a), word = h * (W / 2) + G::tx() * (TN / 2);
                    const int2 v = *(const int2*)(s.folded + row * W + word);
                    acc[a][h * 2] = v.x, acc[a][h * 2 + 1] = v.y;
                }
        }
        long long t5 = clock64();
        spent[0] += t1 - t0, spent[1] += t2 - t1, spent[2] += t3 - t2, spent[3] += t4 - t3, spent[4] += t5 - t4;
        __syncthreads();  // this round's reads of shared memory before the next round's copies
    }
    if (rank == 0 && tid == 0)
        for (int p = 0; p < PARTS; ++p) clocks[p] = spent[p] / ROUNDS;
    if constexpr (BLOCKS > 1) cg::this_cluster().sync();  // no block leaves while another may still write to it
}

template <class Cell>
__global__ void __cluster_dims__(QUARTERS, 1, 1) __launch_bounds__(THREADS<Cell>) chain_on_cluster(int* d, long long* clocks)
{
    chain<Cell, QUARTERS, false>(d, clocks);
}

template <class Cell>
__global__ void __cluster_dims__(QUARTERS, 1, 1) __launch_bounds__(THREADS<Cell>) chain_on_cluster_mbarriers(int* d, long long* clocks)
{
    chain<Cell, QUARTERS, true>(d, clocks);
}

template <class Cell>
__global__ void __launch_bounds__(THREADS<Cell>) chain_on_block(int* d, long long* clocks)
{
    chain<Cell, 1, false>(d, clocks);
}

// the same rounds on the host, cells as ints
struct Host {
    std::vector<int> m;  // N x N cells
    int& at(int i, int j) { return m[(size_t)i * N + j]; }
    void round(int r)
    {
        const int p = r * T, c = (r + 1) * T;
        for (int k = 0; k < T; ++k)
            for (int a = 0; a < T; ++a)
                for (int b = 0; b < T; ++b) at(p + a, p + b) = std::min(at(p + a, p + b), at(p + a, p + k) + at(p + k, p + b));
        std::vector<int> x(T * T);
        for (int a = 0; a < T; ++a)
            for (int b = 0; b < T; ++b) {
                int v = at(c + a, p + b);
                for (int k = 0; k < T; ++k) v = std::min(v, at(c + a, p + k) + at(p + k, p + b));
                x[a * T + b] = v;
            }
        for (int a = 0; a < T; ++a)
            for (int b = 0; b < T; ++b) at(c + a, p + b) = x[a * T + b];
        for (int a = 0; a < T; ++a)
            for (int b = 0; b < T; ++b)
                for (int k = 0; k < T; ++k) at(c + a, c + b) = std::min(at(c + a, c + b), at(c + a, p + k) + at(p + k, c + b));
    }
};

// the matrix as the kernel holds it: int32 cells as they are, packed16 two a word
template <class Cell>
static std::vector<int> words(const std::vector<int>& cells)
{
    if (Cell::CELLS_PER_WORD == 1) return cells;
    std::vector<int> packed((size_t)N * LD<Cell>);
    for (size_t i = 0; i < (size_t)N; ++i)
        for (int w = 0; w < LD<Cell>; ++w) packed[i * LD<Cell> + w] = (cells[i * N + 2 * w] & 0xFFFF) | (cells[i * N + 2 * w + 1] << 16);
    return packed;
}

// the three ways on one cell type; 0 when every one matches the host
template <class Cell>
static int measure(const char* cellName, int inf)
{
    std::mt19937 random(20261129);
    Host host{std::vector<int>((size_t)N * N)};
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j) host.at(i, j) = i == j ? 0 : random() % 5 == 0 ? inf : (int)(random() % 10) * 10;
    const std::vector<int> start = words<Cell>(host.m);
    for (int r = 0; r < ROUNDS; ++r) host.round(r);
    const std::vector<int> expected = words<Cell>(host.m);  // the tiles the chain writes: pivots (r, r), crosses (r + 1, r)
    constexpr int W = ::W<Cell>, LD = ::LD<Cell>, BLOCK = THREADS<Cell>;

    int* d;
    long long* clocks;
    CHECK(cudaMalloc(&d, start.size() * 4));
    CHECK(cudaMalloc(&clocks, PARTS * sizeof(long long)));
    const int bytes = sizeof(Shared);
    CHECK(cudaFuncSetAttribute(chain_on_cluster<Cell>, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
    CHECK(cudaFuncSetAttribute(chain_on_block<Cell>, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
    CHECK(cudaFuncSetAttribute(chain_on_cluster_mbarriers<Cell>, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
    const char* names[PARTS] = {"closure", "meeting 1", "products", "meeting 2", "F taken"};
    const char* kinds[3] = {"one block", "a cluster of 4, barrier.cluster", "a cluster of 4, mbarriers"};
    int failures = 0;
    for (int kind = 0; kind < 3; ++kind) {
        std::vector<long long> best(PARTS, 1LL << 60);
        long long bestTotal = 1LL << 60;
        for (int run = 0; run < 20; ++run) {
            CHECK(cudaMemcpy(d, start.data(), start.size() * 4, cudaMemcpyHostToDevice));
            if (kind == 0) chain_on_block<Cell><<<1, BLOCK, bytes>>>(d, clocks);
            else if (kind == 1) chain_on_cluster<Cell><<<QUARTERS, BLOCK, bytes>>>(d, clocks);
            else chain_on_cluster_mbarriers<Cell><<<QUARTERS, BLOCK, bytes>>>(d, clocks);
            CHECK(cudaGetLastError());
            CHECK(cudaDeviceSynchronize());
            long long part[PARTS], total = 0;
            CHECK(cudaMemcpy(part, clocks, sizeof part, cudaMemcpyDeviceToHost));
            for (long long p : part) total += p;
            if (total < bestTotal) {
                bestTotal = total;
                std::copy(part, part + PARTS, best.begin());
            }
        }
        std::vector<int> got(start.size());
        CHECK(cudaMemcpy(got.data(), d, got.size() * 4, cudaMemcpyDeviceToHost));
        int wrong = 0;
        for (int r = 0; r < ROUNDS; ++r)
            for (int a = 0; a < T; ++a)
                for (int w = 0; w < W; ++w)
                    for (int ti : {r, r + 1}) {
                        const size_t at = (size_t)(ti * T + a) * LD + r * W + w;
                        wrong += got[at] != expected[at];
                    }
        std::printf("%s, %s (%d threads a block): %lld clocks a round (%.2f us at 1980 MHz):", cellName, kinds[kind], BLOCK, bestTotal,
                    bestTotal / 1980.0);
        for (int p = 0; p < PARTS; ++p) std::printf(" %s %lld,", names[p], best[p]);
        std::printf(" %s\n", wrong ? "WRONG words" : "pivots and crosses the same as on the host");
        failures += wrong != 0;
    }
    CHECK(cudaFree(d));
    CHECK(cudaFree(clocks));
    return failures;
}

int main()
{
    const int failures = measure<minplus::Packed16>("packed16", FW_INF16) + measure<minplus::Int32>("int32", FW_INF);
    return failures ? 1 : 0;
}
