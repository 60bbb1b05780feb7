package fwbench.graph.io;

import fwbench.graph.ShortestPaths;

/**
 * What {@code solve} writes and {@code path} reads: the distance matrix, in one of the
 * {@link DistanceCells} (int32, float32, int64, float64), and optionally report 003's
 * intermediate-node matrix, with the numbering of the graph file they came from. Exactly one of
 * the four distance arrays is given.
 *
 * @param n                 vertices
 * @param firstVertex       the number of the first vertex in the graph file (0 or 1): {@code path} reads and prints vertices in it
 * @param distances         n x n int32, row-major, {@link fwbench.graph.Distances#INF} for no path; else null
 * @param realDistances     n x n float32, row-major, +infinity for no path; else null
 * @param intermediates     n x n, row-major, vertex k from 0 or n + 1 for none; null when not computed
 * @param int64Distances    n x n int64, row-major, {@link fwbench.graph.Distances#INF64} for no path; else null
 * @param float64Distances  n x n float64, row-major, +infinity for no path; else null
 */
public record Solution(int n, int firstVertex, int[] distances, float[] realDistances, int[] intermediates, long[] int64Distances,
                       double[] float64Distances) {

    public Solution {
        if (n < 1) throw new IllegalArgumentException("n must be at least 1, got " + n);
        int given = (distances != null ? 1 : 0) + (realDistances != null ? 1 : 0) + (int64Distances != null ? 1 : 0) + (float64Distances != null ? 1 : 0);
        if (given != 1) throw new IllegalArgumentException("a solution holds one matrix of distances, got " + given);
        long length = distances != null ? distances.length : realDistances != null ? realDistances.length
                : int64Distances != null ? int64Distances.length : float64Distances.length;
        if (length != (long) n * n) throw new IllegalArgumentException("distances must be " + n + " x " + n);
        if (intermediates != null && intermediates.length != (long) n * n) throw new IllegalArgumentException("intermediates must be " + n + " x " + n);
    }

    /** int32 or float32 distances (one of the two null). */
    public Solution(int n, int firstVertex, int[] distances, float[] realDistances, int[] intermediates) {
        this(n, firstVertex, distances, realDistances, intermediates, null, null);
    }

    /** Integer distances. */
    public Solution(int n, int firstVertex, int[] distances, int[] intermediates) {
        this(n, firstVertex, distances, null, intermediates);
    }

    /** Float32 distances, of a graph with real weights. */
    public static Solution real(int n, int firstVertex, float[] distances, int[] intermediates) {
        return new Solution(n, firstVertex, null, distances, intermediates);
    }

    /** Int64 distances, of an integer graph whose distances may pass int32. */
    public static Solution int64(int n, int firstVertex, long[] distances, int[] intermediates) {
        return new Solution(n, firstVertex, null, null, intermediates, distances, null);
    }

    /** Float64 distances, of a graph with real weights. */
    public static Solution float64(int n, int firstVertex, double[] distances, int[] intermediates) {
        return new Solution(n, firstVertex, null, null, intermediates, null, distances);
    }

    /** The cell type of the distances. */
    public DistanceCells cells() {
        return distances != null ? DistanceCells.INT32 : realDistances != null ? DistanceCells.FLOAT32
                : int64Distances != null ? DistanceCells.INT64 : DistanceCells.FLOAT64;
    }

    /** Whether the distances are float32 ({@link #realDistances()}). */
    public boolean isReal() {
        return realDistances != null;
    }

    public boolean hasPaths() {
        return intermediates != null;
    }

    /** Integer distances and intermediates together, to rebuild paths; requires {@link #hasPaths()} and int32 cells. */
    public ShortestPaths shortestPaths() {
        if (intermediates == null) throw new IllegalStateException("no intermediate-node matrix");
        if (distances == null) throw new IllegalStateException(cells().word() + " distances: rebuild with ShortestPaths.route");
        return new ShortestPaths(n, distances, intermediates);
    }
}
