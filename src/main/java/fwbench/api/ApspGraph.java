package fwbench.api;

import fwbench.graph.Distances;
import fwbench.graph.RealGraph;
import fwbench.graph.SparseGraph;

import java.util.Arrays;

/**
 * A weighted directed graph to solve: n vertices numbered 0..n-1, and its edges. Built edge by edge
 * ({@link #builder(int)}) or from a dense matrix ({@link #fromMatrix(long[][], long)},
 * {@link #fromMatrix(double[][])}); kept as its edges, so a sparse graph of many vertices costs
 * little until it is solved.
 *
 * <p>The same rules as {@code solve}'s graph files: parallel edges keep the lightest; a self-loop
 * of weight >= 0 is dropped (no shortest path uses it) and a negative one is a negative cycle;
 * negative weights are allowed. An undirected edge is two edges, one each way
 * ({@link Builder#undirectedEdge(int, int, long)}).
 *
 * <p>Weights are integers (int32 distances, exact, solved by the GPU's fastest variants) while every
 * edge is added with a {@code long} weight; one {@code double} weight makes the graph real (float64
 * distances by default: {@link ApspOptions#float32(boolean)} says when float32 is used). Bad input
 * throws an {@link IllegalArgumentException} in one sentence: n outside 1..46340, a vertex out of
 * range, a NaN or infinite weight, an integer weight of 2^30 - 1 or more, integer distances that
 * could overflow int32 (some simple path of n - 1 edges as heavy as the heaviest), a real weight
 * beyond float32's range.
 */
public final class ApspGraph {

    /**
     * Integer weights, and the distances they add up to, lie strictly between -INTEGER_LIMIT and
     * INTEGER_LIMIT = 2^30 - 1 (int32 cells, whose sum of two must not overflow).
     */
    public static final long INTEGER_LIMIT = Distances.INF;

    private final SparseGraph graph;
    private final RealGraph realGraph;
    /** The smallest |w| > 0 of a real weight given (+infinity for none): float32 holds below float32's normal range poorly. */
    private final double smallestRealWeight;

    private ApspGraph(SparseGraph graph, RealGraph realGraph, double smallestRealWeight) {
        this.graph = graph;
        this.realGraph = realGraph;
        this.smallestRealWeight = smallestRealWeight;
    }

    /** A builder for a graph of n vertices, 0..n-1, with no edges yet. */
    public static Builder builder(int n) {
        return new Builder(n);
    }

    /**
     * The graph of an n x n matrix of integer weights: {@code weights[i][j]} is the edge i -> j,
     * {@code noEdge} (e.g. Long.MAX_VALUE) where there is none; the diagonal is a self-loop.
     */
    public static ApspGraph fromMatrix(long[][] weights, long noEdge) {
        Builder builder = new Builder(weights.length);
        for (int i = 0; i < weights.length; i++) {
            requireRow(weights.length, i, weights[i] == null ? -1 : weights[i].length);
            for (int j = 0; j < weights.length; j++) if (weights[i][j] != noEdge) builder.edge(i, j, weights[i][j]);
        }
        return builder.build();
    }

    /**
     * The graph of an n x n matrix of real weights: {@code weights[i][j]} is the edge i -> j,
     * {@code Double.POSITIVE_INFINITY} where there is none; the diagonal is a self-loop.
     */
    public static ApspGraph fromMatrix(double[][] weights) {
        Builder builder = new Builder(weights.length);
        for (int i = 0; i < weights.length; i++) {
            requireRow(weights.length, i, weights[i] == null ? -1 : weights[i].length);
            for (int j = 0; j < weights.length; j++) if (weights[i][j] != Double.POSITIVE_INFINITY) builder.edge(i, j, weights[i][j]);
        }
        return builder.build();
    }

    private static void requireRow(int n, int i, int length) {
        if (length != n) throw new IllegalArgumentException("row " + i + " of the matrix has " + Math.max(0, length) + " values; a matrix of " + n + " rows needs " + n);
    }

    /** Vertices. */
    public int n() {
        return graph != null ? graph.n() : realGraph.n();
    }

    /** Directed edges kept (parallel edges merged into the lightest, self-loops of weight >= 0 dropped). */
    public long edges() {
        return graph != null ? graph.edges() : realGraph.edges();
    }

    /** Whether some weight was given as a double: the distances are real (float64, or float32 when asked). */
    public boolean realWeights() {
        return realGraph != null;
    }

    /** The smallest |w| other than 0 among the weights given as doubles; +infinity for none. */
    double smallestRealWeight() {
        return smallestRealWeight;
    }

    /** The integer graph, or null for real weights. */
    SparseGraph integerGraph() {
        return graph;
    }

    /** The real graph, or null for integer weights. */
    RealGraph realGraph() {
        return realGraph;
    }

    /** Adds edges one at a time; {@link #build()} makes the graph (the builder can go on and build again). */
    public static final class Builder {

        private final int n;
        private int[] ends = new int[2 * 16];
        private long[] whole = new long[16];
        /** The weights as doubles once one is given as a double; null while every weight is an integer. */
        private double[] real;
        private double smallestReal = Double.POSITIVE_INFINITY;
        private int count;

        private Builder(int n) {
            if (n < 1 || n > Distances.INT_INDEX_MAX_N) {
                throw new IllegalArgumentException("n must be between 1 and " + Distances.INT_INDEX_MAX_N
                        + " (the n x n distances are one Java array, at most 2^31 - 1 cells), got " + n);
            }
            this.n = n;
        }

        /** The edge from -> to of integer weight w (|w| below 2^30 - 1, fwbench's INF). */
        public Builder edge(int from, int to, long weight) {
            requireVertices(from, to);
            if (Math.abs(weight) >= INTEGER_LIMIT) {
                throw new IllegalArgumentException("edge " + from + " -> " + to + " weighs " + weight + ": an integer weight must lie strictly between -"
                        + INTEGER_LIMIT + " and " + INTEGER_LIMIT + " (int32 distances); give it as a double for float64 distances");
            }
            add(from, to, weight, weight);
            return this;
        }

        /** The edge from -> to of real weight w (finite, |w| at most float32's largest value, 3.4028235E38). */
        public Builder edge(int from, int to, double weight) {
            requireVertices(from, to);
            if (Double.isNaN(weight) || Double.isInfinite(weight)) {
                throw new IllegalArgumentException("edge " + from + " -> " + to + " weighs " + weight + ": a weight must be a finite number (leave an absent edge out)");
            }
            if (Math.abs(weight) > RealGraph.MAX_ABS_WEIGHT) {
                throw new IllegalArgumentException("edge " + from + " -> " + to + " weighs " + weight + ": |w| must be at most " + Float.MAX_VALUE
                        + " (float32's largest value)");
            }
            if (real == null) {
                real = new double[whole.length];
                for (int e = 0; e < count; e++) real[e] = whole[e];
            }
            if (weight != 0) smallestReal = Math.min(smallestReal, Math.abs(weight));
            add(from, to, 0, weight);
            return this;
        }

        /** The edge u - v both ways, of integer weight w (a negative one is a negative cycle u -> v -> u). */
        public Builder undirectedEdge(int u, int v, long weight) {
            edge(u, v, weight);
            return u == v ? this : edge(v, u, weight);
        }

        /** The edge u - v both ways, of real weight w (a negative one is a negative cycle u -> v -> u). */
        public Builder undirectedEdge(int u, int v, double weight) {
            edge(u, v, weight);
            return u == v ? this : edge(v, u, weight);
        }

        /**
         * The graph of the edges so far; refuses integer weights whose distances could reach int32's
         * INF: (n - 1) x the largest |w| must stay below 2^30 - 1.
         */
        public ApspGraph build() {
            if (real != null) return new ApspGraph(null, RealGraph.lightestEdges(n, Arrays.copyOf(ends, 2 * count), real, count, "the graph"), smallestReal);
            int[] triples = new int[3 * count];
            for (int e = 0; e < count; e++) {
                triples[3 * e] = ends[2 * e];
                triples[3 * e + 1] = ends[2 * e + 1];
                triples[3 * e + 2] = (int) whole[e];
            }
            SparseGraph graph = SparseGraph.lightestEdges(n, triples, count, "the graph");
            long bound = (long) (n - 1) * graph.maxAbsWeight();
            if (bound >= INTEGER_LIMIT) {
                throw new IllegalArgumentException("integer distances could overflow: a simple path of n - 1 = " + (n - 1) + " edges of up to |w| = "
                        + graph.maxAbsWeight() + " could weigh " + bound + ", not below " + INTEGER_LIMIT
                        + " (int32 distances); give the weights as doubles for float64 distances, or scale them down");
            }
            return new ApspGraph(graph, null, Double.POSITIVE_INFINITY);
        }

        private void requireVertices(int from, int to) {
            for (int v : new int[] {from, to}) {
                if (v < 0 || v >= n) throw new IllegalArgumentException("vertex " + v + " is out of range 0.." + (n - 1) + " (n = " + n + ")");
            }
        }

        private void add(int from, int to, long wholeWeight, double realWeight) {
            if (count == whole.length) {
                if (count > Integer.MAX_VALUE / 4) throw new IllegalArgumentException("more than " + count + " edges: too many for one graph");
                whole = Arrays.copyOf(whole, 2 * count);
                ends = Arrays.copyOf(ends, 4 * count);
                if (real != null) real = Arrays.copyOf(real, 2 * count);
            }
            ends[2 * count] = from;
            ends[2 * count + 1] = to;
            whole[count] = wholeWeight;
            if (real != null) real[count] = realWeight;
            count++;
        }
    }
}
