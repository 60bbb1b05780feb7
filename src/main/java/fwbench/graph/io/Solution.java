package fwbench.graph.io;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.graph.ShortestPaths;

/**
 * What {@code solve} writes and {@code path} reads: the distance matrix, in one of the
 * {@link CellType} (int32, float32, int64, float64), and optionally report 003's
 * intermediate-node matrix, with the numbering of the graph file they came from.
 *
 * @param n              vertices
 * @param firstVertex    the number of the first vertex in the graph file (0 or 1): {@code path} reads and prints vertices in it
 * @param distanceMatrix n x n distances, row-major
 * @param intermediates  n x n, row-major, vertex k from 0 or n + 1 for none; null when not computed
 */
public record Solution(int n, int firstVertex, DistanceMatrix distanceMatrix, int[] intermediates) {

    public Solution {
        if (n < 1) throw new IllegalArgumentException("n must be at least 1, got " + n);
        if (distanceMatrix.n() != n) throw new IllegalArgumentException("distances must be " + n + " x " + n);
        if (intermediates != null && intermediates.length != (long) n * n) throw new IllegalArgumentException("intermediates must be " + n + " x " + n);
    }

    /** int32 distances ({@link fwbench.graph.Distances#INF}: no path). */
    public Solution(int n, int firstVertex, int[] distances, int[] intermediates) {
        this(n, firstVertex, DistanceMatrix.of(n, distances), intermediates);
    }

    /** The cell type of the distances. */
    public CellType cells() {
        return distanceMatrix.cells();
    }

    /** The int32 distances, for what works on int32 alone (a batch file, rebuilt routes); IllegalStateException for other cells. */
    public int[] distances() {
        return distanceMatrix.array(int[].class);
    }

    public boolean hasPaths() {
        return intermediates != null;
    }

    /** Integer distances and intermediates together, to rebuild paths; requires {@link #hasPaths()} and int32 cells. */
    public ShortestPaths shortestPaths() {
        if (intermediates == null) throw new IllegalStateException("no intermediate-node matrix");
        if (cells() != CellType.INT32) throw new IllegalStateException(cells().word() + " distances: rebuild with ShortestPaths.route");
        return new ShortestPaths(n, distances(), intermediates);
    }
}
