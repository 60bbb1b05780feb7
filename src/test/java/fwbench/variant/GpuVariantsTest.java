package fwbench.variant;

import fwbench.variant.core.DeviceGraphs;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;

import fwbench.GpuTest;
import fwbench.cuda.CudaContext;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.CudaStream;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.Graphs;
import fwbench.graph.MatrixGraph;
import fwbench.graph.ReferenceFloydWarshall;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every GPU variant against the CPU reference, at sizes below, at and past its tile sizes, up to its largest n (small-graphs: 512). */
@GpuTest
class GpuVariantsTest {

    /**
     * Sizes around a 32-tile and the reports' smallest n (1000), plus some that are not multiples
     * of 64 or 192, and the edges of each
     * tile: 63, 64, 65 (tiled-4x4's 64-tiles) and 191, 192, 193 (batched's 6 x 32 groups); at 384
     * and 449 batched has groups wholly inside n (its unchecked path), at 449 with a partial last tile.
     */
    static final int[] SIZES = {1, 31, 32, 33, 100, 257, 1000, 200, 385, 63, 64, 65, 191, 192, 193, 384, 449};

    private static final Map<String, int[]> REFERENCE = new HashMap<>();

    static synchronized int[] reference(Graph graph) {
        return REFERENCE.computeIfAbsent(graph.describe(), k -> ReferenceFloydWarshall.distances(graph));
    }

    static Stream<Arguments> gpuVariantsAndSizes() {
        return Arrays.stream(Variant.values()).filter(Variant::gpu).flatMap(v ->
                Arrays.stream(SIZES).boxed().filter(n -> n <= v.maxN()).flatMap(n ->
                        Stream.of("random", "sparse:0.02", "hops:0.02").map(g -> Arguments.of(v, n, g))));
    }

    /**
     * Whether the variant must refuse the graph: a variant with narrow cells (packed16, kleene-paths)
     * refuses graphs whose distances it cannot bound below its INF. The tests check that refusal instead of a result.
     */
    static boolean mustRefuse(Variant variant, Graph graph) {
        long bound = graph.complete() ? graph.maxWeight() : (long) Math.max(graph.n() - 1, 1) * graph.maxWeight();
        return bound >= variant.inf();
    }

    @ParameterizedTest(name = "{0} n={1} {2}")
    @MethodSource("gpuVariantsAndSizes")
    void matchesTheReference(Variant variant, int n, String spec) {
        Graph graph = GraphSpec.parse(spec).instance(n, 2026);
        if (mustRefuse(variant, graph)) {
            assertThrows(UnsupportedInputException.class, () -> variant.create(SolverConfig.of(graph)));
            return;
        }
        try (Solver solver = variant.create(SolverConfig.of(graph))) {
            solver.reset();
            solver.solve();
            assertArrayEquals(reference(graph), solver.distances(), variant + " n=" + n + " " + spec);
        }
    }

    @Test
    void streamLaunchesGiveTheSameAnswerAsGraphReplay() {
        Graph graph = GraphSpec.parse("hops:0.05").instance(150, 3);
        for (Variant v : Variant.values()) {
            if (!v.gpu() || graph.n() > v.maxN()) continue;
            try (Solver solver = v.create(new SolverConfig(graph, LaunchMode.STREAM))) {
                solver.reset();
                solver.solve();
                assertArrayEquals(reference(graph), solver.distances(), v.id());
                assertTrue(solver.lastSolveGpuMillis().orElseThrow() > 0);
            }
        }
    }

    @Test
    void repeatedSolvesFromResetAgree() {
        Graph graph = GraphSpec.RANDOM.instance(300, 8);
        for (Variant v : Variant.values()) {
            if (!v.gpu() || graph.n() > v.maxN()) continue;
            try (Solver solver = v.create(SolverConfig.of(graph))) {
                for (int round = 0; round < 3; round++) {
                    solver.reset();
                    solver.solve();
                    assertArrayEquals(reference(graph), solver.distances(), v.id() + " round " + round);
                }
            }
        }
    }

    @Test
    void closedFormGraphs() {
        for (Variant v : Variant.values()) {
            if (!v.gpu()) continue;
            for (MatrixGraph g : new MatrixGraph[] {Graphs.empty(70), Graphs.complete(70, 3), Graphs.directedCycle(70),
                    Graphs.twoComponents(70), Graphs.report003()}) {
                try (Solver solver = v.create(SolverConfig.of(g))) {
                    solver.reset();
                    solver.solve();
                    assertArrayEquals(ReferenceFloydWarshall.distances(g), solver.distances(), v + " on " + g.describe());
                }
            }
        }
    }

    @Test
    void deviceGenerationEqualsHostGeneration() {
        for (String spec : new String[] {"random", "sparse:0.01", "hops:0.2", "random+potentials:1000", "sparse:0.01+potentials:7"}) {
            Graph graph = GraphSpec.parse(spec).instance(333, 99);
            CudaContext.get();
            try (CudaStream stream = new CudaStream(); DeviceBuffer buffer = new DeviceBuffer(333L * 333)) {
                DeviceGraphs.load(graph, buffer, stream);
                assertArrayEquals(graph.weights(), buffer.download(), spec);
            }
        }
    }

    @Test
    void deviceMemoryIsReported() {
        long[] memory = CudaContext.get().memoryInfo();
        assertTrue(memory[0] > 0 && memory[0] <= memory[1]);
        assertEquals(CudaContext.get().device().totalMemoryBytes(), memory[1]);
    }
}
