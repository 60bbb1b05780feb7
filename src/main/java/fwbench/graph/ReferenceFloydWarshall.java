package fwbench.graph;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The CPU oracle: textbook Floyd-Warshall over k, i, j with explicit INF tests, so it is also right
 * for negative weights (INF + w never becomes a distance). It shares no code with any variant;
 * tests check it against JGraphT and report 003's worked example.
 *
 * <p>Within step k the rows other than k are independent (row k and column k do not change when
 * d(k, k) >= 0), so they run in parallel after row k.
 */
public final class ReferenceFloydWarshall {

    private ReferenceFloydWarshall() {
    }

    /**
     * n x n int32 matrices a solve with the reference holds in the heap at once: its distances (and
     * intermediate nodes), and while a negative cycle is named, {@link NegativeCycle}'s own.
     */
    public static int heapMatrices(boolean paths) {
        return (paths ? 2 : 1) + NegativeCycle.HEAP_MATRICES;
    }

    /** Distances of the graph. */
    public static int[] distances(Graph graph) {
        return solve(graph.n(), graph.weights(), null);
    }

    /** Distances and the intermediate-node matrix (report 003's convention). */
    public static ShortestPaths shortestPaths(Graph graph) {
        int n = graph.n();
        int[] via = new int[n * n];
        Arrays.fill(via, n + 1);
        int[] d = solve(n, graph.weights(), via);
        return new ShortestPaths(n, d, via);
    }

    private static int[] solve(int n, int[] d, int[] via) {
        for (int k = 0; k < n; k++) {
            relaxRow(n, d, via, k, k);
            relaxOtherRows(n, d, via, k);
        }
        return d;
    }

    /**
     * Step k for every row but k, in parallel: d(i, j) = min(d(i, j), d(i, k) + d(k, j)), and
     * via(i, j) = k where that lowers it (via may be null). NegativeCycle takes its steps with this too.
     */
    static void relaxOtherRows(int n, int[] d, int[] via, int k) {
        IntStream.range(0, n).parallel().filter(i -> i != k).forEach(i -> relaxRow(n, d, via, i, k));
    }

    /** Step k for row i; the row arrays' offsets are hoisted so the JIT sees a plain loop over j. */
    private static void relaxRow(int n, int[] d, int[] via, int i, int k) {
        int dik = d[i * n + k];
        if (dik >= Distances.INF) return;
        int row = i * n, rowK = k * n;
        for (int j = 0; j < n; j++) {
            int dkj = d[rowK + j];
            if (dkj >= Distances.INF) continue;
            // saturate: with a negative cycle distances can fall without bound
            int candidate = Math.max(dik + dkj, -Distances.INF);
            if (candidate < d[row + j]) {
                d[row + j] = candidate;
                if (via != null) via[row + j] = k;
            }
        }
    }
}
