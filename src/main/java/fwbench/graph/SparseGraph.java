package fwbench.graph;

import java.util.Arrays;

/**
 * A graph kept as its edges, row by row (compressed sparse rows): what a graph file holds. Its
 * n x n matrix is made only when {@link #weights()} is asked for, so reading a file of 30000
 * vertices and one edge costs one edge, and the heap and device checks run before any matrix.
 */
public final class SparseGraph implements Graph {

    /** Heap bytes an edge takes here: its column and its weight. */
    public static final int BYTES_PER_EDGE = 8;

    private final int n;
    private final int[] rowStart;
    private final int[] column;
    private final int[] weight;
    private final String description;
    private final boolean positive;
    private final boolean negative;
    private final int maxWeight;
    private final int minWeight;
    private final long maxAbsWeight;
    private final boolean complete;

    /**
     * The graph of {@code count} edges given as triples {@code (from, to, weight)} in {@code edges},
     * vertices from 0, by the rules every graph file shares: parallel edges keep the lightest, and a
     * self-loop of weight >= 0 is dropped (no shortest path uses it: the diagonal stays 0) while a
     * negative one is kept, as the negative cycle it is.
     */
    public static SparseGraph lightestEdges(int n, int[] edges, int count, String description) {
        if (n < 1 || n > Distances.INT_INDEX_MAX_N) throw new IllegalArgumentException("n must be in 1.." + Distances.INT_INDEX_MAX_N + ", got " + n);
        // one sortable key per edge: the cell, then the weight with its sign bit flipped so that lighter sorts first
        long[] keys = new long[count];
        int kept = 0;
        for (int e = 0; e < count; e++) {
            int i = edges[3 * e], j = edges[3 * e + 1], w = edges[3 * e + 2];
            if (i < 0 || i >= n || j < 0 || j >= n) throw new IllegalArgumentException("edge " + i + " -> " + j + " outside 0.." + (n - 1));
            if (i == j && w >= 0) continue;
            keys[kept++] = (long) (i * n + j) << 32 | (w ^ Integer.MIN_VALUE) & 0xFFFF_FFFFL;
        }
        Arrays.parallelSort(keys, 0, kept);
        int[] cells = new int[kept], weights = new int[kept];
        int distinct = 0;
        for (int k = 0; k < kept; k++) {
            int cell = (int) (keys[k] >>> 32);
            if (distinct > 0 && cells[distinct - 1] == cell) continue;  // a heavier parallel edge
            cells[distinct] = cell;
            weights[distinct++] = (int) keys[k] ^ Integer.MIN_VALUE;
        }
        return new SparseGraph(n, cells, weights, distinct, description);
    }

    /** Edges at row-major {@code cells}, increasing, each once. */
    private SparseGraph(int n, int[] cells, int[] weights, int count, String description) {
        this.n = n;
        this.description = description;
        this.rowStart = new int[n + 1];
        this.column = new int[count];
        this.weight = Arrays.copyOf(weights, count);
        boolean allPositive = true, anyNegative = false;
        int max = 0, min = 0;
        long maxAbs = 0, selfLoops = 0;
        for (int e = 0; e < count; e++) {
            int i = cells[e] / n, j = cells[e] % n, w = weights[e];
            rowStart[i + 1]++;
            column[e] = j;
            if (i == j) selfLoops++;
            if (i != j && w <= 0) allPositive = false;
            if (w < 0) anyNegative = true;
            min = Math.min(min, w);
            if (i != j) max = Math.max(max, w);
            maxAbs = Math.max(maxAbs, Math.abs((long) w));
        }
        for (int i = 0; i < n; i++) rowStart[i + 1] += rowStart[i];
        this.positive = allPositive;
        this.negative = anyNegative;
        this.maxWeight = max;
        this.minWeight = min;
        this.maxAbsWeight = maxAbs;
        this.complete = count - selfLoops == (long) n * (n - 1);
    }

    @Override
    public int n() {
        return n;
    }

    /** Directed edges, a negative self-loop included. */
    public long edges() {
        return column.length;
    }

    /** The largest |w| of an edge, 0 without edges. */
    public long maxAbsWeight() {
        return maxAbsWeight;
    }

    /** What this graph keeps in the heap: its edges and a start per row. */
    public long heapBytes() {
        return (long) BYTES_PER_EDGE * column.length + 4L * (n + 1);
    }

    @Override
    public int weight(int i, int j) {
        int at = Arrays.binarySearch(column, rowStart[i], rowStart[i + 1], j);
        if (at >= 0) return weight[at];
        return i == j ? 0 : Distances.INF;
    }

    /** The dense matrix, made now: 4 n^2 bytes. */
    @Override
    public int[] weights() {
        int[] w = new int[n * n];
        Arrays.fill(w, Distances.INF);
        for (int i = 0; i < n; i++) w[i * n + i] = 0;
        for (int i = 0; i < n; i++) {
            for (int e = rowStart[i]; e < rowStart[i + 1]; e++) w[i * n + column[e]] = weight[e];
        }
        return w;
    }

    @Override
    public boolean positiveWeights() {
        return positive;
    }

    @Override
    public boolean negativeWeights() {
        return negative;
    }

    @Override
    public int maxWeight() {
        return maxWeight;
    }

    @Override
    public int minWeight() {
        return minWeight;
    }

    @Override
    public boolean complete() {
        return complete;
    }

    @Override
    public String describe() {
        return description;
    }
}
