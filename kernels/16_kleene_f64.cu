// kleene-f64: kleene's rounds (07_kleene.cu) on float64 distances (minplus::Float64), one round at a
// time, as kleene-f32 below n = 9000 (11_kleene_f32.cu), whose float32 holds integers exactly only below 2^24:
// float64 holds them below 2^53, so every int32 graph is solved exactly. The tile machinery moves
// 64-bit words (the doubles' bits): cp.async stages 2 of them a 16-byte copy, and T = 128 runs one
// block per SM (kleene_wide.cuh says why). No path is +infinity.
// SASS (sm_90, nvcc 13, cuobjdump -sass): sm_90 has no DMNMX; a + b < c ? a + b : c is DADD, DSETP.GEU
// and two SEL: four instructions a cell. fmin(c, a + b) was DADD, DSETP.MIN, FSEL, SEL, a LOP3 that
// quiets a NaN and about four register moves (9.9 a cell in the peak's loop against 4.4).
//
// Launches, grids and the phases are kleene's rounds one at a time, a round's bulk always in one
// launch (LookaheadRounds, KleeneSolver: its operands are read in place); each
// kernel exports its shape (FW_TILE_KERNEL_SHAPE). The solver widens the suite's int32 matrix into
// the 64-bit work matrix before a solve (fw_kleene_f64_from_int) and narrows the distances back for
// the suite to check (fw_kleene_f64_to_int).
#include "kleene_wide.cuh"

FW_KLEENE_WIDE_ROUNDS(fw_kleene_f64, minplus::Float64)

// from: the int32 matrix (FW_INF: no edge); to: the 64-bit work matrix of doubles' bits; ld x ld
// each, block 32 x 8.
extern "C" __global__ void fw_kleene_f64_from_int(const int* from, long long* to, int ld)
{
    kleene_wide::widen_matrix(from, to, ld, [](int w) { return __double_as_longlong(w >= FW_INF ? __longlong_as_double(0x7FF0000000000000LL) : (double)w); });
}

// +infinity (no path) and anything at or past FW_INF become FW_INF; a negative cycle's far-below
// values -FW_INF (kleene_wide::clamp_to_int). Every int32 distance converts exactly.
extern "C" __global__ void fw_kleene_f64_to_int(const long long* from, int* to, int ld)
{
    kleene_wide::narrow_matrix(from, to, ld, [](long long bits) {
        const double v = __longlong_as_double(bits);
        return v >= FW_INF ? FW_INF : v <= -FW_INF ? -FW_INF : (int)v;
    });
}
