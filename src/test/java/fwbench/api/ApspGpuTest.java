package fwbench.api;

import fwbench.GpuTest;
import fwbench.api.TestGraphs.Weights;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ApspTest's comparison with JGraphT's Floyd-Warshall through the GPU variants (the GPU asked for,
 * so nothing falls back to the CPU): int32 distances exactly, with routes (kleene-paths) and
 * without, negative weights (kleene, dataflow) and not (packed16 first); real weights in float32
 * (kleene-f32) within 2 (n + 1) 2^-24 of the distance, the bound solve's check uses.
 */
@GpuTest
class ApspGpuTest {

    private static final ApspOptions ON_THE_GPU = ApspOptions.defaults().device(ApspOptions.Device.GPU);

    private static void assertSolvedOnTheGpu(ApspResult result) {
        assertFalse(result.variant().equals("reference") || result.variant().startsWith("cpu-"), "a GPU variant: " + result);
        assertTrue(result.verified(), result.toString());
    }

    @ParameterizedTest
    @CsvSource({"1, true", "2, true", "37, true", "150, true", "37, false", "150, false", "300, false"})
    void integerWeightsMatchJGraphTExactly(int n, boolean negative) {
        Graph<Integer, DefaultWeightedEdge> g = TestGraphs.directed(n, n, negative, Weights.WHOLE);
        ApspGraph graph = TestGraphs.toApsp(g, Weights.WHOLE);
        for (boolean routes : new boolean[] {false, true}) {
            ApspResult result = Apsp.solve(graph, ON_THE_GPU.routes(routes));
            assertSolvedOnTheGpu(result);
            assertEquals(ApspResult.Cells.INT32, result.cells());
            TestGraphs.assertMatchesJGraphT(g, result, 0);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 37, 150})
    void undirectedGraphsMatchJGraphT(int n) {
        Graph<Integer, DefaultWeightedEdge> g = TestGraphs.undirected(n, 200 + n, Weights.WHOLE);
        ApspResult result = Apsp.solve(TestGraphs.toApsp(g, Weights.WHOLE), ON_THE_GPU.routes(true));
        assertSolvedOnTheGpu(result);
        TestGraphs.assertMatchesJGraphT(g, result, 0);
    }

    /** float32 asked for: kleene-f32, each distance within 2 (n + 1) u of JGraphT's float64 one (relative to max(1, d)). */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 37, 150})
    void realWeightsInFloat32MatchJGraphTWithinTheirTolerance(int n) {
        Graph<Integer, DefaultWeightedEdge> g = TestGraphs.directed(n, 100 + n, false, Weights.REAL);
        ApspResult result = Apsp.solve(TestGraphs.toApsp(g, Weights.REAL), ON_THE_GPU.float32(true));
        assertEquals("kleene-f32", result.variant());
        assertEquals(ApspResult.Cells.FLOAT32, result.cells());
        TestGraphs.assertMatchesJGraphT(g, result, 2.0 * (n + 1) * 0x1p-24);
        // without float32 the GPU has no variant for real weights: refused, not solved on the CPU
        ApspException refused = assertThrows(ApspException.class, () -> Apsp.solve(TestGraphs.toApsp(g, Weights.REAL), ON_THE_GPU));
        assertTrue(refused.getMessage().startsWith("the GPU was asked for, and no GPU variant solves the graph: float32 was not asked for"), refused.getMessage());
    }

    @Test
    void aNegativeCycleFoundOnTheDeviceIsNamed() {
        ApspGraph graph = ApspGraph.builder(70).edge(0, 1, 1).edge(1, 2, 1).edge(2, 1, -3).edge(2, 69, 1).build();
        for (boolean routes : new boolean[] {false, true}) {
            NegativeCycleException e = assertThrows(NegativeCycleException.class, () -> Apsp.solve(graph, ON_THE_GPU.routes(routes)));
            assertEquals("the graph has a negative cycle 1 -> 2 -> 1 of length -2: shortest paths are undefined", e.getMessage());
            assertEquals(Optional.of(List.of(1, 2)), e.cycle());
        }
    }
}
