package fwbench.variant.small;

import fwbench.GpuTest;
import fwbench.cuda.CudaContext;
import fwbench.cuda.LaunchShape;
import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.variant.TestGraphs;
import fwbench.variant.Variant;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * small-graphs against the CPU reference, cell by cell: through the registry one graph at a time, at
 * each size class's edges (1, 2, 31, 32, 33, 64, 65, 100, 127, 128; 129, 200, 255, 256, 300, 511,
 * 512, past the 128-cell tiles of classes 256 and 512), and many graphs of mixed sizes in one
 * {@link SmallGraphsBatch}. Complete graphs, sparse ones with unreachable pairs, and weights 0..2
 * (zero-weight edges and cycles, ties); hop counts (every weight 1: ties everywhere) in the batches.
 */
@GpuTest
class SmallGraphsGpuTest {

    static final int[] SIZES = {1, 2, 31, 32, 33, 64, 65, 100, 127, 128, 129, 200, 255, 256, 300, 511, 512};

    /** The classes past 128 in a batch, mixed with some held in registers. */
    static final int[] LARGE_BATCH_SIZES = {129, 1, 200, 255, 33, 256, 300, 128, 511, 512};

    /** Sparse: each edge present with a probability that leaves pairs no path joins at every n (about 3 edges a vertex at n = 512). */
    static final String SPARSE = "sparse";

    /** Complete, weights 1..1000; sparse, with pairs that no path joins; weights 0..2 on 30% of the pairs. */
    static final List<String> GRAPHS = List.of("random", SPARSE, TestGraphs.ZERO_WEIGHTS);

    static Graph graph(String spec, int n, long seed) {
        if (spec.equals(TestGraphs.ZERO_WEIGHTS)) return TestGraphs.graph(spec, n);
        if (spec.equals(SPARSE)) return GraphSpec.parse(n <= 128 ? "sparse:0.02" : "sparse:0.006").instance(n, seed);
        return GraphSpec.parse(spec).instance(n, seed);
    }

    static Stream<Arguments> sizesAndGraphs() {
        return Arrays.stream(SIZES).boxed().flatMap(n -> GRAPHS.stream().map(spec -> Arguments.of(n, spec)));
    }

    /** Fails at the first cell that differs, naming it as (i, j). */
    static void assertSameCells(int[] expected, int[] actual, int n, String what) {
        assertEquals(n * n, actual.length, what + ": cells");
        for (int x = 0; x < expected.length; x++) {
            if (expected[x] != actual[x]) {
                fail(what + ": cell (" + x / n + ", " + x % n + ") is " + text(actual[x]) + ", the reference " + text(expected[x]));
            }
        }
    }

    private static String text(int d) {
        return d == Distances.INF ? "INF" : Integer.toString(d);
    }

    @ParameterizedTest(name = "n={0} {1}")
    @MethodSource("sizesAndGraphs")
    void theVariantMatchesTheReference(int n, String spec) {
        Graph graph = graph(spec, n, 2026 + n);
        int[] expected = ReferenceFloydWarshall.distances(graph);
        if (spec.equals(SPARSE) && n >= 31) {
            assertTrue(Arrays.stream(expected).anyMatch(d -> d == Distances.INF), "the sparse graph has unreachable pairs");
        }
        Variant variant = Variant.parse("small-graphs");
        for (LaunchMode launch : LaunchMode.values()) {
            try (Solver solver = variant.create(new SolverConfig(graph, launch))) {
                for (int round = 0; round < 2; round++) {  // a second solve from reset gives the same
                    solver.reset();
                    solver.solve();
                    assertSameCells(expected, solver.distances(), n, variant + " " + launch + " n=" + n + " " + graph.describe() + " round " + round);
                }
                assertTrue(solver.lastSolveGpuMillis().orElseThrow() >= 0);  // n = 1 may take less than the events resolve
            }
        }
    }

    /** 300 graphs, every n from 1 to 128 at least twice, the size classes held in registers interleaved in the batch. */
    @Test
    void aBatchOfMixedSizesMatchesTheReferenceGraphByGraph() {
        List<Graph> graphs = new ArrayList<>();
        for (int g = 0; g < 300; g++) {
            int n = 1 + (g * 37) % SizeClassKernel.LARGEST_IN_REGISTERS;  // 37 is prime to 128: the first 128 graphs take every n once
            graphs.add(graph(GRAPHS.get(g % GRAPHS.size()), n, 5000 + g));
        }
        assertBatchMatchesTheReference(graphs);
    }

    /**
     * Classes 256 and 512 (n = 129, 200, 255, 256, 300, 511, 512) beside classes held in registers, in
     * one batch: 60 graphs, complete, sparse, weights 0..2 and hop counts, so that each tiled class's
     * grid has blocks past the first (each its own scratch square).
     */
    @Test
    void aBatchWithTheClassesPast128MatchesTheReferenceGraphByGraph() {
        List<String> kinds = List.of("random", SPARSE, TestGraphs.ZERO_WEIGHTS, "hops:0.006");
        List<Graph> graphs = new ArrayList<>();
        for (int g = 0; g < 60; g++) {
            int n = LARGE_BATCH_SIZES[g % LARGE_BATCH_SIZES.length];
            graphs.add(graph(kinds.get(g / LARGE_BATCH_SIZES.length % kinds.size()), n, 7000 + g));
        }
        assertBatchMatchesTheReference(graphs);
    }

    /** Classes 256 and 512 run kleene's T = 128 tile product: they export its launch shape, which the device allows. */
    @Test
    void theClassesPast128ExportKleenesTileProductShape() {
        CudaContext cuda = CudaContext.get();
        LaunchShape product = cuda.module(Variant.KLEENE.kernelModule()).shape("fw_kleene_phase3_t128");
        for (int size : new int[] {256, 512}) {
            LaunchShape shape = cuda.module(SmallGraphsBatch.MODULE).shape("fw_small_graphs_" + size);
            assertEquals(product, shape, "fw_small_graphs_" + size);
            assertTrue(shape.sharedBytes() <= cuda.device().maxSharedBytesPerBlock(), shape + " on " + cuda.device().describe());
        }
    }

    /** Solves the graphs in one batch and checks each against the CPU reference, cell by cell. */
    private static void assertBatchMatchesTheReference(List<Graph> graphs) {
        List<int[]> weights = new ArrayList<>();
        for (Graph graph : graphs) weights.add(graph.weights().clone());
        int[][] solved = SmallGraphsBatch.solveAll(weights);
        assertEquals(graphs.size(), solved.length);
        for (int g = 0; g < graphs.size(); g++) {
            Graph graph = graphs.get(g);
            assertSameCells(ReferenceFloydWarshall.distances(graph), solved[g], graph.n(), "graph " + g + " (n=" + graph.n() + ", " + graph.describe() + ")");
        }
    }

    /** A batch solved again from reset, read graph by graph, and timed; the weights it was given are left as they were. */
    @Test
    void aBatchSolvesAgainFromReset() {
        List<Graph> graphs = new ArrayList<>();
        List<int[]> weights = new ArrayList<>();
        for (int n : new int[] {128, 1, 33, 64, 300, 100, 2, 32, 65, 129, 127, 31}) {
            Graph graph = graph("sparse:0.02", n, n);
            graphs.add(graph);
            weights.add(graph.weights().clone());
        }
        try (SmallGraphsBatch batch = new SmallGraphsBatch(weights)) {
            assertEquals(graphs.size(), batch.count());
            assertEquals(SmallGraphsBatch.deviceBytes(graphs.stream().mapToInt(Graph::n).toArray()), batch.deviceBytes(), "what solve checks before it allocates is what the batch holds");
            assertTrue(batch.lastSolveGpuMillis().isEmpty());
            for (int round = 0; round < 2; round++) {
                batch.reset();
                assertSameCells(graphs.get(0).weights(), batch.distances(0), 128, "graph 0 after reset");
                batch.solve();
                assertTrue(batch.lastSolveGpuMillis().orElseThrow() >= 0);
                for (int g = 0; g < graphs.size(); g++) {
                    assertEquals(graphs.get(g).n(), batch.n(g));
                    assertSameCells(ReferenceFloydWarshall.distances(graphs.get(g)), batch.distances(g), batch.n(g), "round " + round + " graph " + g);
                }
            }
        }
        for (int g = 0; g < graphs.size(); g++) assertSameCells(graphs.get(g).weights(), weights.get(g), graphs.get(g).n(), "input " + g);
    }
}
