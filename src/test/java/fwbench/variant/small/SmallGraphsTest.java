package fwbench.variant.small;

import fwbench.graph.Distances;
import fwbench.graph.GraphSpec;
import fwbench.variant.Variant;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** small-graphs' refusals, size classes and traits, all decided before any device work: no GPU needed. */
class SmallGraphsTest {

    private static final String WHY = "one thread block solves a graph, in size classes up to 512";

    @Test
    void theVariantRefusesN513InOneLine() {
        SolverConfig config = SolverConfig.of(GraphSpec.RANDOM.instance(513, 1));
        UnsupportedInputException e = assertThrows(UnsupportedInputException.class, () -> Variant.parse("small-graphs").create(config));
        assertEquals("small-graphs takes n up to 512 (" + WHY + "), not n=513", e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertEquals(512, Variant.SMALL_GRAPHS.maxN());
        assertEquals("small-graphs takes n up to 512 (" + WHY + ")", Variant.SMALL_GRAPHS.maxNText());
    }

    @Test
    void theVariantTakesWeightsAtLeastZeroOnly() {
        assertFalse(Variant.SMALL_GRAPHS.takesNegativeWeights());
        SolverConfig negative = SolverConfig.of(GraphSpec.parse("random+potentials:10").instance(50, 1));
        UnsupportedInputException e = assertThrows(UnsupportedInputException.class, () -> Variant.SMALL_GRAPHS.create(negative));
        assertEquals(true, e.getMessage().endsWith("has negative weights: use kleene, dataflow, kleene-paths, kleene-bands, kleene-i64, kleene-f64"), e.getMessage());
    }

    @Test
    void theVariantsKernelsAreTheBatchs() {
        assertEquals(SmallGraphsBatch.MODULE, Variant.SMALL_GRAPHS.kernelModule());
        assertEquals(8L * 100 * 100, Variant.SMALL_GRAPHS.deviceBytes(100), "the input and the work matrix");
        assertEquals(8L * 132 * 132 + 4L * 256 * 256, Variant.SMALL_GRAPHS.deviceBytes(129), "padded to 132, and past 128 a scratch square of the class's side");
        assertEquals(8L * 512 * 512 + 4L * 512 * 512, Variant.SMALL_GRAPHS.deviceBytes(512));
    }

    @Test
    void aGraphGoesToTheSmallestSizeClassThatHoldsIt() {
        int[][] expected = {{1, 32}, {2, 32}, {31, 32}, {32, 32}, {33, 64}, {64, 64}, {65, 128}, {100, 128}, {127, 128}, {128, 128},
            {129, 256}, {200, 256}, {255, 256}, {256, 256}, {257, 512}, {300, 512}, {511, 512}, {512, 512}};
        for (int[] e : expected) assertEquals(e[1], SmallGraphsBatch.sizeClass(e[0]), "n=" + e[0]);
        for (int n : new int[] {0, 513}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SmallGraphsBatch.sizeClass(n));
            assertEquals("small-graphs takes n from 1 to 512 (" + WHY + "), not n=" + n, e.getMessage());
        }
    }

    /** The batch checks every graph before it touches the device: these refusals need none. */
    @Test
    void theBatchRefusesWhatItCannotSolveInOneLine() {
        assertEquals("graph 1: small-graphs takes n from 1 to 512 (" + WHY + "), not n=513",
                assertThrows(IllegalArgumentException.class, () -> new SmallGraphsBatch(List.of(new int[4], new int[513 * 513]))).getMessage());
        assertEquals("graph 0: 5 weights are not an n x n matrix",
                assertThrows(IllegalArgumentException.class, () -> new SmallGraphsBatch(List.of(new int[5]))).getMessage());
        assertEquals("graph 0: weight -1 at (1, 0) is outside 0 .. " + Distances.INF + " (INF, no edge): small-graphs takes weights >= 0 only",
                assertThrows(IllegalArgumentException.class, () -> new SmallGraphsBatch(List.of(new int[] {0, 1, -1, 0}))).getMessage());
        assertEquals("a batch of small graphs needs at least one graph",
                assertThrows(IllegalArgumentException.class, () -> new SmallGraphsBatch(List.of())).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SmallGraphsBatch(List.of(new int[0])));
    }

    /** Every row of every graph starts 16 bytes aligned, whatever came before it: the kernels move rows in 16-byte pieces. */
    @Test
    void aGraphsRowsArePaddedToWholeSixteenBytePieces() {
        for (int n = 1; n <= SmallGraphsBatch.MAX_N; n++) {
            int stride = SmallGraphsBatch.rowStride(n);
            assertEquals(0, stride % 4, "n=" + n);
            assertTrue(stride >= n && stride < n + 4, "n=" + n + ": " + stride);
            assertEquals((long) n * stride, SmallGraphsBatch.cellsOf(n), "n=" + n);
        }
        assertEquals(4, SmallGraphsBatch.rowStride(3));
        assertEquals(64, SmallGraphsBatch.rowStride(64));
        assertEquals(8L * 36 * 36, Variant.SMALL_GRAPHS.deviceBytes(33), "one graph through the registry: its matrices padded to 36 a side");
    }

    @Test
    void aBatchsDeviceBytesAreItsPaddedMatricesItsTablesAndTheScratchPast128() {
        // two matrices of 33 rows of 36 and of 300 x 300; 16 bytes of tables a graph; a 512 x 512 scratch square for n = 300
        assertEquals(8L * (33 * 36 + 300 * 300) + 2 * 16 + 4L * 512 * 512, SmallGraphsBatch.deviceBytes(new int[] {33, 300}));
        assertEquals(8L * 128 * 128 + 16, SmallGraphsBatch.deviceBytes(new int[] {128}), "no scratch up to 128");
    }

    @Test
    void offsetsGoToTheKernelsAsLittleEndianLongs() {
        assertArrayEquals(new int[] {0, 0, 5, 1, -1, 0}, SmallGraphsBatch.longsAsInts(new long[] {0, (1L << 32) | 5, 0xFFFF_FFFFL}));
    }
}
