package fwbench.api.jgrapht;

import fwbench.api.ApspOptions;
import fwbench.api.ApspResult;
import fwbench.api.TestGraphs;
import fwbench.api.TestGraphs.Weights;
import org.jgrapht.Graph;
import org.jgrapht.GraphPath;
import org.jgrapht.Graphs;
import org.jgrapht.alg.interfaces.ShortestPathAlgorithm;
import org.jgrapht.alg.interfaces.ShortestPathAlgorithm.SingleSourcePaths;
import org.jgrapht.alg.shortestpath.FloydWarshallShortestPaths;
import org.jgrapht.alg.shortestpath.NegativeCycleDetectedException;
import org.jgrapht.graph.DefaultDirectedWeightedGraph;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleWeightedGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JGraphT adapter against JGraphT's own FloydWarshallShortestPaths, on the CPU here
 * (GpuFloydWarshallShortestPathsGpuTest runs the same on the GPU): the same weights, the same unreachable pairs (null
 * paths, +infinity), the same messages for a missing vertex; every path a walk of the graph's own
 * edges, the lightest between two vertices, as heavy as its weight.
 */
class GpuFloydWarshallShortestPathsTest {

    @ParameterizedTest
    @CsvSource({"1, true, WHOLE", "2, true, WHOLE", "37, true, WHOLE", "150, true, WHOLE", "37, false, REAL", "150, true, REAL"})
    void directedGraphsMatchJGraphT(int n, boolean negative, Weights weights) {
        Graph<Integer, DefaultWeightedEdge> g = TestGraphs.directed(n, 300 + n, negative, weights);
        GpuFloydWarshallShortestPaths<Integer, DefaultWeightedEdge> ours = new GpuFloydWarshallShortestPaths<>(g);
        assertSameAnswers(g, new FloydWarshallShortestPaths<>(g), ours, weights);
        assertEquals(weights == Weights.WHOLE ? ApspResult.Cells.INT32 : ApspResult.Cells.FLOAT64, ours.cells(), "whole weights are solved in int32");
    }

    @ParameterizedTest
    @CsvSource({"1, WHOLE", "2, REAL", "37, WHOLE", "37, REAL", "150, WHOLE", "150, REAL"})
    void undirectedGraphsMatchJGraphT(int n, Weights weights) {
        Graph<Integer, DefaultWeightedEdge> g = TestGraphs.undirected(n, 400 + n, weights);
        assertSameAnswers(g, new FloydWarshallShortestPaths<>(g), new GpuFloydWarshallShortestPaths<>(g), weights);
    }

    /** The comparison over every pair, shared with the GPU's test. */
    static void assertSameAnswers(Graph<Integer, DefaultWeightedEdge> g, ShortestPathAlgorithm<Integer, DefaultWeightedEdge> expected,
                                  ShortestPathAlgorithm<Integer, DefaultWeightedEdge> ours, Weights weights) {
        double tolerance = weights == Weights.WHOLE ? 0 : TestGraphs.REAL_TOLERANCE;
        for (int source : g.vertexSet()) {
            SingleSourcePaths<Integer, DefaultWeightedEdge> fromSource = ours.getPaths(source);
            assertEquals(source, fromSource.getSourceVertex());
            for (int sink : g.vertexSet()) {
                String pair = source + " -> " + sink;
                double want = expected.getPathWeight(source, sink), have = ours.getPathWeight(source, sink);
                if (Double.isInfinite(want) || tolerance == 0) assertEquals(want, have, pair);
                else assertEquals(want, have, tolerance * Math.max(1, Math.abs(want)), pair);
                assertEquals(have, fromSource.getWeight(sink), pair);
                GraphPath<Integer, DefaultWeightedEdge> path = ours.getPath(source, sink);
                if (Double.isInfinite(want)) {
                    assertNull(expected.getPath(source, sink), pair);
                    assertNull(path, pair);
                    assertNull(fromSource.getPath(sink), pair);
                    continue;
                }
                assertNotNull(path, pair);
                assertEquals(path, fromSource.getPath(sink), pair);
                assertWalkOfLightestEdges(g, path, source, sink, tolerance);
            }
        }
    }

    /** The path's edges are the graph's, consecutive from source to sink, each the lightest between its ends, summing to its weight. */
    static void assertWalkOfLightestEdges(Graph<Integer, DefaultWeightedEdge> g, GraphPath<Integer, DefaultWeightedEdge> path, int source, int sink,
                                          double tolerance) {
        String what = source + " -> " + sink + ": " + path;
        assertEquals(source, path.getStartVertex(), what);
        assertEquals(sink, path.getEndVertex(), what);
        List<Integer> vertices = path.getVertexList();
        assertEquals(path.getEdgeList().size() + 1, vertices.size(), what);
        double sum = 0;
        for (int s = 0; s < path.getEdgeList().size(); s++) {
            DefaultWeightedEdge e = path.getEdgeList().get(s);
            int a = vertices.get(s), b = vertices.get(s + 1);
            assertTrue(g.containsEdge(e), what);
            assertTrue(g.getEdgeSource(e) == a && g.getEdgeTarget(e) == b || !g.getType().isDirected() && g.getEdgeSource(e) == b && g.getEdgeTarget(e) == a,
                    "edge " + e + " joins " + a + " and " + b + " on " + what);
            double lightest = g.getAllEdges(a, b).stream().mapToDouble(g::getEdgeWeight).min().orElseThrow();
            assertEquals(lightest, g.getEdgeWeight(e), "the lightest edge on " + what);
            sum += g.getEdgeWeight(e);
        }
        if (tolerance == 0) assertEquals(path.getWeight(), sum, what);
        else assertEquals(path.getWeight(), sum, tolerance * Math.max(1, Math.abs(sum)), what);
    }

    /** The example of docs/library.md, as written there. */
    @Test
    void theExampleOfTheDocs() {
        Graph<String, DefaultWeightedEdge> g = new DefaultDirectedWeightedGraph<>(DefaultWeightedEdge.class);
        Graphs.addAllVertices(g, List.of("a", "b", "c"));
        g.setEdgeWeight(g.addEdge("a", "b"), 5);
        g.setEdgeWeight(g.addEdge("b", "c"), -2);
        g.setEdgeWeight(g.addEdge("a", "c"), 4);
        ShortestPathAlgorithm<String, DefaultWeightedEdge> paths = new GpuFloydWarshallShortestPaths<>(g);
        assertEquals(3.0, paths.getPathWeight("a", "c"));
        assertEquals(List.of("a", "b", "c"), paths.getPath("a", "c").getVertexList());
        assertNull(paths.getPath("c", "a"));
        assertEquals(Double.POSITIVE_INFINITY, paths.getPathWeight("c", "a"));
    }

    @Test
    void aMissingVertexIsRefusedAsJGraphTRefusesIt() {
        Graph<Integer, DefaultWeightedEdge> g = TestGraphs.directed(5, 1, false, Weights.WHOLE);
        FloydWarshallShortestPaths<Integer, DefaultWeightedEdge> theirs = new FloydWarshallShortestPaths<>(g);
        GpuFloydWarshallShortestPaths<Integer, DefaultWeightedEdge> ours = new GpuFloydWarshallShortestPaths<>(g);
        for (ShortestPathAlgorithm<Integer, DefaultWeightedEdge> algorithm : List.<ShortestPathAlgorithm<Integer, DefaultWeightedEdge>>of(theirs, ours)) {
            assertEquals("Graph must contain the source vertex!", assertThrows(IllegalArgumentException.class, () -> algorithm.getPath(9, 1)).getMessage());
            assertEquals("Graph must contain the sink vertex!", assertThrows(IllegalArgumentException.class, () -> algorithm.getPath(1, 9)).getMessage());
            assertEquals("Graph must contain the source vertex!", assertThrows(IllegalArgumentException.class, () -> algorithm.getPathWeight(9, 1)).getMessage());
            assertEquals("Graph must contain the sink vertex!", assertThrows(IllegalArgumentException.class, () -> algorithm.getPaths(1).getWeight(9)).getMessage());
            assertEquals("Graph must contain the source vertex!", assertThrows(IllegalArgumentException.class, () -> algorithm.getPaths(9).getPath(1)).getMessage());
        }
        GraphPath<Integer, DefaultWeightedEdge> itself = ours.getPath(4, 4);
        assertEquals(List.of(4), itself.getVertexList());
        assertEquals(0.0, itself.getWeight());
    }

    @Test
    void aNegativeCycleThrowsJGraphTsExceptionWithTheCycle() {
        Graph<String, DefaultWeightedEdge> g = new DefaultDirectedWeightedGraph<>(DefaultWeightedEdge.class);
        for (String v : new String[] {"a", "b", "c"}) g.addVertex(v);
        g.setEdgeWeight(g.addEdge("a", "b"), 1);
        g.setEdgeWeight(g.addEdge("b", "c"), 2);
        g.setEdgeWeight(g.addEdge("c", "b"), -3);
        GpuFloydWarshallShortestPaths<String, DefaultWeightedEdge> ours = new GpuFloydWarshallShortestPaths<>(g);  // lazy: nothing solved yet
        NegativeCycleDetectedException e = assertThrows(NegativeCycleDetectedException.class, () -> ours.getPathWeight("a", "c"));
        assertEquals("Graph contains a negative-weight cycle: b -> c -> b of weight -1.0", e.getMessage());
        GraphPath<?, ?> cycle = e.getCycle();
        assertEquals(List.of("b", "c", "b"), cycle.getVertexList());
        assertEquals(-1.0, cycle.getWeight());
        assertEquals(2, cycle.getEdgeList().size());
        // an undirected edge of negative weight is a cycle of two steps
        Graph<String, DefaultWeightedEdge> undirected = new SimpleWeightedGraph<>(DefaultWeightedEdge.class);
        undirected.addVertex("x");
        undirected.addVertex("y");
        undirected.setEdgeWeight(undirected.addEdge("x", "y"), -0.5);
        NegativeCycleDetectedException real = assertThrows(NegativeCycleDetectedException.class,
                () -> new GpuFloydWarshallShortestPaths<>(undirected).getPath("x", "y"));
        assertTrue(real.getMessage().startsWith("Graph contains a negative-weight cycle: vertex "), real.getMessage());
    }

    @Test
    void theOptionsCarryOverAndBadWeightsAreRefused() {
        Graph<Integer, DefaultWeightedEdge> g = TestGraphs.directed(20, 9, false, Weights.WHOLE);
        GpuFloydWarshallShortestPaths<Integer, DefaultWeightedEdge> reference =
                new GpuFloydWarshallShortestPaths<>(g, ApspOptions.defaults().variant("reference"));
        assertEquals("reference", reference.variant());
        assertSameAnswers(g, new FloydWarshallShortestPaths<>(g), reference, Weights.WHOLE);
        // whole weights too large for int32 distances are solved in float64, exactly as long as they are below 2^53
        Graph<Integer, DefaultWeightedEdge> heavy = TestGraphs.directed(20, 9, false, Weights.WHOLE);
        heavy.edgeSet().forEach(e -> heavy.setEdgeWeight(e, heavy.getEdgeWeight(e) * 1e8));
        GpuFloydWarshallShortestPaths<Integer, DefaultWeightedEdge> large = new GpuFloydWarshallShortestPaths<>(heavy);
        assertSameAnswers(heavy, new FloydWarshallShortestPaths<>(heavy), large, Weights.WHOLE);
        assertEquals(ApspResult.Cells.FLOAT64, large.cells());
        // an edge of +infinity is no edge, as JGraphT reads it; NaN is refused
        Graph<Integer, DefaultWeightedEdge> odd = TestGraphs.directed(3, 2, false, Weights.WHOLE);
        odd.setEdgeWeight(odd.addEdge(0, 1), Double.POSITIVE_INFINITY);
        assertSameAnswers(odd, new FloydWarshallShortestPaths<>(odd), new GpuFloydWarshallShortestPaths<>(odd), Weights.WHOLE);
        odd.setEdgeWeight(odd.addEdge(1, 0), Double.NaN);
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class, () -> new GpuFloydWarshallShortestPaths<>(odd).getPathWeight(0, 1));
        assertTrue(nan.getMessage().endsWith(" weighs NaN: a weight must be a number, +infinity for no edge"), nan.getMessage());
    }
}
