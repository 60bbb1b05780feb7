package fwbench.api;

import fwbench.api.TestGraphs.Weights;
import fwbench.cuda.Gpu;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The library's Apsp.solve against JGraphT's FloydWarshallShortestPaths, on the CPU (the default
 * device here, which has no GPU; ApspGpuTest runs the same through the GPU variants): every
 * distance equal (integers exactly, float64 within {@link TestGraphs#REAL_TOLERANCE}), every path
 * a real path as long as its distance.
 */
class ApspTest {

    private static final ApspOptions ON_THE_CPU = ApspOptions.defaults().device(ApspOptions.Device.CPU);

    @ParameterizedTest
    @CsvSource({"1, true", "2, true", "37, true", "150, true", "37, false", "150, false"})
    void integerWeightsMatchJGraphTExactly(int n, boolean negative) {
        Graph<Integer, DefaultWeightedEdge> g = TestGraphs.directed(n, n, negative, Weights.WHOLE);
        ApspGraph graph = TestGraphs.toApsp(g, Weights.WHOLE);
        for (boolean routes : new boolean[] {false, true}) {
            ApspResult result = Apsp.solve(graph, ON_THE_CPU.routes(routes));
            assertEquals(ApspResult.Cells.INT32, result.cells());
            assertEquals(routes, result.hasRoutes());
            TestGraphs.assertMatchesJGraphT(g, result, 0);
        }
    }

    @ParameterizedTest
    @CsvSource({"1, true", "2, true", "37, true", "150, true", "150, false"})
    void realWeightsMatchJGraphTInFloat64(int n, boolean negative) {
        Graph<Integer, DefaultWeightedEdge> g = TestGraphs.directed(n, 100 + n, negative, Weights.REAL);
        ApspResult result = Apsp.solve(TestGraphs.toApsp(g, Weights.REAL), ON_THE_CPU.routes(true));
        assertEquals(ApspResult.Cells.FLOAT64, result.cells());
        assertEquals("reference", result.variant());
        TestGraphs.assertMatchesJGraphT(g, result, TestGraphs.REAL_TOLERANCE);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 37, 150})
    void undirectedGraphsMatchJGraphT(int n) {
        for (Weights weights : Weights.values()) {
            Graph<Integer, DefaultWeightedEdge> g = TestGraphs.undirected(n, 200 + n, weights);
            ApspResult result = Apsp.solve(TestGraphs.toApsp(g, weights), ApspOptions.defaults().routes(true));
            TestGraphs.assertMatchesJGraphT(g, result, weights == Weights.WHOLE ? 0 : TestGraphs.REAL_TOLERANCE);
        }
    }

    /** The example of docs/library.md: a negative edge, a shorter path through it, an undirected edge, unreachable pairs. */
    @Test
    void theExampleOfTheDocs() {
        ApspGraph graph = ApspGraph.builder(4).edge(0, 1, 5).edge(1, 2, -2).edge(0, 2, 4).undirectedEdge(2, 3, 1).build();
        ApspResult result = Apsp.solve(graph, ApspOptions.defaults().routes(true));
        assertEquals(3.0, result.distance(0, 2));
        assertEquals(OptionalLong.of(3), result.integerDistance(0, 2));
        assertEquals(List.of(0, 1, 2, 3), result.path(0, 3));
        assertEquals(Double.POSITIVE_INFINITY, result.distance(2, 0));
        assertEquals(OptionalLong.empty(), result.integerDistance(2, 0));
        assertFalse(result.reachable(3, 0));
        assertEquals(List.of(), result.path(2, 0));
        assertEquals(List.of(3), result.path(3, 3));
        assertEquals(0.0, result.distance(3, 3));
        assertEquals(Gpu.available() ? "kleene-paths" : "reference", result.variant());
        int[] all = result.distanceMatrix().array(int[].class);
        assertEquals(3, all[2], "the whole matrix, row-major: (0, 2)");
        for (int c = 0; c < 16; c++) assertEquals(result.distance(c / 4, c % 4), result.distanceMatrix().value(c), "cell " + c);
    }

    @Test
    void parallelEdgesKeepTheLightestAndMatricesAreGraphsToo() {
        ApspGraph built = ApspGraph.builder(3).edge(0, 1, 9).edge(0, 1, 4).undirectedEdge(1, 2, 0).edge(2, 2, 3).build();
        assertEquals(3, built.edges(), "0 -> 1 once, 1 <-> 2, no self-loop of weight >= 0");
        long none = Long.MAX_VALUE;
        ApspGraph matrix = ApspGraph.fromMatrix(new long[][] {{0, 4, none}, {none, 0, 0}, {none, 0, 3}}, none);
        double[] fromBuilder = distances(Apsp.solve(built)), fromMatrix = distances(Apsp.solve(matrix));
        assertEquals(List.of(0.0, 4.0, 4.0, inf(), 0.0, 0.0, inf(), 0.0, 0.0), boxed(fromBuilder));
        assertEquals(boxed(fromBuilder), boxed(fromMatrix));
        double[][] real = {{0, 0.5, Double.POSITIVE_INFINITY}, {Double.POSITIVE_INFINITY, 0, 0.25}, {1, Double.POSITIVE_INFINITY, 0}};
        ApspResult r = Apsp.solve(ApspGraph.fromMatrix(real));
        assertTrue(ApspGraph.fromMatrix(real).realWeights());
        assertEquals(List.of(0.0, 0.5, 0.75, 1.25, 0.0, 0.25, 1.0, 1.5, 0.0), boxed(distances(r)));
    }

    @Test
    void aNegativeCycleIsNamedWithItsVertices() {
        ApspGraph graph = ApspGraph.builder(4).edge(0, 1, 1).edge(1, 2, 1).edge(2, 1, -3).edge(2, 3, 1).build();
        for (ApspOptions options : new ApspOptions[] {ON_THE_CPU, ON_THE_CPU.routes(true), ON_THE_CPU.variant("reference")}) {
            NegativeCycleException e = assertThrows(NegativeCycleException.class, () -> Apsp.solve(graph, options));
            assertEquals("the graph has a negative cycle 1 -> 2 -> 1 of length -2: shortest paths are undefined", e.getMessage());
            assertEquals(Optional.of(List.of(1, 2)), e.cycle());
            assertEquals(1, e.vertex(), "a vertex on the cycle");
        }
        NegativeCycleException loop = assertThrows(NegativeCycleException.class, () -> Apsp.solve(ApspGraph.builder(2).edge(1, 1, -1).build()));
        assertEquals(Optional.of(List.of(1)), loop.cycle());
        NegativeCycleException real = assertThrows(NegativeCycleException.class,
                () -> Apsp.solve(ApspGraph.builder(3).edge(0, 1, 0.5).undirectedEdge(1, 2, -0.25).build()));
        assertEquals("the graph: vertex 1 reaches a cycle of negative length: shortest paths are undefined", real.getMessage());
        assertEquals(Optional.empty(), real.cycle());
    }

    @Test
    void badInputIsAnIllegalArgumentInOneSentence() {
        List<String> messages = new ArrayList<>();
        List<Runnable> mistakes = List.of(
                () -> ApspGraph.builder(0),
                () -> ApspGraph.builder(46_341),
                () -> ApspGraph.builder(5).edge(0, 5, 1),
                () -> ApspGraph.builder(5).edge(-1, 2, 1.5),
                () -> ApspGraph.builder(5).edge(0, 1, Double.NaN),
                () -> ApspGraph.builder(5).edge(0, 1, Double.POSITIVE_INFINITY),
                () -> ApspGraph.builder(5).edge(0, 1, 1e39),
                () -> ApspGraph.builder(5).edge(0, 1, ApspGraph.INTEGER_LIMIT),
                () -> ApspGraph.builder(5).edge(0, 1, 300_000_000).build(),
                () -> ApspGraph.fromMatrix(new long[][] {{0, 1}, {1}}, -1),
                () -> ApspOptions.defaults().variant("fastest"),
                () -> Apsp.solve(ApspGraph.builder(2).edge(0, 1, 1e-40).build(), ApspOptions.defaults().float32(true)),
                () -> Apsp.solve(ApspGraph.builder(3).edge(0, 1, 3e38).build(), ApspOptions.defaults().float32(true)));
        for (Runnable mistake : mistakes) messages.add(assertThrows(IllegalArgumentException.class, mistake::run).getMessage());
        assertEquals(List.of(
                "n must be between 1 and 46340 (the n x n distances are one Java array, at most 2^31 - 1 cells), got 0",
                "n must be between 1 and 46340 (the n x n distances are one Java array, at most 2^31 - 1 cells), got 46341",
                "vertex 5 is out of range 0..4 (n = 5)",
                "vertex -1 is out of range 0..4 (n = 5)",
                "edge 0 -> 1 weighs NaN: a weight must be a finite number (leave an absent edge out)",
                "edge 0 -> 1 weighs Infinity: a weight must be a finite number (leave an absent edge out)",
                "edge 0 -> 1 weighs 1.0E39: |w| must be at most 3.4028235E38 (float32's largest value)",
                "edge 0 -> 1 weighs 1073741823: an integer weight must lie strictly between -1073741823 and 1073741823 (int32 distances); "
                        + "give it as a double for float64 distances",
                "integer distances could overflow: a simple path of n - 1 = 4 edges of up to |w| = 300000000 could weigh 1200000000, not below "
                        + "1073741823 (int32 distances); give the weights as doubles for float64 distances, or scale them down",
                "row 1 of the matrix has 1 values; a matrix of 2 rows needs 2",
                messages.get(10),
                "float32 was asked for, and a weight of 1.0E-40 is too close to 0 for it: |w| must be 0 or at least 1.17549435E-38 "
                        + "(float32's smallest normal value)",
                "float32 was asked for, and a simple path of n - 1 = 2 edges of up to |w| = 3.0E38 could weigh 6.0E38, above 1.7014117E38 "
                        + "(half of float32's largest value)"), messages);
        assertTrue(messages.get(10).startsWith("unknown variant 'fastest'; variants: ") && messages.get(10).contains("reference"), messages.get(10));
        // the same range for queries
        ApspResult result = Apsp.solve(ApspGraph.builder(2).edge(0, 1, 7).build());
        assertEquals("vertex 2 is out of range 0..1 (n = 2)", assertThrows(IllegalArgumentException.class, () -> result.distance(0, 2)).getMessage());
    }

    @Test
    void routesMustBeAskedForAndIntegerDistancesNeedIntegerWeights() {
        ApspResult distancesOnly = Apsp.solve(ApspGraph.builder(2).edge(0, 1, 7).build());
        assertEquals("routes were not asked for: solve with ApspOptions.defaults().routes(true)",
                assertThrows(IllegalStateException.class, () -> distancesOnly.path(0, 1)).getMessage());
        ApspResult real = Apsp.solve(ApspGraph.builder(2).edge(0, 1, 7.5).build());
        assertEquals(7.5, real.distance(0, 1));
        assertThrows(IllegalStateException.class, () -> real.integerDistance(0, 1));
    }

    @Test
    void theOptionsChooseTheVariantAndTheCheck() {
        ApspGraph graph = TestGraphs.toApsp(TestGraphs.directed(37, 5, false, Weights.WHOLE), Weights.WHOLE);
        ApspResult byName = Apsp.solve(graph, ApspOptions.defaults().variant("cpu-serial"));
        assertEquals("cpu-serial", byName.variant());
        assertTrue(byName.verified());
        assertEquals("every cell equals the CPU reference", byName.verification());
        ApspResult unchecked = Apsp.solve(graph, ON_THE_CPU.verify(false));
        assertFalse(unchecked.verified());
        assertEquals("not verified (ApspOptions.verify(false))", unchecked.verification());
        ApspResult reference = Apsp.solve(graph, ApspOptions.defaults().variant("reference"));
        assertEquals("reference", reference.variant());
        assertTrue(reference.verification().startsWith("not re-checked: the CPU reference is the oracle"), reference.verification());
        ApspException refused = assertThrows(ApspException.class, () -> Apsp.solve(graph, ON_THE_CPU.variant("kleene")));
        assertEquals("kleene runs on the GPU, and the CPU was asked for", refused.getMessage());
        ApspException noPaths = assertThrows(ApspException.class, () -> Apsp.solve(graph, ApspOptions.defaults().variant("cpu-serial").routes(true)));
        assertTrue(noPaths.getMessage().startsWith("cpu-serial computes distances only; with ApspOptions.routes use "), noPaths.getMessage());
    }

    /** Without a GPU: the GPU asked for is refused, float32 allowed still solves real weights in float64, each choice said. */
    @Test
    void withoutAGpuTheGpuIsRefusedAndFloat32FallsBackToFloat64() {
        assumeFalse(Gpu.available(), "this machine has a GPU (ApspGpuTest runs there)");
        ApspGraph graph = ApspGraph.builder(3).edge(0, 1, 2.5).edge(1, 2, 0.25).build();
        ApspException refused = assertThrows(ApspException.class, () -> Apsp.solve(graph, ApspOptions.defaults().device(ApspOptions.Device.GPU)));
        assertEquals("the GPU was asked for, and there is none (" + Gpu.probe().reason() + ")", refused.getMessage());
        List<String> lines = new ArrayList<>();
        ApspResult result = Apsp.solve(graph, ApspOptions.defaults().float32(true).progress(lines::add));
        assertEquals(ApspResult.Cells.FLOAT64, result.cells());
        assertEquals(2.75, result.distance(0, 2));
        assertTrue(lines.contains("no CUDA device (" + Gpu.probe().reason() + "): solving the graph's real weights with the float64 CPU reference"),
                lines.toString());
    }

    @Test
    void progressLinesGoToTheCallersLogger() {
        List<String> lines = new ArrayList<>();
        Apsp.solve(ApspGraph.builder(3).edge(0, 1, 2).build(), ON_THE_CPU.progress(lines::add));
        assertEquals("the graph: n=3, 1 edge of integer weights", lines.get(0));
        assertTrue(lines.contains("the CPU was asked for: solving on the CPU"), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("verified in ")), lines.toString());
    }

    private static double inf() {
        return Double.POSITIVE_INFINITY;
    }

    private static double[] distances(ApspResult r) {
        double[] d = new double[r.n() * r.n()];
        for (int i = 0; i < r.n(); i++) for (int j = 0; j < r.n(); j++) d[i * r.n() + j] = r.distance(i, j);
        return d;
    }

    private static List<Double> boxed(double[] values) {
        List<Double> list = new ArrayList<>();
        for (double v : values) list.add(v);
        return list;
    }
}
