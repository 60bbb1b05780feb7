package fwbench.variant.cpu;

import fwbench.variant.core.VariantTraits;
import fwbench.variant.core.SolverConfig;

import fwbench.graph.Distances;

import java.util.stream.IntStream;

/**
 * The 3-phase blocked algorithm on the CPU: 64x64 tiles (three of them fit in L2), the tiles of
 * phases 2 and 3 spread over the common fork-join pool.
 */
public final class CpuBlockedSolver extends CpuSolver {
    private static final int TILE = 64;

    public CpuBlockedSolver(VariantTraits variant, SolverConfig config) {
        super(variant, config);
    }

    @Override
    public void solve() {
        int tiles = (n + TILE - 1) / TILE;
        for (int p = 0; p < tiles; p++) {
            final int pivot = p;
            // phase 1: the pivot tile through its own vertices, k outermost
            relaxTile(p, p, p, true);
            // phase 2: pivot row and column tiles; each depends only on itself and the pivot tile
            IntStream.range(0, tiles).parallel().filter(t -> t != pivot).forEach(t -> {
                relaxTile(pivot, t, pivot, true);
                relaxTile(t, pivot, pivot, true);
            });
            // phase 3: every other tile reads only the (now final) pivot row and column tiles
            IntStream.range(0, tiles).parallel().filter(r -> r != pivot).forEach(r -> {
                for (int c = 0; c < tiles; c++) if (c != pivot) relaxTile(r, c, pivot, false);
            });
        }
    }

    /**
     * Relaxes tile (r, c) through the vertices of tile p. With {@code kOuter} the k loop is outermost,
     * as phases 1 and 2 need (the tile feeds itself); phase 3's operands do not change, so its rows
     * can take all k at once.
     */
    private void relaxTile(int r, int c, int p, boolean kOuter) {
        int i0 = r * TILE, i1 = Math.min(i0 + TILE, n);
        int j0 = c * TILE, j1 = Math.min(j0 + TILE, n);
        int k0 = p * TILE, k1 = Math.min(k0 + TILE, n);
        if (kOuter) {
            for (int k = k0; k < k1; k++) {
                for (int i = i0; i < i1; i++) relaxRow(i, k, j0, j1);
            }
        } else {
            for (int i = i0; i < i1; i++) {
                for (int k = k0; k < k1; k++) relaxRow(i, k, j0, j1);
            }
        }
    }

    private void relaxRow(int i, int k, int j0, int j1) {
        int dik = d[i * n + k];
        if (dik >= Distances.INF) return;
        int rowI = i * n, rowK = k * n;
        for (int j = j0; j < j1; j++) d[rowI + j] = Math.min(d[rowI + j], dik + d[rowK + j]);
    }
}
