package fwbench.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds a cycle of negative length, to name it when a solve ends with a negative diagonal.
 *
 * <p>A negative diagonal cell d(v, v) after Floyd-Warshall says only that v can reach a negative
 * cycle and come back: v itself need not lie on one. This runs Floyd-Warshall again (with explicit
 * INF tests, like {@link ReferenceFloydWarshall}) and stops before the first step k that would make
 * a diagonal cell negative: d(v, k) + d(k, v) < 0. Until then no closed walk through the vertices
 * 0..k-1 is negative, so d holds exact shortest paths, the walk k -> v -> k they give weighs
 * d(k, v) + d(v, k) < 0, and cutting out its repeated vertices (closed walks through 0..k-1 and v,
 * none negative) leaves a simple negative cycle through k.
 */
public final class NegativeCycle {

    /** n x n int32 matrices {@link #find} holds: its distances and its intermediate nodes. */
    static final int HEAP_MATRICES = 2;

    private NegativeCycle() {
    }

    /** The vertices of a negative cycle, in order (the first is not repeated at the end); empty when there is none. */
    public static Optional<List<Integer>> find(Graph graph) {
        int n = graph.n();
        int[] d = graph.weights();
        for (int v = 0; v < n; v++) if (d[v * n + v] < 0) return Optional.of(List.of(v));  // a negative self-loop
        int[] via = new int[n * n];
        Arrays.fill(via, -1);
        for (int k = 0; k < n; k++) {
            int rowK = k * n;
            for (int v = 0; v < n; v++) {
                int dvk = d[v * n + k], dkv = d[rowK + v];
                if (v != k && dvk < Distances.INF && dkv < Distances.INF && (long) dvk + dkv < 0) {
                    return Optional.of(cycleThrough(k, v, n, via));
                }
            }
            // row k and column k do not change in step k (d(k, k) = 0), so rows are independent; no negative
            // closed walk yet, so every sum is at least a simple path's length, above -INF: the reference's
            // saturation never acts and nothing overflows
            ReferenceFloydWarshall.relaxOtherRows(n, d, via, k);
        }
        return Optional.empty();
    }

    /** Sum of the cycle's edge weights (closing edge included). */
    public static long length(Graph graph, List<Integer> cycle) {
        long sum = 0;
        for (int s = 0; s < cycle.size(); s++) sum += graph.weight(cycle.get(s), cycle.get((s + 1) % cycle.size()));
        return sum;
    }

    /** The walk k -> v -> k, with its repeated stretches cut out. */
    private static List<Integer> cycleThrough(int k, int v, int n, int[] via) {
        List<Integer> walk = new ArrayList<>();
        walk.add(k);
        appendPath(k, v, n, via, walk);
        appendPath(v, k, n, via, walk);
        walk.remove(walk.size() - 1);  // k again
        // the two paths are simple; where they share a vertex, drop the stretch between its two visits
        List<Integer> cycle = new ArrayList<>();
        Map<Integer, Integer> at = new HashMap<>();
        for (int vertex : walk) {
            Integer seen = at.get(vertex);
            if (seen != null) {
                for (int s = cycle.size() - 1; s > seen; s--) at.remove(cycle.remove(s));
            } else {
                at.put(vertex, cycle.size());
                cycle.add(vertex);
            }
        }
        return cycle;
    }

    /** Appends the vertices after i up to j of the shortest path the via matrix holds. */
    private static void appendPath(int i, int j, int n, int[] via, List<Integer> out) {
        int k = via[i * n + j];
        if (k < 0) {
            out.add(j);
            return;
        }
        appendPath(i, k, n, via, out);
        appendPath(k, j, n, via, out);
    }
}
