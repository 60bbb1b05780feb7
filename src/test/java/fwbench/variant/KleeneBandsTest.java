package fwbench.variant;

import fwbench.variant.core.DeviceGraphs;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;
import fwbench.variant.kleene.BandsSolver;
import fwbench.variant.kleene.KleeneSolver;

import fwbench.GpuTest;
import fwbench.cuda.Gpu;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.Graphs;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.verify.Verification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * kleene-bands on one GPU: 2 and 3 bands on the one device (the pivot rows then go by
 * device-to-device copies, the schedule and its events are the multi-GPU ones) against the CPU
 * reference, and one band against kleene's answer; on a host of two GPUs or more, the same bands
 * across two of them, and one band a GPU against kleene. The schedule's ordering is checked without a
 * GPU by BandRoundsTest; this checks the kernels' tile indexing and the copies, with the solve
 * replayed as a CUDA graph (the default launch mode) and issued from Java.
 */
@GpuTest
class KleeneBandsTest {

    /**
     * Not multiples of 64 or 128, one tile, a tile and a bit, several tiles a band; rounds one by
     * one, in pairs and in groups of five (a group that straddles two bands, a last group shorter).
     */
    static Stream<Arguments> bandsOnOneGpu() {
        List<Arguments> cases = new ArrayList<>();
        for (int n : new int[] {1, 100, 129, 257, 385, 1000}) {
            for (int bands : new int[] {1, 2, 3}) {
                for (int tile : new int[] {64, 128}) {
                    for (int groups : new int[] {1, 2, 5}) {
                        for (String graph : new String[] {"random", "sparse:0.02", "hops:0.02", TestGraphs.ZERO_WEIGHTS}) {
                            cases.add(Arguments.of(n, bands, tile, groups, graph));
                        }
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "n={0} bands={1} T={2} groups of {3} {4}")
    @MethodSource("bandsOnOneGpu")
    void bandsOnOneGpuGiveTheReference(int n, int bands, int tile, int groups, String graph) {
        Graph g = TestGraphs.graph(graph, n);
        try (BandsSolver s = new BandsSolver(Variant.KLEENE_BANDS, SolverConfig.of(g), bands, 1, tile, groups)) {
            for (int run = 0; run < 2; run++) {  // a second solve after reset: the group buffers' parity starts over
                s.reset();
                s.solve();
                assertArrayEquals(ReferenceFloydWarshall.distances(g), s.distances(), s.describe() + ", solve " + run);
            }
            assertTrue(s.lastSolveGpuMillis().isPresent());
        }
    }

    /**
     * Bands on one device replay one captured CUDA graph with launch=graph and issue every launch
     * from Java with launch=stream: the same distances, solve after solve (the graph's second replay
     * starts from the events and buffers the first left).
     */
    @ParameterizedTest(name = "n={0} bands={1} {2}")
    @CsvSource({"129, 1, GRAPH", "129, 1, STREAM", "1000, 1, GRAPH", "1000, 1, STREAM", "1000, 3, GRAPH", "1000, 3, STREAM", "385, 2, GRAPH"})
    void bothLaunchModesGiveTheReference(int n, int bandCount, LaunchMode launch) {
        Graph g = TestGraphs.graph(TestGraphs.ZERO_WEIGHTS, n);
        try (BandsSolver s = new BandsSolver(Variant.KLEENE_BANDS, new SolverConfig(g, launch), bandCount, 1, 64, 0)) {
            String expected = launch == LaunchMode.GRAPH ? "launches replayed as one CUDA graph" : "launches issued from Java";
            assertTrue(s.describe().contains(expected), s.describe());
            for (int run = 0; run < 3; run++) {
                s.reset();
                s.solve();
                assertArrayEquals(ReferenceFloydWarshall.distances(g), s.distances(), s.describe() + ", solve " + run);
            }
        }
    }

    /** A band made on the device (fw_generate_rows) holds the host generator's rows and the padding. */
    @Test
    void generatedRowsEqualTheHostGenerator() {
        int n = 333, ld = 384, first = 128, rows = 256;
        for (String spec : new String[] {"random", "sparse:0.01", "hops:0.2", "random+potentials:1000"}) {
            Graph graph = GraphSpec.parse(spec).instance(n, 99);
            int[] w = graph.weights();
            fwbench.cuda.CudaContext.get();
            try (fwbench.cuda.CudaStream stream = new fwbench.cuda.CudaStream(); fwbench.cuda.DeviceBuffer band = new fwbench.cuda.DeviceBuffer((long) rows * ld)) {
                DeviceGraphs.loadRows(graph, band, ld, first, rows, stream);
                int[] got = band.download();
                for (int r = 0; r < rows; r++) {
                    int i = first + r;
                    for (int j = 0; j < ld; j++) {
                        int expected = i == j ? 0 : i < n && j < n ? w[i * n + j] : fwbench.graph.Distances.INF;
                        assertEquals(expected, got[r * ld + j], spec + " cell (" + i + ", " + j + ")");
                    }
                }
            }
        }
    }

    @Test
    void report003sZeroWeightEdgeOnThreeBands() {
        Graph g = Graphs.report003();
        try (BandsSolver s = new BandsSolver(Variant.KLEENE_BANDS, SolverConfig.of(g), 3, 1, 64, 0)) {
            s.reset();
            s.solve();
            assertArrayEquals(Graphs.flatten(Graphs.REPORT_003_DISTANCES), s.distances());
        }
    }

    /** gpus=1: one band, kleene's rounds in another order; the same distances as kleene's. */
    @ParameterizedTest(name = "n={0} {1}")
    @MethodSource("oneGpu")
    void oneGpuGivesKleenesAnswer(int n, String graph) {
        Graph g = GraphSpec.parse(graph).instance(n, 11);
        SolverConfig config = SolverConfig.of(g).withGpus(1);
        try (BandsSolver bands = new BandsSolver(Variant.KLEENE_BANDS, config); KleeneSolver kleene = new KleeneSolver(Variant.KLEENE, config)) {
            assertEquals(1, bands.devices());
            assertTrue(bands.describe().contains("1 band on GPU 0"), bands.describe());
            bands.reset();
            bands.solve();
            kleene.reset();
            kleene.solve();
            assertArrayEquals(kleene.distances(), bands.distances(), bands.describe());
        }
    }

    static Stream<Arguments> oneGpu() {
        return Stream.of(Arguments.of(1000, "random"), Arguments.of(3000, "sparse:0.01"), Arguments.of(3600, "hops:0.01"), Arguments.of(4100, "random"));
    }

    /**
     * Above Verification.REFERENCE_LIMIT the certificate runs by band, W's rows brought over a chunk
     * at a time: weights and unreachable pairs, then hop counts (ties everywhere), at sizes past a
     * multiple of its 128-cell tile and of the 2048-row chunk.
     */
    @ParameterizedTest(name = "{0} n={1} bands={2}")
    @CsvSource({"sparse:0.002, 2500, 3", "hops:0.001, 4099, 2"})  // 4099 on 2 bands: the second holds 2176 rows, two chunks
    void theCertificateByBandPassesARightAnswerAndNamesAWrongCell(String spec, int n, int bandCount) {
        Graph g = GraphSpec.parse(spec).instance(n, 5);
        try (BandsSolver s = new BandsSolver(Variant.KLEENE_BANDS, SolverConfig.of(g), bandCount, 1, 128, 0)) {
            assertEquals("passes the shortest-path certificate on the devices, by row band", Verification.verify(s, g));
            BandsSolver.BandView middle = s.bandViews().get(1);
            // column 0: a wrong cell also breaks others of its row (a witness through it, a term from
            // it), all of them after it in the row, so it is the first the check names
            int i = middle.firstRow() + 7, j = 0;
            long at = (long) (i - middle.firstRow()) * s.leadingDimension() + j;
            int right = middle.distances().read(at);
            middle.distances().write(at, right + 1);
            var failure = assertThrows(fwbench.verify.VerificationFailure.class, () -> Verification.check(s, g));
            assertTrue(failure.getMessage().contains("wrong distance at (" + i + ", " + j + ")"), failure.getMessage());
            // one below: no term reaches it, so no chunk marks it witnessed
            middle.distances().write(at, right - 1);
            var tooShort = assertThrows(fwbench.verify.VerificationFailure.class, () -> Verification.check(s, g));
            assertTrue(tooShort.getMessage().contains("wrong distance at (" + i + ", " + j + ")"), tooShort.getMessage());
            middle.distances().write(at, right);
            assertEquals("passes the shortest-path certificate on the devices, by row band", Verification.check(s, g));
        }
    }

    /** Every case of bandsOnOneGpu over two GPUs (one band stays on one): the pivot rows go peer to peer (or staged). */
    @ParameterizedTest(name = "n={0} bands={1} T={2} groups of {3} {4}")
    @MethodSource("bandsOnOneGpu")
    void bandsAcrossTwoGpusGiveTheReference(int n, int bands, int tile, int groups, String graph) {
        assumeTrue(Gpu.deviceCount() >= 2, "needs two GPUs");
        Graph g = TestGraphs.graph(graph, n);
        try (BandsSolver s = new BandsSolver(Variant.KLEENE_BANDS, SolverConfig.of(g), bands, 2, tile, groups)) {
            assertEquals(Math.min(2, s.bandViews().size()), s.devices(), s.describe());
            for (int run = 0; run < 2; run++) {
                s.reset();
                s.solve();
                assertArrayEquals(ReferenceFloydWarshall.distances(g), s.distances(), s.describe() + ", solve " + run);
            }
        }
    }

    /** gpus=all on a host of several GPUs: one band a GPU, kleene's distances, and the certificate across them. */
    @Test
    void allGpusGiveKleenesAnswerAndPassTheCertificate() {
        assumeTrue(Gpu.deviceCount() >= 2, "needs two GPUs");
        Graph g = GraphSpec.parse("sparse:0.01").instance(4100, 3);
        SolverConfig config = SolverConfig.of(g);
        try (BandsSolver bands = new BandsSolver(Variant.KLEENE_BANDS, config); KleeneSolver kleene = new KleeneSolver(Variant.KLEENE, config.withGpus(1))) {
            assertEquals(Gpu.deviceCount(), bands.devices(), bands.describe());
            assertEquals("passes the shortest-path certificate on the devices, by row band", Verification.verify(bands, g));
            kleene.reset();
            kleene.solve();
            assertArrayEquals(kleene.distances(), bands.distances(), bands.describe());
        }
    }

    /** Negative weights are taken (KleeneBandsNegativeWeightsTest); more GPUs than the host has are not. */
    @Test
    void tooManyGpusAreRefusedInOneLine() {
        int count = Gpu.deviceCount();
        Graph g = GraphSpec.parse("random").instance(100, 1);
        UnsupportedInputException more = assertThrows(UnsupportedInputException.class,
                () -> new BandsSolver(Variant.KLEENE_BANDS, SolverConfig.of(g).withGpus(count + 1)));
        assertEquals("gpus=" + (count + 1) + " but this host has " + count + " GPU" + (count == 1 ? "" : "s"), more.getMessage());
    }
}
