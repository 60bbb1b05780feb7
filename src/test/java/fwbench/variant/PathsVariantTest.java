package fwbench.variant;

import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.PathSolver;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.kleene.KleenePathsSolver;
import fwbench.variant.kleene.KleeneSolver;

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
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The variants with an intermediate-node matrix (paths: kernels/06_paths.cu, kleene-paths:
 * kernels/10_kleene_paths.cu): report 003's example exactly, and on larger graphs every rebuilt path
 * as long as its distance. Where several shortest paths tie, the blocked order of relaxations may
 * pick another intermediate than the CPU reference, so q is checked through paths.
 */
@GpuTest
class PathsVariantTest {

    static Stream<Variant> pathVariants() {
        return Arrays.stream(Variant.values()).filter(v -> v.gpu() && v.producesPaths());
    }

    static PathSolver solver(Variant variant, Graph graph, LaunchMode launch) {
        return (PathSolver) variant.create(new SolverConfig(graph, launch));
    }

    static ShortestPaths solve(PathSolver solver) {
        solver.reset();
        solver.solve();
        return new ShortestPaths(solver.n(), solver.distances(), solver.intermediates());
    }

    static void assertPath(Graph graph, ShortestPaths sp, int i, int j) {
        Optional<String> problem = PathCheck.problem(graph, sp, i, j);
        assertTrue(problem.isEmpty(), () -> graph.describe() + ": " + problem.get());
    }

    @ParameterizedTest
    @MethodSource("pathVariants")
    void report003ExampleExactly(Variant variant) {
        MatrixGraph g = Graphs.report003();
        try (PathSolver s = solver(variant, g, LaunchMode.GRAPH)) {
            ShortestPaths sp = solve(s);
            assertArrayEquals(Graphs.flatten(Graphs.REPORT_003_DISTANCES), sp.distances());
            assertArrayEquals(Graphs.flatten(Graphs.REPORT_003_INTERMEDIATES), sp.intermediates());
            assertEquals(List.of(4, 2, 0, 3), sp.path(4, 3).orElseThrow());
        }
    }

    /** Sizes below, at and past one and several 32-tiles, none a multiple of 32 past the first tile. */
    static Stream<Arguments> variantsGraphsAndSizes() {
        return pathVariants().flatMap(v -> Stream.of("random, 31", "random, 33", "random, 100", "random, 257", "sparse:0.02, 33",
                        "sparse:0.02, 100", "sparse:0.02, 257", "sparse:0.3, 65", "hops:0.05, 150", "hops:0.05, 300")
                .map(c -> Arguments.of(v, c.split(", ")[0], Integer.parseInt(c.split(", ")[1]))));
    }

    /** Sizes below, at and past one and several 32-, 64- and 128-tiles, none a multiple of 32 past the first tile. */
    @ParameterizedTest(name = "{0} {1} n={2}")
    @MethodSource("variantsGraphsAndSizes")
    void everyRebuiltPathIsAsLongAsItsDistance(Variant variant, String spec, int n) {
        Graph graph = GraphSpec.parse(spec).instance(n, 2027);
        try (PathSolver s = solver(variant, graph, LaunchMode.GRAPH)) {
            assertEveryPath(graph, solve(s));
        }
    }

    static void assertEveryPath(Graph graph, ShortestPaths sp) {
        int n = graph.n();
        assertArrayEquals(ReferenceFloydWarshall.distances(graph), sp.distances(), graph.describe());
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) assertPath(graph, sp, i, j);
    }

    /**
     * Weights 0, 1 and 2 on a dense graph: zero-weight edges and cycles, and many shortest paths of
     * equal length. The strict-improvement rule must still give routes that end and sum to the
     * distance, with both of kleene-paths' tiles (T = 64 and 128 at n = 300, 2 and 3 tiles).
     */
    @Test
    void zeroWeightCyclesAndTiesGiveRoutesThatEnd() {
        for (int n : new int[] {70, 130, 300}) {
            SplittableRandom random = new SplittableRandom(n);
            int[] w = new int[n * n];
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) w[i * n + j] = i == j ? 0 : random.nextInt(10) < 3 ? random.nextInt(3) : Distances.INF;
            MatrixGraph graph = new MatrixGraph(n, w, "weights 0..2, 30% of edges, n=" + n);
            for (Variant v : pathVariants().toList()) {
                try (PathSolver s = solver(v, graph, LaunchMode.GRAPH)) {
                    assertEveryPath(graph, solve(s));
                }
            }
            for (int tile : new int[] {64, 128}) {
                try (KleenePathsSolver s = new KleenePathsSolver(Variant.KLEENE_PATHS, SolverConfig.of(graph).withChoice(LaunchChoice.tile(tile)))) {
                    assertEveryPath(graph, solve(s));
                }
            }
        }
    }

    /**
     * kleene-paths with its rounds in groups: a group's product marks one of G T k, and its operands
     * may already hold later rounds' improvements, so the marks differ from rounds one by one but every
     * route must still end and sum to its distance: ties and zero-weight cycles (weights 0..2), at both
     * tiles and every group size, with a last group shorter than the others (n = 300: 5 tiles of 64).
     */
    @Test
    void roundsInGroupsGiveRoutesThatEnd() {
        int n = 300;
        SplittableRandom random = new SplittableRandom(11);
        int[] w = new int[n * n];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) w[i * n + j] = i == j ? 0 : random.nextInt(10) < 3 ? random.nextInt(3) : Distances.INF;
        MatrixGraph graph = new MatrixGraph(n, w, "weights 0..2, 30% of edges, n=" + n);
        for (int tile : new int[] {64, 128}) {
            for (int groups = 2; groups <= KleeneSolver.MAX_GROUPED_ROUNDS; groups++) {
                try (KleenePathsSolver s = new KleenePathsSolver(Variant.KLEENE_PATHS, SolverConfig.of(graph).withChoice(LaunchChoice.tile(tile)), groups)) {
                    assertTrue(s.describe().contains("rounds in groups of " + groups), s.describe());
                    assertEveryPath(graph, solve(s));
                }
            }
        }
    }

    /**
     * Distances up to the bound of the keys of rounds in groups (just below GROUPED_ROUTE_INF),
     * improved beside marks past 8 bits (n = 400 at T = 128: one group of the four tiles, marks up to
     * 400): the mark must not carry into the distance. Complete, so the bound is its largest weight.
     */
    @Test
    void distancesAtTheGroupsKeysBoundKeepTheirMarksApart() {
        int n = 400, top = KleenePathsSolver.GROUPED_ROUTE_INF - 1;
        SplittableRandom random = new SplittableRandom(5);
        int[] w = new int[n * n];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) w[i * n + j] = i == j ? 0 : top - random.nextInt(2 * top / 3);
        MatrixGraph graph = new MatrixGraph(n, w, "complete, weights up to GROUPED_ROUTE_INF - 1, n=" + n);
        try (KleenePathsSolver s = new KleenePathsSolver(Variant.KLEENE_PATHS, SolverConfig.of(graph).withChoice(LaunchChoice.tile(128)),
                KleeneSolver.MAX_GROUPED_ROUNDS)) {
            assertTrue(s.describe().contains("rounds in groups of " + KleeneSolver.MAX_GROUPED_ROUNDS), s.describe());
            assertEveryPath(graph, solve(s));
        }
    }

    /**
     * A graph whose distances may pass the keys of rounds in groups (below GROUPED_ROUTE_INF) but not
     * those of rounds one by one: asked for groups, kleene-paths runs one round at a time and says why.
     */
    @Test
    void distancesPastTheGroupsKeysRunOneRoundAtATime() {
        int n = 300;
        SplittableRandom random = new SplittableRandom(3);
        int[] w = new int[n * n];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) w[i * n + j] = i == j ? 0 : random.nextInt(20) == 0 ? 1 + random.nextInt(10_000) : Distances.INF;
        MatrixGraph graph = new MatrixGraph(n, w, "5% of edges, weights up to 10000, n=" + n);
        try (KleenePathsSolver s = new KleenePathsSolver(Variant.KLEENE_PATHS, SolverConfig.of(graph), 4)) {
            assertTrue(s.describe().contains("rounds one by one (distances up to " + (n - 1) * graph.maxWeight()), s.describe());
            assertEveryPath(graph, solve(s));
        }
    }

    @ParameterizedTest(name = "{0} {1} n=1000, sampled pairs")
    @MethodSource("variantsAtN1000")
    void sampledPathsAtN1000(Variant variant, String spec) {
        int n = 1000;
        Graph graph = GraphSpec.parse(spec).instance(n, 5);
        try (PathSolver s = solver(variant, graph, LaunchMode.GRAPH)) {
            ShortestPaths sp = solve(s);
            assertArrayEquals(ReferenceFloydWarshall.distances(graph), sp.distances(), graph.describe());
            SplittableRandom random = new SplittableRandom(77);
            for (int sample = 0; sample < 20_000; sample++) assertPath(graph, sp, random.nextInt(n), random.nextInt(n));
            for (int i = 0; i < n; i++) assertPath(graph, sp, i, n - 1 - i);  // and one pair in every row
        }
    }

    static Stream<Arguments> variantsAtN1000() {
        return pathVariants().flatMap(v -> Stream.of(Arguments.of(v, "random"), Arguments.of(v, "sparse:0.01")));
    }

    @ParameterizedTest
    @MethodSource("pathVariants")
    void unreachablePairsHaveNoPathAndNoIntermediate(Variant variant) {
        for (MatrixGraph g : new MatrixGraph[] {Graphs.twoComponents(70), Graphs.twoComponents(101), Graphs.empty(40)}) {
            int n = g.n();
            try (PathSolver s = solver(variant, g, LaunchMode.GRAPH)) {
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
        try (PathSolver s = solver(variant, sparse, LaunchMode.GRAPH)) {
            ShortestPaths sp = solve(s);
            long unreachable = Arrays.stream(sp.distances()).filter(d -> d >= Distances.INF).count();
            assertTrue(unreachable > 0, "the sparse graph should leave some pairs unreachable");
            for (int i = 0; i < 300; i++)
                for (int j = 0; j < 300; j++) assertPath(sparse, sp, i, j);
        }
    }

    @ParameterizedTest
    @MethodSource("pathVariants")
    void resetRefillsTheIntermediates(Variant variant) {
        Graph graph = GraphSpec.RANDOM.instance(130, 4);
        int n = graph.n();
        try (PathSolver s = solver(variant, graph, LaunchMode.GRAPH)) {
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

    @ParameterizedTest
    @MethodSource("pathVariants")
    void streamLaunchesGiveTheSameMatrices(Variant variant) {
        Graph graph = GraphSpec.parse("sparse:0.05").instance(150, 3);
        try (PathSolver viaGraph = solver(variant, graph, LaunchMode.GRAPH); PathSolver viaStream = solver(variant, graph, LaunchMode.STREAM)) {
            ShortestPaths a = solve(viaGraph), b = solve(viaStream);
            assertArrayEquals(a.distances(), b.distances());
            assertArrayEquals(a.intermediates(), b.intermediates());
        }
    }

    @ParameterizedTest
    @MethodSource("pathVariants")
    void verificationChecksThePaths(Variant variant) {
        Graph graph = GraphSpec.RANDOM.instance(333, 12);
        try (Solver s = variant.create(SolverConfig.of(graph))) {
            assertTrue(s instanceof PathSolver);
            String how = Verification.verify(s, graph);
            assertTrue(how.contains("rebuilt paths"), how);
        }
    }
}
