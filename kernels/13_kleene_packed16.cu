// kleene-packed16: kleene's rounds (07_kleene.cu) on 16-bit distances, relaxed two k at a time.
//
// Changes from packed16 (09_packed16.cu), which splats the A operand of each product (one cell in
// both halves of a word) through registers as it stages it: here an accumulator word holds one cell
// in two lanes, its minimum through the even and through the odd k (minplus::Packed16Lanes), so A
// is staged as stored (cells k, k + 1 of a row) and B from a column-packed copy of the matrix (rows
// k, k + 1 of a column) that every store keeps up to date (kleene_packed16.cuh). Both operands go
// global -> shared by cp.async as int32's do, and the tile product is kleene's (8 x 8 words a thread
// at T = 128, two blocks per SM) at two relaxations a __viaddmin_s16x2. Rounds, lookahead and
// groups of rounds are kleene's (fwbench.variant.schedule.LookaheadRounds), except that a group's chain
// catches up (kleene::GROUP_CATCH_UP), and so are its thin strips for a last tile row or column of
// few live cells (kleene_packed16.cuh); only T = 128.
//
// FW_INF16 and the 16-bit bound are packed16's (09_packed16.cu). The matrix is row-packed at d (ld
// words a row, N = 2 ld rows) with its column-packed copy right after it (N / 2 rows of N words):
// an int32 matrix's worth of bytes in all.
// Launches: kleene's grids and threads (07_kleene.cu); 68 KB of shared memory for the products, 2 KB
// for phase 1. Registers (ptxas, sm_90): 128 (2 blocks per SM), 126 for phase 2, 127 for phase 1;
// the group and phase-3 kernels spill nothing, the bulk's own kernel 12 bytes.
#include "kleene_packed16.cuh"

using minplus::Packed16Lanes;

extern "C" __global__ void __launch_bounds__(256) fw_kleene_packed16_phase1_t128(int* d, int ld, int p) { kleene_close_pivot<kleene_packed16::Tiles<128, 8, 8>>(d, ld, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_packed16_phase1_t128, Packed16Lanes, 128, 8, 8, (minplus::closure_words<Packed16Lanes, 128>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_packed16_phase2_t128(int* d, int ld, int n, int p) { kleene_cross<kleene_packed16::Tiles<128, 8, 8>>(d, ld, n, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_packed16_phase2_t128, Packed16Lanes, 128, 8, 8, (minplus::shared_words<Packed16Lanes, 128, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_packed16_phase3_t128(int* d, int ld, int n, int p, int mode, int firstRow) { kleene_rest<kleene_packed16::Tiles<128, 8, 8>>(d, ld, n, p, mode, firstRow); }
FW_TILE_KERNEL_SHAPE(fw_kleene_packed16_phase3_t128, Packed16Lanes, 128, 8, 8, (minplus::shared_words<Packed16Lanes, 128, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_packed16_group_t128(int* d, int ld, int n, int p, int last, int mode, int firstRow) { kleene_group<kleene_packed16::Tiles<128, 8, 8>>(d, ld, n, p, last, mode, firstRow); }
FW_TILE_KERNEL_SHAPE(fw_kleene_packed16_group_t128, Packed16Lanes, 128, 8, 8, (minplus::shared_words<Packed16Lanes, 128, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_packed16_group_rest_t128(int* d, int ld, int n, int p, int last, int firstRow) { kleene_group<kleene_packed16::Tiles<128, 8, 8>, true>(d, ld, n, p, last, kleene::GROUP_REST, firstRow); }
FW_TILE_KERNEL_SHAPE(fw_kleene_packed16_group_rest_t128, Packed16Lanes, 128, 8, 8, (minplus::shared_words<Packed16Lanes, 128, KLEENE_STAGES>() * 4))

// int32 (ld32 ints a row, ld32 rows; FW_INF: no edge) -> both packed matrices at dst (ld16 = ld32 / 2
// words a row-packed row). Grid (ld16 / 32, ld32 / 8), block (32, 8): a word of each a thread.
extern "C" __global__ void fw_kleene_packed16_pack(const int* src, int ld32, int* dst, int ld16)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y, w = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ld32 || w >= ld16) return;
    const int* const from = fw_cell(src, ld32, i, 2 * w);
    *fw_cell(dst, ld16, i, w) = minplus::Packed16::pack(from[0], from[1]);
    const int q = i / 2, j = 2 * w + (i & 1);  // column-packed word (q, j): cells (2q, j) and (2q + 1, j)
    *fw_cell(kleene_packed16::columns_of(dst, ld16), ld32, q, j) =
        minplus::Packed16::pack(*fw_cell(src, ld32, 2 * q, j), *fw_cell(src, ld32, 2 * q + 1, j));
}

// The row-packed matrix at src (ld16 words a row) -> int32 (ld32 = 2 ld16 ints a row, ld32 rows);
// FW_INF16 becomes FW_INF. Grid and block as fw_kleene_packed16_pack.
extern "C" __global__ void fw_kleene_packed16_unpack(const int* src, int ld16, int* dst, int ld32)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y, w = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ld32 || w >= ld16) return;
    minplus::Packed16::unpack_word(src, ld16, dst, ld32, i, w);
}
