package fwbench.variant;

import fwbench.GpuTest;
import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.Graphs;
import fwbench.graph.MatrixGraph;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.graph.ShortestPaths;
import fwbench.verify.PathCheck;
import fwbench.verify.Verification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The paths variant (kernels/06_paths.cu): report 003's example exactly, and on larger graphs every
 * rebuilt path as long as its distance. Where several shortest paths tie, the blocked order of
 * relaxations may pick another intermediate than the CPU reference, so q is checked through paths.
 */
@GpuTest
class PathsVariantTest {

    static PathsSolver solver(Graph graph, LaunchMode launch) {
        return (PathsSolver) Variant.PATHS.create(new SolverConfig(graph, launch));
    }

    static ShortestPaths solve(PathsSolver solver) {
        solver.reset();
        solver.solve();
        return new ShortestPaths(solver.n(), solver.distances(), solver.intermediates());
    }

    static void assertPath(Graph graph, ShortestPaths sp, int i, int j) {
        Optional<String> problem = PathCheck.problem(graph, sp, i, j);
        assertTrue(problem.isEmpty(), () -> graph.describe() + ": " + problem.get());
    }

    @Test
    void report003ExampleExactly() {
        MatrixGraph g = Graphs.report003();
        try (PathsSolver s = solver(g, LaunchMode.GRAPH)) {
            ShortestPaths sp = solve(s);
            assertArrayEquals(Graphs.flatten(Graphs.REPORT_003_DISTANCES), sp.distances());
            assertArrayEquals(Graphs.flatten(Graphs.REPORT_003_INTERMEDIATES), sp.intermediates());
            assertEquals(List.of(4, 2, 0, 3), sp.path(4, 3).orElseThrow());
        }
    }

    /** Sizes below, at and past one and several 32-tiles, none a multiple of 32 past the first tile. */
    @ParameterizedTest(name = "{0} n={1}")
    @CsvSource({"random, 31", "random, 33", "random, 100", "random, 257",
            "sparse:0.02, 33", "sparse:0.02, 100", "sparse:0.02, 257", "sparse:0.3, 65", "hops:0.05, 150"})
    void everyRebuiltPathIsAsLongAsItsDistance(String spec, int n) {
        Graph graph = GraphSpec.parse(spec).instance(n, 2027);
        try (PathsSolver s = solver(graph, LaunchMode.GRAPH)) {
            ShortestPaths sp = solve(s);
            assertArrayEquals(ReferenceFloydWarshall.distances(graph), sp.distances(), graph.describe());
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) assertPath(graph, sp, i, j);
        }
    }

    @ParameterizedTest(name = "{0} n=1000, sampled pairs")
    @CsvSource({"random", "sparse:0.01"})
    void sampledPathsAtN1000(String spec) {
        int n = 1000;
        Graph graph = GraphSpec.parse(spec).instance(n, 5);
        try (PathsSolver s = solver(graph, LaunchMode.GRAPH)) {
            ShortestPaths sp = solve(s);
            assertArrayEquals(ReferenceFloydWarshall.distances(graph), sp.distances(), graph.describe());
            SplittableRandom random = new SplittableRandom(77);
            for (int sample = 0; sample < 20_000; sample++) assertPath(graph, sp, random.nextInt(n), random.nextInt(n));
            for (int i = 0; i < n; i++) assertPath(graph, sp, i, n - 1 - i);  // and one pair in every row
        }
    }

    @Test
    void unreachablePairsHaveNoPathAndNoIntermediate() {
        for (MatrixGraph g : new MatrixGraph[] {Graphs.twoComponents(70), Graphs.twoComponents(101), Graphs.empty(40)}) {
            int n = g.n();
            try (PathsSolver s = solver(g, LaunchMode.GRAPH)) {
                ShortestPaths sp = solve(s);
                assertArrayEquals(ReferenceFloydWarshall.distances(g), sp.distances(), g.describe());
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        if (sp.distance(i, j) >= Distances.INF) {
                            assertTrue(sp.path(i, j).isEmpty(), g.describe() + ": path " + i + " -> " + j);
                            assertEquals(n + 1, sp.intermediates()[i * n + j], g.describe() + ": q at unreachable (" + i + ", " + j + ")");
                        } else {
                            assertPath(g, sp, i, j);
                        }
                    }
                }
            }
        }
        Graph sparse = GraphSpec.parse("sparse:0.003").instance(300, 9);
        try (PathsSolver s = solver(sparse, LaunchMode.GRAPH)) {
            ShortestPaths sp = solve(s);
            long unreachable = Arrays.stream(sp.distances()).filter(d -> d >= Distances.INF).count();
            assertTrue(unreachable > 0, "the sparse graph should leave some pairs unreachable");
            for (int i = 0; i < 300; i++)
                for (int j = 0; j < 300; j++) assertPath(sparse, sp, i, j);
        }
    }

    @Test
    void resetRefillsTheIntermediates() {
        Graph graph = GraphSpec.RANDOM.instance(130, 4);
        int n = graph.n();
        try (PathsSolver s = solver(graph, LaunchMode.GRAPH)) {
            ShortestPaths first = solve(s);
            s.reset();
            int[] afterReset = s.intermediates();
            assertTrue(Arrays.stream(afterReset).allMatch(q -> q == n + 1), "reset leaves q = n + 1 everywhere");
            assertArrayEquals(graph.weights(), s.distances(), "reset restores the input");
            s.solve();
            assertArrayEquals(first.intermediates(), s.intermediates(), "a second solve gives the same q");
            assertArrayEquals(first.distances(), s.distances());
        }
    }

    @Test
    void streamLaunchesGiveTheSameMatrices() {
        Graph graph = GraphSpec.parse("sparse:0.05").instance(150, 3);
        try (PathsSolver viaGraph = solver(graph, LaunchMode.GRAPH); PathsSolver viaStream = solver(graph, LaunchMode.STREAM)) {
            ShortestPaths a = solve(viaGraph), b = solve(viaStream);
            assertArrayEquals(a.distances(), b.distances());
            assertArrayEquals(a.intermediates(), b.intermediates());
        }
    }

    @Test
    void verificationChecksThePaths() {
        Graph graph = GraphSpec.RANDOM.instance(333, 12);
        try (Solver s = Variant.PATHS.create(SolverConfig.of(graph))) {
            assertTrue(s instanceof PathSolver);
            String how = Verification.verify(s, graph);
            assertTrue(how.contains("rebuilt paths"), how);
        }
    }
}
