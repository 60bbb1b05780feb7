package fwbench.variant;

import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;
import fwbench.variant.kleene.KleenePathsSolver;
import fwbench.variant.kleene.KleeneSolver;

import fwbench.GpuTest;
import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.MatrixGraph;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.graph.ShortestPaths;
import fwbench.verify.Verification;
import fwbench.verify.VerificationFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The variants that take negative weights (kleene, dataflow, kleene-paths, kleene-bands, kleene-i64, kleene-f64) against the CPU
 * reference, on graphs with weights of either sign and no negative cycle: unreachable pairs
 * (where INF plus a negative weight must not leak), zero weights, ties, sizes that are not
 * multiples of a tile; and a negative cycle found on the device.
 */
@GpuTest
class NegativeWeightsTest {

    static final int[] SIZES = {1, 33, 100, 200, 257, 385, 1000};

    /** Sparse with potentials leaves pairs unreachable at small n; hops with small potentials gives zero weights and ties. */
    static final String[] SPECS = {"sparse:0.02+potentials:300", "random+potentials:1000", "hops:0.05+potentials:2"};

    static Stream<Variant> takers() {
        return Arrays.stream(Variant.values()).filter(Variant::takesNegativeWeights);
    }

    static Stream<Arguments> takersGraphsAndSizes() {
        return takers().flatMap(v -> Arrays.stream(SPECS).flatMap(g -> Arrays.stream(SIZES).mapToObj(n -> Arguments.of(v, g, n))));
    }

    static int[] solve(Solver solver) {
        solver.reset();
        solver.solve();
        assertTrue(solver.negativeCycleCell().isEmpty(), solver.describe() + ": no negative cycle");
        return solver.distances();
    }

    @ParameterizedTest(name = "{0} {1} n={2}")
    @MethodSource("takersGraphsAndSizes")
    void matchesTheReference(Variant variant, String spec, int n) {
        Graph graph = GraphSpec.parse(spec).instance(n, 2026);
        try (Solver solver = variant.create(SolverConfig.of(graph))) {
            int[] expected = ReferenceFloydWarshall.distances(graph);
            assertArrayEquals(expected, solve(solver), variant + " " + spec + " n=" + n);
            assertArrayEquals(expected, solve(solver), variant + " " + spec + " n=" + n + ", a second solve from a reset");
        }
    }

    @Test
    void bothKleeneTilesAndStreamLaunches() {
        Graph graph = GraphSpec.parse("sparse:0.01+potentials:300").instance(300, 5);
        int[] expected = ReferenceFloydWarshall.distances(graph);
        assertTrue(Arrays.stream(expected).anyMatch(d -> d == Distances.INF) && Arrays.stream(expected).anyMatch(d -> d < 0));
        for (int tile : new int[] {64, 128}) {
            try (Solver s = new KleeneSolver(Variant.KLEENE, SolverConfig.of(graph).withChoice(LaunchChoice.tile(tile)))) {
                assertArrayEquals(expected, solve(s), "kleene T=" + tile);
            }
            try (KleenePathsSolver s = new KleenePathsSolver(Variant.KLEENE_PATHS, SolverConfig.of(graph).withChoice(LaunchChoice.tile(tile)))) {
                assertArrayEquals(expected, solve(s), "kleene-paths T=" + tile);
            }
        }
        for (Variant v : takers().toList()) {
            try (Solver s = v.create(new SolverConfig(graph, LaunchMode.STREAM))) {
                assertArrayEquals(expected, solve(s), v + " with stream launches");
            }
        }
    }

    /**
     * Weights 0..2 with 30% of edges, shifted by potentials 0..3: negative edges, zero-weight
     * cycles, ties and unreachable pairs. Every route ends and sums to its distance; a pair
     * without a path has no intermediate.
     */
    @Test
    void routesWithNegativeWeightsEnd() {
        for (int n : new int[] {70, 130, 300}) {
            SplittableRandom random = new SplittableRandom(n);
            int[] p = random.ints(n, 0, 4).toArray();
            int[] w = new int[n * n];
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                    w[i * n + j] = i == j ? 0 : random.nextInt(10) < 3 ? random.nextInt(3) + p[i] - p[j] : Distances.INF;
            MatrixGraph graph = new MatrixGraph(n, w, "weights 0..2 shifted by potentials 0..3, n=" + n);
            for (int tile : new int[] {64, 128}) {
                try (KleenePathsSolver s = new KleenePathsSolver(Variant.KLEENE_PATHS, SolverConfig.of(graph).withChoice(LaunchChoice.tile(tile)))) {
                    s.reset();
                    s.solve();
                    ShortestPaths sp = new ShortestPaths(n, s.distances(), s.intermediates());
                    PathsVariantTest.assertEveryPath(graph, sp);
                    for (int c = 0; c < n * n; c++) {
                        if (sp.distances()[c] == Distances.INF) assertEquals(n + 1, sp.intermediates()[c], graph.describe() + ": q of an unreachable pair");
                    }
                }
            }
        }
    }

    /** A cycle of weight -1 through every vertex, and a complete graph of weight -1000 whose sums would overflow. */
    @Test
    void aNegativeCycleIsFoundOnTheDevice() {
        int n = 150;
        int[] cycle = new int[n * n], complete = new int[n * n];
        Arrays.fill(cycle, Distances.INF);
        Arrays.fill(complete, -1000);
        for (int v = 0; v < n; v++) {
            cycle[v * n + v] = 0;
            complete[v * n + v] = 0;
            cycle[v * n + (v + 1) % n] = v == 0 ? -n : 1;
        }
        for (MatrixGraph graph : new MatrixGraph[] {new MatrixGraph(n, cycle, "a cycle of weight -1"), new MatrixGraph(n, complete, "all weights -1000")}) {
            for (Variant v : takers().toList()) {
                try (Solver s = v.create(SolverConfig.of(graph))) {
                    s.reset();
                    s.solve();
                    assertTrue(s.negativeCycleCell().isPresent(), v + " on " + graph.describe());
                    VerificationFailure f = assertThrows(VerificationFailure.class, () -> Verification.check(s, graph));
                    assertTrue(f.getMessage().contains("which only a negative cycle gives"), f.getMessage());
                }
            }
        }
    }

    /** Above the CPU reference's size the signed certificate runs on the device, and catches a wrong cell. */
    @Test
    void theSignedCertificateVerifiesOnTheDevice() {
        Graph graph = GraphSpec.parse("sparse:0.002+potentials:100").instance(Verification.REFERENCE_LIMIT + 77, 3);
        try (KleeneSolver s = new KleeneSolver(Variant.KLEENE, SolverConfig.of(graph))) {
            assertEquals("passes the shortest-path certificate on the device", Verification.verify(s, graph));
            int[] d = s.distances();
            int n = graph.n(), unreachable = -1;
            for (int c = 0; c < d.length && unreachable < 0; c++) if (d[c] == Distances.INF) unreachable = c;
            assertTrue(unreachable >= 0, "the sparse graph leaves pairs unreachable");
            s.deviceMatrix().write((long) (unreachable / n) * s.leadingDimension() + unreachable % n, Distances.INF - 50);
            VerificationFailure f = assertThrows(VerificationFailure.class, () -> Verification.check(s, graph));
            assertTrue(f.getMessage().contains("the shortest-path certificate"), f.getMessage());
        }
    }

    @Test
    void otherVariantsRefuseNamingTheOnesThatTakeThem() {
        Graph graph = GraphSpec.parse("random+potentials:10").instance(50, 1);
        for (Variant v : Variant.values()) {
            if (v.takesNegativeWeights()) continue;
            UnsupportedInputException e = assertThrows(UnsupportedInputException.class, () -> v.create(SolverConfig.of(graph)), v.id());
            assertTrue(e.getMessage().endsWith("has negative weights: use kleene, dataflow, kleene-paths, kleene-bands, kleene-i64, kleene-f64"), e.getMessage());
        }
    }

    @Test
    void weightsTooFarFromZeroForKleenePathsAreRefused() {
        // complete: distances stay below 1001000 < ROUTE_INF, but (n - 1) x -999999 is far below -ROUTE_INF
        Graph graph = GraphSpec.parse("random+potentials:1000000").instance(100, 1);
        UnsupportedInputException e = assertThrows(UnsupportedInputException.class, () -> Variant.KLEENE_PATHS.create(SolverConfig.of(graph)));
        assertTrue(e.getMessage().contains("too far from 0 for kleene-paths"), e.getMessage());
    }
}
