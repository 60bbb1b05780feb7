// kleene-i64: kleene's rounds (07_kleene.cu) on int64 distances (minplus::Int64), one round at a
// time (kleene groups them), for distances past int32's. The tile machinery moves
// 64-bit words: cp.async stages 2 of them a 16-byte copy, and T = 128 runs one block per SM
// (kleene_wide.cuh says why). No path is Int64::INF64, a quarter of the range, so INF64 + INF64
// cannot overflow and, as in kleene, a negative weight added to it leaves it far above any path.
// SASS (sm_90, nvcc 13, cuobjdump -sass): min(c, a + b) is IADD3 + IMAD.X (the add), ISETP.LT.U32 +
// ISETP.LT.AND.EX (the compare), two SEL: six instructions a cell where int32's VIADDMNMX is one.
//
// Launches, grids and the phases are kleene's rounds one at a time (LookaheadRounds); each
// kernel exports its shape (FW_TILE_KERNEL_SHAPE). The solver widens the suite's int32 matrix into
// the 64-bit work matrix before a solve (fw_kleene_i64_from_int) and narrows the distances back for
// the suite to check (fw_kleene_i64_to_int): exact for every int32 graph.
#include "kleene_wide.cuh"

FW_KLEENE_WIDE_ROUNDS(fw_kleene_i64, minplus::Int64)

// from: the int32 matrix (FW_INF: no edge); to: the 64-bit work matrix; ld x ld each, block 32 x 8.
extern "C" __global__ void fw_kleene_i64_from_int(const int* from, long long* to, int ld)
{
    kleene_wide::widen_matrix(from, to, ld, [](int w) { return w >= FW_INF ? minplus::Int64::INF64 : (long long)w; });
}

extern "C" __global__ void fw_kleene_i64_to_int(const long long* from, int* to, int ld)
{
    kleene_wide::narrow_matrix(from, to, ld, [](long long v) { return kleene_wide::clamp_to_int(v); });
}
