// The round geometry kleene's kernels (07_kleene.cu) and kleene-paths' (10_kleene_paths.cu)
// share: which tile a block of a phase-3 launch updates, by mode, and the products' chunk buffers.
#pragma once
#include "fw.cuh"

// Chunk buffers of the tile products (minplus::stream_chunks' STAGES): two, which fit two blocks
// per SM at T = 128 on every GPU from sm_80 on.
#ifndef KLEENE_STAGES
#define KLEENE_STAGES 2
#endif

namespace kleene {

// Which tiles a phase-3 launch updates (the codes are fw_constants.cuh's, which the host passes):
//   ALL  grid (tiles - 1)^2: every tile outside pivot row and column p;
//   NEXT grid (2 tiles - 3) x 1: the tiles of row and column p + 1 (the next pivot's cross, its
//        pivot included), so the next round can start while the rest of this one runs;
//   REST grid (tiles - 2)^2: every tile outside rows and columns p and p + 1.
enum RestMode { ALL = FW_REST_ALL, NEXT = FW_REST_NEXT, REST = FW_REST_REST };

// The tile (row, column) that block (bx, by) of a phase-3 launch updates in round p, by mode (a
// launch may cover some of the rows: by counts from its first).
__device__ __forceinline__ int2 rest_tile(int mode, int p, int tiles, int bx = blockIdx.x, int by = blockIdx.y)
{
    if (mode == NEXT) {
        if (bx < tiles - 1) return make_int2(p + 1, bx + (bx >= p));  // row p + 1, skipping column p
        const int c = bx - (tiles - 1);                                  // column p + 1, skipping rows p, p + 1
        return make_int2(c < p ? c : c + 2, p + 1);
    }
    if (mode == REST) return make_int2(by < p ? by : by + 2, bx < p ? bx : bx + 2);
    return make_int2(by + (by >= p), bx + (bx >= p));
}

}  // namespace kleene
