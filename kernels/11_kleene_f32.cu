// kleene-f32: kleene's rounds (07_kleene.cu) on float32 distances (minplus::Float32), for graphs
// with real weights. The tile machinery moves words as ints; only the relaxation reads them as
// floats: fminf(c, a + b), an FADD and an FMNMX where int32's add-min is one instruction, and in the
// products two k steps at once, two FADDs and one VIMNMX3 (cells.cuh, relax_pair), so its ceiling
// is the float32 peak (kernels/peak.cu), not the int32 one. No path is +infinity, the
// padding's isolated vertices are +infinity off the diagonal and 0 on it.
//
// Launches, grids and shared memory are kleene's (LookaheadRounds; registers and spills differ:
// target/ptxas/); the solver turns an integer graph's weights into floats before a solve
// (fw_kleene_f32_from_int: exact below 2^24) and, to check them, the distances back
// (fw_kleene_f32_to_int). No product reads a tile while another launch writes it, so every solve
// gives the same bits: phase 2 also stores the pivot row in `operands`, which phase 3 reads it
// from, and a group's launches read the copy of its tile rows and columns there (kleene_rounds.cuh,
// CrossCopyTiles, RowOperandTiles, OperandCopyTiles).
#include "kleene_rounds.cuh"

using minplus::Float32;

extern "C" __global__ void __launch_bounds__(256) fw_kleene_f32_phase1_t128(int* d, int ld, int p) { kleene_close_pivot<kleene::MatrixTiles<Float32, 128, 8, 8>>(d, ld, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_f32_phase1_t128, Float32, 128, 8, 8, (minplus::closure_words<Float32, 128>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_f32_phase2_t128(int* d, int* operands, int ld, int n, int p) { kleene_cross(d, ld, n, p, kleene::CrossCopyTiles<Float32, 128, 8, 8>{{}, operands}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_f32_phase2_t128, Float32, 128, 8, 8, (minplus::shared_words<Float32, 128, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_f32_phase3_t128(int* d, const int* operands, int ld, int n, int p, int mode, int firstRow) { kleene_rest(d, ld, n, p, mode, firstRow, kleene::RowOperandTiles<Float32, 128, 8, 8>{{}, operands}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_f32_phase3_t128, Float32, 128, 8, 8, (minplus::shared_words<Float32, 128, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_f32_group_t128(int* d, const int* operands, int ld, int n, int p, int last, int mode, int firstRow) { kleene_group(d, ld, n, p, last, mode, firstRow, kleene::OperandCopyTiles<Float32, 128, 8, 8>{{}, operands}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_f32_group_t128, Float32, 128, 8, 8, (minplus::shared_words<Float32, 128, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_f32_group_rest_t128(int* d, const int* operands, int ld, int n, int p, int last, int firstRow) { kleene_group<kleene::OperandCopyTiles<Float32, 128, 8, 8>, true>(d, ld, n, p, last, kleene::GROUP_REST, firstRow, {{}, operands}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_f32_group_rest_t128, Float32, 128, 8, 8, (minplus::shared_words<Float32, 128, KLEENE_STAGES>() * 4))

extern "C" __global__ void __launch_bounds__(256) fw_kleene_f32_phase1_t64(int* d, int ld, int p) { kleene_close_pivot<kleene::MatrixTiles<Float32, 64, 4, 4>>(d, ld, p); }
FW_TILE_KERNEL_SHAPE(fw_kleene_f32_phase1_t64, Float32, 64, 4, 4, (minplus::closure_words<Float32, 64>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_f32_phase2_t64(int* d, int* operands, int ld, int n, int p) { kleene_cross(d, ld, n, p, kleene::CrossCopyTiles<Float32, 64, 4, 4>{{}, operands}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_f32_phase2_t64, Float32, 64, 4, 4, (minplus::shared_words<Float32, 64, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_f32_phase3_t64(int* d, const int* operands, int ld, int n, int p, int mode, int firstRow) { kleene_rest(d, ld, n, p, mode, firstRow, kleene::RowOperandTiles<Float32, 64, 4, 4>{{}, operands}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_f32_phase3_t64, Float32, 64, 4, 4, (minplus::shared_words<Float32, 64, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_f32_group_t64(int* d, const int* operands, int ld, int n, int p, int last, int mode, int firstRow) { kleene_group(d, ld, n, p, last, mode, firstRow, kleene::OperandCopyTiles<Float32, 64, 4, 4>{{}, operands}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_f32_group_t64, Float32, 64, 4, 4, (minplus::shared_words<Float32, 64, KLEENE_STAGES>() * 4))
extern "C" __global__ void __launch_bounds__(256, TILE_PRODUCT_MIN_BLOCKS_PER_SM) fw_kleene_f32_group_rest_t64(int* d, const int* operands, int ld, int n, int p, int last, int firstRow) { kleene_group<kleene::OperandCopyTiles<Float32, 64, 4, 4>, true>(d, ld, n, p, last, kleene::GROUP_REST, firstRow, {{}, operands}); }
FW_TILE_KERNEL_SHAPE(fw_kleene_f32_group_rest_t64, Float32, 64, 4, 4, (minplus::shared_words<Float32, 64, KLEENE_STAGES>() * 4))

// An integer matrix (FW_INF: no edge) into float32 bits, and back (+infinity: FW_INF), in place
// over the ld x ld matrix d; block 32 x 8. Integers below 2^24 convert exactly both ways.
extern "C" __global__ void fw_kleene_f32_from_int(int* d, int ld)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ld || j >= ld) return;
    int* const cell = fw_cell(d, ld, i, j);
    const int w = *cell;
    *cell = __float_as_int(w >= FW_INF ? __int_as_float(0x7F800000) : (float)w);
}

extern "C" __global__ void fw_kleene_f32_to_int(int* d, int ld)
{
    const int i = blockIdx.y * blockDim.y + threadIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ld || j >= ld) return;
    int* const cell = fw_cell(d, ld, i, j);
    const float f = __int_as_float(*cell);
    *cell = isinf(f) ? FW_INF : (int)f;
}
