package fwbench.variant;

import fwbench.variant.core.SolverConfig;
import fwbench.variant.kleene.BandsSolver;

import fwbench.GpuTest;
import fwbench.cuda.Gpu;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.ReferenceFloydWarshall;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * kleene-bands cut into the eight bands a host of eight GPUs runs, on the GPUs this host has (up to
 * eight): one GPU holds all eight, two or four hold several each, eight hold one each. Round p's owner
 * then changes every tile row or two, and every band but the owner waits for its pivot row, which is
 * the eight-GPU schedule's pattern whatever the devices. Against the CPU reference, weights of either
 * sign, zero weights and ties, at sizes that are not multiples of a tile; two solves from a reset.
 * Without a GPU: what the planner gives eight GPUs at n = 262144.
 */
class KleeneBandsEightTest {

    static final int BANDS = 8;

    /**
     * 1000: 8 tile rows of 128 (one a band) or 16 of 64 (two); 1100 and 2049: bands of unequal height;
     * rounds one by one and in groups of three (groups that straddle bands).
     */
    static Stream<Arguments> sizesTilesGraphs() {
        List<Arguments> cases = new ArrayList<>();
        for (int n : new int[] {1000, 1100, 2049}) {
            for (int tile : new int[] {64, 128}) {
                for (int groups : new int[] {1, 3}) {
                    for (String spec : new String[] {"random", "sparse:0.004", "hops:0.01+potentials:2", "sparse:0.01+potentials:300"}) {
                        cases.add(Arguments.of(n, tile, groups, spec));
                    }
                }
            }
        }
        return cases.stream();
    }

    @GpuTest
    @ParameterizedTest(name = "n={0} T={1} groups of {2} {3}")
    @MethodSource("sizesTilesGraphs")
    void eightBandsOnTheHostsGpusGiveTheReference(int n, int tile, int groups, String spec) {
        Graph g = GraphSpec.parse(spec).instance(n, 2026);
        int devices = Math.min(BANDS, Gpu.deviceCount());
        int[] expected = ReferenceFloydWarshall.distances(g);
        try (BandsSolver s = new BandsSolver(Variant.KLEENE_BANDS, SolverConfig.of(g), BANDS, devices, tile, groups)) {
            assertEquals(Math.min(BANDS, (n + tile - 1) / tile), s.bandViews().size(), s.describe());
            assertEquals(devices, s.devices(), s.describe());
            for (int run = 0; run < 2; run++) {
                s.reset();
                s.solve();
                assertEquals(OptionalLong.empty(), s.negativeCycleCell(), s.describe() + ", solve " + run);
                assertArrayEquals(expected, s.distances(), s.describe() + " on " + g.describe() + ", solve " + run);
            }
        }
    }

    /**
     * n = 262144 (256 GiB of int32 distances) over eight GPUs: a band of 32768 rows of the input and of the
     * work matrix (64 GiB), two group buffers of five pivot rows, the certificate's W chunk and the band's
     * witness bits, which fits an 80 GB H100 as well as an H200; four H200s hold it too, four H100s do not.
     */
    @Test
    void twoHundredSixtyTwoThousandVerticesFitEightGpusOfEitherKind() {
        long band = 32768L * 262144, pivotRows = 2L * 5 * 128 * 262144 * 4, chunk = (long) BandsSolver.CERTIFICATE_CHUNK_ROWS * 262144 * 4;
        assertEquals(2 * 4 * band + pivotRows + chunk + band / 8, Variant.KLEENE_BANDS.deviceBytesPerDevice(262144, BANDS));
        long h100 = 78L << 30, h200 = 139L << 30;  // what each card has free for a solve, about
        assertTrue(Variant.KLEENE_BANDS.largestN(h100, BANDS) >= 262144);
        assertTrue(Variant.KLEENE_BANDS.largestN(h200, 4) >= 262144);
        assertTrue(Variant.KLEENE_BANDS.largestN(h100, 4) < 262144);
    }
}
