// small-graphs: Floyd-Warshall of many independent graphs of n <= 128 in one launch, one thread
// block a graph (fwbench.variant.small; kernels/NOTES.md, small-graphs). The block holds its graph's
// matrix in registers, each thread an R x C tile of cells; step k needs column k for a thread's rows
// and row k for its columns, which the threads that hold them publish in shared memory one step
// ahead (two buffers, one barrier a step). Row and column k do not change at step k (d[k][k] = 0,
// weights >= 0), so the values published after step k - 1 are exact. Cells past a graph's n hold
// INF and are never stored: INF + INF stays below 2^31.
//
// Graph g's n x n matrix starts at d + offset[g], n = size[g] ints a row. A kernel serves the graphs
// of padded size N (32, 64 or 128) and block b solves graph graphs[b]; the host launches one grid
// per size class, a graph of n in the smallest N >= n. Threads a block: 64, 64 and 256
// (SmallGraphsBatch.THREADS). Registers (ptxas, sm_90): 115 at N = 128, two blocks an SM.
#include "fw.cuh"
#include <type_traits>

template <int N, int R, int C>
struct SmallGraphShape {
    static constexpr int THREADS = (N / R) * (N / C);
    static constexpr int THREAD_COLUMNS = N / C;
};

// f(std::integral_constant<int, x>) for a runtime x in 0..LIMIT - 1: a register array indexed by x
// without local memory
template <int LIMIT, int X = 0, class F>
__device__ __forceinline__ void fw_pick(int x, F&& f)
{
    if constexpr (X < LIMIT) {
        if (x == X) {
            f(std::integral_constant<int, X>{});
            return;
        }
        fw_pick<LIMIT, X + 1>(x, f);
    }
}

template <int N, int R, int C>
__device__ __forceinline__ void fw_small_graph(int* __restrict__ d, const long long* __restrict__ offset,
                                               const int* __restrict__ size, int graph)
{
    using Shape = SmallGraphShape<N, R, C>;
    // two copies of row k and column k: the step reads one while the next step's are written
    __shared__ __align__(16) int row_k[2][N];
    __shared__ __align__(16) int column_k[2][N];

    const int n = size[graph];
    int* m = d + offset[graph];
    const int ti = threadIdx.x / Shape::THREAD_COLUMNS;
    const int tj = threadIdx.x % Shape::THREAD_COLUMNS;
    const int i0 = ti * R;
    const int j0 = tj * C;

    int cell[R][C];
#pragma unroll
    for (int r = 0; r < R; r++) {
#pragma unroll
        for (int c = 0; c < C; c++) {
            const int i = i0 + r, j = j0 + c;
            cell[r][c] = (i < n && j < n) ? m[i * n + j] : FW_INF;
        }
    }

    // publishes row and column `k` of the current cells into buffer `b`: only the threads that hold
    // them branch in, and the register row or column is picked by a compile-time index
    auto publish = [&](int k, int b) {
        if (ti == k / R) {
            fw_pick<R>(k % R, [&](auto row) {
                constexpr int r = decltype(row)::value;
#pragma unroll
                for (int c = 0; c < C; c += 4) {
                    *reinterpret_cast<int4*>(&row_k[b][j0 + c]) =
                        make_int4(cell[r][c], cell[r][c + 1], cell[r][c + 2], cell[r][c + 3]);
                }
            });
        }
        if (tj == k / C) {
            fw_pick<C>(k % C, [&](auto column) {
                constexpr int c = decltype(column)::value;
#pragma unroll
                for (int r = 0; r < R; r += 4) {
                    *reinterpret_cast<int4*>(&column_k[b][i0 + r]) =
                        make_int4(cell[r][c], cell[r + 1][c], cell[r + 2][c], cell[r + 3][c]);
                }
            });
        }
    };

    publish(0, 0);
    __syncthreads();
    for (int k = 0; k < n; k++) {
        const int b = k & 1;
        int a[R], bk[C];
#pragma unroll
        for (int r = 0; r < R; r += 4) *reinterpret_cast<int4*>(&a[r]) = *reinterpret_cast<const int4*>(&column_k[b][i0 + r]);
#pragma unroll
        for (int c = 0; c < C; c += 4) *reinterpret_cast<int4*>(&bk[c]) = *reinterpret_cast<const int4*>(&row_k[b][j0 + c]);
#pragma unroll
        for (int r = 0; r < R; r++) {
#pragma unroll
            for (int c = 0; c < C; c++) cell[r][c] = fw_relax(cell[r][c], a[r], bk[c]);
        }
        if (k + 1 < n) publish(k + 1, b ^ 1);
        __syncthreads();
    }

#pragma unroll
    for (int r = 0; r < R; r++) {
#pragma unroll
        for (int c = 0; c < C; c++) {
            const int i = i0 + r, j = j0 + c;
            if (i < n && j < n) m[i * n + j] = cell[r][c];
        }
    }
}

// graphs[blockIdx.x] is the graph a block solves: the graphs of this size class, in any order
static_assert(SmallGraphShape<32, 4, 4>::THREADS == 64, "fw_small_graphs_32's launch bounds");
static_assert(SmallGraphShape<64, 8, 8>::THREADS == 64, "fw_small_graphs_64's launch bounds");
static_assert(SmallGraphShape<128, 8, 8>::THREADS == 256, "fw_small_graphs_128's launch bounds");

extern "C" __global__ void __launch_bounds__(64) fw_small_graphs_32(int* d, const long long* offset, const int* size, const int* graphs) { fw_small_graph<32, 4, 4>(d, offset, size, graphs[blockIdx.x]); }
extern "C" __global__ void __launch_bounds__(64) fw_small_graphs_64(int* d, const long long* offset, const int* size, const int* graphs) { fw_small_graph<64, 8, 8>(d, offset, size, graphs[blockIdx.x]); }
extern "C" __global__ void __launch_bounds__(256) fw_small_graphs_128(int* d, const long long* offset, const int* size, const int* graphs) { fw_small_graph<128, 8, 8>(d, offset, size, graphs[blockIdx.x]); }
