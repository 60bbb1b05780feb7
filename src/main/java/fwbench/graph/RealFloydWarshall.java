package fwbench.graph;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The CPU oracle for real weights: textbook Floyd-Warshall over k, i, j in float64, with explicit
 * tests for +infinity (no path), so negative weights are right too. It shares no code with any
 * variant, nor with the integer {@link ReferenceFloydWarshall}; float32 results are checked
 * against it with a tolerance (fwbench.verify.Verification).
 *
 * <p>Within step k the rows other than k are independent (row k and column k do not change when
 * d(k, k) >= 0), so they run in parallel after row k.
 */
public final class RealFloydWarshall {

    /** Heap bytes per cell of a solve: its float64 distances, and with paths an int32 intermediate node. */
    public static int heapBytesPerCell(boolean paths) {
        return Double.BYTES + (paths ? Integer.BYTES : 0);
    }

    private RealFloydWarshall() {
    }

    /** Distances of the graph, +infinity for no path. */
    public static double[] distances(RealGraph graph) {
        return solve(graph.n(), graph.weights(), null);
    }

    /**
     * Distances and the intermediate-node matrix ({@link ShortestPaths}' convention: the vertex k
     * whose relaxation last improved d(i, j), n + 1 for none), written into {@code intermediates}.
     */
    public static double[] distances(RealGraph graph, int[] intermediates) {
        int n = graph.n();
        if (intermediates.length != (long) n * n) throw new IllegalArgumentException("intermediates must be " + n + " x " + n);
        Arrays.fill(intermediates, n + 1);
        return solve(n, graph.weights(), intermediates);
    }

    private static double[] solve(int n, double[] d, int[] via) {
        for (int k = 0; k < n; k++) {
            int pivot = k;
            relaxRow(n, d, via, k, k);
            IntStream.range(0, n).parallel().filter(i -> i != pivot).forEach(i -> relaxRow(n, d, via, i, pivot));
        }
        return d;
    }

    /** Step k for row i: d(i, j) = min(d(i, j), d(i, k) + d(k, j)), and via(i, j) = k where that lowers it. */
    private static void relaxRow(int n, double[] d, int[] via, int i, int k) {
        double dik = d[i * n + k];
        if (dik == Double.POSITIVE_INFINITY) return;
        int row = i * n, rowK = k * n;
        for (int j = 0; j < n; j++) {
            double dkj = d[rowK + j];
            if (dkj == Double.POSITIVE_INFINITY) continue;
            double candidate = dik + dkj;  // never NaN: -infinity (a negative cycle's) meets no +infinity here
            if (candidate < d[row + j]) {
                d[row + j] = candidate;
                if (via != null) via[row + j] = k;
            }
        }
    }
}
