// small-graphs: Floyd-Warshall of many independent graphs of n <= 512 in one launch a size class,
// one thread block a graph (fwbench.variant.small; kernels/NOTES.md, small-graphs).
//
// n <= 128 (classes 32, 64, 128): the block holds its graph's matrix in registers, each thread an
// R x C tile of cells; step k needs column k for a thread's rows and row k for its columns, which
// the threads that hold them publish in shared memory one step ahead (two buffers, one barrier a
// step). Row and column k do not change at step k (d[k][k] >= 0, weights >= 0), so the values
// published after step k - 1 are exact. The k loop is unrolled by S = max(R, C) steps a body, so
// the register row and column a step publishes, and its buffer, are compile-time (a runtime k % R
// cost a chain of compares and branches a step); it runs to the next multiple of S, the padding
// steps changing nothing (below). Each step relaxes row and column k + 1 first, publishes them and
// arrives at a split barrier (StepBarrier, an mbarrier from sm_90), relaxes half its other cells,
// waits, issues k + 1's shared loads and relaxes the other half under them: a warp does not idle at
// the barrier while the block's other warps publish. Cells past a graph's n hold INF and stay INF
// (weights >= 0): INF + INF stays below 2^31. The matrix is loaded and stored in 16-byte pieces
// (int4), which the batch's layout allows (below): cell by cell, the copies in and out took about a
// quarter of the batch's time at N = 64 and 128.
// Threads a block: 64, 64 and 256, exported with each kernel (its launch shape). Registers (ptxas,
// sm_90): 120 at N = 128 and 121 at N = 64 (at most 128: eight blocks an SM at N = 64, two at N =
// 128). 4 x 8 cells a thread, for more warps an SM, was slower (kernels/NOTES.md, small-graphs).
//
// n = 129 .. 512 (classes 256, 512): a matrix of 256 KB or 1 MB fits neither one SM's registers
// (256 KB in all) nor its shared memory (227 KB a block). Each block copies its graph into a padded
// square of its own in global memory (`scratch`, N x N ints a block; side ld = 128 ceil(n / 128),
// the padding isolated vertices: INF, 0 on the diagonal, as kleene pads) and runs kleene's blocked
// rounds over T = 128 tiles itself, one after another: close pivot tile p in registers
// (minplus::close_cells), then its row and column (R = min(R, P (x) R), C = min(C, C (x) P)), then
// every other tile (C = min(C, A (x) B)), each a register-tiled tile product staged through shared
// memory with cp.async (tile_product.cuh), a barrier between products; then it copies the n x n
// distances back. Exactly kleene's phases and products, whose correctness (padding skipped, thin
// last tiles, C aliasing A or B in phase 2) its tests already hold; only their order and the grid
// (a graph a block in place of a tile a block) differ.
//
// Why not a thread-block cluster a graph (2 or 8 SMs, the matrix in their shared memory or
// registers, pivot panels read through distributed shared memory): it needs sm_90 and a cluster
// launch (cuLaunchKernelEx) or __cluster_dims__, a fallback below sm_90, and its gain is L2 traffic
// that this design keeps small anyway: per product of T = 128 (2.1 M relaxations) a block
// reads three 64 KB tiles and writes one, 0.125 B a relaxation; at 60% of the ceiling that is
// 1.2 TB/s for the device, a quarter of an H200's HBM bandwidth and far below its L2's. Both pay
// the same pivot closures (a latency-bound chain of T barriers a round).
//
// Two blocks an SM (68 KB of shared memory, at most 128 registers each): a closure of 128 is a
// chain of 128 barriers that leaves most issue slots idle, and the other block's products take
// them. The copies in and out are latency-bound (a few loads a warp, then their stores), so each
// warp moves two rows at a time, every load before any store (kernels/NOTES.md, small-graphs).
//
// Shared memory: minplus::shared_words<Int32, 128, KLEENE_STAGES>() * 4 bytes of dynamic shared memory
// (68 KB: sm_80 and later; the host refuses these classes where a block may not have it), exported
// with the threads as fw_small_graphs_N_shape (FW_TILE_KERNEL_SHAPE).
//
// The batch's layout: graph g has n = size[g] vertices, and its matrix starts at d + offset[g], 16
// bytes aligned, n rows of fw_small_graph_stride(n) ints, the cells past n in a row INF (the host
// lays them out, fwbench.variant.small.SmallGraphsBatch). A kernel serves the graphs of padded size
// N (32, 64, 128, 256 or 512) and block b solves graph graphs[b]; the host launches one grid per
// size class, a graph of n in the smallest N >= n.
#include "fw.cuh"
#include "kleene_rounds.cuh"
#include <type_traits>
#include <utility>

// Ints a row of a graph of n in the batch: n rounded up to whole 16-byte pieces (SmallGraphsBatch.rowStride)
__host__ __device__ __forceinline__ int fw_small_graph_stride(int n) { return (n + 3) & ~3; }

template <int N, int R, int C>
struct SmallGraphShape {
    static constexpr int THREADS = (N / R) * (N / C);
    static constexpr int THREAD_COLUMNS = N / C;
    // steps a loop body: whole row tiles and column tiles, so the register row (k % R) and column
    // (k % C) of a step, and its buffer (k & 1), are compile-time in the unrolled body
    static constexpr int STEPS = R > C ? R : C;
    static_assert(STEPS % R == 0 && STEPS % C == 0 && STEPS % 2 == 0 && N % STEPS == 0, "a body is whole tiles");
};

// f(std::integral_constant<int, X>{}) for each X of the sequence, in order: an unrolled loop whose
// index is a compile-time constant (a register row or column, a buffer)
template <class F, int... X>
__device__ __forceinline__ void fw_each(F&& f, std::integer_sequence<int, X...>)
{
    (f(std::integral_constant<int, X>{}), ...);
}

// A block barrier split in two: arrive() (release: this thread's stores and loads so far are
// ordered before any thread's return from the wait) and wait(parity) (acquire), with work between
// them. A bar.sync at that point made every warp wait there for the slowest; here a warp relaxes
// cells while the others publish. One mbarrier a block; a step's phase completes when THREADS
// threads arrived, so the parity of the step number names its phase. mbarrier.try_wait needs
// sm_90: below it, wait() is a whole bar.sync and arrive() nothing.
template <int THREADS>
struct StepBarrier {
    unsigned address;
    __device__ __forceinline__ StepBarrier()
    {
        __shared__ __align__(8) unsigned long long word;
        address = static_cast<unsigned>(__cvta_generic_to_shared(&word));
#if __CUDA_ARCH__ >= 900
        if (threadIdx.x == 0) asm volatile("mbarrier.init.shared.b64 [%0], %1;" :: "r"(address), "r"(THREADS) : "memory");
#endif
    }
    __device__ __forceinline__ void arrive() const
    {
#if __CUDA_ARCH__ >= 900
        asm volatile("{\n\t.reg .b64 state;\n\tmbarrier.arrive.shared.b64 state, [%0];\n\t}" :: "r"(address) : "memory");
#endif
    }
    __device__ __forceinline__ void wait(unsigned parity) const
    {
#if __CUDA_ARCH__ >= 900
        asm volatile("{\n\t.reg .pred done;\n\tWAIT_%=:\n\t"
                     "mbarrier.try_wait.parity.shared.b64 done, [%0], %1;\n\t"
                     "@!done bra WAIT_%=;\n\t}" :: "r"(address), "r"(parity) : "memory");
#else
        __syncthreads();
#endif
    }
};

template <int N, int R, int C>
__device__ __forceinline__ void fw_small_graph(int* __restrict__ d, const long long* __restrict__ offset,
                                               const int* __restrict__ size, int graph)
{
    using Shape = SmallGraphShape<N, R, C>;
    constexpr int S = Shape::STEPS;
    // two copies of row k and column k: the step reads one while the next step's are written
    __shared__ __align__(16) int row_k[2][N];
    __shared__ __align__(16) int column_k[2][N];

    const int n = size[graph];
    int* m = d + offset[graph];
    const int ti = threadIdx.x / Shape::THREAD_COLUMNS;
    const int tj = threadIdx.x % Shape::THREAD_COLUMNS;
    const int i0 = ti * R;
    const int j0 = tj * C;
    // row k in shared memory as 16-byte pieces, piece p of every thread before piece p + 1: the
    // eight threads of a quarter warp (consecutive tj) read 128 contiguous bytes, one wavefront,
    // where a thread's C cells side by side put them C * 4 bytes apart (two-way bank conflicts)
    auto row_word = [&](int x) { return ((x / 4) * Shape::THREAD_COLUMNS + tj) * 4; };

    // the matrix moves as 16-byte pieces (the host's layout, header): a piece that starts inside the
    // graph lies inside its row's stride, and the padding cells it brings in are INF
    const int ld = fw_small_graph_stride(n);
    int cell[R][C];
#pragma unroll
    for (int r = 0; r < R; r++) {
#pragma unroll
        for (int c = 0; c < C; c += 4) {
            const int i = i0 + r, j = j0 + c;
            const int4 v = (i < n && j < n) ? *reinterpret_cast<const int4*>(&m[i * ld + j]) : make_int4(FW_INF, FW_INF, FW_INF, FW_INF);
            cell[r][c] = v.x, cell[r][c + 1] = v.y, cell[r][c + 2] = v.z, cell[r][c + 3] = v.w;
        }
    }

    // publishes row and column k = base + s (base a multiple of S, s compile-time, 0 <= s <= S) of
    // the current cells into buffer s & 1: only the threads that hold them store
    auto publish = [&](auto step, int base) {
        constexpr int s = decltype(step)::value, r = s % R, c = s % C, b = s & 1;
        if (i0 - base == s - r) {
#pragma unroll
            for (int x = 0; x < C; x += 4) {
                *reinterpret_cast<int4*>(&row_k[b][row_word(x)]) =
                    make_int4(cell[r][x], cell[r][x + 1], cell[r][x + 2], cell[r][x + 3]);
            }
        }
        if (j0 - base == s - c) {
#pragma unroll
            for (int x = 0; x < R; x += 4) {
                *reinterpret_cast<int4*>(&column_k[b][i0 + x]) =
                    make_int4(cell[x][c], cell[x + 1][c], cell[x + 2][c], cell[x + 3][c]);
            }
        }
    };
    // column k for this thread's rows and row k for its columns, from buffer b
    auto fetch = [&](int (&a)[R], int (&bk)[C], int b) {
#pragma unroll
        for (int r = 0; r < R; r += 4) *reinterpret_cast<int4*>(&a[r]) = *reinterpret_cast<const int4*>(&column_k[b][i0 + r]);
#pragma unroll
        for (int c = 0; c < C; c += 4) *reinterpret_cast<int4*>(&bk[c]) = *reinterpret_cast<const int4*>(&row_k[b][row_word(c)]);
    };

    // Steps run to the next multiple of S rather than peel a tail (a second copy of the body, or a
    // test a step). A padding cell stays INF (min(INF, INF + x), x >= 0), so a step k >= n adds
    // INF + INF = 2^31 - 2 to every cell, which lowers none
    const int steps = (n + S - 1) / S * S;
    int a[R], bk[C];
    StepBarrier<Shape::THREADS> barrier;
    publish(std::integral_constant<int, 0>{}, 0);
    __syncthreads();  // also orders the barrier's initialisation before its first arrival
    fetch(a, bk, 0);
    // the other cells of a step (not in row or column k + 1): the first half runs between the
    // arrival and the wait, the second under the next step's loads
    constexpr int OTHERS = R * C - (R + C - 1), UNDER_BARRIER = OTHERS / 2;
    auto relax_others = [&](int r1, int c1, int from, int to) {
        int x = 0;
#pragma unroll
        for (int r = 0; r < R; r++) {
#pragma unroll
            for (int c = 0; c < C; c++) {
                if (r != r1 && c != c1) {
                    if (x >= from && x < to) cell[r][c] = fw_relax(cell[r][c], a[r], bk[c]);
                    x++;
                }
            }
        }
    };
    for (int base = 0; base < steps; base += S) {
        fw_each([&](auto step) {
            constexpr int s = decltype(step)::value, r1 = (s + 1) % R, c1 = (s + 1) % C;
            // step k = base + s. First the cells of row and column k + 1, which the others wait
            // for (their owners publish them)
#pragma unroll
            for (int r = 0; r < R; r++) {
#pragma unroll
                for (int c = 0; c < C; c++) {
                    if (r == r1 || c == c1) cell[r][c] = fw_relax(cell[r][c], a[r], bk[c]);
                }
            }
            publish(std::integral_constant<int, s + 1>{}, base);
            barrier.arrive();
            relax_others(r1, c1, 0, UNDER_BARRIER);
            // k + 1's row and column are stored by every thread; each thread loaded the buffer's
            // previous contents (row and column k - 1) before it arrived at the last step's barrier
            barrier.wait(s & 1);  // step base + s: base is a multiple of S, which is even
            int next_a[R], next_bk[C];
            fetch(next_a, next_bk, (s + 1) & 1);
            relax_others(r1, c1, UNDER_BARRIER, OTHERS);
#pragma unroll
            for (int r = 0; r < R; r++) a[r] = next_a[r];
#pragma unroll
            for (int c = 0; c < C; c++) bk[c] = next_bk[c];
        }, std::make_integer_sequence<int, S>{});
    }

    // the cells' addresses computed again rather than held through the loop (where they spilled)
    int row0 = i0;
    asm volatile("" : "+r"(row0));
#pragma unroll
    for (int r = 0; r < R; r++) {
#pragma unroll
        for (int c = 0; c < C; c += 4) {
            const int i = row0 + r, j = j0 + c;
            // a padding cell went in INF and comes out INF (no step lowers it), so whole pieces are stored
            if (i < n && j < n) *reinterpret_cast<int4*>(&m[i * ld + j]) = make_int4(cell[r][c], cell[r][c + 1], cell[r][c + 2], cell[r][c + 3]);
        }
    }
}

// graphs[blockIdx.x] is the graph a block solves: the graphs of this size class, in any order
// The classes held in registers, R x C cells a thread; each exports its launch shape (threads, no
// dynamic shared memory, N, R, C), which the host launches it with (fwbench.variant.small.SizeClassKernel).
using SmallGraphs32 = SmallGraphShape<32, 4, 4>;
using SmallGraphs64 = SmallGraphShape<64, 8, 8>;
using SmallGraphs128 = SmallGraphShape<128, 8, 8>;
extern "C" __global__ void __launch_bounds__(SmallGraphs32::THREADS) fw_small_graphs_32(int* d, const long long* offset, const int* size, const int* graphs) { fw_small_graph<32, 4, 4>(d, offset, size, graphs[blockIdx.x]); }
FW_TILE_KERNEL_SHAPE_THREADS(fw_small_graphs_32, minplus::Int32, 32, 4, 4, 0, SmallGraphs32::THREADS)
extern "C" __global__ void __launch_bounds__(SmallGraphs64::THREADS) fw_small_graphs_64(int* d, const long long* offset, const int* size, const int* graphs) { fw_small_graph<64, 8, 8>(d, offset, size, graphs[blockIdx.x]); }
FW_TILE_KERNEL_SHAPE_THREADS(fw_small_graphs_64, minplus::Int32, 64, 8, 8, 0, SmallGraphs64::THREADS)
extern "C" __global__ void __launch_bounds__(SmallGraphs128::THREADS) fw_small_graphs_128(int* d, const long long* offset, const int* size, const int* graphs) { fw_small_graph<128, 8, 8>(d, offset, size, graphs[blockIdx.x]); }
FW_TILE_KERNEL_SHAPE_THREADS(fw_small_graphs_128, minplus::Int32, 128, 8, 8, 0, SmallGraphs128::THREADS)

// n = 129 .. N (N = 256 or 512) in block blockIdx.x's padded square of scratch (header above).
template <int N>
__device__ __forceinline__ void fw_tiled_graph(int* __restrict__ d, const long long* __restrict__ offset,
                                               const int* __restrict__ size, int graph, int* __restrict__ scratch)
{
    using Tiles = kleene::MatrixTiles<minplus::Int32, 128, 8, 8>;
    constexpr int T = Tiles::T;
    static_assert(N % T == 0, "a size class is whole tiles");
    extern __shared__ int stage[];
    const int n = size[graph];
    int* const m = d + offset[graph];
    const int tiles = (n + T - 1) / T, ld = tiles * T, stride = fw_small_graph_stride(n);
    int* const s = scratch + (long long)blockIdx.x * N * N;
    // T | ld, so a row of s starts 16-byte aligned as the products' 16-byte copies need. A warp
    // copies COPY_ROWS rows at a time, every load issued before any store: a row at a time, each
    // row waited a global load's latency. Rows and columns past `side` are neither loaded nor stored.
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
    constexpr int COPY_ROWS = 2, WORDS = N / 32;
    auto copy = [&](int side, auto load, auto store) {
        for (int i0 = warp * COPY_ROWS; i0 < side; i0 += warps * COPY_ROWS) {
            int v[COPY_ROWS][WORDS];
#pragma unroll
            for (int r = 0; r < COPY_ROWS; ++r) {
#pragma unroll
                for (int c = 0; c < WORDS; ++c) v[r][c] = load(i0 + r, lane + 32 * c);
            }
#pragma unroll
            for (int r = 0; r < COPY_ROWS; ++r) {
#pragma unroll
                for (int c = 0; c < WORDS; ++c) {
                    const int i = i0 + r, j = lane + 32 * c;
                    if (i < side && j < side) store(i, j, v[r][c]);
                }
            }
        }
    };
    copy(ld, [&](int i, int j) { return i < n && j < n ? m[i * stride + j] : i == j ? 0 : FW_INF; },
         [&](int i, int j, int x) { s[i * ld + j] = x; });
    __syncthreads();  // the square is written before any tile of it is read
    auto live = [&](int t) { return min(T, n - t * T); };  // the live cells of tile row or column t
    for (int p = 0; p < tiles; ++p) {
        Tiles::close_pivot(s, ld, p, stage);
        __syncthreads();  // the closed pivot is stored, and close_cells' buffers read, before the products
        // the other tiles, one product call site (the product inlined once): first pivot row and
        // column alternately (C aliases B in the row, A in the column, which tile_product allows),
        // then every tile outside them, through the finished row and column
        const int others = tiles - 1;
        for (int q = 0; q < tiles * tiles - 1; ++q) {
            int i, j;
            if (q < 2 * others) {
                const int t = q / 2 + (q / 2 >= p);
                i = q % 2 == 0 ? p : t;
                j = q % 2 == 0 ? t : p;
            } else {
                const int r = q - 2 * others;
                i = r / others + (r / others >= p);
                j = r % others + (r % others >= p);
            }
            Tiles::product(s, ld, i, j, p, live(p), live(i), live(j), stage);
            // the stored tile is seen by the products that read it (their cp.async reads at L2 too:
            // cache operators are hints, the barrier orders them as any load); the last chunk is
            // read before the next product (or closure) stages over it
            __syncthreads();
        }
    }
    copy(n, [&](int i, int j) { return i < n && j < n ? s[i * ld + j] : 0; }, [&](int i, int j, int x) { m[i * stride + j] = x; });
}

// graphs[blockIdx.x] is the graph a block solves; scratch holds N x N ints for each block of the grid
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_small_graphs_256(int* d, const long long* offset, const int* size, const int* graphs, int* scratch) { fw_tiled_graph<256>(d, offset, size, graphs[blockIdx.x], scratch); }
FW_TILE_KERNEL_SHAPE(fw_small_graphs_256, minplus::Int32, 128, 8, 8, (minplus::shared_words<minplus::Int32, 128, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_small_graphs_512(int* d, const long long* offset, const int* size, const int* graphs, int* scratch) { fw_tiled_graph<512>(d, offset, size, graphs[blockIdx.x], scratch); }
FW_TILE_KERNEL_SHAPE(fw_small_graphs_512, minplus::Int32, 128, 8, 8, (minplus::shared_words<minplus::Int32, 128, KLEENE_STAGES>() * 4))
