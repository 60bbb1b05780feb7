package fwbench.api;

import org.jgrapht.Graph;
import org.jgrapht.Graphs;
import org.jgrapht.alg.shortestpath.FloydWarshallShortestPaths;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.DirectedWeightedPseudograph;
import org.jgrapht.graph.WeightedPseudograph;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seeded random JGraphT graphs, the same graphs for fwbench's API, and the comparison of an answer
 * with JGraphT's own FloydWarshallShortestPaths, which shares nothing with fwbench.
 *
 * <p>Each graph has vertices 0..n-1 (in that order), about 2n edges among all but the last vertex
 * (isolated from n = 3: unreachable pairs), parallel edges, self-loops of weight >= 0, zero weights
 * and ties (small weights). Directed graphs may have negative weights without a negative cycle:
 * w(u, v) = c + p(u) - p(v) with c >= 0 keeps every cycle's length c's sum. Undirected graphs have
 * weights >= 0 (a negative undirected edge is a negative cycle u - v - u).
 */
public final class TestGraphs {

    /** Weights: whole numbers, or reals with fractions. */
    public enum Weights { WHOLE, REAL }

    private TestGraphs() {
    }

    public static Graph<Integer, DefaultWeightedEdge> directed(int n, long seed, boolean negative, Weights weights) {
        return fill(new DirectedWeightedPseudograph<>(DefaultWeightedEdge.class), n, seed, negative, weights);
    }

    public static Graph<Integer, DefaultWeightedEdge> undirected(int n, long seed, Weights weights) {
        return fill(new WeightedPseudograph<>(DefaultWeightedEdge.class), n, seed, false, weights);
    }

    private static Graph<Integer, DefaultWeightedEdge> fill(Graph<Integer, DefaultWeightedEdge> g, int n, long seed, boolean negative, Weights weights) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int v = 0; v < n; v++) g.addVertex(v);
        int connected = n >= 3 ? n - 1 : n;
        double[] potential = new double[n];
        for (int v = 0; v < n; v++) potential[v] = negative ? value(random, weights, 40) : 0;
        for (int e = 0; e < 2 * n; e++) {
            int u = random.nextInt(connected), v = random.nextInt(connected);
            // small weights: ties and zeros; the potentials make some negative
            double w = value(random, weights, 6) + (u == v ? 0 : potential[u] - potential[v]);
            g.setEdgeWeight(g.addEdge(u, v), w);
        }
        return g;
    }

    /** 0..max-1 whole, or in tenths (0.1 is not exact in binary: sums round). */
    private static double value(SplittableRandom random, Weights weights, int max) {
        return weights == Weights.REAL ? random.nextInt(10 * max) / 10.0 : random.nextInt(max);
    }

    /** The JGraphT graph as an ApspGraph: each edge (both ways where undirected), with long weights for WHOLE, double for REAL. */
    public static ApspGraph toApsp(Graph<Integer, DefaultWeightedEdge> g, Weights weights) {
        ApspGraph.Builder builder = ApspGraph.builder(g.vertexSet().size());
        for (int u : g.vertexSet()) {
            for (DefaultWeightedEdge e : g.outgoingEdgesOf(u)) {
                int v = Graphs.getOppositeVertex(g, e, u);
                double w = g.getEdgeWeight(e);
                if (weights == Weights.WHOLE) builder.edge(u, v, (long) w);
                else builder.edge(u, v, w);
            }
        }
        return builder.build();
    }

    /**
     * The tolerance for float64 distances, relative to max(1, |d|): two float64 Floyd-Warshalls of
     * tenths differ only in rounding, below n x 2^-52 of the weights' sums (about 1e-13 here).
     */
    public static final double REAL_TOLERANCE = 1e-9;

    /**
     * Every distance equal to JGraphT's (exactly, or within {@code tolerance}), and where routes were
     * kept every path a real path of the graph, from and to the right vertices, as long as its distance.
     */
    public static void assertMatchesJGraphT(Graph<Integer, DefaultWeightedEdge> g, ApspResult got, double tolerance) {
        FloydWarshallShortestPaths<Integer, DefaultWeightedEdge> expected = new FloydWarshallShortestPaths<>(g);
        int n = g.vertexSet().size();
        assertEquals(n, got.n());
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double want = expected.getPathWeight(i, j), have = got.distance(i, j);
                String pair = i + " -> " + j + " (" + got + ")";
                if (Double.isInfinite(want) || tolerance == 0) assertEquals(want, have, pair);
                else assertEquals(want, have, tolerance * Math.max(1, Math.abs(want)), pair);
                if (got.cells() == ApspResult.Cells.INT32) {
                    assertEquals(Double.isInfinite(want), got.integerDistance(i, j).isEmpty(), pair);
                    if (!Double.isInfinite(want)) assertEquals((long) want, got.integerDistance(i, j).getAsLong(), pair);
                }
                if (got.hasRoutes()) assertRealPath(g, i, j, got.path(i, j), have, tolerance);
            }
        }
    }

    /** The path is a walk of the graph's edges from i to j (empty: unreachable) whose lightest edges weigh the distance. */
    public static void assertRealPath(Graph<Integer, DefaultWeightedEdge> g, int i, int j, List<Integer> path, double distance, double tolerance) {
        String pair = i + " -> " + j + ": " + path;
        if (Double.isInfinite(distance)) {
            assertEquals(List.of(), path, pair);
            return;
        }
        assertEquals(i, path.get(0), pair);
        assertEquals(j, path.get(path.size() - 1), pair);
        double length = 0;
        for (int s = 0; s + 1 < path.size(); s++) {
            double lightest = g.getAllEdges(path.get(s), path.get(s + 1)).stream().mapToDouble(g::getEdgeWeight).min().orElse(Double.NaN);
            assertTrue(!Double.isNaN(lightest), "no edge " + path.get(s) + " -> " + path.get(s + 1) + " on " + pair);
            length += lightest;
        }
        if (tolerance == 0) assertEquals(distance, length, pair);
        else assertEquals(distance, length, tolerance * Math.max(1, Math.abs(distance)), pair);
    }
}
