// packed16: kleene's rounds on 16-bit distances, two cells per 32-bit word.
//
// Changes from kleene: cells are int16 packed in pairs along a row (low half = even column), and
// the inner loop is __viaddmin_s16x2 (on sm_90 one VIADDMNMX.S16x2: two relaxations per
// instruction, about twice the int32 rate). The A operand of the tile product is splatted (one
// cell copied to both halves) when its chunk is staged, so the inner loop stays one instruction
// per word. Half the bytes per cell also halves the memory traffic of each round.
//
// INF16 = 0x3FFF: two of them add to 0x7FFE < 0x7FFF, so no sum wraps, and min(c, a + b) with
// a, b, c <= INF16 stays <= INF16. The result is exact when every finite distance is below INF16
// (the solver refuses graphs it cannot bound that way); a longer one would read as INF16.
//
// Launch per round p, T = 128 (tiles = N / 128, ld = N / 2 words per row):
//   phase 1: 1 block of 1024 threads, 2 x 128 x 64 words of dynamic shared memory (64 KB)
//   phase 2: grid (tiles - 1, 2); phase 3: as kleene's (modes ALL, NEXT, REST); 256 threads, each 8 rows x
//   4 words (8 x 8 cells), minplus::shared_words<Packed16, 128>() * 4 bytes (70 KB), <= 128 registers.
// fw_packed16_pack / unpack convert between the int32 matrix (INF = FW_INF) and the packed one.
#include "minplus.cuh"

#ifndef KLEENE_MIN_BLOCKS
#define KLEENE_MIN_BLOCKS 2
#endif

#define INF16 0x3FFF
#define T16 128

// Phase 1 on packed words. A step reads column k of each row, a half of a word whose other half
// may improve in the same step, so the tile is double-buffered: step k reads buffer k & 1 and
// every thread writes all its words to the other buffer; one barrier per step.
__device__ __forceinline__ void packed_close_pivot(int* d, int ld, int p)
{
    extern __shared__ int buffers[];
    constexpr int W = T16 / 2, PASS = 1024 / W, WORDS = T16 * W / 1024;  // 64 words a row, 16 rows a pass, 8 words a thread
    const int w = threadIdx.x % W, r0 = threadIdx.x / W;
    int* base = d + (p * T16) * ld + p * W;
    int mine[WORDS];
#pragma unroll
    for (int a = 0; a < WORDS; ++a) {
        const int r = r0 + a * PASS;
        mine[a] = base[r * ld + w];
        buffers[r * W + w] = mine[a];
    }
    __syncthreads();  // buffer 0 holds the tile
#pragma unroll 2
    for (int k = 0; k < T16; ++k) {
        const int* from = buffers + (k & 1) * (T16 * W);
        int* to = buffers + ((k + 1) & 1) * (T16 * W);
        const int rowK = from[k * W + w];
#pragma unroll
        for (int a = 0; a < WORDS; ++a) {
            const int r = r0 + a * PASS;
            mine[a] = minplus::Packed16::relax(mine[a], minplus::Packed16::splat(from + r * W, k), rowK);
            to[r * W + w] = mine[a];
        }
        __syncthreads();  // step k's words are in the other buffer before step k + 1 reads it
    }
#pragma unroll
    for (int a = 0; a < WORDS; ++a) base[(r0 + a * PASS) * ld + w] = mine[a];
}

extern "C" __global__ void __launch_bounds__(1024) fw_packed16_phase1(int* d, int ld, int p) { packed_close_pivot(d, ld, p); }

extern "C" __global__ void __launch_bounds__(256, KLEENE_MIN_BLOCKS) fw_packed16_phase2(int* d, int ld, int p)
{
    extern __shared__ int packedStage[];
    constexpr int W = T16 / 2;
    const int t = blockIdx.x + (blockIdx.x >= p);  // skip the pivot tile
    const int* pivot = d + (p * T16) * ld + p * W;
    if (blockIdx.y == 0) {
        int* row = d + (p * T16) * ld + t * W;
        minplus::tile_product<minplus::Packed16, T16, 8, 4>(row, pivot, row, ld, packedStage);
    } else {
        int* col = d + (t * T16) * ld + p * W;
        minplus::tile_product<minplus::Packed16, T16, 8, 4>(col, col, pivot, ld, packedStage);
    }
}

extern "C" __global__ void __launch_bounds__(256, KLEENE_MIN_BLOCKS) fw_packed16_phase3(int* d, int ld, int p, int mode)
{
    extern __shared__ int packedStage[];
    constexpr int W = T16 / 2;
    const int2 tile = minplus::rest_tile(mode, p, 2 * ld / T16);  // ld is in words: 2 ld cells per row
    const int i = tile.x, j = tile.y;
    minplus::tile_product<minplus::Packed16, T16, 8, 4>(d + (i * T16) * ld + j * W,
                                                        d + (i * T16) * ld + p * W,
                                                        d + (p * T16) * ld + j * W, ld, packedStage);
}

// int32 (ld32 ints per row) -> packed (ld16 words per row), N x N cells; FW_INF becomes INF16.
// Grid (N/2/32, N/8), block (32, 8): one word per thread.
extern "C" __global__ void fw_packed16_pack(const int* src, int ld32, int* dst, int ld16, int rows)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y, w = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows || w >= ld16) return;
    const int lo = min(src[i * ld32 + 2 * w], INF16), hi = min(src[i * ld32 + 2 * w + 1], INF16);
    dst[i * ld16 + w] = (lo & 0xFFFF) | (hi << 16);
}

// packed -> int32; INF16 becomes FW_INF.
extern "C" __global__ void fw_packed16_unpack(const int* src, int ld16, int* dst, int ld32, int rows)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y, w = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows || w >= ld16) return;
    const int pair = src[i * ld16 + w];
    const int lo = (short)(pair & 0xFFFF), hi = pair >> 16;  // sign-extended halves
    dst[i * ld32 + 2 * w] = lo >= INF16 ? FW_INF : lo;
    dst[i * ld32 + 2 * w + 1] = hi >= INF16 ? FW_INF : hi;
}
