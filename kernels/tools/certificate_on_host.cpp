// The device certificate's own source (kernels/graph.cu: fw_certificate, fw_certificate_signed) run on
// the CPU, each block's 256 threads as std::threads meeting at a std::barrier for __syncthreads, and
// its first bad cell compared with the certificate written out term by term: a check of the tile
// kernel's indexing, staging, guards and the signed form's chunk test on a machine without a GPU.
// It runs one interleaving of the threads, so it says nothing of the device's memory model; the GPU
// tests (fwbench.verify.DeviceCertificateTest) do that.
//   g++ -std=c++20 -O1 -pthread -I kernels -o certificate_on_host kernels/tools/certificate_on_host.cpp
//   ./certificate_on_host                prints the cases run and every mismatch; exit 1 on one
#include <algorithm>
#include <atomic>
#include <barrier>
#include <cstdio>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

// What graph.cu uses of CUDA, for the host: __shared__ arrays become statics, which the threads of
// the one block running share.
#define __global__
#define __device__
#define __forceinline__ inline
#define __constant__
#define __shared__ static
#define __align__(x) __attribute__((aligned(x)))
#define __launch_bounds__(...)
struct Index3 {
    unsigned x = 0, y = 0, z = 0;
};
thread_local Index3 threadIdx, blockIdx;
Index3 blockDim;  // unused here: the other kernels of graph.cu need it to compile
struct alignas(16) int4 {
    int x, y, z, w;
};
template <class T>
inline T min(T a, T b)
{
    return a < b ? a : b;
}
static std::barrier<>* blockBarrier;
inline void __syncthreads() { blockBarrier->arrive_and_wait(); }
static std::atomic<int> blockOr{0};
inline int __syncthreads_or(int predicate)
{
    blockBarrier->arrive_and_wait();
    if (predicate) blockOr.fetch_or(1);
    blockBarrier->arrive_and_wait();
    const int any = blockOr.load();
    blockBarrier->arrive_and_wait();  // all have read it before it is cleared for the next call
    if (threadIdx.x == 0) blockOr.store(0);
    return any;
}
static std::mutex atomics;
inline unsigned long long atomicMin(unsigned long long* at, unsigned long long value)
{
    std::lock_guard<std::mutex> lock(atomics);
    const unsigned long long old = *at;
    if (value < old) *at = value;
    return old;
}
#include "graph.cu"

// The kernel over the whole grid, one block at a time.
static unsigned long long onHost(bool signedForm, const int* d, const int* w, int n, int ld)
{
    unsigned long long first = ~0ull;
    const int tiles = (n + FW_CERT_T - 1) / FW_CERT_T;
    for (int by = 0; by < tiles; ++by) {
        for (int bx = 0; bx < tiles; ++bx) {
            std::barrier<> barrier(FW_CERT_THREADS);
            blockBarrier = &barrier;
            std::vector<std::thread> threads;
            for (int t = 0; t < FW_CERT_THREADS; ++t) {
                threads.emplace_back([&, t] {
                    threadIdx.x = t;
                    blockIdx.x = bx;
                    blockIdx.y = by;
                    if (signedForm) fw_certificate_signed(d, w, n, ld, &first);
                    else fw_certificate(d, w, n, ld, &first);
                });
            }
            for (std::thread& t : threads) t.join();
        }
    }
    return first;
}

// The certificate as graph.cu's comment states it, a cell at a time (32-bit sums, as the device adds).
static unsigned long long termByTerm(bool signedForm, const int* d, const int* w, int n, int ld)
{
    for (long long i = 0; i < n; ++i) {
        for (long long j = 0; j < n; ++j) {
            int best = FW_INF;
            for (long long k = 0; k < n; ++k) {
                const int a = d[i * ld + k], b = w[k * ld + j];
                if (k == j || (signedForm && (a == FW_INF || b == FW_INF))) continue;
                best = std::min(best, (int)((unsigned)a + (unsigned)b));
            }
            if (d[i * ld + j] != (i == j ? 0 : std::min(best, FW_INF))) return i * n + j;
        }
    }
    return ~0ull;
}

int main()
{
    std::mt19937 random(1);
    int cases = 0, mismatches = 0;
    for (int n : {1, 5, 130, 200, 257}) {
        for (int potentials : {0, 30}) {
            for (double p : {0.02, 0.3, 1.0}) {
                // rows ld = n + 3 apart, -7 in the padding: read as an operand it would lower a sum
                const int ld = n + 3;
                std::vector<int> w((size_t)ld * ld, -7), d;
                std::vector<int> h(n);
                for (int& x : h) x = potentials ? (int)(random() % (potentials + 1)) : 0;
                for (int i = 0; i < n; ++i) {
                    for (int j = 0; j < n; ++j) {
                        const bool edge = random() % 1000 < p * 1000;
                        w[(size_t)i * ld + j] = i == j ? 0 : edge ? 1 + (int)(random() % 5) + h[i] - h[j] : FW_INF;
                    }
                }
                d = w;
                for (int k = 0; k < n; ++k) {
                    for (int i = 0; i < n; ++i) {
                        const int a = d[(size_t)i * ld + k];
                        if (a == FW_INF) continue;
                        for (int j = 0; j < n; ++j) {
                            const int b = d[(size_t)k * ld + j];
                            if (b != FW_INF) d[(size_t)i * ld + j] = std::min(d[(size_t)i * ld + j], a + b);
                        }
                    }
                }
                for (int trial = 0; trial < 4; ++trial) {  // the answer; one wrong cell in the last row, the last column, anywhere
                    std::vector<int> got = d;
                    if (trial > 0) {
                        const int i = trial == 1 ? n - 1 : (int)(random() % n), j = trial == 2 ? n - 1 : (int)(random() % n);
                        int& cell = got[(size_t)i * ld + j];
                        cell = cell == FW_INF ? FW_INF - 50 : cell + (random() % 2 ? 1 : -1);
                    }
                    for (bool signedForm : {false, true}) {
                        if (!signedForm && potentials) continue;  // the plain form is for weights > 0
                        const unsigned long long host = onHost(signedForm, got.data(), w.data(), n, ld);
                        const unsigned long long expected = termByTerm(signedForm, got.data(), w.data(), n, ld);
                        ++cases;
                        if (host != expected) {
                            ++mismatches;
                            printf("MISMATCH n=%d potentials=%d p=%.2f trial=%d %s form: kernel %llu, term by term %llu\n", n, potentials, p,
                                   trial, signedForm ? "signed" : "plain", host, expected);
                        }
                    }
                }
            }
        }
    }
    printf("%d cases, %d mismatches\n", cases, mismatches);
    return mismatches != 0;
}
