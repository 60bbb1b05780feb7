package fwbench.graph.io;

import fwbench.graph.ShortestPaths;

/**
 * What {@code solve} writes and {@code path} reads: the distance matrix and, optionally, report
 * 003's intermediate-node matrix, with the numbering of the graph file they came from.
 *
 * @param n             vertices
 * @param firstVertex   the number of the first vertex in the graph file (0 or 1): {@code path} reads and prints vertices in it
 * @param distances     n x n, row-major, {@link fwbench.graph.Distances#INF} for no path
 * @param intermediates n x n, row-major, vertex k from 0 or n + 1 for none; null when not computed
 */
public record Solution(int n, int firstVertex, int[] distances, int[] intermediates) {

    public Solution {
        if (n < 1) throw new IllegalArgumentException("n must be at least 1, got " + n);
        if (distances.length != (long) n * n) throw new IllegalArgumentException("distances must be " + n + " x " + n);
        if (intermediates != null && intermediates.length != (long) n * n) throw new IllegalArgumentException("intermediates must be " + n + " x " + n);
    }

    public boolean hasPaths() {
        return intermediates != null;
    }

    /** Distances and intermediates together, to rebuild paths; requires {@link #hasPaths()}. */
    public ShortestPaths shortestPaths() {
        if (intermediates == null) throw new IllegalStateException("no intermediate-node matrix");
        return new ShortestPaths(n, distances, intermediates);
    }
}
