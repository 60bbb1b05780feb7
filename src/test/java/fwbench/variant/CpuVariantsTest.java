package fwbench.variant;

import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;

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
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuVariantsTest {

    static Stream<Arguments> cpuVariantsAndSizes() {
        return Arrays.stream(Variant.values()).filter(v -> !v.gpu()).flatMap(v ->
                Stream.of(1, 31, 32, 33, 63, 64, 65, 100, 257).flatMap(n ->
                        Stream.of("random", "sparse:0.03").map(g -> Arguments.of(v, n, g))));
    }

    @ParameterizedTest(name = "{0} n={1} {2}")
    @MethodSource("cpuVariantsAndSizes")
    void matchesTheReference(Variant variant, int n, String spec) {
        Graph graph = GraphSpec.parse(spec).instance(n, 11);
        assertArrayEquals(ReferenceFloydWarshall.distances(graph), solve(variant, graph));
    }

    @Test
    void closedFormGraphs() {
        for (Variant v : Variant.values()) {
            if (v.gpu()) continue;
            for (MatrixGraph g : new MatrixGraph[] {Graphs.empty(70), Graphs.complete(70, 3), Graphs.directedCycle(70),
                    Graphs.twoComponents(70), Graphs.report003()}) {
                assertArrayEquals(ReferenceFloydWarshall.distances(g), solve(v, g), v + " on " + g.describe());
            }
        }
    }

    @Test
    void resetRestoresTheInput() {
        Graph graph = GraphSpec.RANDOM.instance(40, 5);
        try (Solver s = Variant.CPU_BLOCKED.create(SolverConfig.of(graph))) {
            s.solve();
            s.reset();
            assertArrayEquals(graph.weights(), s.distances());
        }
    }

    @Test
    void negativeWeightsAreRefusedWithAReason() {
        int[] w = Graphs.directedCycle(3).weights();
        w[1] = -1;
        MatrixGraph g = new MatrixGraph(3, w, "a graph with a negative edge");
        UnsupportedInputException e = assertThrows(UnsupportedInputException.class, () -> Variant.CPU_SERIAL.create(SolverConfig.of(g)));
        assertTrue(e.getMessage().contains("weights >= 0"), e.getMessage());
    }

    static int[] solve(Variant variant, Graph graph) {
        try (Solver s = variant.create(SolverConfig.of(graph))) {
            s.reset();
            s.solve();
            return s.distances();
        }
    }
}
