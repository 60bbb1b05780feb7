// small_graphs_bench: one size class of small-graphs' kernels on a batch, outside the suite, to try a
// change of 14_small_graphs.cu in seconds. It launches the class's kernel on B graphs (each n = N, or
// n drawn from N/2 + 1 .. N), checks every graph it samples cell by cell against a CPU Floyd-Warshall,
// and prints the best and mean of 20 timed launches (CUDA events) and the rate against N^3 a graph.
// The suite's numbers come from SmallGraphsBenchmark; this only compares builds in one call.
//
//   nvcc -O3 -std=c++17 -arch=sm_90 -I kernels -o sgb kernels/tools/small_graphs_bench.cu
//   nvcc ... -DKERNEL_FILE='"/tmp/try.cu"' ...      (a changed copy of the kernel file)
//   ./sgb N B [mixed] [checked]     e.g. ./sgb 64 8448; ./sgb 256 2112 1 8
//
// mixed 1: each graph's n drawn from N/2 + 1 .. N (0, the default: every n = N); checked: how many
// graphs, spread over the batch, the CPU checks (default 512 up to 128, 8 past it: a CPU
// Floyd-Warshall at n = 512 takes about a second). Graphs: 85% of pairs without an edge, 3% weight 0,
// the rest 0 .. 19, 0 on the diagonal; fixed seed; laid out as the kernel file's header says (rows
// of fw_small_graph_stride(n) ints, the padding INF, which the check also holds it to). Exit 1 on a
// wrong cell, 2 on bad arguments, 3 on a CUDA error or a device that cannot run the class.
#ifndef KERNEL_FILE
#define KERNEL_FILE "../14_small_graphs.cu"
#endif
#include KERNEL_FILE
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#define CHECK(call)                                                                                  \
    do {                                                                                             \
        cudaError_t e = (call);                                                                      \
        if (e != cudaSuccess) {                                                                      \
            std::fprintf(stderr, "CUDA error %s at line %d\n", cudaGetErrorString(e), __LINE__);     \
            std::exit(3);                                                                            \
        }                                                                                            \
    } while (0)

int main(int argc, char** argv)
{
    const int N = argc > 2 ? std::atoi(argv[1]) : 0, B = argc > 2 ? std::atoi(argv[2]) : 0;
    const bool mixed = argc > 3 && std::atoi(argv[3]) != 0;
    const int checked = argc > 4 ? std::atoi(argv[4]) : N <= 128 ? 512 : 8;
    if ((N != 32 && N != 64 && N != 128 && N != 256 && N != 512) || B < 1 || checked < 1) {
        std::fprintf(stderr, "usage: %s N B [mixed] [checked]: N a size class (32, 64, 128, 256, 512), B >= 1 graphs, "
                             "mixed 0 or 1 (n from N/2 + 1 to N), checked >= 1 graphs checked on the CPU\n", argv[0]);
        return 2;
    }
    int device, major;
    CHECK(cudaGetDevice(&device));
    CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
    if (N >= 256 && major < 8) {
        std::fprintf(stderr, "class %d needs sm_80 or later (70 KB of shared memory a block); this device is compute capability %d.x\n", N, major);
        return 3;
    }
    std::mt19937 rng(12345);
    std::vector<int> size(B), graphs(B);
    std::vector<long long> offset(B);
    long long cells = 0;
    for (int g = 0; g < B; g++) {
        size[g] = mixed ? N / 2 + 1 + static_cast<int>(rng() % (N / 2)) : N;
        offset[g] = cells;  // a multiple of 4: the batch's layout (14_small_graphs.cu)
        cells += static_cast<long long>(size[g]) * fw_small_graph_stride(size[g]);
        graphs[g] = g;
    }
    std::vector<int> weights(cells, FW_INF);  // the cells past n in a row stay INF
    for (int g = 0; g < B; g++) {
        const int n = size[g], ld = fw_small_graph_stride(n);
        int* w = weights.data() + offset[g];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                const unsigned r = rng() % 100;
                w[i * ld + j] = i == j ? 0 : r < 85 ? FW_INF : r < 88 ? 0 : static_cast<int>(rng() % 20);
            }
        }
    }

    int *d, *dsize, *dgraphs, *scratch = nullptr;
    long long* doffset;
    CHECK(cudaMalloc(&d, cells * sizeof(int)));
    CHECK(cudaMalloc(&dsize, B * sizeof(int)));
    CHECK(cudaMalloc(&dgraphs, B * sizeof(int)));
    CHECK(cudaMalloc(&doffset, B * sizeof(long long)));
    CHECK(cudaMemcpy(dsize, size.data(), B * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dgraphs, graphs.data(), B * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(doffset, offset.data(), B * sizeof(long long), cudaMemcpyHostToDevice));
    // the classes past 128 run kleene's rounds in a square of scratch a block, with the tile
    // product's dynamic shared memory
    const int tiledShared = minplus::shared_words<minplus::Int32, 128, KLEENE_STAGES>() * 4;
    if (N >= 256) {
        CHECK(cudaMalloc(&scratch, static_cast<long long>(B) * N * N * sizeof(int)));
        CHECK(cudaFuncSetAttribute(fw_small_graphs_256, cudaFuncAttributeMaxDynamicSharedMemorySize, tiledShared));
        CHECK(cudaFuncSetAttribute(fw_small_graphs_512, cudaFuncAttributeMaxDynamicSharedMemorySize, tiledShared));
    }
    const void* kernel = N == 32 ? reinterpret_cast<const void*>(fw_small_graphs_32)
                       : N == 64 ? reinterpret_cast<const void*>(fw_small_graphs_64)
                       : N == 128 ? reinterpret_cast<const void*>(fw_small_graphs_128)
                       : N == 256 ? reinterpret_cast<const void*>(fw_small_graphs_256)
                                  : reinterpret_cast<const void*>(fw_small_graphs_512);
    auto launch = [&]() {
        switch (N) {
        case 32: fw_small_graphs_32<<<B, SmallGraphs32::THREADS>>>(d, doffset, dsize, dgraphs); break;
        case 64: fw_small_graphs_64<<<B, SmallGraphs64::THREADS>>>(d, doffset, dsize, dgraphs); break;
        case 128: fw_small_graphs_128<<<B, SmallGraphs128::THREADS>>>(d, doffset, dsize, dgraphs); break;
        case 256: fw_small_graphs_256<<<B, 256, tiledShared>>>(d, doffset, dsize, dgraphs, scratch); break;
        default: fw_small_graphs_512<<<B, 256, tiledShared>>>(d, doffset, dsize, dgraphs, scratch); break;
        }
        CHECK(cudaGetLastError());
    };

    CHECK(cudaMemcpy(d, weights.data(), cells * sizeof(int), cudaMemcpyHostToDevice));
    launch();
    CHECK(cudaDeviceSynchronize());
    std::vector<int> out(cells);
    CHECK(cudaMemcpy(out.data(), d, cells * sizeof(int), cudaMemcpyDeviceToHost));
    long long wrong = 0;
    int graphsChecked = 0;
    for (int g = 0; g < B; g += B > checked ? B / checked : 1) {
        const int n = size[g], ld = fw_small_graph_stride(n);
        std::vector<int> m(static_cast<long long>(n) * n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) m[i * n + j] = weights[offset[g] + i * ld + j];
        }
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                const int a = m[i * n + k];
                for (int j = 0; j < n; j++) {
                    const int through = a + m[k * n + j];
                    if (through < m[i * n + j]) m[i * n + j] = through;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < ld; j++) wrong += (j < n ? m[i * n + j] : FW_INF) != out[offset[g] + i * ld + j];  // the padding stays INF
        }
        graphsChecked++;
    }

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    constexpr int LAUNCHES = 20;
    float best = 1e30f, sum = 0;
    for (int r = 0; r < LAUNCHES; r++) {
        CHECK(cudaMemcpy(d, weights.data(), cells * sizeof(int), cudaMemcpyHostToDevice));
        CHECK(cudaEventRecord(start));
        launch();
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        float ms;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        best = ms < best ? ms : best;
        sum += ms;
    }
    cudaFuncAttributes attributes;
    CHECK(cudaFuncGetAttributes(&attributes, kernel));
    const double relaxations = static_cast<double>(B) * N * N * N;
    std::printf("%s N=%d B=%d%s registers=%d checked=%d wrong=%lld best=%.4f ms mean=%.4f ms %.0f G relax/s (N^3 a graph)\n",
                KERNEL_FILE, N, B, mixed ? " mixed" : "", attributes.numRegs, graphsChecked, wrong, best, sum / LAUNCHES,
                relaxations / best / 1e6);
    return wrong != 0;
}
