// The header of a kernel file: a CUDA source whose kernels the suite launches by the schema its
// descriptor names, verifies and times as a benchmark variant (report variants 01..06 included).
// Compile with nvcc -I <this folder>.
//
// Descriptor: FW_VARIANT("key=value key=value ..."), once at file scope; literals may be split
// across lines. It becomes the device variable fw_variant (extern "C", NUL-terminated), which the
// suite reads from the module. Keys:
//   schema            required: per-k | blocked | whole
//   kernels           required: extern "C" kernel names, comma-separated: per-k 1, blocked 3
//                     (phase 1, 2, 3 in that order), whole 1
//   block             required: threads per block, XxY or X (= Xx1)
//   tile              blocked, required there: the tile side T in vertices; nb = ceil(n / T)
//   tiles-per-block   blocked, default 1: B tiles of a side per phase-2 and phase-3 block
//   pivot             blocked, default launched: launched | skipped
//   paths             default no: yes adds the intermediate-node matrix q to every kernel
//   scratch           default 0: ints of device scratch, fixed part
//   scratch-per-tile  blocked, default 0: more scratch ints per tile of a side (times nb)
//   shared            default 0: bytes of dynamic shared memory per block
//
// d is the n x n row-major int32 distance matrix (ld = n, no padding). FW_INF means no path, and
// 2 * FW_INF fits in an int32, so a + b of two stored distances never overflows (fw.cuh).
//
// Schemas: signatures (exact: the suite checks the PTX parameters) and the launches of one solve.
// [int* q] is there iff paths=yes; [int* scratch] iff scratch or scratch-per-tile > 0.
//   per-k    K(int* d, [int* q,] int n, int k[, int* scratch])
//            for k = 0 .. n-1: grid (ceil(n/bx), ceil(n/by)), block (bx, by)
//   blocked  P1, P2, P3(int* d, [int* q,] int n, int p[, int* scratch]), for rounds p = 0 .. nb-1:
//            phase 1: grid (1, 1): the pivot tile (p, p)
//            pivot=launched, g = ceil(nb / B):
//              phase 2: grid (g, 2); phase 3: grid (g, g). Blocks covering the pivot are launched
//              and must leave its tiles alone (return, or skip them).
//            pivot=skipped (B = 1), only while nb > 1:
//              phase 2: grid (nb - 1, 2); phase 3: grid (nb - 1, nb - 1); the kernel shifts a block
//              index at or past p by one (t = x + (x >= p)), so no block covers the pivot.
//            phase 2: blockIdx.y == 0 is the pivot row's tiles (p, t), 1 the pivot column's (t, p).
//   whole    K(int* d, [int* q,] int n[, int* scratch])
//            one launch, 1-D grid of (resident blocks per SM x SMs) blocks from the occupancy API,
//            so every block is resident at once (a grid-wide barrier in scratch cannot deadlock)
//
// q (paths=yes), n x n like d: q[i][j] is the intermediate vertex k of the last relaxation that
// strictly improved d[i][j]; the suite fills q with n + 1 ("no intermediate") before each solve.
// scratch: scratch + scratch-per-tile * nb ints, zeroed by the suite before each solve (untimed).
#pragma once
#include "fw.cuh"

// The cell type of d: the suite's matrices are int32.
typedef int fw_dist;

// The descriptor, as a device variable the suite reads by name (symbol fw_variant). In global
// memory: a __constant__ in a module costs every launch of its kernels (kernels/NOTES.md, The cost
// of a __constant__ in a module).
#define FW_VARIANT(text) extern "C" __device__ char fw_variant[] = text
