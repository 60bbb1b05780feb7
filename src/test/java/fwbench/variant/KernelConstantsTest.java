package fwbench.variant;

import fwbench.variant.packed16.Packed16Solver;
import fwbench.variant.schedule.DataflowSchedule;
import fwbench.variant.schedule.LookaheadRounds;

import fwbench.graph.Distances;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** kernels/fw_constants.cuh is what the Java constants make, and those constants keep the kernels' arithmetic safe. */
class KernelConstantsTest {

    @Test
    void committedHeaderIsWhatTheJavaConstantsMake() throws IOException {
        String committed = Files.readString(Path.of(KernelConstants.HEADER));
        assertEquals(KernelConstants.header(), committed, KernelConstants.HEADER
                + " differs from the Java constants; regenerate it from the repository root with: " + KernelConstants.REGENERATE);
    }

    @Test
    void mainWritesTheHeaderToTheGivenPath(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("fw_constants.cuh");
        KernelConstants.main(new String[] {out.toString()});
        assertEquals(KernelConstants.header(), Files.readString(out));
        Files.setLastModifiedTime(out, java.nio.file.attribute.FileTime.fromMillis(0));
        KernelConstants.main(new String[] {out.toString()});
        assertEquals(0, Files.getLastModifiedTime(out).toMillis(), "an up-to-date header is rewritten (every kernel would rebuild)");
    }

    @Test
    void headerDefinesEveryValueTheKernelsUse() {
        String h = KernelConstants.header();
        for (String define : new String[] {"#define FW_INF 0x3FFFFFFF\n", "#define FW_INT_INDEX_MAX_N 46340\n", "#define FW_INF16 0x3FFF\n",
                "#define FW_ITEM_FIELD_BITS 10\n", "#define FW_REST_ALL 0\n", "#define FW_REST_NEXT 1\n", "#define FW_REST_REST 2\n"}) {
            assertTrue(h.contains(define), define.trim() + " in\n" + h);
        }
    }

    /** Kernels compute min(c, a + b) with no overflow check: two INF (int32) or INF16 (signed 16-bit) must add without wrapping. */
    @Test
    void twoInfAddWithoutOverflow() {
        assertTrue(2L * Distances.INF <= Integer.MAX_VALUE, "2 * INF = " + 2L * Distances.INF);
        assertTrue(2 * Packed16Solver.INF16 <= Short.MAX_VALUE, "2 * INF16 = " + 2 * Packed16Solver.INF16);
    }

    /** A dataflow item holds a round, a row and a column of FIELD_BITS each in a non-negative int. */
    @Test
    void dataflowItemFieldsFitAnInt() {
        assertTrue(3 * DataflowSchedule.FIELD_BITS <= 31, "3 x " + DataflowSchedule.FIELD_BITS + " bits");
    }

    @Test
    void restModeCodesAreDistinct() {
        long distinct = Arrays.stream(LookaheadRounds.RestMode.values()).mapToInt(m -> m.code).distinct().count();
        assertEquals(LookaheadRounds.RestMode.values().length, distinct);
    }
}
