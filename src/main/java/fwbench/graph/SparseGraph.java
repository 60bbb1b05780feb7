package fwbench.graph;

import java.nio.IntBuffer;
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
        if (n < 1 || n > Distances.GRID_MAX_N) throw new IllegalArgumentException("n must be in 1.." + Distances.GRID_MAX_N + ", got " + n);
        // edges bucketed by row (a counting sort), then each row sorted by one key per edge: the
        // column, then the weight with its sign bit flipped so that lighter sorts first; a key
        // never holds i * n + j, which passes 2^32 at n = 65536
        int[] rowStart = new int[n + 1];
        for (int e = 0; e < count; e++) {
            int i = edges[3 * e], j = edges[3 * e + 1], w = edges[3 * e + 2];
            if (i < 0 || i >= n || j < 0 || j >= n) throw new IllegalArgumentException("edge " + i + " -> " + j + " outside 0.." + (n - 1));
            if (i != j || w < 0) rowStart[i + 1]++;
        }
        for (int i = 0; i < n; i++) rowStart[i + 1] += rowStart[i];
        long[] keys = new long[rowStart[n]];
        int[] next = Arrays.copyOf(rowStart, n);
        for (int e = 0; e < count; e++) {
            int i = edges[3 * e], j = edges[3 * e + 1], w = edges[3 * e + 2];
            if (i == j && w >= 0) continue;
            keys[next[i]++] = (long) j << 32 | (w ^ Integer.MIN_VALUE) & 0xFFFF_FFFFL;
        }
        int[] rows = new int[keys.length], columns = new int[keys.length], weights = new int[keys.length];
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            Arrays.sort(keys, rowStart[i], rowStart[i + 1]);
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                int j = (int) (keys[k] >>> 32);
                if (k > rowStart[i] && columns[distinct - 1] == j) continue;  // a heavier parallel edge
                rows[distinct] = i;
                columns[distinct] = j;
                weights[distinct++] = (int) keys[k] ^ Integer.MIN_VALUE;
            }
        }
        return new SparseGraph(n, rows, columns, weights, distinct, description);
    }

    /** Edges in row-major order, each cell once. */
    private SparseGraph(int n, int[] rows, int[] columns, int[] weights, int count, String description) {
        this.n = n;
        this.description = description;
        this.rowStart = new int[n + 1];
        this.column = Arrays.copyOf(columns, count);
        this.weight = Arrays.copyOf(weights, count);
        boolean allPositive = true, anyNegative = false;
        int max = 0, min = 0;
        long maxAbs = 0, selfLoops = 0;
        for (int e = 0; e < count; e++) {
            int i = rows[e], j = columns[e], w = weights[e];
            rowStart[i + 1]++;
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

    /** The dense matrix, made now: 4 n^2 bytes (n at most {@link Distances#INT_INDEX_MAX_N}). */
    @Override
    public int[] weights() {
        int[] w = new int[Math.multiplyExact(n, n)];
        Arrays.fill(w, Distances.INF);
        for (int i = 0; i < n; i++) w[i * n + i] = 0;
        for (int i = 0; i < n; i++) {
            for (int e = rowStart[i]; e < rowStart[i + 1]; e++) w[i * n + column[e]] = weight[e];
        }
        return w;
    }

    /**
     * Writes rows firstRow .. firstRow + rows - 1 of the ld x ld padded weight matrix into
     * {@code target} from its position, ld ints a row: the weights in the first n columns of the
     * first n rows, 0 on the whole diagonal, INF elsewhere (padding vertices are isolated). One
     * row band of a matrix too large for a Java array, made from the edges without one.
     */
    public void fillRows(int firstRow, int rows, int ld, IntBuffer target) {
        if (ld < n || firstRow < 0 || rows < 0 || (long) firstRow + rows > ld) {
            throw new IllegalArgumentException("rows " + firstRow + " + " + rows + " of an ld x ld matrix, ld = " + ld + " >= n = " + n);
        }
        // whole rows of INF by bulk copy, then the few cells that differ by absolute puts
        int[] absent = new int[ld];
        Arrays.fill(absent, Distances.INF);
        int base = target.position();
        for (int r = 0; r < rows; r++) target.put(absent);
        for (int i = firstRow; i < firstRow + rows; i++) {
            int at = base + (i - firstRow) * ld;
            target.put(at + i, 0);
            if (i < n) {
                for (int e = rowStart[i]; e < rowStart[i + 1]; e++) target.put(at + column[e], weight[e]);
            }
        }
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
