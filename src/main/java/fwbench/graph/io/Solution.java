package fwbench.graph.io;

import fwbench.graph.ShortestPaths;

/**
 * What {@code solve} writes and {@code path} reads: the distance matrix, int32 or float32, and
 * optionally report 003's intermediate-node matrix, with the numbering of the graph file they came
 * from. Exactly one of {@code distances} and {@code realDistances} is given.
 *
 * @param n             vertices
 * @param firstVertex   the number of the first vertex in the graph file (0 or 1): {@code path} reads and prints vertices in it
 * @param distances     n x n, row-major, {@link fwbench.graph.Distances#INF} for no path; null for real weights
 * @param realDistances n x n float32, row-major, +infinity for no path (a graph of real weights); else null
 * @param intermediates n x n, row-major, vertex k from 0 or n + 1 for none; null when not computed
 */
public record Solution(int n, int firstVertex, int[] distances, float[] realDistances, int[] intermediates) {

    public Solution {
        if (n < 1) throw new IllegalArgumentException("n must be at least 1, got " + n);
        if ((distances == null) == (realDistances == null)) throw new IllegalArgumentException("a solution holds int32 or float32 distances");
        long length = distances != null ? distances.length : realDistances.length;
        if (length != (long) n * n) throw new IllegalArgumentException("distances must be " + n + " x " + n);
        if (intermediates != null && intermediates.length != (long) n * n) throw new IllegalArgumentException("intermediates must be " + n + " x " + n);
    }

    /** Integer distances. */
    public Solution(int n, int firstVertex, int[] distances, int[] intermediates) {
        this(n, firstVertex, distances, null, intermediates);
    }

    /** Float32 distances, of a graph with real weights. */
    public static Solution real(int n, int firstVertex, float[] distances, int[] intermediates) {
        return new Solution(n, firstVertex, null, distances, intermediates);
    }

    /** Whether the distances are float32 ({@link #realDistances()}). */
    public boolean isReal() {
        return realDistances != null;
    }

    public boolean hasPaths() {
        return intermediates != null;
    }

    /** Integer distances and intermediates together, to rebuild paths; requires {@link #hasPaths()} and not {@link #isReal()}. */
    public ShortestPaths shortestPaths() {
        if (intermediates == null) throw new IllegalStateException("no intermediate-node matrix");
        if (isReal()) throw new IllegalStateException("float32 distances: rebuild with ShortestPaths.route");
        return new ShortestPaths(n, distances, intermediates);
    }
}
