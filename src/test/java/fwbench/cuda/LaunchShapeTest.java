package fwbench.cuda;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The exported int[5] read as a launch shape (no GPU needed). */
class LaunchShapeTest {

    @Test
    void fieldsAreThreadsSharedBytesTileCellRowsCellColumns() {
        LaunchShape shape = LaunchShape.of(new int[] {256, 69632, 128, 8, 4});
        assertEquals(new LaunchShape(256, 69632, 128, 8, 4), shape);
        assertEquals("8x4", shape.cellsPerThread());
    }

    @Test
    void anArrayOfAnotherLengthIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LaunchShape.of(new int[] {256, 1024, 64, 4}));
        assertEquals("a launch shape has 5 ints, not 4", e.getMessage());
    }

    /** An all-zero array is what a symbol left uninitialized would read as. */
    @Test
    void zeroOrNegativeFieldsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> LaunchShape.of(new int[5]));
        assertThrows(IllegalArgumentException.class, () -> new LaunchShape(256, -1, 64, 4, 4));
        assertThrows(IllegalArgumentException.class, () -> new LaunchShape(256, 1024, 64, 0, 4));
    }
}
