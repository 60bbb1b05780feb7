package fwbench.graph;

import org.jgrapht.alg.shortestpath.FloydWarshallShortestPaths;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleDirectedWeightedGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReferenceFloydWarshallTest {

    /** JGraphT's Floyd-Warshall, shared with nothing of ours. */
    static int[] jgrapht(Graph graph) {
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
        int[] d = new int[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double w = fw.getPathWeight(i, j);
                d[i * n + j] = Double.isInfinite(w) ? Distances.INF : (int) w;
            }
        }
        return d;
    }

    @ParameterizedTest
    @CsvSource({"random, 1", "random, 57", "sparse:0.05, 80", "sparse:0.3, 64", "hops:0.02, 120"})
    void matchesJGraphTOnGeneratedGraphs(String spec, int n) {
        GeneratedGraph graph = GraphSpec.parse(spec).instance(n, 7);
        assertArrayEquals(jgrapht(graph), ReferenceFloydWarshall.distances(graph));
    }

    /** Negative edges without negative cycles: w(u, v) + p(u) - p(v) keeps every cycle's length. */
    @ParameterizedTest
    @ValueSource(ints = {2, 9, 70})
    void matchesJGraphTWithNegativeWeights(int n) {
        SplittableRandom random = new SplittableRandom(n);
        int[] potential = random.ints(n, 0, 50).toArray();
        int[] w = new int[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                boolean edge = i != j && random.nextInt(4) == 0;
                w[i * n + j] = i == j ? 0 : edge ? random.nextInt(0, 30) + potential[i] - potential[j] : Distances.INF;
            }
        }
        MatrixGraph graph = new MatrixGraph(n, w, "negative weights");
        assertArrayEquals(jgrapht(graph), ReferenceFloydWarshall.distances(graph));
    }

    @Test
    void reproducesReport003Example() {
        ShortestPaths sp = ReferenceFloydWarshall.shortestPaths(Graphs.report003());
        assertArrayEquals(Graphs.flatten(Graphs.REPORT_003_DISTANCES), sp.distances());
        assertArrayEquals(Graphs.flatten(Graphs.REPORT_003_INTERMEDIATES), sp.intermediates());
        assertEquals(7, sp.noIntermediate());
        assertEquals(List.of(4, 2, 0, 3), sp.path(4, 3).orElseThrow());
    }

    @Test
    void emptyGraphHasOnlyTheDiagonal() {
        int n = 9;
        int[] d = ReferenceFloydWarshall.distances(Graphs.empty(n));
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) assertEquals(i == j ? 0 : Distances.INF, d[i * n + j]);
    }

    @Test
    void completeGraphKeepsItsEdges() {
        int n = 12;
        int[] d = ReferenceFloydWarshall.distances(Graphs.complete(n, 5));
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) assertEquals(i == j ? 0 : 5, d[i * n + j]);
    }

    @Test
    void directedCycleDistancesWrapAround() {
        int n = 13;
        ShortestPaths sp = ReferenceFloydWarshall.shortestPaths(Graphs.directedCycle(n));
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                assertEquals(Math.floorMod(j - i, n), sp.distance(i, j));
                assertEquals(Math.floorMod(j - i, n) + 1, sp.path(i, j).orElseThrow().size());
            }
        }
    }

    @Test
    void unreachablePairsStayInfAndHaveNoPath() {
        int n = 10;
        ShortestPaths sp = ReferenceFloydWarshall.shortestPaths(Graphs.twoComponents(n));
        assertEquals(Distances.INF, sp.distance(0, 9));
        assertTrue(sp.path(0, 9).isEmpty());
        assertTrue(sp.distance(0, 4) < Distances.INF);
    }

    @Test
    void negativeCycleShowsOnTheDiagonal() {
        int[] w = Graphs.directedCycle(4).weights();
        w[3 * 4] = -5;  // 3 -> 0 closes a cycle of length 1 + 1 + 1 - 5 = -2
        ShortestPaths sp = ReferenceFloydWarshall.shortestPaths(new MatrixGraph(4, w, "negative cycle"));
        assertTrue(sp.negativeCycleVertex() >= 0);
    }
}
