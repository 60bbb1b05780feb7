package fwbench.cell;

import fwbench.graph.Distances;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each cell type's matrix: no path, text and bytes written and read back to the same cells, and the array of its type only. */
class DistanceMatrixTest {

    /** 2 x 2 of each type: a zero, a no path, a negative and an awkward value. */
    private static DistanceMatrix[] samples() {
        return new DistanceMatrix[] {
                DistanceMatrix.of(2, new int[] {0, Distances.INF, -7, Distances.INF - 1}),
                DistanceMatrix.of(2, new float[] {0f, Float.POSITIVE_INFINITY, -0.1f, Float.MIN_NORMAL}),
                DistanceMatrix.of(2, new long[] {0, Distances.INF64, -7, 3_000_000_000L}),
                DistanceMatrix.of(2, new double[] {0, Double.POSITIVE_INFINITY, -0.1, 1e300}),
        };
    }

    @Test
    void everyCellTypeHasOneMatrix() {
        DistanceMatrix[] samples = samples();
        assertEquals(CellType.hostTypes().size(), samples.length);
        for (int t = 0; t < samples.length; t++) assertEquals(CellType.hostTypes().get(t), samples[t].cells());
    }

    @Test
    void noPathIsTheSecondCellOfEverySample() {
        for (DistanceMatrix m : samples()) {
            assertFalse(m.reachable(0, 1), m.cells().word());
            assertTrue(m.reachable(0) && m.reachable(2) && m.reachable(3), m.cells().word());
            assertEquals("INF", m.text(1));
            assertEquals(Double.POSITIVE_INFINITY, m.value(1));
            assertEquals(m.cells().real() ? -0.1 : -7, m.value(2), 1e-8);
        }
    }

    @Test
    void textAndBytesReadBackToTheSameCells() {
        for (DistanceMatrix m : samples()) {
            DistanceMatrix fromText = DistanceMatrix.allocate(m.cells(), 2), fromBytes = DistanceMatrix.allocate(m.cells(), 2);
            for (int c = 0; c < 4; c++) assertTrue(fromText.parse(c, m.text(c)), m.text(c));
            ByteBuffer bytes = ByteBuffer.allocate(4 * m.cells().bytes()).order(ByteOrder.LITTLE_ENDIAN);
            m.putCells(bytes, 0, 4);
            fromBytes.getCells(bytes, 0, 4);
            for (int c = 0; c < 4; c++) {
                assertEquals(m.text(c), fromText.text(c), m.cells().word() + " cell " + c);
                assertEquals(m.text(c), fromBytes.text(c), m.cells().word() + " cell " + c);
            }
        }
    }

    @Test
    void numbersTheCellsCannotHoldAreNotParsed() {
        assertFalse(DistanceMatrix.allocate(CellType.INT32, 1).parse(0, "2147483647"));
        assertFalse(DistanceMatrix.allocate(CellType.INT64, 1).parse(0, Long.toString(Distances.INF64)));
        assertFalse(DistanceMatrix.allocate(CellType.FLOAT32, 1).parse(0, "1e39"));
        assertFalse(DistanceMatrix.allocate(CellType.FLOAT64, 1).parse(0, "1e309"));
    }

    @Test
    void theArrayIsGivenAsItsOwnTypeOnly() {
        int[] d = {0, 1, 2, 0};
        DistanceMatrix m = DistanceMatrix.of(2, d);
        assertTrue(m.array(int[].class) == d, "the array itself, not a copy");
        assertEquals("int32 distances, not long ones", assertThrows(IllegalStateException.class, () -> m.array(long[].class)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> DistanceMatrix.of(3, d));
    }

    @Test
    void realCellsAreRoundedToRealCellsOnly() {
        DistanceMatrix wide = DistanceMatrix.of(2, new double[] {0, Double.POSITIVE_INFINITY, 0.1, 1e300});
        DistanceMatrix narrow = DistanceMatrix.rounded(wide, CellType.FLOAT32);
        assertArrayEquals(new float[] {0, Float.POSITIVE_INFINITY, 0.1f, Float.POSITIVE_INFINITY}, narrow.array(float[].class));
        assertTrue(DistanceMatrix.rounded(wide, CellType.FLOAT64) == wide);
        assertThrows(IllegalArgumentException.class, () -> DistanceMatrix.rounded(wide, CellType.INT64));
    }
}
