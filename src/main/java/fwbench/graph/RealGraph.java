package fwbench.graph;

import java.util.Arrays;

/**
 * A graph whose weights are real numbers (some not whole), kept as its edges row by row like
 * {@link SparseGraph}: what a graph file with decimal weights holds. Weights are float64 as read;
 * on the device they become float32 ({@link #float32Words()}). No edge and no path are +infinity.
 *
 * <p>Every weight is 0 or has |w| within float32's normal range, {@link #MIN_ABS_WEIGHT} to
 * {@link #MAX_ABS_WEIGHT}: a subnormal float32 loses relative precision, which the tolerance of
 * the check (fwbench.verify.Verification) would not cover.
 */
public final class RealGraph {

    /** Heap bytes an edge takes here: its column and its weight. */
    public static final int BYTES_PER_EDGE = 12;

    /** The largest |w| float32 holds. */
    public static final double MAX_ABS_WEIGHT = Float.MAX_VALUE;

    /** The smallest |w| other than 0 that float32 holds with full precision. */
    public static final double MIN_ABS_WEIGHT = Float.MIN_NORMAL;

    private final int n;
    private final int[] rowStart;
    private final int[] column;
    private final double[] weight;
    private final String description;
    private final boolean negative;
    private final double maxAbsWeight;

    /**
     * The graph of {@code count} edges {@code (ends[2e], ends[2e + 1])} of weight {@code weights[e]},
     * vertices from 0, by the rules every graph file shares ({@link SparseGraph#lightestEdges}):
     * parallel edges keep the lightest, a self-loop of weight >= 0 is dropped, a negative one kept;
     * a weight of -0 is stored as +0.
     */
    public static RealGraph lightestEdges(int n, int[] ends, double[] weights, int count, String description) {
        if (n < 1 || n > Distances.INT_INDEX_MAX_N) throw new IllegalArgumentException("n must be in 1.." + Distances.INT_INDEX_MAX_N + ", got " + n);
        // one sortable key per edge: its cell, then its index (the lightest of a cell is picked after sorting)
        long[] keys = new long[count];
        int kept = 0;
        for (int e = 0; e < count; e++) {
            int i = ends[2 * e], j = ends[2 * e + 1];
            double w = weights[e];
            if (i < 0 || i >= n || j < 0 || j >= n) throw new IllegalArgumentException("edge " + i + " -> " + j + " outside 0.." + (n - 1));
            if (!(Math.abs(w) <= MAX_ABS_WEIGHT)) throw new IllegalArgumentException("weight " + w + " is not a finite float32");
            if (i == j && w >= 0) continue;
            keys[kept++] = (long) (i * n + j) << 32 | e;
        }
        Arrays.parallelSort(keys, 0, kept);
        int[] cells = new int[kept];
        double[] lightest = new double[kept];
        int distinct = 0;
        for (int k = 0; k < kept; k++) {
            int cell = (int) (keys[k] >>> 32);
            double w = weights[(int) keys[k]] + 0.0;  // -0 as +0: kleene-f32's products order distances by their bits (kernels/cells.cuh)
            if (distinct > 0 && cells[distinct - 1] == cell) {
                lightest[distinct - 1] = Math.min(lightest[distinct - 1], w);
            } else {
                cells[distinct] = cell;
                lightest[distinct++] = w;
            }
        }
        return new RealGraph(n, cells, lightest, distinct, description);
    }

    /** Edges at row-major {@code cells}, increasing, each once. */
    private RealGraph(int n, int[] cells, double[] weights, int count, String description) {
        this.n = n;
        this.description = description;
        this.rowStart = new int[n + 1];
        this.column = new int[count];
        this.weight = Arrays.copyOf(weights, count);
        boolean anyNegative = false;
        double maxAbs = 0;
        for (int e = 0; e < count; e++) {
            rowStart[cells[e] / n + 1]++;
            column[e] = cells[e] % n;
            if (weights[e] < 0) anyNegative = true;
            maxAbs = Math.max(maxAbs, Math.abs(weights[e]));
        }
        for (int i = 0; i < n; i++) rowStart[i + 1] += rowStart[i];
        this.negative = anyNegative;
        this.maxAbsWeight = maxAbs;
    }

    public int n() {
        return n;
    }

    /** Directed edges, a negative self-loop included. */
    public long edges() {
        return column.length;
    }

    /** The largest |w| of an edge, 0 without edges. */
    public double maxAbsWeight() {
        return maxAbsWeight;
    }

    /** Whether some edge weighs less than 0. */
    public boolean negativeWeights() {
        return negative;
    }

    /** What this graph keeps in the heap: its edges and a start per row. */
    public long heapBytes() {
        return (long) BYTES_PER_EDGE * column.length + 4L * (n + 1);
    }

    /** Weight of edge (i, j): 0 when i = j (unless a negative self-loop), +infinity when absent. */
    public double weight(int i, int j) {
        int at = Arrays.binarySearch(column, rowStart[i], rowStart[i + 1], j);
        if (at >= 0) return weight[at];
        return i == j ? 0 : Double.POSITIVE_INFINITY;
    }

    /** The dense float64 matrix, made now: 8 n^2 bytes, 0 on the diagonal, +infinity for no edge. */
    public double[] weights() {
        double[] w = new double[n * n];
        Arrays.fill(w, Double.POSITIVE_INFINITY);
        for (int i = 0; i < n; i++) w[i * n + i] = 0;
        for (int i = 0; i < n; i++) {
            for (int e = rowStart[i]; e < rowStart[i + 1]; e++) w[i * n + column[e]] = weight[e];
        }
        return w;
    }

    /**
     * The dense matrix as the device holds it: the bits of each weight rounded to float32 (4 n^2
     * bytes), 0 on the diagonal, +infinity for no edge.
     */
    public int[] float32Words() {
        int[] w = new int[n * n];
        Arrays.fill(w, Float.floatToRawIntBits(Float.POSITIVE_INFINITY));
        for (int i = 0; i < n; i++) w[i * n + i] = Float.floatToRawIntBits(0f);
        for (int i = 0; i < n; i++) {
            for (int e = rowStart[i]; e < rowStart[i + 1]; e++) w[i * n + column[e]] = Float.floatToRawIntBits((float) weight[e]);
        }
        return w;
    }

    /** What this graph is, for messages: its file. */
    public String describe() {
        return description;
    }
}
