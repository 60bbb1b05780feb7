package fwbench.variant;

import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.kleene.BandsSolver;
import fwbench.variant.kleene.KleeneSolver;

import fwbench.GpuTest;
import fwbench.cuda.CudaContext;
import fwbench.cuda.Gpu;
import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.MatrixGraph;
import fwbench.graph.NegativeCycle;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.verify.Verification;
import fwbench.verify.VerificationFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * kleene-bands on graphs with negative weights: each band ends its solve with
 * fw_finish_negative_weights over its own rows (kernels/graph.cu). Against the CPU reference at sizes
 * that are not multiples of a tile, with unreachable pairs (where INF plus a negative weight must not
 * leak), zero weights and ties, as one band and two on one GPU and as two bands on two GPUs; above
 * the reference's size the signed certificate by band; and a planted negative cycle, reported on
 * its vertex. The graphs' own properties are checked without a GPU.
 */
class KleeneBandsNegativeWeightsTest {

    static final int[] SIZES = {1, 2, 37, 130, 300};

    /** A complete graph; a sparse one (unreachable pairs up to n = 300); hop counts with potentials 0..2 (zero weights, ties). */
    static final String[] SPECS = {"random+potentials:1000", "sparse:0.01+potentials:300", "hops:0.05+potentials:2"};

    static final long SEED = 2026;

    /** Above the CPU reference's limit, past a multiple of the certificate's 128-cell tile; a sparse graph leaves vertices no edge reaches. */
    static final String CERTIFIED = "sparse:0.002+potentials:100";
    static final int CERTIFIED_N = Verification.REFERENCE_LIMIT + 77;

    static Stream<Arguments> sizesTilesGraphs() {
        List<Arguments> cases = new ArrayList<>();
        for (int n : SIZES) {
            for (int tile : new int[] {64, 128}) {
                for (String spec : SPECS) cases.add(Arguments.of(n, tile, spec));
            }
        }
        return cases.stream();
    }

    /** Two solves from a reset: no negative cycle either time, and the reference's distances cell by cell. */
    static void assertTheReference(BandsSolver s, Graph g) {
        int[] expected = ReferenceFloydWarshall.distances(g);
        for (int run = 0; run < 2; run++) {
            s.reset();
            s.solve();
            assertEquals(OptionalLong.empty(), s.negativeCycleCell(), s.describe() + " on " + g.describe() + ", solve " + run);
            assertArrayEquals(expected, s.distances(), s.describe() + " on " + g.describe() + ", solve " + run);
        }
        assertTrue(s.lastSolveGpuMillis().isPresent());
    }

    @GpuTest
    @ParameterizedTest(name = "n={0} T={1} {2}")
    @MethodSource("sizesTilesGraphs")
    void oneAndTwoBandsOnOneGpuGiveTheReference(int n, int tile, String spec) {
        Graph g = GraphSpec.parse(spec).instance(n, SEED);
        for (int bands : new int[] {1, 2}) {
            try (BandsSolver s = new BandsSolver(Variant.KLEENE_BANDS, SolverConfig.of(g), bands, 1, tile, 0)) {
                assertEquals(1, s.devices(), s.describe());
                assertTheReference(s, g);
            }
        }
    }

    /** The same cases as two bands on two GPUs (where the tiles allow two): each GPU finishes its own rows. */
    @GpuTest
    @ParameterizedTest(name = "n={0} T={1} {2}")
    @MethodSource("sizesTilesGraphs")
    void twoBandsOnTwoGpusGiveTheReference(int n, int tile, String spec) {
        assumeTrue(Gpu.deviceCount() >= 2, "needs two GPUs");
        Graph g = GraphSpec.parse(spec).instance(n, SEED);
        try (BandsSolver s = new BandsSolver(Variant.KLEENE_BANDS, SolverConfig.of(g), 2, 2, tile, 0)) {
            assertEquals(Math.min(2, s.bandViews().size()), s.devices(), s.describe());
            assertTheReference(s, g);
        }
    }

    /** Made by the registry, as a benchmark or solve makes it (gpus=1: one band), and verified as they verify it. */
    @GpuTest
    @Test
    void theRegistryMakesItForNegativeWeights() {
        Graph g = GraphSpec.parse(SPECS[1]).instance(300, SEED);
        try (Solver s = Variant.KLEENE_BANDS.create(SolverConfig.of(g).withGpus(1))) {
            assertTrue(s instanceof BandsSolver && s.describe().contains("1 band on GPU 0"), s.describe());
            assertEquals("every cell equals the CPU reference", Verification.verify(s, g));
            assertEquals(OptionalLong.empty(), s.negativeCycleCell());
        }
    }

    /**
     * Above Verification.REFERENCE_LIMIT the signed certificate runs by band (fw_certificate_rows_signed):
     * it passes the answer, which is kleene's cell by cell, and names a cell with no path set just
     * below INF in the second band (no term equals it: the terms with an INF operand are left out).
     */
    @GpuTest
    @ParameterizedTest(name = "two bands on {0} GPU(s)")
    @ValueSource(ints = {1, 2})
    void theSignedCertificateByBandPassesTheAnswerAndNamesALeakedCell(int devices) {
        assumeTrue(Gpu.deviceCount() >= devices, "needs two GPUs");
        Graph g = GraphSpec.parse(CERTIFIED).instance(CERTIFIED_N, SEED);
        int n = g.n();
        try (BandsSolver s = new BandsSolver(Variant.KLEENE_BANDS, SolverConfig.of(g), 2, devices, 128, 0);
             KleeneSolver kleene = new KleeneSolver(Variant.KLEENE, SolverConfig.of(g).withGpus(1))) {
            assertEquals(devices, s.devices(), s.describe());
            assertEquals("passes the shortest-path certificate on the devices, by row band", Verification.verify(s, g));
            assertEquals(OptionalLong.empty(), s.negativeCycleCell());
            kleene.reset();
            kleene.solve();
            int[] d = s.distances();
            assertArrayEquals(kleene.distances(), d, s.describe());
            BandsSolver.BandView second = s.bandViews().get(1);
            int i = second.firstRow() + 5;
            int j = IntStream.range(0, n).filter(c -> d[i * n + c] == Distances.INF).findFirst().orElseThrow();
            CudaContext.of(second.device());  // the band's buffer is written with its own device's context current
            second.distances().write((long) (i - second.firstRow()) * s.leadingDimension() + j, Distances.INF - 50);
            CudaContext.get();
            VerificationFailure f = assertThrows(VerificationFailure.class, () -> Verification.check(s, g));
            assertTrue(f.getMessage().contains("the shortest-path certificate"), f.getMessage());
        }
    }

    /**
     * A cycle a -> b -> c -> a of weight -1 (a < b < c), cut off from the rest of a graph with
     * negative weights and no negative cycle of its own. Only cells between the cycle's vertices can
     * fall below lo (any other walk through it takes an INF edge), and d(a, a) ends negative, so the
     * first cell that proves a cycle, over all bands, is (a, a): in the first band, or in the second
     * where the whole cycle lies there.
     */
    @GpuTest
    @ParameterizedTest(name = "n={0} T={1} bands={2} GPUs={3} cycle {4} {5} {6}")
    @CsvSource({
            "130, 64, 1, 1, 21, 66, 128", "130, 64, 2, 1, 21, 66, 128", "130, 128, 2, 1, 21, 66, 128",
            "300, 64, 2, 1, 50, 151, 298", "300, 128, 2, 1, 50, 151, 298", "300, 64, 2, 1, 200, 250, 299",
            "130, 64, 2, 2, 21, 66, 128", "300, 64, 2, 2, 50, 151, 298", "300, 128, 2, 2, 129, 200, 299"})
    void aPlantedNegativeCycleIsReportedOnItsFirstVertex(int n, int tile, int bands, int devices, int a, int b, int c) {
        assumeTrue(Gpu.deviceCount() >= devices, "needs two GPUs");
        MatrixGraph g = withNegativeCycle(n, a, b, c);
        try (BandsSolver s = new BandsSolver(Variant.KLEENE_BANDS, SolverConfig.of(g), bands, devices, tile, 0)) {
            for (int run = 0; run < 2; run++) {
                s.reset();
                s.solve();
                assertEquals(OptionalLong.of((long) a * n + a), s.negativeCycleCell(), s.describe() + ", solve " + run);
            }
            VerificationFailure f = assertThrows(VerificationFailure.class, () -> Verification.check(s, g));
            assertTrue(f.getMessage().contains("cell (" + a + ", " + a + ") below any path's length, which only a negative cycle gives"),
                    f.getMessage());
        }
    }

    /** sparse:0.05 with potentials 0..50 at seed 4, every edge into or out of a, b and c removed, and a -> b -> c -> a weighing 1, 1, -3. */
    static MatrixGraph withNegativeCycle(int n, int a, int b, int c) {
        int[] w = GraphSpec.parse("sparse:0.05+potentials:50").instance(n, 4).weights();
        for (int v : new int[] {a, b, c}) {
            for (int u = 0; u < n; u++) {
                if (u == v) continue;
                w[v * n + u] = Distances.INF;
                w[u * n + v] = Distances.INF;
            }
        }
        w[a * n + b] = 1;
        w[b * n + c] = 1;
        w[c * n + a] = -3;
        return new MatrixGraph(n, w, "sparse:0.05+potentials:50 with the cycle " + a + " -> " + b + " -> " + c + " of weight -1 cut off from the rest");
    }

    /** What the GPU tests above rely on in their graphs, checked on the CPU. */
    @Test
    void theGraphsHaveWhatTheGpuTestsNeed() {
        for (int n : SIZES) {
            for (String spec : SPECS) {
                Graph g = GraphSpec.parse(spec).instance(n, SEED);
                assertTrue(g.negativeWeights(), spec + " n=" + n);
                assertTrue(Variant.KLEENE_BANDS.negativeWeightRefusal(g).isEmpty(), spec + " n=" + n);
            }
        }
        int[] sparse = ReferenceFloydWarshall.distances(GraphSpec.parse(SPECS[1]).instance(300, SEED));
        assertTrue(Arrays.stream(sparse).anyMatch(d -> d == Distances.INF) && Arrays.stream(sparse).anyMatch(d -> d < 0), "unreachable pairs and negative distances");
        int[] hops = GraphSpec.parse(SPECS[2]).instance(300, SEED).weights();
        assertTrue(IntStream.range(0, 300 * 300).anyMatch(c -> c / 300 != c % 300 && hops[c] == 0), "zero-weight edges");
        // two vertices no edge reaches: every row of the certified graph has an INF cell
        Graph certified = GraphSpec.parse(CERTIFIED).instance(CERTIFIED_N, SEED);
        int n = certified.n();
        assertTrue(IntStream.range(0, n).filter(j -> IntStream.range(0, n).allMatch(i -> i == j || certified.weight(i, j) == Distances.INF)).count() >= 2);
        assertTrue(certified.positiveCycles() && Variant.KLEENE_BANDS.negativeWeightRefusal(certified).isEmpty());
        for (int[] cycle : new int[][] {{130, 21, 66, 128}, {300, 50, 151, 298}, {300, 200, 250, 299}, {300, 129, 200, 299}}) {
            MatrixGraph g = withNegativeCycle(cycle[0], cycle[1], cycle[2], cycle[3]);
            assertTrue(Variant.KLEENE_BANDS.negativeWeightRefusal(g).isEmpty(), g.describe());
            assertEquals(Set.of(cycle[1], cycle[2], cycle[3]), Set.copyOf(NegativeCycle.find(g).orElseThrow()), g.describe());
        }
    }
}
