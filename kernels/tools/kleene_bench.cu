// Development harness (not part of the suite): times kleene, dataflow and packed16 straight from
// CUDA C++, so kernel changes can be compared in seconds on a GPU without the JVM. It includes the
// suite's own kernel files, so it times their code. The suite's own numbers come from the JMH
// benchmark; correctness from its tests.
//
// kernels/build.sh builds it (sm_90) into target/tools/kleene_bench with every `mvn package`, so it
// cannot fall behind the kernels. To compare another build of the tile kernels:
//   nvcc -O3 -std=c++17 -arch=sm_90 -DTILE_PRODUCT_MIN_BLOCKS_PER_SM=1 -o kb kernels/tools/kleene_bench.cu
//   ./kb 1000 2500 5000 10000          whole solves
//   ./kb --phases 1000 10000           one launch of each phase, per tile size
//   KB_ONLY=flow128 ./kb 10000         one configuration alone (names as printed), unchecked
//   ./kb --peak 100                    the ceilings as PeakBenchmark runs them (int32, packed16,
//                                      float32), 100 launches each, peak.cu's geometry
//   KB_PER_SM=1 ./kb 1000              dataflow with at most that many blocks per SM
//   KB_PAD=256 ./kb 10000              matrices padded to 256, which adds p16flow256 (packed16, T = 256)
//   KB_NODEPS=1 KB_ONLY=p16flow ./kb 10000
//                                      dataflow's items with no waits (all independent products):
//                                      their own throughput, without the dependencies' cost
//   KB_CHAIN_FIRST=1 ./kb 1000         dataflow's list with tile (r + 2, r + 1) of round r, which the
//                                      chain's next cross reads, first in K(r) (the suite's does not;
//                                      not for packed16 at T = 64, whose block 1 runs that tile)
//   KB_HELPED=1 KB_PER_SM=1 ./kb 1000  p16flow64 on the helped kernel (a helper warp, 160 threads), which
//                                      the suite runs at one or two blocks per SM
//   KB_LD_TILES=1 ./kb 1025            dataflow over ld / T tiles a side (the suite's before it took
//                                      ceil(n / T)): rounds of padding alone included
//   KB_GRAPH=1 ./kb 1000               look64/look128 captured once into a CUDA graph and replayed,
//                                      as the suite launches them (otherwise every launch each solve)
//   ./kb --trace 1000 64               one graph-replayed look solve with T = 64: when each launch's
//                                      first block started and its last ended, round by round
//   nvcc ... -DKB_DTRACE -o kbt kernels/tools/kleene_bench.cu; ./kbt --dtrace 1000 p16flow64
//                                      one dataflow solve (flow64, flow128, p16flow, p16flow64) with
//                                      every item stamped (dataflow.cuh's FW_DATAFLOW_TRACE): per
//                                      round, the chain pivot -> cross -> next pivot, and the means
//   ./kb --product [K ...]             the int32 tile product against the ceiling: its inner loop on
//                                      staged operands alone, then whole products of K = 128 ... 1024
//                                      (a block's start and end against K); KB_WAVES=64: four times the
//                                      blocks, so that the last wave's tail weighs less
//   ./kb --product16 [K ...]           the same for packed16's T = 256 product (one block per SM)
//   ./kb --product-lanes [K ...]       the same for kleene-packed16's product (K in cells)
//   KB_ONLY=p16look KB_GROUP=6 ./kb 10000
//                                     kleene-packed16 (13_kleene_packed16.cu: T = 128, two k an instruction);
//                                     its groups' chains catch up (GROUP_CATCH_UP) as the suite's do,
//                                     KB_CATCH_UP=0: round by round (GROUP_CHAIN) as kleene's
//   KB_GROUP=G ./kb 10000              look64/look128 with kleene's rounds in groups of G (2: pairs;
//                                      the suite's table: 2 from n = 2500, 4 from 7500, 5 from 9000;
//                                      unset: one by one) (LookaheadRounds)
//   KB_GROUP=2 ./kb --busy 10000 128   one graph-replayed look solve: the share of the SMs' block slots
//                                      that its blocks held, by launch kind; KB_BLOCKS=file writes
//                                      every block's start, end, SM, kind and round to the file
//   ./kb --certificate 10000 32768     the shortest-path certificate (graph.cu) over kleene's answer:
//                                      both forms on the random graph, the signed form on a complete
//                                      and a sparse graph with potentials (T relax/s on n^3, and
//                                      whether it passes)
//
// For each n: kleene's plain rounds with T = 64 and T = 128, the dataflow kernel (08_dataflow.cu)
// with both tiles, packed16 (dataflow on 16-bit cells, T = 128; T = 256 with KB_PAD=256), and kleene's rounds as the suite runs them
// (LookaheadRounds, solver stream at the highest priority; in groups as KB_GROUP says, not by the suite's table) with both tiles, on the suite's random graph (seed 42),
// median of 7 timed solves after 2 warm-ups (each solve from a fresh copy of the input), each
// result checked against kleene T = 64 (independent rounds of a different tile size).
// One translation unit for every kernel file, so the grid barrier 09_packed16.cu chooses (named
// barrier 1, for its helped kernel) holds for all of them: the same barrier for a block of exactly
// its grid's threads (tile_layout.cuh, grid_sync).
#define FW_HELPER_WARP
#include "../fw_constants.cuh"

#ifdef KB_DTRACE
// --dtrace: per dataflow item (round, row, column) the globaltimer (ns) at dataflow.cuh's three
// FW_DATAFLOW_TRACE points, and the SM that ran it; kb_dtrace_tiles tiles a side.
__device__ unsigned long long* kb_dtrace;
__device__ int kb_dtrace_tiles;
__device__ __forceinline__ void kb_dtrace_stamp(int point, int item)
{
    if (!kb_dtrace || item < 0) return;
    const int m = (1 << FW_ITEM_FIELD_BITS) - 1, t = kb_dtrace_tiles;
    const size_t e = ((size_t)(item >> 2 * FW_ITEM_FIELD_BITS) * t + (item >> FW_ITEM_FIELD_BITS & m)) * t + (item & m);
    unsigned long long now;
    unsigned sm;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    kb_dtrace[4 * e + point] = now;
    if (point == 0) {
        asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
        kb_dtrace[4 * e + 3] = sm;
    }
}
#define FW_DATAFLOW_TRACE(point, item) kb_dtrace_stamp(point, item)
#endif

#include "../07_kleene.cu"
#include "../09_packed16.cu"
#include "../08_dataflow.cu"
#include "../13_kleene_packed16.cu"
#include "../peak.cu"
#include "../graph.cu"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

// --trace: each launch's first block start and last block end (%globaltimer, ns), per slot =
// round * 8 + kind (TRACE_* below): the suite's phase bodies (kleene_cross, kleene_rest of
// 07_kleene.cu) in kernels of the same launch bounds, with the stamps around them.
enum { TRACE_P2, TRACE_NEXT, TRACE_PIVOT, TRACE_REST0, TRACE_REST1, TRACE_ALL, TRACE_KINDS = 8 };
constexpr int TRACE_SLOTS = 4096;
__device__ unsigned long long kb_trace[TRACE_SLOTS][2];
static bool g_trace = false;   // launch the traced copies
static bool g_lanes = false;   // launch kleene-packed16's kernels (13_kleene_packed16.cu, T = 128) in place of kleene's

__device__ __forceinline__ unsigned long long now_ns()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}
__device__ __forceinline__ void trace_begin(int slot) { if (threadIdx.x == 0) atomicMin(&kb_trace[slot][0], now_ns()); }
__device__ __forceinline__ void trace_end(int slot) { __syncthreads(); if (threadIdx.x == 0) atomicMax(&kb_trace[slot][1], now_ns()); }

template <int T, int TM, int TN>
__global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) traced_phase2(int* d, int ld, int n, int p)
{
    trace_begin(p * TRACE_KINDS + TRACE_P2);
    kleene_cross<kleene::MatrixTiles<minplus::Int32, T, TM, TN>>(d, ld, n, p);
    trace_end(p * TRACE_KINDS + TRACE_P2);
}
template <int T, int TM, int TN>
__global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) traced_phase3(int* d, int ld, int n, int p, int mode, int firstRow)
{
    const int kind = mode == kleene::NEXT ? TRACE_NEXT : mode == kleene::REST ? (firstRow ? TRACE_REST1 : TRACE_REST0) : TRACE_ALL;
    const int2 tile = kleene::rest_tile(mode, p, (n + T - 1) / T, blockIdx.x, blockIdx.y + firstRow);
    const bool pivot = mode == kleene::NEXT && tile.x == tile.y;
    trace_begin(p * TRACE_KINDS + kind);
    if (pivot) trace_begin(p * TRACE_KINDS + TRACE_PIVOT);
    kleene_rest<kleene::MatrixTiles<minplus::Int32, T, TM, TN>>(d, ld, n, p, mode, firstRow);
    trace_end(p * TRACE_KINDS + kind);
    if (pivot && threadIdx.x == 0) atomicMax(&kb_trace[p * TRACE_KINDS + TRACE_PIVOT][1], now_ns());
}

// --busy: how full kleene's rounds keep the SMs' block slots. Each block of the wrappers below
// (the suite's phase bodies, as --trace's) adds its own time, from its start to its last thread's
// end (%globaltimer, ns), to its kind's total; the solve's span is the first start to the last end.
enum { BUSY_P2, BUSY_NEXT, BUSY_REST, BUSY_ALL, BUSY_GROUP_CHAIN, BUSY_GROUP_NEXT, BUSY_GROUP_REST, BUSY_KINDS };
__device__ unsigned long long kb_busy[BUSY_KINDS], kb_busy_span[2];
// KB_BLOCKS=file with --busy: every block's record too (BlockRecord), written to the file
struct BlockRecord { unsigned long long start, end; int sm, kind, p, pad; };
__device__ BlockRecord* kb_blocks;
__device__ unsigned kb_block_count, kb_block_capacity;
static bool g_busy = false;  // launch the wrappers
__device__ __forceinline__ void busy_end(unsigned long long start, int kind, int p = -1)
{
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned long long end = now_ns();
        atomicAdd(&kb_busy[kind], end - start);
        atomicMin(&kb_busy_span[0], start);
        atomicMax(&kb_busy_span[1], end);
        if (kb_blocks) {
            const unsigned e = atomicAdd(&kb_block_count, 1u);
            if (e < kb_block_capacity) {
                unsigned sm;
                asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
                kb_blocks[e] = BlockRecord{start, end, (int)sm, kind, p, 0};
            }
        }
    }
}
template <int T, int TM, int TN>
__global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) busy_phase2(int* d, int ld, int n, int p)
{
    const unsigned long long start = now_ns();
    kleene_cross<kleene::MatrixTiles<minplus::Int32, T, TM, TN>>(d, ld, n, p);
    busy_end(start, BUSY_P2, p);
}
template <int T, int TM, int TN>
__global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) busy_phase3(int* d, int ld, int n, int p, int mode, int firstRow)
{
    const unsigned long long start = now_ns();
    kleene_rest<kleene::MatrixTiles<minplus::Int32, T, TM, TN>>(d, ld, n, p, mode, firstRow);
    busy_end(start, mode == kleene::NEXT ? BUSY_NEXT : mode == kleene::REST ? BUSY_REST : BUSY_ALL, p);
}
template <int T, int TM, int TN>
__global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) busy_group(int* d, int ld, int n, int p, int last, int mode, int firstRow)
{
    const unsigned long long start = now_ns();
    kleene_group<kleene::MatrixTiles<minplus::Int32, T, TM, TN>>(d, ld, n, p, last, mode, firstRow);
    busy_end(start, mode == kleene::GROUP_CHAIN ? BUSY_GROUP_CHAIN : mode == kleene::GROUP_NEXT ? BUSY_GROUP_NEXT : BUSY_GROUP_REST, p);
}
template <int T, int TM, int TN>
__global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) busy_group_rest(int* d, int ld, int n, int p, int last, int firstRow)
{
    const unsigned long long start = now_ns();
    kleene_group<kleene::MatrixTiles<minplus::Int32, T, TM, TN>, true>(d, ld, n, p, last, kleene::GROUP_REST, firstRow);
    busy_end(start, BUSY_GROUP_REST, p);
}

// --product: where the int32 tile product (T = 128, 8 x 8 cells a thread, two blocks per SM) loses
// against the ceiling. product_inner runs its inner loop over one staged chunk `reps` times (no
// global memory; BARRIERS per chunk); product_k runs tile_product with K = kLive on the C tiles of
// a 4096 x 4096 matrix (block b on tile b mod 1024; A from the row panel of a, B from the column
// panel of b), so a block's start and end weigh less as K grows.
template <int BARRIERS>
__global__ void __launch_bounds__(256, 2) product_inner(int* sink, int reps)
{
    using L = minplus::Chunk<minplus::Int32, 128>;
    using G = minplus::Grid<minplus::Int32, 128, 8, 8>;
    extern __shared__ int chunk[];
    for (int i = threadIdx.x; i < L::STAGE; i += 256) chunk[i] = (i * 7919) & 1023;
    __syncthreads();
    int acc[8][8];
    for (int i = 0; i < 8; ++i) for (int j = 0; j < 8; ++j) acc[i][j] = FW_INF - i - j - threadIdx.x;
    const int ty = G::ty(), tx = G::tx();
    const int* bs = chunk + 128 * L::AS;
#pragma unroll 1
    for (int r = 0; r < reps; ++r) {
#pragma unroll
        for (int k = 0; k < L::BK; ++k) {
            int av[8], bv[8];
#pragma unroll
            for (int i = 0; i < 8; ++i) av[i] = chunk[minplus::owned_row<128, 8>(ty, i) * L::AS + k];
            minplus::load_split<4>(bv, bs + k * L::W, L::W / 2, tx * 4);
            minplus::relax_outer<minplus::Int32>(acc, av, bv);
        }
        if (BARRIERS > 0) __syncthreads();
        else asm volatile("" ::: "memory");
        if (BARRIERS > 1) __syncthreads();
    }
    int f = 0;
    for (int i = 0; i < 8; ++i) for (int j = 0; j < 8; ++j) f ^= acc[i][j];
    if (f == 12345) sink[threadIdx.x] = f;
}
// BUSY: each block adds its span to --busy's counters (a barrier and three atomics more a block), in
// one launch of its own, so that the timed launches carry none of it.
template <bool BUSY>
__global__ void __launch_bounds__(256, 2) product_k(int* c, const int* a, const int* b, int ld, int kLive)
{
    extern __shared__ int stage[];
    const unsigned long long start = BUSY ? now_ns() : 0;
    const int tiles = ld / 128, t = blockIdx.x % (tiles * tiles), ti = t / tiles, tj = t % tiles;
    minplus::tile_product<minplus::Int32, 128, 8, 8, KLEENE_STAGES>(c + (size_t)ti * 128 * ld + tj * 128, a + (size_t)ti * 128 * ld, b + tj * 128, ld,
                                                        stage, kLive, 128, 128);
    if (BUSY) busy_end(start, BUSY_ALL);
}

// --product16: the same ladder for packed16's T = 256 product (16 x 8 words a thread, k-major packed
// A, three chunk buffers, one block per SM, as fw_packed16_dataflow_t256): the inner loop on staged
// operands, then whole products of K = 256 ... 2048 cells on a packed 4096 x 4096 matrix.
template <int BARRIERS>
__global__ void __launch_bounds__(256, 1) product_inner16(int* sink, int reps)
{
    using L = minplus::Chunk<minplus::Packed16, 256>;
    using G = minplus::Grid<minplus::Packed16, 256, 16, 8>;
    extern __shared__ int chunk[];
    for (int i = threadIdx.x; i < L::STAGE; i += 256) chunk[i] = (i * 7919) & 1023;
    __syncthreads();
    int acc[16][8];
    for (int i = 0; i < 16; ++i) for (int j = 0; j < 8; ++j) acc[i][j] = 0x3FFF3FFF - i - j - threadIdx.x;
    const int ty = G::ty(), tx = G::tx();
    const int* bs = chunk + 256 * L::AS;
#pragma unroll 1
    for (int r = 0; r < reps; ++r) {
#pragma unroll
        for (int k = 0; k < L::BK; ++k) {
            int av[16], bv[8];
            minplus::load_split<8>(av, chunk + k * L::AT, 128, ty * 8);
            minplus::load_split<4>(bv, bs + k * L::W, L::W / 2, tx * 4);
            minplus::relax_outer<minplus::Packed16>(acc, av, bv);
        }
        if (BARRIERS > 0) __syncthreads();
        else asm volatile("" ::: "memory");
    }
    int f = 0;
    for (int i = 0; i < 16; ++i) for (int j = 0; j < 8; ++j) f ^= acc[i][j];
    if (f == 12345) sink[threadIdx.x] = f;
}
__global__ void __launch_bounds__(256, 1) product_k16(int* c, const int* a, const int* b, int ld, int kLive)
{
    extern __shared__ int stage[];
    const int tiles = 2 * ld / 256, t = blockIdx.x % (tiles * tiles), ti = t / tiles, tj = t % tiles;
    minplus::tile_product<minplus::Packed16, 256, 16, 8, 3>(c + (size_t)ti * 256 * ld + tj * 128, a + (size_t)ti * 256 * ld, b + tj * 128, ld,
                                                         stage, kLive, 256, 256);
}

// --product-lanes: kleene-packed16's product (T = 128, 8 x 8 cells a thread in two k lanes, two
// blocks per SM, both operands by cp.async) over K = kLive cells of a 4096 x 4096 matrix and its
// column-packed copy, stored to both as the suite's bulk does.
__global__ void __launch_bounds__(256, 2) product_lanes(int* d, int ld, int kLive)
{
    extern __shared__ int stage[];
    const int tiles = 2 * ld / 128, t = blockIdx.x % (tiles * tiles), ti = t / tiles, tj = t % tiles;
    int acc[8][8];
    kleene_packed16::accumulate<128, 8, 8>(acc, d, ld, ti, tj, 0, kLive, 128, stage);
    kleene_packed16::store_tile<128, 8, 8>(acc, d, ld, ti, tj);
}

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

static int words64 = minplus::shared_words<minplus::Int32, 64, KLEENE_STAGES>(), words128 = minplus::shared_words<minplus::Int32, 128, KLEENE_STAGES>();
static int flow64 = minplus::shared_words<minplus::Int32, 64, dataflow::STAGES>(),
           flow128 = minplus::shared_words<minplus::Int32, 128, dataflow::STAGES>(),
           flowPacked = minplus::shared_words<minplus::Packed16, 128, dataflow::STAGES>(),
           flowPacked256 = minplus::shared_words<minplus::Packed16, 256, dataflow::STAGES>();

static void phase1(int* d, int ld, int T, int p, cudaStream_t s)
{
    if (g_lanes) fw_kleene_packed16_phase1_t128<<<1, 256, minplus::closure_words<minplus::Packed16Lanes, 128>() * 4, s>>>(d, ld, p);
    else if (T == 128) fw_kleene_phase1_t128<<<1, 256, minplus::closure_words<minplus::Int32, 128>() * 4, s>>>(d, ld, p);
    else fw_kleene_phase1_t64<<<1, 256, minplus::closure_words<minplus::Int32, 64>() * 4, s>>>(d, ld, p);
}
static void phase2(int* d, int ld, int n, int T, int p, cudaStream_t s)
{
    const int tiles = (n + T - 1) / T, shared = (T == 128 ? words128 : words64) * 4;
    const dim3 grid(tiles - 1, 2);
    if (g_lanes) fw_kleene_packed16_phase2_t128<<<grid, 256, shared, s>>>(d, ld, n, p);
    else if (g_trace) {
        if (T == 128) traced_phase2<128, 8, 8><<<grid, 256, shared, s>>>(d, ld, n, p);
        else traced_phase2<64, 4, 4><<<grid, 256, shared, s>>>(d, ld, n, p);
    } else if (g_busy) {
        if (T == 128) busy_phase2<128, 8, 8><<<grid, 256, shared, s>>>(d, ld, n, p);
        else busy_phase2<64, 4, 4><<<grid, 256, shared, s>>>(d, ld, n, p);
    } else if (T == 128) fw_kleene_phase2_t128<<<grid, 256, shared, s>>>(d, ld, n, p);
    else fw_kleene_phase2_t64<<<grid, 256, shared, s>>>(d, ld, n, p);
}
static void phase3(int* d, int ld, int n, int T, int p, dim3 grid, int mode, cudaStream_t s, int firstRow = 0)
{
    const int shared = (T == 128 ? words128 : words64) * 4;
    if (g_lanes) fw_kleene_packed16_phase3_t128<<<grid, 256, shared, s>>>(d, ld, n, p, mode, firstRow);
    else if (g_trace) {
        if (T == 128) traced_phase3<128, 8, 8><<<grid, 256, shared, s>>>(d, ld, n, p, mode, firstRow);
        else traced_phase3<64, 4, 4><<<grid, 256, shared, s>>>(d, ld, n, p, mode, firstRow);
    } else if (g_busy) {
        if (T == 128) busy_phase3<128, 8, 8><<<grid, 256, shared, s>>>(d, ld, n, p, mode, firstRow);
        else busy_phase3<64, 4, 4><<<grid, 256, shared, s>>>(d, ld, n, p, mode, firstRow);
    } else if (T == 128) fw_kleene_phase3_t128<<<grid, 256, shared, s>>>(d, ld, n, p, mode, firstRow);
    else fw_kleene_phase3_t64<<<grid, 256, shared, s>>>(d, ld, n, p, mode, firstRow);
}

static void group_launch(int* d, int ld, int n, int T, int p, int last, dim3 grid, int mode, cudaStream_t s, int firstRow = 0)
{
    const int shared = (T == 128 ? words128 : words64) * 4;
    if (g_lanes) {
        if (mode == kleene::GROUP_REST) fw_kleene_packed16_group_rest_t128<<<grid, 256, shared, s>>>(d, ld, n, p, last, firstRow);
        else fw_kleene_packed16_group_t128<<<grid, 256, shared, s>>>(d, ld, n, p, last, mode, firstRow);
    } else if (g_busy) {
        if (mode == kleene::GROUP_REST) {
            if (T == 128) busy_group_rest<128, 8, 8><<<grid, 256, shared, s>>>(d, ld, n, p, last, firstRow);
            else busy_group_rest<64, 4, 4><<<grid, 256, shared, s>>>(d, ld, n, p, last, firstRow);
        } else if (T == 128) busy_group<128, 8, 8><<<grid, 256, shared, s>>>(d, ld, n, p, last, mode, firstRow);
        else busy_group<64, 4, 4><<<grid, 256, shared, s>>>(d, ld, n, p, last, mode, firstRow);
    } else if (mode == kleene::GROUP_REST) {  // the bulk's own kernel, as the suite's
        if (T == 128) fw_kleene_group_rest_t128<<<grid, 256, shared, s>>>(d, ld, n, p, last, firstRow);
        else fw_kleene_group_rest_t64<<<grid, 256, shared, s>>>(d, ld, n, p, last, firstRow);
    } else if (T == 128) fw_kleene_group_t128<<<grid, 256, shared, s>>>(d, ld, n, p, last, mode, firstRow);
    else fw_kleene_group_t64<<<grid, 256, shared, s>>>(d, ld, n, p, last, mode, firstRow);
}

// Plain rounds: phase 1, 2, 3 (mode ALL) per round, one stream.
static void plain_rounds(int* d, int ld, int n, int T, cudaStream_t s)
{
    const int tiles = (n + T - 1) / T;
    for (int p = 0; p < tiles; ++p) {
        phase1(d, ld, T, p, s);
        if (tiles == 1) break;
        phase2(d, ld, n, T, p, s);
        phase3(d, ld, n, T, p, dim3(tiles - 1, tiles - 1), kleene::ALL, s);
    }
}

// fwbench.variant.schedule.LookaheadRounds.enqueue, the same launches (that class documents them): what the
// suite's kleene runs.
struct Lookahead {
    cudaStream_t side[2];
    cudaEvent_t crossDone, restDone[2][2];
    int parts = 1;  // REST launches a round, each on its own side stream over a band of rows
    Lookahead()
    {
        int least, greatest;
        CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
        for (auto& stream : side) CHECK(cudaStreamCreateWithPriority(&stream, cudaStreamNonBlocking, least));
        CHECK(cudaEventCreateWithFlags(&crossDone, cudaEventDisableTiming));
        for (auto& pair : restDone) for (auto& event : pair) CHECK(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
    }
    int group = 1;  // KB_GROUP=G (2 or more): rounds in groups of G (runGroups)
    int catchUp = -1;  // a group's chain: KB_CATCH_UP=1 GROUP_CATCH_UP's launches, 0 GROUP_CHAIN's; unset as the suite (kleene-packed16 catches up)
    void run(int* d, int ld, int n, int T, cudaStream_t main)
    {
        if (group > 1) return runGroups(d, ld, n, T, main);
        const int tiles = (n + T - 1) / T, rows = tiles - 2;
        phase1(d, ld, T, 0, main);
        if (tiles == 1) return;
        phase2(d, ld, n, T, 0, main);
        for (int p = 0; p < tiles - 1; ++p) {
            CHECK(cudaEventRecord(crossDone, main));
            for (int k = 0; k < parts; ++k) {
                const int first = rows * k / parts, last = rows * (k + 1) / parts;
                CHECK(cudaStreamWaitEvent(side[k], crossDone));
                if (last > first) phase3(d, ld, n, T, p, dim3(rows, last - first), kleene::REST, side[k], first);
                CHECK(cudaEventRecord(restDone[k][p & 1], side[k]));
            }
            if (p > 0) for (int k = 0; k < parts; ++k) CHECK(cudaStreamWaitEvent(main, restDone[k][(p - 1) & 1]));
            phase3(d, ld, n, T, p, dim3(2 * tiles - 3, 1), kleene::NEXT, main);
            phase2(d, ld, n, T, p + 1, main);
        }
        for (int k = 0; k < parts; ++k) CHECK(cudaStreamWaitEvent(main, restDone[k][(tiles - 2) & 1]));
        phase3(d, ld, n, T, tiles - 1, dim3(tiles - 1, tiles - 1), kleene::ALL, main);
    }
    // Rounds in groups p .. last of `group` (kleene_group): main GROUP_CHAIN(r) P2(r + 1) for r = p ..
    // last - 1, then GROUP_NEXT(p) P2(last + 1); side GROUP_REST(p) once P2(last) is done;
    // GROUP_NEXT(p) waits for the GROUP_REST before, which updated the band's tiles. A last group of
    // one round is ALL.
    void runGroups(int* d, int ld, int n, int T, cudaStream_t main)
    {
        const int tiles = (n + T - 1) / T;
        phase1(d, ld, T, 0, main);
        if (tiles == 1) return;
        phase2(d, ld, n, T, 0, main);
        int p = 0, parity = 0;
        for (; p + 1 < tiles; p += group, parity ^= 1) {
            const int last = p + group - 1 < tiles - 1 ? p + group - 1 : tiles - 1, g = last - p + 1;
            const int band = kleene::next_band(p, last, tiles), rows = tiles - g - band;
            for (int r = p; r < last; ++r) {
                const int w = last - r;
                if (catchUp < 0 ? g_lanes : catchUp) group_launch(d, ld, n, T, p, r, dim3(2 * tiles - 1, 1), kleene::GROUP_CATCH_UP, main);
                else group_launch(d, ld, n, T, r, last, dim3(w * (2 * tiles - 2 - w), 1), kleene::GROUP_CHAIN, main);
                phase2(d, ld, n, T, r + 1, main);
            }
            CHECK(cudaEventRecord(crossDone, main));
            for (int k = 0; k < parts; ++k) {
                const int first = rows * k / parts, end = rows * (k + 1) / parts;
                CHECK(cudaStreamWaitEvent(side[k], crossDone));
                if (p > 0 && band < group)  // the last group's narrower band moves the bands' rows (LookaheadRounds)
                    for (int j = 0; j < parts; ++j) CHECK(cudaStreamWaitEvent(side[k], restDone[j][parity ^ 1]));
                if (end > first) group_launch(d, ld, n, T, p, last, dim3(rows, end - first), kleene::GROUP_REST, side[k], first);
                CHECK(cudaEventRecord(restDone[k][parity], side[k]));
            }
            if (p > 0) for (int k = 0; k < parts; ++k) CHECK(cudaStreamWaitEvent(main, restDone[k][parity ^ 1]));
            group_launch(d, ld, n, T, p, last, dim3(band * (2 * (tiles - g) - band) + (g - 1) * (2 * tiles - 1 - g), 1), kleene::GROUP_NEXT, main);
            if (last + 1 < tiles) phase2(d, ld, n, T, last + 1, main);
        }
        for (int k = 0; k < parts; ++k) CHECK(cudaStreamWaitEvent(main, restDone[k][parity ^ 1]));
        if (p < tiles) phase3(d, ld, n, T, p, dim3(tiles - 1, tiles - 1), kleene::ALL, main);  // a last group of one round
    }
};

// fwbench.variant.schedule.DataflowSchedule.build, the same order (that class documents it)
// second: the second chain's items (block 1: tiles (r + 2, r) and (r + 2, r + 1) of round r) left
// out, as fwbench.variant.schedule.DataflowSchedule leaves them out for packed16 at T = 64
static std::vector<int> dataflow_schedule(int tiles, int wave, bool folded, bool second)
{
    std::vector<int> items;
    auto enc = [](int r, int i, int j) { return r << 2 * FW_ITEM_FIELD_BITS | i << FW_ITEM_FIELD_BITS | j; };
    auto pivot = [&](int r) { if (!folded) items.push_back(enc(r, r, r)); };  // folded: the chain's (block 0)
    auto cross = [&](int r) {
        for (int j = 0; j < tiles; ++j) if (j != r) items.push_back(enc(r, r, j));
        for (int i = 0; i < tiles; ++i) if (i != r && !(folded && i == r + 1) && !(second && i == r + 2)) items.push_back(enc(r, i, r));
    };
    auto critical = [&](int r) {
        const int q = r + 1;
        if (q >= tiles) return;
        if (!folded) items.push_back(enc(r, q, q));
        // KB_CHAIN_FIRST=1: the tile the chain's next cross reads, (q + 1, q) through round r, first
        const bool first = !second && folded && q + 1 < tiles && getenv("KB_CHAIN_FIRST") && atoi(getenv("KB_CHAIN_FIRST"));
        if (first) items.push_back(enc(r, q + 1, q));
        for (int j = 0; j < tiles; ++j) if (j != r && j != q) items.push_back(enc(r, q, j));
        for (int i = 0; i < tiles; ++i) if (i != r && i != q && !(first && i == q + 1) && !(second && i == q + 1)) items.push_back(enc(r, i, q));
    };
    auto bulk = [&](int r) {
        const int q = r + 1 < tiles ? r + 1 : -1, q2 = r + 2 < tiles ? r + 2 : -1;
        std::vector<int> b;
        auto outside = [&](int x) { return x != r && x != q; };
        if (q2 >= 0) {
            b.push_back(enc(r, q2, q2));
            for (int j = 0; j < tiles; ++j) if (outside(j) && j != q2) b.push_back(enc(r, q2, j));
            for (int i = 0; i < tiles; ++i) if (outside(i) && i != q2) b.push_back(enc(r, i, q2));
        }
        for (int i = 0; i < tiles; ++i) if (outside(i) && i != q2) for (int j = 0; j < tiles; ++j) if (outside(j) && j != q2) b.push_back(enc(r, i, j));
        return b;
    };
    pivot(0);
    cross(0);
    critical(0);
    for (int r = 1; r < tiles; ++r) {
        std::vector<int> b = bulk(r - 1);
        // DataflowSchedule.crossAfter: C(r) one wave into B(r - 1) with the chain (three without), but
        // after all of it where less than half a wave would be left
        const int g = std::min<int>(wave, b.size());
        int a = std::min<int>((folded ? 1 : 3) * wave, b.size());
        if (folded && (int)b.size() - a < wave / 2) a = b.size();
        if (folded) {
            items.insert(items.end(), b.begin(), b.begin() + a);
        } else {
            items.insert(items.end(), b.begin(), b.begin() + g);
            pivot(r);
            items.insert(items.end(), b.begin() + g, b.begin() + a);
        }
        cross(r);
        items.insert(items.end(), b.begin() + a, b.end());
        critical(r);
    }
    std::vector<int> b = bulk(tiles - 1);
    items.insert(items.end(), b.begin(), b.end());
    if ((long)items.size() != (long)tiles * tiles * tiles - (folded ? 3 * tiles - 2 : 0) - (second ? 2 * std::max(0, tiles - 2) : 0)) { printf("schedule size %zu\n", items.size()); exit(1); }
    return items;
}

static bool nodeps() { return getenv("KB_NODEPS") && atoi(getenv("KB_NODEPS")); }

// One persistent launch over the given kernel: schedule uploaded once per (tiles, grid).
struct Dataflow {
    void (*kernel)(int*, int, int, const int*, int, int*, int);
    int shared, threads, tile;
    bool packed = false;  // 16-bit cells: packed16's T = 64 kernel runs the second chain (dataflow.cuh)
    int grid = 0, tiles = 0, items = 0;
    int *schedule = nullptr, *sync = nullptr;
    void prepare(int t)
    {
        if (t == tiles) return;
        int perSm, sms;
        CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernel, threads, shared));
        if (const char* cap = getenv("KB_PER_SM")) perSm = std::min(perSm, atoi(cap));  // fewer resident blocks, to compare
        CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
        grid = perSm * sms;
        tiles = t;
        const bool folded = tile <= FW_DATAFLOW_FOLDED_PIVOT_MAX_TILE, second = folded && packed && tile <= FW_DATAFLOW_SECOND_CHAIN_PACKED_MAX_TILE;
        grid = std::max(grid, second ? 3 : folded ? 2 : 1);
        std::vector<int> s = dataflow_schedule(t, grid, folded, second);
        // KB_NODEPS=1: as many items, all products of round 0 outside its cross and off the chain's
        // tiles (|i - j| > 1: the counters are preset high and releases write 1, so none ever waits,
        // the chain included); the result is wrong, time it with KB_ONLY
        if (nodeps() && t > 4) {
            std::vector<int> free;
            for (int i = 1; i < t; ++i) for (int j = 1; j < t; ++j) if (std::abs(i - j) > 1) free.push_back(i << FW_ITEM_FIELD_BITS | j);
            for (size_t x = 0; x < s.size(); ++x) s[x] = free[x % free.size()];
        }
        items = s.size();
        if (schedule) { CHECK(cudaFree(schedule)); CHECK(cudaFree(sync)); }
        CHECK(cudaMalloc(&schedule, s.size() * 4));
        CHECK(cudaMemcpy(schedule, s.data(), s.size() * 4, cudaMemcpyHostToDevice));
        CHECK(cudaMalloc(&sync, ((size_t)t * t + 2) * 4));
        CHECK(cudaMemset(sync, 0, ((size_t)t * t + 2) * 4));  // once: kernels up to FW_DATAFLOW_SELF_RESET_MAX_TILE leave them zero
        CHECK(cudaDeviceSynchronize());  // the legacy stream's memset is not ordered before the non-blocking stream's launches
    }
    void run(int* d, int ld, int n, int t, cudaStream_t s)
    {
        prepare(t);
        if (tile > FW_DATAFLOW_SELF_RESET_MAX_TILE) CHECK(cudaMemsetAsync(sync, 0, ((size_t)t * t + 2) * 4, s));
        // KB_NODEPS=1: with the nodeps schedule (prepare) every input reads "done": the items' own throughput
        if (nodeps() && t > 4) CHECK(cudaMemsetAsync(sync, 0x3f, (size_t)t * t * 4, s));
        kernel<<<grid, threads, shared, s>>>(d, ld, n, schedule, items, sync, t);
    }
};

// KB_GRAPH=1: the look configurations are captured into a CUDA graph once per n and replayed, as
// the suite runs them (its default launch mode); otherwise every launch is issued each solve.
struct Replay {
    cudaGraphExec_t exec = nullptr;
    template <class F>
    void run(F enqueue, cudaStream_t s)
    {
        if (!exec) {
            cudaGraph_t g;
            CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
            enqueue();
            CHECK(cudaStreamEndCapture(s, &g));
            CHECK(cudaGraphInstantiate(&exec, g, cudaGraphInstantiateFlagUseNodePriority));  // as the suite (fwbench.cuda.CudaGraph): kernels keep their stream's priority
            CHECK(cudaGraphDestroy(g));
        }
        CHECK(cudaGraphLaunch(exec, s));
    }
    ~Replay() { if (exec) cudaGraphExecDestroy(exec); }
};

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
    const int ld = (n + 127) / 128 * 128, tiles = (n + T - 1) / T, p = tiles / 2;
    int* d;
    CHECK(cudaMalloc(&d, (size_t)ld * ld * 4));
    fw_generate<<<dim3((ld + 31) / 32, (ld + 7) / 8), dim3(32, 8), 0, s>>>(d, n, ld, 42, 1ull << 32, 1000, 0);
    float p1 = median_ms([&] { phase1(d, ld, T, p, s); }, s);
    float p2 = median_ms([&] { phase2(d, ld, n, T, p, s); }, s);
    float p3 = median_ms([&] { phase3(d, ld, n, T, p, dim3(tiles - 1, tiles - 1), kleene::ALL, s); }, s);
    const double r3 = (double)(tiles - 1) * (tiles - 1) * T * T * T;
    printf("n=%d T=%d: phase1 %.1f us, phase2 %.1f us, phase3 %.1f us (%.2f T/s); x %d rounds = %.2f + %.2f + %.2f ms\n",
           n, T, p1 * 1e3, p2 * 1e3, p3 * 1e3, r3 / (p3 * 1e-3) / 1e12, tiles, p1 * tiles, p2 * tiles, p3 * tiles);
    CHECK(cudaFree(d));
}

// --certificate: the certificate's time (median of 7 after 2) over a solved matrix, by kleene's plain
// rounds with T = 128 (ld = n padded to 128, as the tile variants give it), on the suite's seed 42:
// the random graph in both forms, and in the signed form a complete graph with potentials (its INF
// terms only on W's masked diagonal) and a sparse one (p = 0.001: chunks of INF and negative
// operands, the exact path), the latter settled by fw_finish_negative_weights as the suite does.
static void certificates(int n, cudaStream_t s)
{
    const int ld = (n + 127) / 128 * 128, tiles = (n + FW_CERT_T - 1) / FW_CERT_T;
    const size_t cells = (size_t)ld * ld;
    int *weights, *d;
    unsigned long long* first;
    CHECK(cudaMalloc(&weights, cells * 4));
    CHECK(cudaMalloc(&d, cells * 4));
    CHECK(cudaMalloc(&first, 8));
    struct Graph { const char* name; unsigned long long threshold; int potentials; bool plain; };
    const Graph graphs[] = {{"random", 1ull << 32, 0, true}, {"random+potentials:1000", 1ull << 32, 1000, false},
                            {"sparse:0.001+potentials:100", (unsigned long long)(0.001 * 4294967296.0), 100, false}};
    for (const Graph& g : graphs) {
        fw_generate<<<dim3((ld + 31) / 32, (ld + 7) / 8), dim3(32, 8), 0, s>>>(weights, n, ld, 42, g.threshold, 1000, g.potentials);
        CHECK(cudaMemcpyAsync(d, weights, cells * 4, cudaMemcpyDeviceToDevice, s));
        plain_rounds(d, ld, n, 128, s);
        if (g.potentials) {  // NegativeWeights.bounds: lo = (n - 1) w_min, hi = the longest shortest path
            const int lo = (n - 1) * (1 - g.potentials), hi = g.threshold == 1ull << 32 ? 1000 + g.potentials : (n - 1) * (1000 + g.potentials);
            CHECK(cudaMemsetAsync(first, 0xFF, 8, s));
            fw_finish_negative_weights<<<dim3((n + 31) / 32, (n + 7) / 8), dim3(32, 8), 0, s>>>(d, nullptr, n, ld, 0, hi, lo, FW_INF, first);
        }
        for (int form = g.plain ? 0 : 1; form < 2; ++form) {
            const float ms = median_ms([&] {
                CHECK(cudaMemsetAsync(first, 0xFF, 8, s));
                if (form == 0) fw_certificate<<<dim3(tiles, tiles), FW_CERT_THREADS, 0, s>>>(d, weights, n, ld, first);
                else fw_certificate_signed<<<dim3(tiles, tiles), FW_CERT_THREADS, 0, s>>>(d, weights, n, ld, first);
            }, s);
            unsigned long long bad;
            CHECK(cudaMemcpy(&bad, first, 8, cudaMemcpyDeviceToHost));
            printf("n=%d %s, %s form: %.3f ms (%.2f T relax/s)", n, g.name, form ? "signed" : "plain", ms, (double)n * n * n / ms / 1e9);
            if (bad == ~0ull) printf(", passes\n");
            else printf(", FLAGS (%llu, %llu)\n", bad / n, bad % n);
        }
    }
    CHECK(cudaFree(weights)); CHECK(cudaFree(d)); CHECK(cudaFree(first));
}

int main(int argc, char** argv)
{
    CHECK(cudaFuncSetAttribute(fw_kleene_phase2_t128, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_phase3_t128, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_phase2_t64, cudaFuncAttributeMaxDynamicSharedMemorySize, words64 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_phase3_t64, cudaFuncAttributeMaxDynamicSharedMemorySize, words64 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_group_t128, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_group_t64, cudaFuncAttributeMaxDynamicSharedMemorySize, words64 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_group_rest_t128, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_group_rest_t64, cudaFuncAttributeMaxDynamicSharedMemorySize, words64 * 4));
    CHECK(cudaFuncSetAttribute(traced_phase2<64, 4, 4>, cudaFuncAttributeMaxDynamicSharedMemorySize, words64 * 4));
    CHECK(cudaFuncSetAttribute(traced_phase3<64, 4, 4>, cudaFuncAttributeMaxDynamicSharedMemorySize, words64 * 4));
    CHECK(cudaFuncSetAttribute(traced_phase2<128, 8, 8>, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(traced_phase3<128, 8, 8>, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(busy_phase2<64, 4, 4>, cudaFuncAttributeMaxDynamicSharedMemorySize, words64 * 4));
    CHECK(cudaFuncSetAttribute(busy_phase3<64, 4, 4>, cudaFuncAttributeMaxDynamicSharedMemorySize, words64 * 4));
    CHECK(cudaFuncSetAttribute(busy_group<64, 4, 4>, cudaFuncAttributeMaxDynamicSharedMemorySize, words64 * 4));
    CHECK(cudaFuncSetAttribute(busy_phase2<128, 8, 8>, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(busy_phase3<128, 8, 8>, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(busy_group<128, 8, 8>, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(busy_group_rest<128, 8, 8>, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(busy_group_rest<64, 4, 4>, cudaFuncAttributeMaxDynamicSharedMemorySize, words64 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_packed16_phase2_t128, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_packed16_phase3_t128, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_packed16_group_t128, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(fw_kleene_packed16_group_rest_t128, cudaFuncAttributeMaxDynamicSharedMemorySize, words128 * 4));
    CHECK(cudaFuncSetAttribute(fw_dataflow_t128, cudaFuncAttributeMaxDynamicSharedMemorySize, flow128 * 4));
    CHECK(cudaFuncSetAttribute(fw_dataflow_t64, cudaFuncAttributeMaxDynamicSharedMemorySize, flow64 * 4));
    CHECK(cudaFuncSetAttribute(fw_packed16_dataflow_t128, cudaFuncAttributeMaxDynamicSharedMemorySize, flowPacked * 4));
    CHECK(cudaFuncSetAttribute(fw_packed16_dataflow_t256, cudaFuncAttributeMaxDynamicSharedMemorySize, flowPacked256 * 4));
    Dataflow df64{fw_dataflow_t64, flow64 * 4, 256, 64}, df128{fw_dataflow_t128, flow128 * 4, 256, 128},
             df16{fw_packed16_dataflow_t128, flowPacked * 4, 256, 128, true}, df16w{fw_packed16_dataflow_t256, flowPacked256 * 4, 256, 256, true},
             df16s{fw_packed16_dataflow_t64, minplus::shared_words<minplus::Packed16, 64, dataflow::STAGES>() * 4, 128, 64, true};
    if (getenv("KB_HELPED") && atoi(getenv("KB_HELPED"))) {  // p16flow64 as the suite runs it at one or two blocks per SM
        df16s.kernel = fw_packed16_dataflow_helped_t64;
        df16s.threads = HELPED_T64_THREADS;
    }
    cudaStream_t s;
    int least, greatest;
    CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    CHECK(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, greatest));  // as the suite's solver stream
    Lookahead look;
    if (const char* parts = getenv("KB_REST_PARTS")) look.parts = atoi(parts);  // 1 or 2 REST launches a round
    look.group = getenv("KB_GROUP") ? atoi(getenv("KB_GROUP")) : 1;
    look.catchUp = getenv("KB_CATCH_UP") ? atoi(getenv("KB_CATCH_UP")) : -1;
    const bool graphs = getenv("KB_GRAPH") && atoi(getenv("KB_GRAPH"));
    if (argc > 2 && std::string(argv[1]) == "--peak") {  // as PeakBenchmark: same grid, iterations and count
        int sms, *sink;
        CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
        const int blocks = sms * PEAK_BLOCKS_PER_SM, launches = atoi(argv[2]), iterations = 16384;
        CHECK(cudaMalloc(&sink, (size_t)blocks * PEAK_THREADS * 4));
        struct { const char* name; void (*kernel)(int*, int, int); int cells; } peaks[] = {
            {"int32", fw_peak_int32, 1}, {"packed16", fw_peak_packed16, 2}, {"float32", fw_peak_float32, 1}};
        for (const auto& p : peaks) {
            const float ms = median_ms([&] { for (int l = 0; l < launches; ++l) p.kernel<<<blocks, PEAK_THREADS, 0, s>>>(sink, iterations, 12345); }, s);
            printf("peak %s, %d blocks of %d per SM: %.2f T relax/s over %d launches\n", p.name, PEAK_BLOCKS_PER_SM, PEAK_THREADS,
                   (double)blocks * PEAK_THREADS * iterations * PEAK_STEPS * PEAK_TM * PEAK_TN * p.cells * launches / ms / 1e9, launches);
        }
        return 0;
    }
    if (argc > 1 && std::string(argv[1]) == "--product") {  // --product [K ...]: the ladder above, rates as % of 64 relaxations/clock/SM at 1.98 GHz
        int sms, *sink;
        CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
        CHECK(cudaMalloc(&sink, 256 * 4));
        const double ceiling = sms * 64.0 * 1.98e9;
        const int shared = words128 * 4, reps = 4000, blocks = sms * 2;
        CHECK(cudaFuncSetAttribute(product_inner<0>, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
        CHECK(cudaFuncSetAttribute(product_inner<1>, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
        CHECK(cudaFuncSetAttribute(product_inner<2>, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
        CHECK(cudaFuncSetAttribute(product_k<false>, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
        CHECK(cudaFuncSetAttribute(product_k<true>, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
        auto report = [&](const char* what, double relax, float ms) {
            printf("%-44s %.2f T relax/s, %.1f%%\n", what, relax / ms / 1e9, 100 * relax / (ms * 1e-3) / ceiling);
        };
        const double inner = (double)blocks * 256 * 64 * 32 * reps;
        report("inner loop, staged operands, no barrier", inner, median_ms([&] { product_inner<0><<<blocks, 256, shared, s>>>(sink, reps); }, s));
        report("inner loop, a barrier a chunk", inner, median_ms([&] { product_inner<1><<<blocks, 256, shared, s>>>(sink, reps); }, s));
        report("inner loop, two barriers a chunk", inner, median_ms([&] { product_inner<2><<<blocks, 256, shared, s>>>(sink, reps); }, s));
        const int ld = 4096;
        int *a, *b, *c;
        CHECK(cudaMalloc(&a, 4ull * ld * ld)); CHECK(cudaMalloc(&b, 4ull * ld * ld)); CHECK(cudaMalloc(&c, 4ull * ld * ld));
        CHECK(cudaMemset(a, 1, 4ull * ld * ld)); CHECK(cudaMemset(b, 1, 4ull * ld * ld)); CHECK(cudaMemset(c, 0x3f, 4ull * ld * ld));
        std::vector<int> ks;
        for (int i = 2; i < argc; ++i) ks.push_back(atoi(argv[i]));
        if (ks.empty()) ks = {128, 256, 512, 1024};
        const int waves = getenv("KB_WAVES") ? atoi(getenv("KB_WAVES")) : 16;
        for (int k : ks) {
            const int grid = sms * 2 * waves * 128 / k;  // KB_WAVES (16) waves' worth of K = 128 work
            char what[64];
            snprintf(what, sizeof what, "tile_product K = %d, %d blocks", k, grid);
            report(what, (double)grid * 128 * 128 * k, median_ms([&] { product_k<false><<<grid, 256, shared, s>>>(c, a, b, ld, k); }, s));
            {  // one launch more: the share of the block slots (two a SM) its blocks held, start to end
                const unsigned long long zero[BUSY_KINDS] = {}, span[2] = {~0ull, 0};
                unsigned long long busy[BUSY_KINDS], got[2];
                CHECK(cudaMemcpyToSymbol(kb_busy, zero, sizeof zero));
                CHECK(cudaMemcpyToSymbol(kb_busy_span, span, sizeof span));
                product_k<true><<<grid, 256, shared, s>>>(c, a, b, ld, k);
                CHECK(cudaStreamSynchronize(s));
                CHECK(cudaMemcpyFromSymbol(busy, kb_busy, sizeof busy));
                CHECK(cudaMemcpyFromSymbol(got, kb_busy_span, sizeof got));
                printf("  block slots busy %.2f%%, a block %.1f us on average\n", 100.0 * busy[BUSY_ALL] / ((double)(got[1] - got[0]) * 2 * sms),
                       busy[BUSY_ALL] / 1e3 / grid);
            }
        }
        return 0;
    }
    if (argc > 1 && std::string(argv[1]) == "--product-lanes") {  // --product-lanes [K ...]: % of 128 cell relaxations/clock/SM at 1.98 GHz
        int sms;
        CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
        const double ceiling = sms * 128.0 * 1.98e9;
        const int shared = words128 * 4, ld = 2048;  // words a row-packed row: 4096 cells
        CHECK(cudaFuncSetAttribute(product_lanes, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
        int* d;
        CHECK(cudaMalloc(&d, 4ull * 4096 * 4096));
        CHECK(cudaMemset(d, 1, 4ull * 4096 * 4096));
        std::vector<int> ks;
        for (int i = 2; i < argc; ++i) ks.push_back(atoi(argv[i]));
        if (ks.empty()) ks = {128, 256, 640, 1024};
        const int waves = getenv("KB_WAVES") ? atoi(getenv("KB_WAVES")) : 16;
        for (int k : ks) {
            const int grid = sms * 2 * waves * 256 / k;  // KB_WAVES (16) waves' worth of K = 256 work
            const float ms = median_ms([&] { product_lanes<<<grid, 256, shared, s>>>(d, ld, k); }, s);
            const double relax = (double)grid * 128 * 128 * k;
            printf("lanes product K = %d, %d blocks %.2f T relax/s, %.1f%%\n", k, grid, relax / ms / 1e9, 100 * relax / (ms * 1e-3) / ceiling);
        }
        return 0;
    }
    if (argc > 1 && std::string(argv[1]) == "--product16") {  // --product16 [K ...]: packed16's ladder, % of 128 cell relaxations/clock/SM at 1.98 GHz
        int sms, *sink;
        CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
        CHECK(cudaMalloc(&sink, 256 * 4));
        const double ceiling = sms * 128.0 * 1.98e9;
        const int shared = flowPacked256 * 4, reps = 2000, blocks = sms;
        CHECK(cudaFuncSetAttribute(product_inner16<0>, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
        CHECK(cudaFuncSetAttribute(product_inner16<1>, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
        CHECK(cudaFuncSetAttribute(product_k16, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
        auto report = [&](const char* what, double relax, float ms) {
            printf("%-44s %.2f T relax/s, %.1f%%\n", what, relax / ms / 1e9, 100 * relax / (ms * 1e-3) / ceiling);
        };
        const double inner = (double)blocks * 256 * 256 * 32 * reps;  // cells: 16 x 16 a thread, 32 k a chunk
        report("inner loop, staged operands, no barrier", inner, median_ms([&] { product_inner16<0><<<blocks, 256, shared, s>>>(sink, reps); }, s));
        report("inner loop, a barrier a chunk", inner, median_ms([&] { product_inner16<1><<<blocks, 256, shared, s>>>(sink, reps); }, s));
        const int ld = 2048;  // words: 4096 packed cells a row
        int *a, *b, *c;
        CHECK(cudaMalloc(&a, 4ull * ld * 4096)); CHECK(cudaMalloc(&b, 4ull * ld * 4096)); CHECK(cudaMalloc(&c, 4ull * ld * 4096));
        CHECK(cudaMemset(a, 1, 4ull * ld * 4096)); CHECK(cudaMemset(b, 1, 4ull * ld * 4096)); CHECK(cudaMemset(c, 0x3f, 4ull * ld * 4096));
        std::vector<int> ks;
        for (int i = 2; i < argc; ++i) ks.push_back(atoi(argv[i]));
        if (ks.empty()) ks = {256, 512, 1024, 2048};
        const int waves = getenv("KB_WAVES") ? atoi(getenv("KB_WAVES")) : 32;
        for (int k : ks) {
            const int grid = sms * waves * 256 / k;  // KB_WAVES (32) waves' worth of K = 256 work
            char what[64];
            snprintf(what, sizeof what, "tile_product K = %d, %d blocks", k, grid);
            report(what, (double)grid * 256 * 256 * k, median_ms([&] { product_k16<<<grid, 256, shared, s>>>(c, a, b, ld, k); }, s));
        }
        return 0;
    }
    if (argc > 3 && std::string(argv[1]) == "--busy") {  // --busy n T: one look solve (graph), the SMs' block slots kept full
        const int n = atoi(argv[2]), T = atoi(argv[3]), ld = (n + 127) / 128 * 128;
        int *input, *work, sms;
        CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
        CHECK(cudaMalloc(&input, (size_t)ld * ld * 4));
        CHECK(cudaMalloc(&work, (size_t)ld * ld * 4));
        fw_generate<<<dim3((ld + 31) / 32, (ld + 7) / 8), dim3(32, 8), 0, s>>>(input, n, ld, 42, 1ull << 32, 1000, 0);
        g_busy = true;
        const unsigned long long zero[BUSY_KINDS] = {}, span[2] = {~0ull, 0};
        unsigned long long busy[BUSY_KINDS], got[2];
        const char* recordsTo = getenv("KB_BLOCKS");
        const unsigned capacity = 1u << 22, none = 0;
        BlockRecord* records = nullptr;
        if (recordsTo) {
            CHECK(cudaMalloc(&records, capacity * sizeof(BlockRecord)));
            CHECK(cudaMemcpyToSymbol(kb_blocks, &records, sizeof records));
            CHECK(cudaMemcpyToSymbol(kb_block_capacity, &capacity, sizeof capacity));
        }
        Replay replay;
        for (int r = 0; r < 4; ++r) {  // the last of 4 replays is the one printed
            CHECK(cudaMemcpyAsync(work, input, (size_t)ld * ld * 4, cudaMemcpyDeviceToDevice, s));
            CHECK(cudaMemcpyToSymbolAsync(kb_block_count, &none, sizeof none, 0, cudaMemcpyHostToDevice, s));
            CHECK(cudaMemcpyToSymbolAsync(kb_busy, zero, sizeof zero, 0, cudaMemcpyHostToDevice, s));
            CHECK(cudaMemcpyToSymbolAsync(kb_busy_span, span, sizeof span, 0, cudaMemcpyHostToDevice, s));
            replay.run([&] { look.run(work, ld, n, T, s); }, s);
            CHECK(cudaStreamSynchronize(s));
        }
        CHECK(cudaMemcpyFromSymbol(busy, kb_busy, sizeof busy));
        CHECK(cudaMemcpyFromSymbol(got, kb_busy_span, sizeof got));
        int perSm;  // the slots: blocks of the group kernel an SM holds (the phase kernels' bounds are the same)
        if (T == 128) CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, busy_group<128, 8, 8>, 256, words128 * 4));
        else CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, busy_group<64, 4, 4>, 256, words64 * 4));
        const double wall = (double)(got[1] - got[0]), slots = (double)perSm * sms;
        static const char* kinds[] = {"P2", "NEXT", "REST", "ALL", "GROUP_CHAIN", "GROUP_NEXT", "GROUP_REST"};
        double all = 0;
        for (int k = 0; k < BUSY_KINDS; ++k) all += busy[k];
        printf("n=%d T=%d group=%d parts=%d: span %.3f ms, block slots busy %.2f%% (%d slots)\n", n, T, look.group, look.parts, wall / 1e6,
               100 * all / (wall * slots), (int)slots);
        for (int k = 0; k < BUSY_KINDS; ++k)
            if (busy[k]) printf("  %-9s %6.2f%% of the slots' time\n", kinds[k], 100 * busy[k] / (wall * slots));
        if (recordsTo) {  // every block: start, end (ns), SM, kind (BUSY_*), round
            unsigned count;
            CHECK(cudaMemcpyFromSymbol(&count, kb_block_count, sizeof count));
            count = std::min(count, capacity);
            std::vector<BlockRecord> blocks(count);
            CHECK(cudaMemcpy(blocks.data(), records, count * sizeof(BlockRecord), cudaMemcpyDeviceToHost));
            FILE* f = fopen(recordsTo, "wb");
            fwrite(blocks.data(), sizeof(BlockRecord), count, f);
            fclose(f);
            printf("%u block records in %s\n", count, recordsTo);
        }
        return 0;
    }
    if (argc > 3 && std::string(argv[1]) == "--trace") {  // --trace n T: one look solve (graph), every launch's span
        const int n = atoi(argv[2]), T = atoi(argv[3]), ld = (n + 127) / 128 * 128, tiles = (n + T - 1) / T;
        int *input, *work;
        CHECK(cudaMalloc(&input, (size_t)ld * ld * 4));
        CHECK(cudaMalloc(&work, (size_t)ld * ld * 4));
        fw_generate<<<dim3((ld + 31) / 32, (ld + 7) / 8), dim3(32, 8), 0, s>>>(input, n, ld, 42, 1ull << 32, 1000, 0);
        g_trace = true;
        std::vector<unsigned long long> init(2 * TRACE_SLOTS), got(2 * TRACE_SLOTS);
        for (int i = 0; i < TRACE_SLOTS; ++i) init[2 * i] = ~0ull, init[2 * i + 1] = 0;
        Replay replay;
        for (int r = 0; r < 4; ++r) {  // the last of 4 replays is the one printed
            CHECK(cudaMemcpyAsync(work, input, (size_t)ld * ld * 4, cudaMemcpyDeviceToDevice, s));
            CHECK(cudaMemcpyToSymbolAsync(kb_trace, init.data(), init.size() * 8, 0, cudaMemcpyHostToDevice, s));
            replay.run([&] { look.run(work, ld, n, T, s); }, s);
            CHECK(cudaStreamSynchronize(s));
        }
        CHECK(cudaMemcpyFromSymbol(got.data(), kb_trace, got.size() * 8));
        unsigned long long t0 = ~0ull, t1 = 0;
        for (int i = 0; i < TRACE_SLOTS; ++i) if (got[2 * i + 1]) t0 = std::min(t0, got[2 * i]), t1 = std::max(t1, got[2 * i + 1]);
        printf("n=%d T=%d parts=%d: first block to last %.1f us; per round, us from the first block (start-end):\n", n, T, look.parts, (t1 - t0) / 1e3);
        static const char* kinds[] = {"P2", "NEXT", "pivot", "REST0", "REST1", "ALL"};
        for (int p = 0; p < tiles; ++p) {
            printf("p=%3d", p);
            for (int k = 0; k < TRACE_ALL + 1; ++k) {
                const unsigned long long* e = &got[2 * (p * TRACE_KINDS + k)];
                if (e[1]) printf("  %s %.1f-%.1f", kinds[k], (e[0] - t0) / 1e3, (e[1] - t0) / 1e3);
            }
            printf("\n");
        }
        return 0;
    }
    if (argc > 3 && std::string(argv[1]) == "--dtrace") {  // --dtrace n name: one dataflow solve, every item stamped
#ifndef KB_DTRACE
        printf("--dtrace needs a build with -DKB_DTRACE\n");
        return 1;
#else
        const int n = atoi(argv[2]);
        const std::string name = argv[3];
        Dataflow* df = name == "flow64" ? &df64 : name == "flow128" ? &df128 : name == "p16flow" ? &df16 : name == "p16flow64" ? &df16s : nullptr;
        if (!df) { printf("--dtrace takes flow64, flow128, p16flow or p16flow64, not %s\n", name.c_str()); return 1; }
        const bool packedCells = name.rfind("p16", 0) == 0;
        const int pad = packedCells ? 256 : 128, ld = (n + pad - 1) / pad * pad, words = ld / 2, tiles = (n + df->tile - 1) / df->tile;
        const bool folded = df->tile <= FW_DATAFLOW_FOLDED_PIVOT_MAX_TILE;
        int *input, *work, *pin;
        CHECK(cudaMalloc(&input, (size_t)ld * ld * 4));
        CHECK(cudaMalloc(&work, (size_t)ld * ld * 4));
        CHECK(cudaMalloc(&pin, (size_t)ld * ld * 2));
        fw_generate<<<dim3((ld + 31) / 32, (ld + 7) / 8), dim3(32, 8), 0, s>>>(input, n, ld, 42, 1ull << 32, 1000, 0);
        fw_packed16_pack<<<dim3((words + 31) / 32, (ld + 7) / 8), dim3(32, 8), 0, s>>>(input, ld, pin, words, ld);
        const size_t slots = (size_t)tiles * tiles * tiles * 4;
        unsigned long long* stamps;
        CHECK(cudaMalloc(&stamps, slots * 8));
        CHECK(cudaMemcpyToSymbol(kb_dtrace, &stamps, sizeof stamps));
        CHECK(cudaMemcpyToSymbol(kb_dtrace_tiles, &tiles, sizeof tiles));
        cudaEvent_t e0, e1;
        CHECK(cudaEventCreate(&e0));
        CHECK(cudaEventCreate(&e1));
        float ms = 0;
        for (int rep = 0; rep < 4; ++rep) {  // the last of 4 solves is the one printed
            CHECK(cudaMemsetAsync(stamps, 0, slots * 8, s));
            if (packedCells) CHECK(cudaMemcpyAsync(work, pin, (size_t)ld * ld * 2, cudaMemcpyDeviceToDevice, s));
            else CHECK(cudaMemcpyAsync(work, input, (size_t)ld * ld * 4, cudaMemcpyDeviceToDevice, s));
            CHECK(cudaEventRecord(e0, s));
            df->run(work, packedCells ? words : ld, n, tiles, s);
            CHECK(cudaEventRecord(e1, s));
            CHECK(cudaStreamSynchronize(s));
            CHECK(cudaEventElapsedTime(&ms, e0, e1));
        }
        std::vector<unsigned long long> got(slots);
        CHECK(cudaMemcpy(got.data(), stamps, slots * 8, cudaMemcpyDeviceToHost));
        auto at = [&](int r, int i, int j, int point) { return got[4 * (((size_t)r * tiles + i) * tiles + j) + point]; };
        unsigned long long t0 = ~0ull, t1 = 0;
        for (size_t e = 0; e < slots / 4; ++e) if (got[4 * e + 2]) t0 = std::min(t0, got[4 * e]), t1 = std::max(t1, got[4 * e + 2]);
        auto us = [&](unsigned long long t) { return t ? (t - t0) / 1e3 : -1.0; };
        // the pivot item of round r and the items it reads (folded: tile (r, r) through r - 2, the cross of r - 1)
        auto pivotDeps = [&](int r) {
            unsigned long long d = 0;
            if (r == 0) return d;
            if (folded) {  // the chain's pivot: its tile and tile (r - 1, r) through round r - 2, its own cross tile (r, r - 1)
                if (r > 1) d = std::max({d, at(r - 2, r, r, 2), at(r - 2, r - 1, r, 2)});
                return std::max(d, at(r - 1, r, r - 1, 2));
            }
            return at(r - 1, r, r, 2);
        };
        printf("%s n=%d T=%d tiles=%d grid=%d: event %.4f ms, first item taken to last stored %.1f us\n", name.c_str(), n, df->tile, tiles,
               df->grid, ms, (t1 - t0) / 1e3);
        printf("per round, us from the first item: an item's taken/inputs-found/stored; the cross tiles shown are the two the next pivot reads "
               "(with folded pivots it waits for (r + 1, r) alone, the chain's)\n");
        double sums[6] = {};
        int counted = 0;
        for (int r = 0; r < tiles; ++r) {
            const double pt = us(at(r, r, r, 0)), pi = us(at(r, r, r, 1)), ps = us(at(r, r, r, 2)), pd = r ? us(pivotDeps(r)) : 0;
            printf("r=%3d pivot deps %.1f taken %.1f in %.1f stored %.1f (sm %llu)", r, pd, pt, pi, ps, at(r, r, r, 3));
            unsigned long long crossEnd = 0, bulkFirst = ~0ull, bulkLast = 0;
            for (int x = 0; x < tiles; ++x) {
                if (x == r) continue;
                crossEnd = std::max({crossEnd, at(r, r, x, 2), at(r, x, r, 2)});
                for (int y = 0; y < tiles; ++y) {
                    if (y == r || !at(r, x, y, 2)) continue;
                    bulkFirst = std::min(bulkFirst, at(r, x, y, 0));
                    bulkLast = std::max(bulkLast, at(r, x, y, 2));
                }
            }
            if (r + 1 < tiles) {
                const int q = r + 1;
                double crossIn = 0, crossStored = 0, crossTaken = 1e30;
                for (int side = 0; side < 2; ++side) {
                    const int i = side ? q : r, j = side ? r : q;
                    printf(" | X(%d,%d) taken %.1f in %.1f stored %.1f", i, j, us(at(r, i, j, 0)), us(at(r, i, j, 1)), us(at(r, i, j, 2)));
                    if (folded && side == 0) continue;  // with the chain the next pivot waits for (r + 1, r) only
                    crossIn = std::max(crossIn, us(at(r, i, j, 1)));
                    crossStored = std::max(crossStored, us(at(r, i, j, 2)));
                    crossTaken = std::min(crossTaken, us(at(r, i, j, 0)));
                }
                if (r > 0) {  // the chain: pivot r's wait and work, the cross's wait and work, to pivot r + 1's start
                    sums[0] += pi - pd;           // pivot: its inputs stored -> found
                    sums[1] += ps - pi;           // pivot: its work
                    sums[2] += crossIn - ps;      // cross: the pivot stored -> found
                    sums[3] += crossStored - crossIn;  // cross: its work (the later of the two)
                    sums[4] += us(at(q, q, q, 2)) - ps;  // round period, pivot to pivot
                    sums[5] += crossTaken > ps ? crossTaken - ps : 0;  // cross taken after the pivot was stored: no block was free
                    ++counted;
                }
            }
            printf(" | cross end %.1f | rest %.1f-%.1f\n", us(crossEnd), bulkLast ? us(bulkFirst) : -1, us(bulkLast));
        }
        if (counted)
            printf("means over %d rounds, us: pivot inputs stored->found %.2f, pivot work %.2f, cross found after pivot stored %.2f "
                   "(of it taken late %.2f), cross work %.2f, pivot to pivot %.2f\n",
                   counted, sums[0] / counted, sums[1] / counted, sums[2] / counted, sums[5] / counted, sums[3] / counted, sums[4] / counted);
        return 0;
#endif
    }
    if (argc > 1 && std::string(argv[1]) == "--certificate") {
        for (int a = 2; a < argc; ++a) certificates(atoi(argv[a]), s);
        return 0;
    }
    if (argc > 1 && std::string(argv[1]) == "--phases") {
        for (int a = 2; a < argc; ++a) for (int T : {64, 128}) phases(atoi(argv[a]), T, s);
        return 0;
    }
    printf("per n: ms (T relax/s on n^3) and the check against kleene rounds T = 64\n");
    for (int a = 1; a < argc; ++a) {
        // KB_PAD=256: matrices padded to a multiple of 256, as packed16's solver pads them (p16flow256
        // needs it; the others take any multiple of 128)
        const int pad = getenv("KB_PAD") ? atoi(getenv("KB_PAD")) : 128;
        const int n = atoi(argv[a]), ld = (n + pad - 1) / pad * pad, words = ld / 2;
        const size_t cells = (size_t)ld * ld;
        int *input, *work, *pin, *pwork, *lin, *lwork;  // lin, lwork: kleene-packed16's two matrices
        CHECK(cudaMalloc(&lin, cells * 4));
        CHECK(cudaMalloc(&lwork, cells * 4));
        CHECK(cudaMalloc(&input, cells * 4));
        CHECK(cudaMalloc(&work, cells * 4));
        CHECK(cudaMalloc(&pin, cells * 2));
        CHECK(cudaMalloc(&pwork, cells * 2));
        fw_generate<<<dim3((ld + 31) / 32, (ld + 7) / 8), dim3(32, 8), 0, s>>>(input, n, ld, 42, 1ull << 32, 1000, 0);
        fw_packed16_pack<<<dim3((words + 31) / 32, (ld + 7) / 8), dim3(32, 8), 0, s>>>(input, ld, pin, words, ld);
        fw_kleene_packed16_pack<<<dim3((words + 31) / 32, (ld + 7) / 8), dim3(32, 8), 0, s>>>(input, ld, lin, words);
        const float copy32 = median_ms([&] { CHECK(cudaMemcpyAsync(work, input, cells * 4, cudaMemcpyDeviceToDevice, s)); }, s);
        const float copy16 = median_ms([&] { CHECK(cudaMemcpyAsync(pwork, pin, cells * 2, cudaMemcpyDeviceToDevice, s)); }, s);
        std::vector<int> expected(cells), got(cells);
        printf("n=%d:", n);
        static const char* names[] = {"rounds64", "rounds128", "flow64", "flow128", "p16flow", "look64", "look128", "p16flow256", "p16flow64", "p16look"};
        const char* only = getenv("KB_ONLY");  // e.g. KB_ONLY=flow128: time that one alone (no check)
        Replay look64, look128, look16;
        // dataflow's tiles a side: ceil(n / T), as the suite (GpuSolver.tilesPerSide); KB_LD_TILES=1: ld / T, padding rounds included
        const bool ldTiles = getenv("KB_LD_TILES") && atoi(getenv("KB_LD_TILES"));
        auto flowTiles = [&](int T) { return ldTiles ? ld / T : (n + T - 1) / T; };
        for (int v = 0; v < 10; ++v) {
            if (v == 7 && ld % 256) continue;  // p16flow256 only with KB_PAD=256
            if (only && std::string(only) != names[v]) continue;
            const bool packedCells = v == 4 || v == 7 || v == 8;
            const float ms = median_ms([&] {
                if (v == 9) {  // kleene-packed16, T = 128, groups as KB_GROUP says
                    CHECK(cudaMemcpyAsync(lwork, lin, cells * 4, cudaMemcpyDeviceToDevice, s));
                    g_lanes = true;
                    if (graphs) look16.run([&] { look.run(lwork, words, n, 128, s); }, s);
                    else look.run(lwork, words, n, 128, s);
                    g_lanes = false;
                    return;
                }
                if (packedCells) CHECK(cudaMemcpyAsync(pwork, pin, cells * 2, cudaMemcpyDeviceToDevice, s));
                else CHECK(cudaMemcpyAsync(work, input, cells * 4, cudaMemcpyDeviceToDevice, s));
                switch (v) {
                    case 0: plain_rounds(work, ld, n, 64, s); break;
                    case 1: plain_rounds(work, ld, n, 128, s); break;
                    case 2: df64.run(work, ld, n, flowTiles(64), s); break;
                    case 3: df128.run(work, ld, n, flowTiles(128), s); break;
                    case 4: df16.run(pwork, words, n, flowTiles(128), s); break;
                    case 7: df16w.run(pwork, words, n, flowTiles(256), s); break;
                    case 8: df16s.run(pwork, words, n, flowTiles(64), s); break;
                    case 5:
                        if (graphs) look64.run([&] { look.run(work, ld, n, 64, s); }, s);
                        else look.run(work, ld, n, 64, s);
                        break;
                    default:
                        if (graphs) look128.run([&] { look.run(work, ld, n, 128, s); }, s);
                        else look.run(work, ld, n, 128, s);
                        break;
                }
            }, s) - (packedCells ? copy16 : copy32);
            if (v == 9) fw_kleene_packed16_unpack<<<dim3((words + 31) / 32, (ld + 7) / 8), dim3(32, 8), 0, s>>>(lwork, words, work, ld);
            if (packedCells) fw_packed16_unpack<<<dim3((words + 31) / 32, (ld + 7) / 8), dim3(32, 8), 0, s>>>(pwork, words, work, ld, ld);
            CHECK(cudaMemcpy(v == 0 ? expected.data() : got.data(), work, cells * 4, cudaMemcpyDeviceToHost));
            long bad = 0;
            if (v > 0 && !only) for (size_t c = 0; c < cells; ++c) bad += expected[c] != got[c];
            printf("  %s %.3f (%.2f)%s", names[v], ms, (double)n * n * n / ms / 1e9, v == 0 || only ? "" : bad ? " DIFFERS" : " same");
            fflush(stdout);
        }
        printf("\n");
        CHECK(cudaFree(input)); CHECK(cudaFree(work)); CHECK(cudaFree(pin)); CHECK(cudaFree(pwork)); CHECK(cudaFree(lin)); CHECK(cudaFree(lwork));
    }
    return 0;
}
