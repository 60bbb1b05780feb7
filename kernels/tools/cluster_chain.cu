// cluster_chain: what a thread block cluster would cost the pivot chain at small n, before building
// it (kernels/LOG.md, n = 1000 in 0.10 ms: the chain on a cluster). Measures on one GPU:
//   - a block barrier of 128 threads (the closure's step today), for scale;
//   - a cluster barrier (barrier.cluster arrive and wait) of C blocks of 128 threads;
//   - a handoff: blocks 1 .. C-1 each store a 16-row slice of a 64 x 64 tile of words into block 0's
//     shared memory (distributed shared memory), then the cluster barrier;
//   - how many clusters of C blocks of the packed16 chain kernel's shape can be resident at once
//     (cudaOccupancyMaxActiveClusters), against the SMs: a persistent grid must fit whole.
// Measured on an H200 (kernels/LOG.md, The closure in groups and the chain on a cluster, measured).
// Build and run on a GPU machine of sm_90:
//   nvcc -arch=sm_90 -O3 -o cluster_chain kernels/tools/cluster_chain.cu && ./cluster_chain
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

constexpr int THREADS = 128;     // the packed16 chain block's grid (four warps)
constexpr int TILE_WORDS = 64 * 64;
constexpr int ROUNDS = 10000;

#define CHECK(call)                                                                                 \
    do {                                                                                            \
        cudaError_t e = (call);                                                                     \
        if (e != cudaSuccess) {                                                                     \
            std::printf("%s: %s\n", #call, cudaGetErrorString(e));                                  \
            return 1;                                                                               \
        }                                                                                           \
    } while (0)

// clocks a round, from block 0's thread 0, into out[0]; `sink` keeps the stores alive
__global__ void block_barrier(long long* out, int* sink)
{
    __shared__ int tile[TILE_WORDS];
    const long long start = clock64();
    for (int r = 0; r < ROUNDS; ++r) {
        tile[(threadIdx.x + r) % TILE_WORDS] = r;
        __syncthreads();
    }
    if (threadIdx.x == 0 && blockIdx.x == 0) out[0] = (clock64() - start) / ROUNDS;
    if (threadIdx.x == 0) sink[blockIdx.x] = tile[blockIdx.x % TILE_WORDS];
}

__global__ void cluster_barrier(long long* out)
{
    cg::cluster_group cluster = cg::this_cluster();
    const long long start = clock64();
    for (int r = 0; r < ROUNDS; ++r) cluster.sync();
    if (threadIdx.x == 0 && blockIdx.x == 0) out[0] = (clock64() - start) / ROUNDS;
}

// blocks 1 .. C-1 write their slice of block 0's tile, then all meet; block 0 reads one word of each slice
__global__ void cluster_handoff(long long* out, int* sink)
{
    __shared__ int tile[TILE_WORDS];
    cg::cluster_group cluster = cg::this_cluster();
    const unsigned rank = cluster.block_rank(), blocks = cluster.num_blocks();
    int* const home = cluster.map_shared_rank(tile, 0);
    const int slice = TILE_WORDS / blocks;
    int seen = 0;
    cluster.sync();
    const long long start = clock64();
    for (int r = 0; r < ROUNDS; ++r) {
        if (rank != 0) {
            for (int w = threadIdx.x; w < slice; w += THREADS) home[rank * slice + w] = r + w;
        }
        cluster.sync();
        if (rank == 0) seen += tile[(blocks - 1) * slice + threadIdx.x % slice];
        cluster.sync();  // block 0 has read before the next round's stores
    }
    if (threadIdx.x == 0 && rank == 0 && blockIdx.x == 0) out[0] = (clock64() - start) / ROUNDS;
    if (threadIdx.x == 0) sink[blockIdx.x] = seen;
}

template <class Kernel>
static int launch_clustered(Kernel kernel, int clusterBlocks, int grid, long long* out, int* sink, bool withSink)
{
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(grid);
    config.blockDim = dim3(THREADS);
    cudaLaunchAttribute attribute;
    attribute.id = cudaLaunchAttributeClusterDimension;
    attribute.val.clusterDim.x = clusterBlocks;
    attribute.val.clusterDim.y = 1;
    attribute.val.clusterDim.z = 1;
    config.attrs = &attribute;
    config.numAttrs = 1;
    if (withSink) CHECK(cudaLaunchKernelEx(&config, (void (*)(long long*, int*))kernel, out, sink));
    else CHECK(cudaLaunchKernelEx(&config, (void (*)(long long*))kernel, out));
    CHECK(cudaDeviceSynchronize());
    return 0;
}

int main()
{
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    int clockKhz = 0;
    CHECK(cudaDeviceGetAttribute(&clockKhz, cudaDevAttrClockRate, 0));
    std::printf("%s, %d SMs, SM clock up to %.0f MHz\n", prop.name, prop.multiProcessorCount, clockKhz / 1000.0);
    long long* out;
    int* sink;
    CHECK(cudaMalloc(&out, sizeof(long long)));
    CHECK(cudaMalloc(&sink, 4096 * sizeof(int)));
    long long clocks = 0;
    const double nsPerClock = 1e6 / clockKhz;

    block_barrier<<<prop.multiProcessorCount, THREADS>>>(out, sink);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(&clocks, out, sizeof clocks, cudaMemcpyDeviceToHost));
    std::printf("block barrier, %d threads: %lld clocks (%.0f ns at the top clock)\n", THREADS, clocks, clocks * nsPerClock);

    for (int c : {2, 4, 8}) {
        if (launch_clustered(cluster_barrier, c, c, out, sink, false)) return 1;
        CHECK(cudaMemcpy(&clocks, out, sizeof clocks, cudaMemcpyDeviceToHost));
        std::printf("cluster of %d: barrier %lld clocks (%.0f ns)", c, clocks, clocks * nsPerClock);
        if (launch_clustered(cluster_handoff, c, c, out, sink, true)) return 1;
        CHECK(cudaMemcpy(&clocks, out, sizeof clocks, cudaMemcpyDeviceToHost));
        std::printf(", slices stored into block 0 and two barriers %lld clocks (%.0f ns)", clocks, clocks * nsPerClock);

        // the packed16 chain kernel's threads (160, a helper warp) and shared memory (39 KB), not its registers
        cudaLaunchConfig_t config = {};
        config.gridDim = dim3(prop.multiProcessorCount / c * c);  // whole clusters: 132 blocks are no clusters of 8
        config.blockDim = dim3(160);
        config.dynamicSmemBytes = 39 * 1024;
        cudaLaunchAttribute attribute;
        attribute.id = cudaLaunchAttributeClusterDimension;
        attribute.val.clusterDim.x = c;
        attribute.val.clusterDim.y = 1;
        attribute.val.clusterDim.z = 1;
        config.attrs = &attribute;
        config.numAttrs = 1;
        int clusters = 0;
        CHECK(cudaOccupancyMaxActiveClusters(&clusters, (void*)cluster_barrier, &config));
        std::printf("; %d clusters resident at once (%d blocks, against %d SMs)\n", clusters, clusters * c, prop.multiProcessorCount);
    }
    return 0;
}
