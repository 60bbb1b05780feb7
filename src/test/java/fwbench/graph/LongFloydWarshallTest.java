package fwbench.graph;

import org.jgrapht.alg.shortestpath.FloydWarshallShortestPaths;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleDirectedWeightedGraph;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The int64 CPU reference against JGraphT; its graphs and oracle serve solve's int64 tests too. */
public class LongFloydWarshallTest {

    /** JGraphT's Floyd-Warshall in double, shared with nothing of ours: exact for these sums (below 2^53). */
    public static long[] jgrapht(Graph graph) {
        int n = graph.n();
        SimpleDirectedWeightedGraph<Integer, DefaultWeightedEdge> g = new SimpleDirectedWeightedGraph<>(DefaultWeightedEdge.class);
        for (int v = 0; v < n; v++) g.addVertex(v);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int w = graph.weight(i, j);
                if (i != j && w < Distances.INF) g.setEdgeWeight(g.addEdge(i, j), w);
            }
        }
        FloydWarshallShortestPaths<Integer, DefaultWeightedEdge> fw = new FloydWarshallShortestPaths<>(g);
        long[] d = new long[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double w = fw.getPathWeight(i, j);
                d[i * n + j] = Double.isInfinite(w) ? Distances.INF64 : (long) w;
            }
        }
        return d;
    }

    /**
     * Sparse random graphs of weights near 2^30 (ties: weights drawn from few values; zero weights;
     * unreachable pairs: a last vertex with no edge in), whose distances pass 2^31.
     */
    public static MatrixGraph heavyGraph(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] w = new int[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                boolean edge = i != j && j != n - 1 && random.nextInt(n) < 3;  // about 3 arcs a vertex: paths of many hops
                w[i * n + j] = i == j ? 0 : !edge ? Distances.INF : random.nextInt(8) == 0 ? 0 : 1_000_000_000 + 1000 * random.nextInt(4);
            }
        }
        return new MatrixGraph(n, w, "heavy " + n);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 37, 90})
    void matchesJGraphTPastInt32(int n) {
        MatrixGraph graph = heavyGraph(n, n);
        long[] expected = jgrapht(graph);
        assertArrayEquals(expected, LongFloydWarshall.distances(graph));
        if (n > 2) assertTrue(java.util.Arrays.stream(expected).anyMatch(d -> d > Integer.MAX_VALUE && d < Distances.INF64),
                "the test graph must have distances past 2^31");
    }

    @Test
    void aChainOfHeavyEdgesAddsUpPastInt32() {
        int n = 5;
        int[] w = new int[n * n];
        java.util.Arrays.fill(w, Distances.INF);
        for (int i = 0; i < n; i++) w[i * n + i] = 0;
        for (int i = 0; i + 1 < n; i++) w[i * n + i + 1] = 1_000_000_000;
        long[] d = LongFloydWarshall.distances(new MatrixGraph(n, w, "chain"));
        assertEquals(4_000_000_000L, d[n - 1]);
        assertEquals(Distances.INF64, d[(n - 1) * n]);
    }

    @Test
    void refusesNegativeWeights() {
        int[] w = {0, -1, Distances.INF, 0};
        assertThrows(IllegalArgumentException.class, () -> LongFloydWarshall.distances(new MatrixGraph(2, w, "negative")));
    }
}
