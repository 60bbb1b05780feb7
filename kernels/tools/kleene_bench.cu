// Development harness (not part of the suite): times the kleene and packed16 rounds straight from
// CUDA C++, so kernel changes can be compared in seconds on the device machine without the JVM.
// The suite's own numbers come from the JMH benchmark; correctness from its tests.
//
//   nvcc -O3 -std=c++17 -arch=sm_90 -DKLEENE_MIN_BLOCKS=2 -o kb kernels/tools/kleene_bench.cu
//   ./kb 1000 2500 5000 10000          whole solves
//   ./kb --phases 1000 10000           one launch of each phase, per tile size
//
// For each n: kleene with T = 64 and T = 128, and packed16, on the suite's random graph
// (seed 42), median of 7 timed solves after 2 warm-ups (each solve from a fresh copy of the input),
// and the result checked against T = 64 (independent rounds of a different tile size).
#include "../07_kleene.cu"
#include "../08_packed16.cu"
#include "../graph.cu"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

static int words64 = 2 * (64 * 36 + 32 * 64), words128 = 2 * (128 * 36 + 32 * 128), wordsPacked = 2 * (128 * 36 + 32 * 64);

static void kleene(int* d, int ld, int T, cudaStream_t s)
{
    const int tiles = ld / T, shared = (T == 128 ? words128 : words64) * 4;
    for (int p = 0; p < tiles; ++p) {
        if (T == 128) fw_kleene_phase1_t128<<<1, 1024, 2 * T * T * 4, s>>>(d, ld, p);
        else fw_kleene_phase1_t64<<<1, 1024, 2 * T * T * 4, s>>>(d, ld, p);
        if (tiles == 1) break;
        if (T == 128) {
            fw_kleene_phase2_t128<<<dim3(tiles - 1, 2), 256, shared, s>>>(d, ld, p);
            fw_kleene_phase3_t128<<<dim3(tiles - 1, tiles - 1), 256, shared, s>>>(d, ld, p, 0);
        } else {
            fw_kleene_phase2_t64<<<dim3(tiles - 1, 2), 256, shared, s>>>(d, ld, p);
            fw_kleene_phase3_t64<<<dim3(tiles - 1, tiles - 1), 256, shared, s>>>(d, ld, p, 0);
        }
    }
}

static void packed(int* d, int words, int ld, cudaStream_t s)
{
    const int tiles = ld / 128;
    for (int p = 0; p < tiles; ++p) {
        fw_packed16_phase1<<<1, 1024, 2 * 128 * 64 * 4, s>>>(d, words, p);
        if (tiles == 1) break;
        fw_packed16_phase2<<<dim3(tiles - 1, 2), 256, wordsPacked * 4, s>>>(d, words, p);
        fw_packed16_phase3<<<dim3(tiles - 1, tiles - 1), 256, wordsPacked * 4, s>>>(d, words, p, 0);
    }
}

template <class F>
static float median_ms(F solve, cudaStream_t s)
{
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    std::vector<float> t;
    for (int r = 0; r < 9; ++r) {
        CHECK(cudaEventRecord(a, s));
        solve();
        CHECK(cudaEventRecord(b, s));
        CHECK(cudaEventSynchronize(b));
        CHECK(cudaGetLastError());
        float ms;
        CHECK(cudaEventElapsedTime(&ms, a, b));
        if (r >= 2) t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

// Time of one launch of each phase at round p = tiles / 2 (median of 9), and what a full solve's
// rounds add up to if every round cost that: where the time goes.
static void phases(int n, int T, cudaStream_t s)
{
    const int ld = (n + 127) / 128 * 128, tiles = ld / T, p = tiles / 2;
    const int shared = (T == 128 ? words128 : words64) * 4;
    int* d;
    CHECK(cudaMalloc(&d, (size_t)ld * ld * 4));
    fw_generate<<<dim3((ld + 31) / 32, (ld + 7) / 8), dim3(32, 8), 0, s>>>(d, n, ld, 42, 1ull << 32, 1000);
    float p1 = median_ms([&] {
        if (T == 128) fw_kleene_phase1_t128<<<1, 1024, 2 * T * T * 4, s>>>(d, ld, p);
        else fw_kleene_phase1_t64<<<1, 1024, 2 * T * T * 4, s>>>(d, ld, p);
    }, s);
    float p2 = median_ms([&] {
        if (T == 128) fw_kleene_phase2_t128<<<dim3(tiles - 1, 2), 256, shared, s>>>(d, ld, p);
        else fw_kleene_phase2_t64<<<dim3(tiles - 1, 2), 256, shared, s>>>(d, ld, p);
    }, s);
    float p3 = median_ms([&] {
        if (T == 128) fw_kleene_phase3_t128<<<dim3(tiles - 1, tiles - 1), 256, shared, s>>>(d, ld, p, 0);
        else fw_kleene_phase3_t64<<<dim3(tiles - 1, tiles - 1), 256, shared, s>>>(d, ld, p, 0);
    }, s);
    const double r3 = (double)(tiles - 1) * (tiles - 1) * T * T * T;
    printf("n=%d T=%d: phase1 %.1f us, phase2 %.1f us, phase3 %.1f us (%.2f T/s); x %d rounds = %.2f + %.2f + %.2f ms\n",
           n, T, p1 * 1e3, p2 * 1e3, p3 * 1e3, r3 / (p3 * 1e-3) / 1e12, tiles, p1 * tiles, p2 * tiles, p3 * tiles);
    CHECK(cudaFree(d));
}

int main(int argc, char** argv)
{
    CHECK(cudaFuncSetAttribute(fw_kleene_phase1_t128, cudaFuncAttributeMaxDynamicSharedMemorySize, 2 * 128 * 128 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_phase1_t64, cudaFuncAttributeMaxDynamicSharedMemorySize, 2 * 64 * 64 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_phase2_t128, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_phase3_t128, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_phase2_t64, cudaFuncAttributeMaxDynamicSharedMemorySize, words64 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_phase3_t64, cudaFuncAttributeMaxDynamicSharedMemorySize, words64 * 4));
    CHECK(cudaFuncSetAttribute(fw_packed16_phase1, cudaFuncAttributeMaxDynamicSharedMemorySize, 2 * 128 * 64 * 4));
    CHECK(cudaFuncSetAttribute(fw_packed16_phase2, cudaFuncAttributeMaxDynamicSharedMemorySize, wordsPacked * 4));
    CHECK(cudaFuncSetAttribute(fw_packed16_phase3, cudaFuncAttributeMaxDynamicSharedMemorySize, wordsPacked * 4));
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    if (argc > 1 && std::string(argv[1]) == "--phases") {
        for (int a = 2; a < argc; ++a) for (int T : {64, 128}) phases(atoi(argv[a]), T, s);
        return 0;
    }
    printf("%8s %10s %10s %10s %8s %8s %8s  %s\n", "n", "T64 ms", "T128 ms", "p16 ms", "T64 T/s", "T128 T/s", "p16 T/s", "check");
    for (int a = 1; a < argc; ++a) {
        const int n = atoi(argv[a]), ld = (n + 127) / 128 * 128, words = ld / 2;
        const size_t cells = (size_t)ld * ld;
        int *input, *work, *ref, *pin, *pwork;
        CHECK(cudaMalloc(&input, cells * 4));
        CHECK(cudaMalloc(&work, cells * 4));
        CHECK(cudaMalloc(&ref, cells * 4));
        CHECK(cudaMalloc(&pin, cells * 2));
        CHECK(cudaMalloc(&pwork, cells * 2));
        fw_generate<<<dim3((ld + 31) / 32, (ld + 7) / 8), dim3(32, 8), 0, s>>>(input, n, ld, 42, 1ull << 32, 1000);
        fw_packed16_pack<<<dim3((words + 31) / 32, (ld + 7) / 8), dim3(32, 8), 0, s>>>(input, ld, pin, words, ld);
        float ms[3];
        for (int v = 0; v < 2; ++v) {
            const int T = v == 0 ? 64 : 128;
            ms[v] = median_ms([&] {
                CHECK(cudaMemcpyAsync(work, input, cells * 4, cudaMemcpyDeviceToDevice, s));
                kleene(work, ld, T, s);
            }, s);
            if (v == 0) CHECK(cudaMemcpyAsync(ref, work, cells * 4, cudaMemcpyDeviceToDevice, s));
        }
        ms[2] = median_ms([&] {
            CHECK(cudaMemcpyAsync(pwork, pin, cells * 2, cudaMemcpyDeviceToDevice, s));
            packed(pwork, words, ld, s);
        }, s);
        // check the T = 128 result (in work) and the unpacked packed16 result against T = 64
        std::vector<int> h1(cells), h2(cells), h3(cells);
        CHECK(cudaMemcpy(h1.data(), ref, cells * 4, cudaMemcpyDeviceToHost));
        CHECK(cudaMemcpy(h2.data(), work, cells * 4, cudaMemcpyDeviceToHost));
        fw_packed16_unpack<<<dim3((words + 31) / 32, (ld + 7) / 8), dim3(32, 8), 0, s>>>(pwork, words, work, ld, ld);
        CHECK(cudaMemcpy(h3.data(), work, cells * 4, cudaMemcpyDeviceToHost));
        // copy times are inside the events: subtract a measured copy
        float copy32 = median_ms([&] { CHECK(cudaMemcpyAsync(work, input, cells * 4, cudaMemcpyDeviceToDevice, s)); }, s);
        float copy16 = median_ms([&] { CHECK(cudaMemcpyAsync(pwork, pin, cells * 2, cudaMemcpyDeviceToDevice, s)); }, s);
        long bad128 = 0, bad16 = 0;
        for (size_t c = 0; c < cells; ++c) { bad128 += h1[c] != h2[c]; bad16 += h1[c] != h3[c]; }
        const double r = (double)n * n * n;
        float k64 = ms[0] - copy32, k128 = ms[1] - copy32, p16 = ms[2] - copy16;
        printf("%8d %10.3f %10.3f %10.3f %8.2f %8.2f %8.2f  T128 %s, p16 %s\n", n, k64, k128, p16, r / k64 / 1e9, r / k128 / 1e9,
               r / p16 / 1e9, bad128 ? "DIFFERS" : "same", bad16 ? "DIFFERS" : "same");
        CHECK(cudaFree(input)); CHECK(cudaFree(work)); CHECK(cudaFree(ref)); CHECK(cudaFree(pin)); CHECK(cudaFree(pwork));
    }
    return 0;
}
