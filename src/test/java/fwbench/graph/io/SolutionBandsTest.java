package fwbench.graph.io;

import fwbench.graph.Distances;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The band writer against the in-memory writer: the same bytes, whatever the band size. */
class SolutionBandsTest {

    @TempDir
    Path dir;

    private static int[] distances(int n) {
        SplittableRandom random = new SplittableRandom(n);
        int[] d = new int[n * n];
        for (int c = 0; c < d.length; c++) d[c] = random.nextInt(8) == 0 ? Distances.INF : random.nextInt(0, 1_000_000);
        return d;
    }

    /** Rows of {@code d} as the device gives them: native order, from the buffer's byte 0; each band asked for is recorded. */
    private static SolutionBands.RowSource rowsOf(int[] d, int n, List<long[]> asked) {
        return (first, rows, target) -> {
            asked.add(new long[] {first, rows});
            target.duplicate().order(ByteOrder.nativeOrder()).asIntBuffer().put(d, (int) first * n, rows * n);
        };
    }

    /** Bands of one row, of 3 rows (not dividing n), of one byte (still a row), and the production default (one band). */
    @ParameterizedTest
    @ValueSource(longs = {1, 4 * 37, 3 * 4 * 37, 3 * 4 * 37 + 5, SolutionBands.DEFAULT_BAND_BYTES})
    void sameBytesAsTheInMemoryWriter(long bandBytes) throws IOException {
        int n = 37;
        int[] d = distances(n);
        Path whole = dir.resolve("whole.apsp"), banded = dir.resolve("banded.apsp");
        SolutionFiles.write(whole, new Solution(n, 1, d, null), false);
        List<long[]> asked = new ArrayList<>();
        SolutionBands.write(banded, false, n, 1, rowsOf(d, n, asked), bandBytes);
        assertArrayEquals(Files.readAllBytes(whole), Files.readAllBytes(banded));
        int bandRows = SolutionBands.bandRows(n, bandBytes);
        assertEquals((n + bandRows - 1) / bandRows, asked.size(), "bands of " + bandRows + " rows");
        long next = 0;
        for (long[] band : asked) {
            assertEquals(next, band[0], "bands in order, none skipped");
            next += band[1];
        }
        assertEquals(n, next);
        assertArrayEquals(d, SolutionFiles.read(banded).distances(), "the file reads back");
    }

    @Test
    void bandRowsNeverZeroNorPastN() {
        assertEquals(1, SolutionBands.bandRows(65_536, 1));
        assertEquals(256, SolutionBands.bandRows(65_536, SolutionBands.DEFAULT_BAND_BYTES));
        assertEquals(10, SolutionBands.bandRows(10, Long.MAX_VALUE));
        assertEquals(Integer.MAX_VALUE / (4 * 65_536), SolutionBands.bandRows(65_536, Long.MAX_VALUE), "one direct buffer, below 2 GiB");
    }

    @Test
    void neverOverwritesAndLeavesNothingOnFailure() throws IOException {
        int n = 5;
        int[] d = distances(n);
        Path target = dir.resolve("out.apsp");
        Files.writeString(target, "keep");
        assertThrows(FileAlreadyExistsException.class, () -> SolutionBands.write(target, false, n, 0, rowsOf(d, n, new ArrayList<>()), 16));
        assertEquals("keep", Files.readString(target));
        Path failing = dir.resolve("failing.apsp");
        assertThrows(IOException.class, () -> SolutionBands.write(failing, false, n, 0, (first, rows, t) -> {
            if (first > 0) throw new IOException("device gone");
            t.put(ByteBuffer.allocate(rows * n * 4));
        }, 8));
        try (var files = Files.list(dir)) {
            assertEquals(List.of(target), files.toList(), "no partial file left, none under the name");
        }
        assertThrows(IllegalArgumentException.class, () -> SolutionBands.write(dir.resolve("a.txt"), false, n, 0, rowsOf(d, n, new ArrayList<>()), 16));
    }

    @Test
    void largestBinaryNFitsAndTheNextDoesNot() {
        for (long bytes : new long[] {24 + 4, 1L << 30, 16L << 30, 17_179_869_208L, 17_179_869_207L}) {
            int n = SolutionFiles.largestBinaryN(bytes);
            assertEquals(true, SolutionFiles.binaryBytes(n, false) <= bytes, "n = " + n + " fits " + bytes);
            assertEquals(true, SolutionFiles.binaryBytes(n + 1, false) > bytes, "n + 1 does not fit " + bytes);
        }
        assertEquals(65_536, SolutionFiles.largestBinaryN(24 + 4L * 65_536 * 65_536));
        assertEquals(0, SolutionFiles.largestBinaryN(27));
    }
}
