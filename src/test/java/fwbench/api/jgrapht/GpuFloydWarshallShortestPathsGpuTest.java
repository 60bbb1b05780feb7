package fwbench.api.jgrapht;

import fwbench.GpuTest;
import fwbench.api.ApspOptions;
import fwbench.api.ApspResult;
import fwbench.api.TestGraphs;
import fwbench.api.TestGraphs.Weights;
import org.jgrapht.Graph;
import org.jgrapht.alg.shortestpath.FloydWarshallShortestPaths;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The adapter's comparison with JGraphT's Floyd-Warshall through the GPU (asked for, so nothing
 * falls back to the CPU): whole weights in int32, with the routes every adapter keeps (kleene-paths).
 */
@GpuTest
class GpuFloydWarshallShortestPathsGpuTest {

    @ParameterizedTest
    @CsvSource({"1, true", "2, true", "37, true", "150, true", "150, false", "300, false"})
    void directedAndUndirectedGraphsMatchJGraphT(int n, boolean negative) {
        ApspOptions onTheGpu = ApspOptions.defaults().device(ApspOptions.Device.GPU);
        Graph<Integer, DefaultWeightedEdge> directed = TestGraphs.directed(n, 300 + n, negative, Weights.WHOLE);
        Graph<Integer, DefaultWeightedEdge> undirected = TestGraphs.undirected(n, 400 + n, Weights.WHOLE);
        for (Graph<Integer, DefaultWeightedEdge> g : List.of(directed, undirected)) {
            GpuFloydWarshallShortestPaths<Integer, DefaultWeightedEdge> ours = new GpuFloydWarshallShortestPaths<>(g, onTheGpu);
            GpuFloydWarshallShortestPathsTest.assertSameAnswers(g, new FloydWarshallShortestPaths<>(g), ours, Weights.WHOLE);
            assertEquals(ApspResult.Cells.INT32, ours.cells());
            assertFalse(ours.variant().equals("reference") || ours.variant().startsWith("cpu-"), ours.variant());
        }
    }
}
