// chain_product: what one 64^3 tile product costs a block of the pivot chain (dataflow.cuh's block 0)
// at T = 64, and how much of it is the staging from L2: one block runs, REPS times,
//   - staged: minplus::tile_product with dataflow's three stages, C, A and B read from global memory
//     (in L2 after the first time), C stored back, then the block's barrier, as the chain's step does;
//   - from shared: the same k loop (A's column and B's row of each k from shared memory, as the
//     product loads them, and relax_outer) over operands already in shared memory, C in registers;
// and prints clocks a product. packed16 on 128 threads, int32 on 256, each product checked against
// the min-plus product on the host (staged: C after one product; from shared: its accumulators).
// Build and run on a GPU machine:
//   nvcc -arch=sm_90 -O3 -std=c++17 -I kernels -o chain_product kernels/tools/chain_product.cu && ./chain_product
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "check.cuh"
#include "dataflow.cuh"

constexpr int T = 64, TM = 4, TN = 4, REPS = 200;

template <class Cell> constexpr int W = T / Cell::CELLS_PER_WORD;
template <class Cell> constexpr int LD = 2 * W<Cell>;  // a matrix of 2 x 2 tiles: A = (1, 0), B = (0, 1), C = (1, 1)
template <class Cell> constexpr int THREADS = minplus::Grid<Cell, T, TM, TN>::THREADS;
template <class Cell> constexpr int AS = T + 4;  // the staged A's row stride, whole k (chunk_staging.cuh's AS is per chunk)

// the cell h of a word as an A operand (packed16 splats it into both halves)
template <class Cell>
__host__ __device__ int splat(int word, int h)
{
    if (Cell::CELLS_PER_WORD == 1) return word;
    const unsigned half = ((unsigned)word >> (16 * h)) & 0xFFFFu;
    return (int)(half | half << 16);
}

template <class Cell>
__global__ void staged(int* d, long long* clocks, int reps)
{
    extern __shared__ int shared[];
    int* const c = d + T * LD<Cell> + W<Cell>;
    const int* const a = d + T * LD<Cell>;
    const int* const b = d + W<Cell>;
    __syncthreads();
    const long long start = clock64();
    for (int r = 0; r < reps; ++r) {
        minplus::tile_product<Cell, T, TM, TN, dataflow::STAGES>(c, a, b, LD<Cell>, shared);
        minplus::grid_sync<Cell, T, TM, TN>();
    }
    const long long end = clock64();
    if (threadIdx.x == 0) clocks[0] = (end - start) / reps;
}

// A (splatted, T rows x AS) and B (T rows x W words) into shared memory once, then reps products
template <class Cell>
__global__ void from_shared(const int* d, int* out, long long* clocks, int reps)
{
    extern __shared__ int shared[];
    using G = minplus::Grid<Cell, T, TM, TN>;
    constexpr int CPW = Cell::CELLS_PER_WORD, HN = TN / 2;
    int* const as = shared;
    int* const bs = shared + T * AS<Cell>;
    for (int x = threadIdx.x; x < T * T; x += THREADS<Cell>) {
        const int i = x / T, k = x % T;
        as[i * AS<Cell> + k] = splat<Cell>(d[(T + i) * LD<Cell> + k / CPW], k % CPW);
    }
    for (int x = threadIdx.x; x < T * W<Cell>; x += THREADS<Cell>) bs[x] = d[(x / W<Cell>) * LD<Cell> + W<Cell> + x % W<Cell>];
    int acc[TM][TN];
    const int ty = G::ty(), tx = G::tx();
    minplus::load_cells<Cell, T, TM, TN>(acc, d + T * LD<Cell> + W<Cell>, LD<Cell>, ty, tx);
    __syncthreads();
    const long long start = clock64();
    for (int r = 0; r < reps; ++r) {
#pragma unroll 16
        for (int k = 0; k < T; ++k) {
            int av[TM], bv[TN];
#pragma unroll
            for (int i = 0; i < TM; ++i) av[i] = as[minplus::owned_row<T, TM>(ty, i) * AS<Cell> + k];
            minplus::load_split<HN>(bv, bs + k * W<Cell>, W<Cell> / 2, tx * HN);
            minplus::relax_outer<Cell>(acc, av, bv);
        }
        minplus::grid_sync<Cell, T, TM, TN>();
    }
    const long long end = clock64();
    minplus::store_cells<Cell, T, TM, TN>(acc, out, W<Cell>, ty, tx);
    if (threadIdx.x == 0) clocks[0] = (end - start) / reps;
}

// the host's min-plus product C = min(C, A (x) B) over cells, cell(i, j) of tile (ti, tj)
template <class Cell>
static std::vector<int> host_product(const std::vector<int>& m)
{
    constexpr int CPW = Cell::CELLS_PER_WORD;
    auto cell = [&](int row, int col) {
        const int w = m[row * LD<Cell> + col / CPW];
        return CPW == 1 ? w : (w >> (16 * (col % CPW))) & 0xFFFF;
    };
    std::vector<int> c(T * W<Cell>);
    for (int i = 0; i < T; ++i)
        for (int w = 0; w < W<Cell>; ++w) {
            int word = 0;
            for (int h = 0; h < CPW; ++h) {
                const int j = w * CPW + h;
                int best = cell(T + i, T + j);
                for (int k = 0; k < T; ++k) best = std::min(best, cell(T + i, k) + cell(k, T + j));
                word = CPW == 1 ? best : word | (best & 0xFFFF) << (16 * h);
            }
            c[i * W<Cell> + w] = word;
        }
    return c;
}

template <class Cell>
static int run(const char* name, std::mt19937& random)
{
    constexpr int CPW = Cell::CELLS_PER_WORD, WORDS = 2 * T * LD<Cell>;
    std::vector<int> m(WORDS);
    for (int& w : m) {
        int v = 0;
        for (int h = 0; h < CPW; ++h) v |= (random() % 6 == 0 ? (CPW == 1 ? FW_INF : FW_INF16) : (int)(random() % 50) * 10) << (16 * h);
        w = v;
    }
    std::vector<int> expect = host_product<Cell>(m);
    int *d, *out;
    long long* clocks;
    CHECK(cudaMalloc(&d, WORDS * 4));
    CHECK(cudaMalloc(&out, T * W<Cell> * 4));
    CHECK(cudaMalloc(&clocks, 8));
    const int stagedBytes = minplus::shared_words<Cell, T, dataflow::STAGES>() * 4;
    const int sharedBytes = (T * AS<Cell> + T * W<Cell>) * 4;
    CHECK(cudaFuncSetAttribute(staged<Cell>, cudaFuncAttributeMaxDynamicSharedMemorySize, stagedBytes));
    CHECK(cudaFuncSetAttribute(from_shared<Cell>, cudaFuncAttributeMaxDynamicSharedMemorySize, sharedBytes));
    int failures = 0;
    std::vector<int> got(T * W<Cell>);

    CHECK(cudaMemcpy(d, m.data(), WORDS * 4, cudaMemcpyHostToDevice));
    staged<Cell><<<1, THREADS<Cell>, stagedBytes>>>(d, clocks, 1);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < T; ++i) CHECK(cudaMemcpy(got.data() + i * W<Cell>, d + (T + i) * LD<Cell> + W<Cell>, W<Cell> * 4, cudaMemcpyDeviceToHost));
    const bool stagedSame = got == expect;
    staged<Cell><<<1, THREADS<Cell>, stagedBytes>>>(d, clocks, REPS);  // idempotent: C already holds the product
    CHECK(cudaDeviceSynchronize());
    long long c1 = 0;
    CHECK(cudaMemcpy(&c1, clocks, 8, cudaMemcpyDeviceToHost));

    CHECK(cudaMemcpy(d, m.data(), WORDS * 4, cudaMemcpyHostToDevice));
    from_shared<Cell><<<1, THREADS<Cell>, sharedBytes>>>(d, out, clocks, REPS);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(got.data(), out, T * W<Cell> * 4, cudaMemcpyDeviceToHost));
    const bool sharedSame = got == expect;
    long long c2 = 0;
    CHECK(cudaMemcpy(&c2, clocks, 8, cudaMemcpyDeviceToHost));

    std::printf("%-8s %3d threads: staged from L2 %5lld clocks a product (%s), from shared memory %5lld (%s)\n", name, THREADS<Cell>, c1,
                stagedSame ? "same as the host" : "DIFFERENT from the host", c2, sharedSame ? "same as the host" : "DIFFERENT from the host");
    failures += !stagedSame + !sharedSame;
    CHECK(cudaFree(d));
    CHECK(cudaFree(out));
    CHECK(cudaFree(clocks));
    return failures;
}

int main()
{
    std::mt19937 random(20261129);
    int failures = run<minplus::Packed16>("packed16", random);
    failures += run<minplus::Int32>("int32", random);
    std::printf(failures ? "FAILED: %d\n" : "every product the same as on the host\n", failures);
    return failures ? 1 : 0;
}
