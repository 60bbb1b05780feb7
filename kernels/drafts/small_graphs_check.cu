// Checks the draft small_graphs.cu against a CPU Floyd-Warshall (mixed sizes, sparse graphs with
// unreachable pairs, zero weights) and times it, until the variant is in the suite. On a GPU machine:
//   nvcc -O3 -std=c++17 -arch=sm_90 -lineinfo -o /tmp/small_graphs_check kernels/drafts/small_graphs_check.cu &&
//   /tmp/small_graphs_check && compute-sanitizer --tool racecheck /tmp/small_graphs_check small
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <random>
#include <algorithm>
#include "small_graphs.cu"

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA %s at %d\n", cudaGetErrorString(e), __LINE__); exit(1);} } while (0)

static void cpu_fw(std::vector<int>& m, int n) {
  for (int k = 0; k < n; k++) for (int i = 0; i < n; i++) { int a = m[i*n+k]; if (a >= FW_INF) continue;
    for (int j = 0; j < n; j++) { int s = a + m[k*n+j]; if (s < m[i*n+j]) m[i*n+j] = s; } }
  for (auto& x : m) if (x > FW_INF) x = FW_INF;
}

struct Batch { std::vector<int> d; std::vector<long long> off; std::vector<int> size; };

static Batch make(int count, std::vector<int> sizes, double p, int wmin, int seed) {
  std::mt19937 rng(seed); Batch b;
  for (int g = 0; g < count; g++) {
    int n = sizes[g % sizes.size()];
    b.off.push_back(b.d.size()); b.size.push_back(n);
    for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
      int w = FW_INF;
      if (i == j) w = 0; else if (std::uniform_real_distribution<double>(0,1)(rng) < p) w = std::uniform_int_distribution<int>(wmin, 1000)(rng);
      b.d.push_back(w);
    }
  }
  return b;
}

static int classOf(int n) { return n <= 32 ? 32 : n <= 64 ? 64 : 128; }

// launches one grid per size class; returns ms of `reps` solves
static float run(Batch& b, int reps, bool check) {
  int *d, *sz; long long* off;
  CK(cudaMalloc(&d, b.d.size()*4)); CK(cudaMalloc(&off, b.off.size()*8)); CK(cudaMalloc(&sz, b.size.size()*4));
  CK(cudaMemcpy(d, b.d.data(), b.d.size()*4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(off, b.off.data(), b.off.size()*8, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(sz, b.size.data(), b.size.size()*4, cudaMemcpyHostToDevice));
  std::vector<int> lists[3]; for (int g = 0; g < (int)b.size.size(); g++) { int c = classOf(b.size[g]); lists[c == 32 ? 0 : c == 64 ? 1 : 2].push_back(g); }
  int* lp[3]; for (int c = 0; c < 3; c++) { CK(cudaMalloc(&lp[c], std::max<size_t>(1, lists[c].size())*4)); CK(cudaMemcpy(lp[c], lists[c].data(), lists[c].size()*4, cudaMemcpyHostToDevice)); }
  auto launch = [&]() {
    if (lists[0].size()) fw_small_graphs_32<<<lists[0].size(), SmallGraphShape<32,4,4>::THREADS>>>(d, off, sz, lp[0]);
    if (lists[1].size()) fw_small_graphs_64<<<lists[1].size(), SmallGraphShape<64,8,8>::THREADS>>>(d, off, sz, lp[1]);
    if (lists[2].size()) fw_small_graphs_128<<<lists[2].size(), SmallGraphShape<128,8,8>::THREADS>>>(d, off, sz, lp[2]);
  };
  launch(); CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
  if (check) {
    std::vector<int> out(b.d.size()); CK(cudaMemcpy(out.data(), d, out.size()*4, cudaMemcpyDeviceToHost));
    long bad = 0; int checked = 0;
    for (int g = 0; g < (int)b.size.size() && checked < 400; g++, checked++) {
      int n = b.size[g]; std::vector<int> ref(b.d.begin()+b.off[g], b.d.begin()+b.off[g]+n*n); cpu_fw(ref, n);
      for (int x = 0; x < n*n; x++) if (ref[x] != out[b.off[g]+x]) { if (bad < 3) printf("  wrong graph %d n=%d cell %d: %d vs %d\n", g, n, x, out[b.off[g]+x], ref[x]); bad++; }
    }
    printf("  checked %d graphs: %ld wrong cells\n", checked, bad);
  }
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  cudaEventRecord(e0); for (int r = 0; r < reps; r++) launch(); cudaEventRecord(e1); CK(cudaEventSynchronize(e1));
  float ms; cudaEventElapsedTime(&ms, e0, e1);
  cudaFree(d); cudaFree(off); cudaFree(sz); for (int c = 0; c < 3; c++) cudaFree(lp[c]);
  return ms / reps;
}

int main(int argc, char**) {
  printf("correctness (mixed sizes, sparse with unreachable pairs, zero weights):\n");
  { Batch b = make(300, {1, 2, 7, 31, 32, 33, 50, 64, 65, 100, 127, 128}, 0.05, 0, 1); run(b, 1, true); }
  { Batch b = make(200, {17, 64, 96, 128}, 1.0, 0, 2); run(b, 1, true); }
  { Batch b = make(100, {45, 128}, 0.01, 1, 3); run(b, 1, true); }
  if (argc > 1) return 0;
  const double ceiling = 16586e9;  // int32, H200 (results/2026-11-27_NVIDIA-H200-10.json)
  printf("throughput (complete graphs, weights 1..1000):\n");
  for (int n : {32, 64, 128}) for (int count : {1, 132, 1056, 8448, 33792, 135168}) {
    if ((double)count * n * n * 4 > 8e9) continue;
    Batch b = make(count, {n}, 1.0, 1, 7);
    float ms = run(b, count >= 8448 ? 5 : 50, false);
    double relax = (double)count * n * n * n;
    printf("  n=%3d B=%6d: %.4f ms, %.3g graphs/s, %.0f G relax/s, %.1f%% of the int32 ceiling\n", n, count, ms, count / (ms * 1e-3),
           relax / (ms * 1e-3) / 1e9, 100 * relax / (ms * 1e-3) / ceiling);
  }
}
