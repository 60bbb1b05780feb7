package fwbench.graph;

import java.util.stream.IntStream;

/**
 * The CPU oracle for int64 distances: textbook Floyd-Warshall over k, i, j on long[], for integer
 * graphs whose distances may pass int32 ((n - 1) x max |w| at least {@link Distances#INF}); no
 * path is {@link Distances#INF64}, far above any sum of int32 weights along a simple path. It
 * shares no code with any variant nor with the int32 {@link ReferenceFloydWarshall}; tests check
 * it against JGraphT. Weights must be >= 0 (solve refuses negative ones for int64 distances).
 *
 * <p>Within step k the rows other than k are independent (row k and column k do not change when
 * d(k, k) = 0), so they run in parallel.
 */
public final class LongFloydWarshall {

    /** Heap bytes per cell of a solve: its int64 distances. */
    public static final int HEAP_BYTES_PER_CELL = Long.BYTES;

    private LongFloydWarshall() {
    }

    /** Distances of the graph (weights >= 0), {@link Distances#INF64} for no path. */
    public static long[] distances(Graph graph) {
        if (graph.negativeWeights()) throw new IllegalArgumentException("int64 distances take weights >= 0");
        int n = graph.n();
        long[] d = new long[(int) ((long) n * n)];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int w = graph.weight(i, j);
                d[i * n + j] = i == j ? 0 : w >= Distances.INF ? Distances.INF64 : w;
            }
        }
        for (int k = 0; k < n; k++) {
            int pivot = k;
            IntStream.range(0, n).parallel().filter(i -> i != pivot).forEach(i -> relaxRow(n, d, i, pivot));
        }
        return d;
    }

    /** Step k for row i: d(i, j) = min(d(i, j), d(i, k) + d(k, j)). */
    private static void relaxRow(int n, long[] d, int i, int k) {
        long dik = d[i * n + k];
        if (dik == Distances.INF64) return;
        int row = i * n, rowK = k * n;
        for (int j = 0; j < n; j++) {
            long dkj = d[rowK + j];
            if (dkj == Distances.INF64) continue;
            long candidate = dik + dkj;
            if (candidate < d[row + j]) d[row + j] = candidate;
        }
    }
}
