// closure_steps: one block closing one T = 64 pivot tile in registers (minplus::close_cells), the
// clocks a closure and a step, each shape checked against plain Floyd-Warshall on the host:
// int32 on 256 threads (4 x 4 words a thread, dataflow's and kleene's shape), on 128 threads
// (4 x 8 and 8 x 4: the whole closure without the deferred half of a step) and on 32, 64 and 512,
// packed16 on 128 threads (packed16's) and on 32, 64, 256 and 512, float32 on 256 (kleene-f32's).
// Weights: int32 from -20 (no negative cycle: a potential), packed16 0 .. 90 with ties, float32
// real; a fifth unreachable.
// Then panels (close_panel, below): the pivot closed together with the tile below it, the tile right
// of it and the tile they meet at, in the same 64 steps, for int32 and packed16, each set of tiles
// checked against Floyd-Warshall with k in the pivot over the same rows and columns on the host
// (at 4 x 4 words a thread, where the rest of a step is deferred; close_panel's whole-step branch,
// for more accumulators, is not run here).
// Measured on an H200 (kernels/LOG.md, The closure in groups and the chain on a cluster, measured;
// The cross in the closure's steps, measured; The closure on more and fewer threads, measured).
// Build and run on a GPU machine:
//   nvcc -arch=sm_90 -O3 -std=c++17 -I kernels -o closure_steps kernels/tools/closure_steps.cu && ./closure_steps
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "check.cuh"
#include "pivot_closure.cuh"

// close_panel: minplus::close_cells's steps (pivot_closure.cuh, the same walk of k, owners and
// deferred rest) extended to a panel of tiles, measured here and not used by the suite's kernels
// (kernels/LOG.md, The cross in the closure's steps, measured).
namespace minplus {

// Shared-memory words close_panel needs: closure_words and a column k of the tile below, a row k of
// the tile right, two of each.
template <class Cell, int T, bool BELOW, bool RIGHT>
constexpr int panel_words()
{
    return closure_words<Cell, T>() + (BELOW ? 2 * T : 0) + (RIGHT ? 2 * (T / Cell::CELLS_PER_WORD) : 0);
}

// The same steps over a panel of up to four tiles: the pivot P, the tile below it (BELOW: X(i, r) =
// C(i, r) (x) P*), the tile right of it (RIGHT: X(r, j) = P* (x) C(r, j)) and the tile they meet
// at (DIAG: C(i, j) min X(i, r) (x) X(r, j)), as plain Floyd-Warshall with k in P's cells over the
// rows and columns of the tiles present. Step k relaxes the tile below through its own column k
// and P's row k, the tile right through P's column k and its own row k, the diagonal tile through
// those two; their owners publish them beside P's.
template <class Cell, int T, int TM, int TN, bool BELOW, bool RIGHT, bool DIAG>
__device__ __forceinline__ void close_panel(typename Cell::Word (&acc)[TM][TN], typename Cell::Word (&below)[TM][TN],
                                            typename Cell::Word (&right)[TM][TN], typename Cell::Word (&diag)[TM][TN],
                                            typename Cell::Word* shared)
{
    static_assert(!DIAG || (BELOW && RIGHT), "the diagonal tile reads the tiles below and right");
    using Word = typename Cell::Word;
    using G = Grid<Cell, T, TM, TN>;
    constexpr int CPW = Cell::CELLS_PER_WORD, W = T / CPW;
    constexpr int HM = TM / 2, HN = TN / 2;
    constexpr int PR = HM, PC = HN * CPW;  // steps whose row (column) one thread row (column) owns in a row
    constexpr int P = PR > PC ? PR : PC, Q = T / 2 / P;
    static_assert(P % PR == 0 && P % PC == 0 && P % 2 == 0, "row and column owners advance in one period");
    using VecM = typename Vec<Word, HM>::type;
    using VecN = typename Vec<Word, HN>::type;
    Word* const column = shared;       // [2][T]: column k, splatted
    Word* const row = shared + 2 * T;  // [2][W]: row k
    Word* const belowColumn = row + 2 * W;                          // [2][T], BELOW
    Word* const rightRow = belowColumn + (BELOW ? 2 * T : 0);       // [2][W], RIGHT
    const int ty = G::ty(), tx = G::tx();

    // The owners of row and column k = half * T/2 + q * P + m write them into buffer k & 1 = m & 1
    // (half, m: constants after unrolling; rowOwner: ty == q * P / PR + m / PR, columnOwner:
    // tx == q * P / PC + m / PC), as step k's operands (Cell::operand, operand_a).
    auto publishRow = [&](const Word (&tile)[TM][TN], Word* to, int half, int m) {
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            VecN v;
            Word* e = (Word*)&v;
#pragma unroll
            for (int j = 0; j < HN; ++j) e[j] = Cell::operand(tile[half * HM + m % PR][h * HN + j]);
            *(VecN*)(to + (m & 1) * W + h * (W / 2) + tx * HN) = v;
        }
    };
    auto publishColumn = [&](const Word (&tile)[TM][TN], Word* to, int half, int m, int k) {
        const int word = half * HN + m % PC / CPW, cell = m % CPW;
#pragma unroll
        for (int g = 0; g < 2; ++g) {
            VecM v;
            Word* e = (Word*)&v;
#pragma unroll
            for (int i = 0; i < HM; ++i) {
                const Word c = tile[g * HM + i][word];
                e[i] = CPW == 1 ? Cell::operand_a(Cell::operand(c), k) : (int)__byte_perm((unsigned)c, 0u, cell ? 0x3232u : 0x1010u);
            }
            *(VecM*)(to + (m & 1) * T + g * (T / 2) + ty * HM) = v;
        }
    };
    auto publish = [&](int half, int m, int k, bool rowOwner, bool columnOwner) {
        if (rowOwner) {
            publishRow(acc, row, half, m);
            if constexpr (RIGHT) publishRow(right, rightRow, half, m);
        }
        if (columnOwner) {
            publishColumn(acc, column, half, m, k);
            if constexpr (BELOW) publishColumn(below, belowColumn, half, m, k);
        }
    };

    // DEFER (above): relax_part relaxes the accumulators of `tile` in accumulator row `row` (where
    // rows count) or word `word` (where words count), those, or all the others (!those); rowOf,
    // wordOf: where row and column k of step (half, m) lie (constants once unrolled); the p*v: the
    // previous step's operands.
    constexpr bool DEFER = TM * TN <= 16 && !is_routes<Cell>;
    auto relax_part = [&](Word (&tile)[TM][TN], const Word (&av)[TM], const Word (&bv)[TN], int row, int word, bool those) {
#pragma unroll
        for (int i = 0; i < TM; ++i)
#pragma unroll
            for (int j = 0; j < TN; ++j)
                if (((i == row) | (j == word)) == those) tile[i][j] = Cell::relax(tile[i][j], av[i], bv[j]);
    };
    // every tile's part: P needs row and column k + 1 first, the tile below its column, the tile
    // right its row, the diagonal tile nothing
    auto relax_panel = [&](const Word (&av)[TM], const Word (&bv)[TN], const Word (&bav)[TM], const Word (&rbv)[TN], int row, int word,
                           bool those) {
        relax_part(acc, av, bv, row, word, those);
        if constexpr (BELOW) relax_part(below, bav, bv, -1, word, those);
        if constexpr (RIGHT) relax_part(right, av, rbv, row, -1, those);
        if constexpr (DIAG) relax_part(diag, bav, rbv, -1, -1, those);
    };
    auto rowOf = [](int half, int m) { return half * HM + m % PR; };
    auto wordOf = [](int half, int m) { return half * HN + m % PC / CPW; };
    Word pav[TM], pbv[TN], pbav[TM], prbv[TN];  // the previous step's operands, where DEFER (unused ones cost nothing)

    publish(0, 0, 0, ty == 0, tx == 0);
    grid_sync<Cell, T, TM, TN>();
#pragma unroll
    for (int half = 0; half < 2; ++half) {
#pragma unroll 1
        for (int q = 0; q < Q; ++q) {
            bool rowOwner[P / PR], columnOwner[P / PC];
#pragma unroll
            for (int x = 0; x < P / PR; ++x) rowOwner[x] = ty == q * (P / PR) + x;
#pragma unroll
            for (int x = 0; x < P / PC; ++x) columnOwner[x] = tx == q * (P / PC) + x;
            const int qNext = q + 1 < Q ? q + 1 : 0;  // owners of the step after this q's last
            const bool rowNext = ty == qNext * (P / PR), columnNext = tx == qNext * (P / PC);
#pragma unroll
            for (int m = 0; m < P; ++m) {
                const int buf = m & 1;
                Word av[TM], bv[TN], bav[TM], rbv[TN];
                load_split<HM>(av, column + buf * T, T / 2, ty * HM);
                load_split<HN>(bv, row + buf * W, W / 2, tx * HN);
                if constexpr (BELOW) load_split<HM>(bav, belowColumn + buf * T, T / 2, ty * HM);
                if constexpr (RIGHT) load_split<HN>(rbv, rightRow + buf * W, W / 2, tx * HN);
                const int k = half * (T / 2) + q * P + m;
                // f(half, m, row owner, column owner) of step k + 1, where there is one
                auto toNext = [&](auto f) {
                    if (m + 1 < P) f(half, m + 1, rowOwner[(m + 1) / PR], columnOwner[(m + 1) / PC]);
                    else if (q + 1 < Q) f(half, 0, rowNext, columnNext);
                    else if (half == 0) f(1, 0, rowNext, columnNext);
                    else return false;
                    return true;
                };
                if constexpr (DEFER) {
                    // the previous step's rest: every accumulator but what this step publishes
                    if (half > 0 || q > 0 || m > 0) relax_panel(pav, pbv, pbav, prbv, rowOf(half, m), wordOf(half, m), false);
                    // then step k + 1's rows and columns, published into the buffers nobody reads in this step
                    const bool more = toNext([&](int h, int mNext, bool rowOwns, bool columnOwns) {
                        relax_panel(av, bv, bav, rbv, rowOf(h, mNext), wordOf(h, mNext), true);
                        publish(h, mNext, k + 1, rowOwns, columnOwns);
                    });
                    if (!more) relax_panel(av, bv, bav, rbv, -1, -1, false);  // the last step, whole
#pragma unroll
                    for (int i = 0; i < TM; ++i) pav[i] = av[i];
#pragma unroll
                    for (int j = 0; j < TN; ++j) pbv[j] = bv[j];
                    if constexpr (BELOW) {
#pragma unroll
                        for (int i = 0; i < TM; ++i) pbav[i] = bav[i];
                    }
                    if constexpr (RIGHT) {
#pragma unroll
                        for (int j = 0; j < TN; ++j) prbv[j] = rbv[j];
                    }
                } else {
                    relax_panel(av, bv, bav, rbv, -1, -1, false);
                    // step k + 1's row and column, into the buffer nobody reads in this step
                    toNext([&](int h, int mNext, bool rowOwns, bool columnOwns) { publish(h, mNext, k + 1, rowOwns, columnOwns); });
                }
                grid_sync<Cell, T, TM, TN>();  // step k + 1 reads what step k published; step k's reads are done
            }
        }
    }
}

}  // namespace minplus

constexpr int T = 64, REPS = 300;

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

// the same over a panel: the quad at in (2T rows of 2W words: P, the tile right, below, diagonal),
// the tiles present closed through P `reps` times
template <class Cell, int TM, int TN, bool BELOW, bool RIGHT, bool DIAG>
__global__ void close_quad(const int* in, int* out, long long* clocks, int reps)
{
    extern __shared__ int shared[];
    using G = minplus::Grid<Cell, T, TM, TN>;
    constexpr int W = T / Cell::CELLS_PER_WORD, LD = 2 * W;
    int acc[TM][TN], below[TM][TN], right[TM][TN], diag[TM][TN];
    minplus::load_cells<Cell, T, TM, TN>(acc, in, LD, G::ty(), G::tx());
    if (BELOW) minplus::load_cells<Cell, T, TM, TN>(below, in + T * LD, LD, G::ty(), G::tx());
    if (RIGHT) minplus::load_cells<Cell, T, TM, TN>(right, in + W, LD, G::ty(), G::tx());
    if (DIAG) minplus::load_cells<Cell, T, TM, TN>(diag, in + T * LD + W, LD, G::ty(), G::tx());
    __syncthreads();
    const long long start = clock64();
    for (int r = 0; r < reps; ++r) minplus::close_panel<Cell, T, TM, TN, BELOW, RIGHT, DIAG>(acc, below, right, diag, shared);
    const long long end = clock64();
    minplus::store_cells<Cell, T, TM, TN>(acc, out, LD, G::ty(), G::tx());
    if (BELOW) minplus::store_cells<Cell, T, TM, TN>(below, out + T * LD, LD, G::ty(), G::tx());
    if (RIGHT) minplus::store_cells<Cell, T, TM, TN>(right, out + W, LD, G::ty(), G::tx());
    if (DIAG) minplus::store_cells<Cell, T, TM, TN>(diag, out + T * LD + W, LD, G::ty(), G::tx());
    if (threadIdx.x == 0) clocks[0] = (end - start) / reps;
}

// a panel's pass (the quad's words, the tiles absent as they were) and the clocks of REPS
template <class Cell, int TM, int TN, bool BELOW, bool RIGHT, bool DIAG>
static std::vector<int> runQuad(const char* name, const std::vector<int>& quad, int* dIn, int* dOut, long long* dClocks)
{
    using G = minplus::Grid<Cell, T, TM, TN>;
    const int bytes = minplus::panel_words<Cell, T, BELOW, RIGHT>() * 4;
    std::vector<int> closed(quad.size());
    CHECK(cudaMemcpy(dIn, quad.data(), quad.size() * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dOut, quad.data(), quad.size() * 4, cudaMemcpyHostToDevice));
    close_quad<Cell, TM, TN, BELOW, RIGHT, DIAG><<<1, G::THREADS, bytes>>>(dIn, dOut, dClocks, 1);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(closed.data(), dOut, closed.size() * 4, cudaMemcpyDeviceToHost));
    close_quad<Cell, TM, TN, BELOW, RIGHT, DIAG><<<1, G::THREADS, bytes>>>(dIn, dOut, dClocks, REPS);
    CHECK(cudaDeviceSynchronize());
    long long clocks = 0;
    CHECK(cudaMemcpy(&clocks, dClocks, sizeof clocks, cudaMemcpyDeviceToHost));
    std::printf("%-8s panel%s%s%s, %3d threads: %6lld clocks a pass, %5.1f a step", name, BELOW ? " +below" : "", RIGHT ? " +right" : "",
                DIAG ? " +diagonal" : "", G::THREADS, clocks, clocks / (double)T);
    return closed;
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

// plain Floyd-Warshall with k in the first T cells over the 2T x 2T quad's rows and columns present
template <class Get, class Set>
static void floyd_warshall_panel(Get get, Set set, bool below, bool right, bool diag)
{
    for (int k = 0; k < T; ++k)
        for (int i = 0; i < 2 * T; ++i)
            for (int j = 0; j < 2 * T; ++j) {
                const bool present = i < T ? (j < T || right) : (j < T ? below : diag);
                if (present) set(i, j, get(i, k), get(k, j));
            }
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
    CHECK(cudaMalloc(&dIn, 4 * T * T * 4));
    CHECK(cudaMalloc(&dOut, 4 * T * T * 4));
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
    failures += verdict(run<minplus::Int32, 8, 8>("int32", ints, dIn, dOut, dClocks) == intsClosed);
    failures += verdict(run<minplus::Int32, 8, 16>("int32", ints, dIn, dOut, dClocks) == intsClosed);
    failures += verdict(run<minplus::Int32, 16, 8>("int32", ints, dIn, dOut, dClocks) == intsClosed);
    failures += verdict(run<minplus::Int32, 2, 4>("int32", ints, dIn, dOut, dClocks) == intsClosed);
    failures += verdict(run<minplus::Int32, 4, 2>("int32", ints, dIn, dOut, dClocks) == intsClosed);

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
    failures += verdict(run<minplus::Packed16, 8, 4>("packed16", packed, dIn, dOut, dClocks) == packedClosed);
    failures += verdict(run<minplus::Packed16, 4, 8>("packed16", packed, dIn, dOut, dClocks) == packedClosed);
    failures += verdict(run<minplus::Packed16, 8, 8>("packed16", packed, dIn, dOut, dClocks) == packedClosed);
    failures += verdict(run<minplus::Packed16, 2, 4>("packed16", packed, dIn, dOut, dClocks) == packedClosed);
    failures += verdict(run<minplus::Packed16, 4, 2>("packed16", packed, dIn, dOut, dClocks) == packedClosed);
    failures += verdict(run<minplus::Packed16, 2, 2>("packed16", packed, dIn, dOut, dClocks) == packedClosed);

    // panels: a 2T x 2T quad with P's weights as above; the pass checked for each set of tiles
    {
        std::vector<int> quad(4 * T * T);
        for (int i = 0; i < 2 * T; ++i)
            for (int j = 0; j < 2 * T; ++j)
                quad[i * 2 * T + j] = i < T && j < T ? ints[i * T + j] : random() % 5 == 0 ? FW_INF : (int)(random() % 70) + p[j % T] - p[i % T] + 40;
        auto expect = [&](bool below, bool right, bool diag) {
            std::vector<int> e = quad;
            floyd_warshall_panel([&](int i, int j) { return e[i * 2 * T + j]; },
                                 [&](int i, int j, int a, int b) { e[i * 2 * T + j] = std::min(e[i * 2 * T + j], a + b); }, below, right, diag);
            return e;
        };
        failures += verdict(runQuad<minplus::Int32, 4, 4, false, false, false>("int32", quad, dIn, dOut, dClocks) == expect(false, false, false));
        failures += verdict(runQuad<minplus::Int32, 4, 4, true, false, false>("int32", quad, dIn, dOut, dClocks) == expect(true, false, false));
        failures += verdict(runQuad<minplus::Int32, 4, 4, true, true, false>("int32", quad, dIn, dOut, dClocks) == expect(true, true, false));
        failures += verdict(runQuad<minplus::Int32, 4, 4, true, true, true>("int32", quad, dIn, dOut, dClocks) == expect(true, true, true));
    }
    {
        constexpr int LD = T;  // words a quad row: 2T cells
        std::vector<int> quad(2 * T * LD);
        for (int i = 0; i < 2 * T; ++i)
            for (int w = 0; w < LD; ++w) {
                int c[2];
                for (int h = 0; h < 2; ++h) c[h] = i == 2 * w + h ? 0 : random() % 5 == 0 ? FW_INF16 : (int)(random() % 10) * 10;
                quad[i * LD + w] = (c[0] & 0xFFFF) | (c[1] << 16);
            }
        auto expect = [&](bool below, bool right, bool diag) {
            std::vector<int> e = quad;
            auto at = [&](int i, int j) { return (e[i * LD + j / 2] >> (16 * (j % 2))) & 0xFFFF; };
            floyd_warshall_panel(at, [&](int i, int j, int a, int b) {
                const int c = std::min(at(i, j), std::min(a + b, (int)FW_INF16)), shift = 16 * (j % 2);
                int& word = e[i * LD + j / 2];
                word = (int)(((unsigned)word & ~(0xFFFFu << shift)) | ((unsigned)c << shift));
            }, below, right, diag);
            return e;
        };
        failures += verdict(runQuad<minplus::Packed16, 4, 4, false, false, false>("packed16", quad, dIn, dOut, dClocks) == expect(false, false, false));
        failures += verdict(runQuad<minplus::Packed16, 4, 4, true, false, false>("packed16", quad, dIn, dOut, dClocks) == expect(true, false, false));
        failures += verdict(runQuad<minplus::Packed16, 4, 4, true, true, false>("packed16", quad, dIn, dOut, dClocks) == expect(true, true, false));
        failures += verdict(runQuad<minplus::Packed16, 4, 4, true, true, true>("packed16", quad, dIn, dOut, dClocks) == expect(true, true, true));
    }

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
