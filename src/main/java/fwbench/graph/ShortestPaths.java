package fwbench.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntBinaryOperator;

/**
 * All-pairs distances with the intermediate-node matrix of report 003: {@code intermediates[i*n+j]}
 * is the intermediate vertex k (0-based) whose relaxation last improved d(i, j), or
 * {@link #noIntermediate()} = n + 1 when the distance is the direct edge (or i = j, or no path).
 * A path is rebuilt by splitting at that vertex: path(i, j) = path(i, k) + path(k, j).
 */
public record ShortestPaths(int n, int[] distances, int[] intermediates) {

    public ShortestPaths {
        if (distances.length != (long) n * n || intermediates.length != (long) n * n)
            throw new IllegalArgumentException("matrices must be " + n + " x " + n);
    }

    /** The "no intermediate vertex" mark of report 003: n + 1. */
    public int noIntermediate() {
        return n + 1;
    }

    public int distance(int i, int j) {
        return distances[i * n + j];
    }

    /**
     * The vertices of a shortest path from i to j, both included; empty when j is unreachable.
     * Throws IllegalStateException when the matrix does not describe a path (an intermediate out
     * of range, or a split that never ends, as a zero-weight cycle can cause).
     */
    public Optional<List<Integer>> path(int i, int j) {
        if (i == j) return Optional.of(List.of(i));
        if (distance(i, j) >= Distances.INF) return Optional.empty();
        return Optional.of(route(n, intermediates, i, j));
    }

    /**
     * The vertices from i to a reachable j, both included, rebuilt from an n x n intermediate-node
     * matrix of any distances (integer or real); IllegalStateException as for {@link #path}.
     */
    public static List<Integer> route(int n, int[] intermediates, int i, int j) {
        return route(n, (a, b) -> intermediates[a * n + b], i, j);
    }

    /**
     * The same from {@code intermediate(a, b)}, the cell (a, b) of the matrix wherever it is kept
     * (a file read cell by cell, past what one Java array holds).
     */
    public static List<Integer> route(int n, IntBinaryOperator intermediate, int i, int j) {
        List<Integer> vertices = new ArrayList<>();
        vertices.add(i);
        if (i != j) appendAfter(n, intermediate, i, j, vertices, 0);
        return vertices;
    }

    // Appends the vertices after i up to and including j. Depth bounds the splits: a simple path
    // has at most n - 1 edges, so deeper recursion means the matrix loops.
    private static void appendAfter(int n, IntBinaryOperator intermediate, int i, int j, List<Integer> out, int depth) {
        if (depth > n || out.size() > n) throw new IllegalStateException("intermediate-node matrix loops between " + i + " and " + j);
        int k = intermediate.applyAsInt(i, j);
        if (k == n + 1) {
            out.add(j);
            return;
        }
        if (k < 0 || k >= n) throw new IllegalStateException("intermediate node " + k + " at (" + i + ", " + j + ") is not a vertex");
        appendAfter(n, intermediate, i, k, out, depth + 1);
        appendAfter(n, intermediate, k, j, out, depth + 1);
    }

    /** A vertex whose distance to itself is negative (it lies on a negative cycle), or -1. */
    public int negativeCycleVertex() {
        for (int v = 0; v < n; v++) if (distances[v * n + v] < 0) return v;
        return -1;
    }
}
