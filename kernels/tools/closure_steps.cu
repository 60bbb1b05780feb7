// closure_steps: one block closing one T = 64 pivot tile in registers (minplus::close_cells), the
// clocks a closure and a step, each shape checked against plain Floyd-Warshall on the host:
// int32 on 256 threads (4 x 4 words a thread, dataflow's and kleene's shape) and on 128 threads
// (4 x 8 and 8 x 4: the whole closure without the deferred half of a step), packed16 on 128
// threads (packed16's), float32 on 256 (kleene-f32's). Weights: int32 from -20 (no negative
// cycle: a potential), packed16 0 .. 90 with ties, float32 real; a fifth unreachable.
// Measured on an H200 (kernels/LOG.md, The closure in groups and the chain on a cluster, measured).
// Build and run on a GPU machine:
//   nvcc -arch=sm_90 -O3 -std=c++17 -I kernels -o closure_steps kernels/tools/closure_steps.cu && ./closure_steps
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "pivot_closure.cuh"

constexpr int T = 64, REPS = 300;

#define CHECK(call)                                                                                 \
    do {                                                                                            \
        cudaError_t e = (call);                                                                     \
        if (e != cudaSuccess) {                                                                     \
            std::printf("%s: %s\n", #call, cudaGetErrorString(e));                                  \
            std::exit(1);                                                                           \
        }                                                                                           \
    } while (0)

// closes the tile at in (W words a row) `reps` times, stores it to out, clocks a closure to clocks[0]
template <class Cell, int TM, int TN>
__global__ void close_tile(const int* in, int* out, long long* clocks, int reps)
{
    extern __shared__ int shared[];
    using G = minplus::Grid<Cell, T, TM, TN>;
    constexpr int W = T / Cell::CELLS_PER_WORD;
    int acc[TM][TN];
    minplus::load_cells<Cell, T, TM, TN>(acc, in, W, G::ty(), G::tx());
    __syncthreads();
    const long long start = clock64();
    for (int r = 0; r < reps; ++r) minplus::close_cells<Cell, T, TM, TN>(acc, shared);
    const long long end = clock64();
    minplus::store_cells<Cell, T, TM, TN>(acc, out, W, G::ty(), G::tx());
    if (threadIdx.x == 0) clocks[0] = (end - start) / reps;
}

// one closure (the bits) and the clocks of REPS
template <class Cell, int TM, int TN>
static std::vector<int> run(const char* name, const std::vector<int>& tile, int* dIn, int* dOut, long long* dClocks)
{
    using G = minplus::Grid<Cell, T, TM, TN>;
    const int bytes = minplus::closure_words<Cell, T>() * 4;
    std::vector<int> closed(tile.size());
    CHECK(cudaMemcpy(dIn, tile.data(), tile.size() * 4, cudaMemcpyHostToDevice));
    close_tile<Cell, TM, TN><<<1, G::THREADS, bytes>>>(dIn, dOut, dClocks, 1);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(closed.data(), dOut, closed.size() * 4, cudaMemcpyDeviceToHost));
    close_tile<Cell, TM, TN><<<1, G::THREADS, bytes>>>(dIn, dOut, dClocks, REPS);
    CHECK(cudaDeviceSynchronize());
    long long clocks = 0;
    CHECK(cudaMemcpy(&clocks, dClocks, sizeof clocks, cudaMemcpyDeviceToHost));
    std::printf("%-8s %3d threads, %d x %d words a thread: %6lld clocks a closure, %5.1f a step", name, G::THREADS, TM, TN, clocks,
                clocks / (double)T);
    return closed;
}

// plain Floyd-Warshall over cells read and written by get / set
template <class Get, class Set>
static void floyd_warshall(Get get, Set set)
{
    for (int k = 0; k < T; ++k)
        for (int i = 0; i < T; ++i)
            for (int j = 0; j < T; ++j) set(i, j, get(i, k), get(k, j));
}

static int verdict(bool same)
{
    std::printf("; %s\n", same ? "the same as Floyd-Warshall on the host" : "DIFFERENT from Floyd-Warshall on the host");
    return same ? 0 : 1;
}

int main()
{
    std::mt19937 random(20261129);
    int *dIn, *dOut;
    long long* dClocks;
    CHECK(cudaMalloc(&dIn, T * T * 4));
    CHECK(cudaMalloc(&dOut, T * T * 4));
    CHECK(cudaMalloc(&dClocks, 8));
    int failures = 0;

    std::vector<int> p(T), ints(T * T);
    for (int& x : p) x = random() % 30;
    for (int i = 0; i < T; ++i)
        for (int j = 0; j < T; ++j) ints[i * T + j] = i == j ? 0 : random() % 5 == 0 ? FW_INF : (int)(random() % 70) + p[j] - p[i];
    std::vector<int> intsClosed = ints;
    floyd_warshall([&](int i, int j) { return intsClosed[i * T + j]; },
                   [&](int i, int j, int a, int b) { intsClosed[i * T + j] = std::min(intsClosed[i * T + j], a + b); });
    failures += verdict(run<minplus::Int32, 4, 4>("int32", ints, dIn, dOut, dClocks) == intsClosed);
    failures += verdict(run<minplus::Int32, 4, 8>("int32", ints, dIn, dOut, dClocks) == intsClosed);
    failures += verdict(run<minplus::Int32, 8, 4>("int32", ints, dIn, dOut, dClocks) == intsClosed);

    std::vector<int> packed(T * T / 2);
    for (int i = 0; i < T; ++i)
        for (int w = 0; w < T / 2; ++w) {
            int c[2];
            for (int h = 0; h < 2; ++h) c[h] = i == 2 * w + h ? 0 : random() % 5 == 0 ? FW_INF16 : (int)(random() % 10) * 10;
            packed[i * (T / 2) + w] = (c[0] & 0xFFFF) | (c[1] << 16);
        }
    std::vector<int> packedClosed = packed;
    auto cell = [&](int i, int j) { return (packedClosed[i * (T / 2) + j / 2] >> (16 * (j % 2))) & 0xFFFF; };
    floyd_warshall(cell, [&](int i, int j, int a, int b) {
        const int c = std::min(cell(i, j), a + b), shift = 16 * (j % 2);
        int& word = packedClosed[i * (T / 2) + j / 2];
        word = (int)(((unsigned)word & ~(0xFFFFu << shift)) | ((unsigned)c << shift));
    });
    failures += verdict(run<minplus::Packed16, 4, 4>("packed16", packed, dIn, dOut, dClocks) == packedClosed);

    std::vector<float> floats(T * T);
    for (int i = 0; i < T * T; ++i)
        floats[i] = i % (T + 1) == 0 ? 0.0f : random() % 5 == 0 ? INFINITY : std::uniform_real_distribution<float>(0, 10)(random);
    std::vector<float> floatsClosed = floats;
    floyd_warshall([&](int i, int j) { return floatsClosed[i * T + j]; },
                   [&](int i, int j, float a, float b) { floatsClosed[i * T + j] = std::fmin(floatsClosed[i * T + j], a + b); });
    std::vector<int> floatBits(T * T), floatsClosedBits(T * T);
    std::memcpy(floatBits.data(), floats.data(), T * T * 4);
    std::memcpy(floatsClosedBits.data(), floatsClosed.data(), T * T * 4);
    failures += verdict(run<minplus::Float32, 4, 4>("float32", floatBits, dIn, dOut, dClocks) == floatsClosedBits);

    std::printf(failures ? "FAILED: %d\n" : "every closure the same as on the host\n", failures);
    return failures ? 1 : 0;
}
