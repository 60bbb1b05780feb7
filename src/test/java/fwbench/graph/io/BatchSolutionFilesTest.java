package fwbench.graph.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The batch file: read back by the offsets docs/solve.md gives (the numpy recipe's arithmetic),
 * with none of the writer's code; one graph read alone; damaged files refused in one line.
 */
class BatchSolutionFilesTest {

    @TempDir
    Path dir;

    /** Graph g of n vertices: cells numbered so that every cell of every graph differs. */
    private static int[] cells(int g, int n, int base) {
        int[] values = new int[n * n];
        for (int x = 0; x < values.length; x++) values[x] = base + 1000 * g + x;
        return values;
    }

    private static final int[] SIZES = {1, 7, 3};

    private static List<Solution> solutions(boolean paths) {
        return Arrays.stream(new int[] {0, 1, 2}).mapToObj(g -> new Solution(SIZES[g], g == 1 ? 1 : 0, cells(g, SIZES[g], 0),
                paths ? cells(g, SIZES[g], 500_000) : null)).toList();
    }

    @Test
    void theDocumentedOffsetsReadEveryGraphBack() throws IOException {
        for (boolean paths : new boolean[] {false, true}) {
            Path file = dir.resolve("b" + paths + ".apsp");
            BatchSolutionFiles.write(file, solutions(paths), false);
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
            assertEquals("FWBATCH\n", new String(Files.readAllBytes(file), 0, 8, StandardCharsets.US_ASCII));
            // h = numpy.fromfile(f, "<i4", count=6): magic (2), version, G, flags, 0
            assertEquals(1, b.getInt(8));
            int count = b.getInt(12);
            assertEquals(3, count);
            assertEquals(paths ? 1 : 0, b.getInt(16));
            assertEquals(0, b.getInt(20));
            long expectedOffset = 24 + 16L * count;
            for (int g = 0; g < count; g++) {
                int entry = 24 + 16 * g, n = b.getInt(entry);
                assertEquals(SIZES[g], n);
                assertEquals(g == 1 ? 1 : 0, b.getInt(entry + 4));
                long offset = b.getLong(entry + 8);
                assertEquals(expectedOffset, offset, "graph " + g + "'s offset: 24 + 16 G + the matrices before it");
                for (int x = 0; x < n * n; x++) {
                    assertEquals(1000 * g + x, b.getInt((int) offset + 4 * x), "graph " + g + " distance cell " + x);
                    if (paths) assertEquals(500_000 + 1000 * g + x, b.getInt((int) (offset + 4L * n * n) + 4 * x), "graph " + g + " intermediate cell " + x);
                }
                expectedOffset += 4L * n * n * (paths ? 2 : 1);
            }
            assertEquals(expectedOffset, Files.size(file));
            assertEquals(expectedOffset, BatchSolutionFiles.bytes(SIZES, paths));
        }
    }

    @Test
    void oneGraphIsReadAloneWithItsNumbering() throws IOException {
        Path file = dir.resolve("b.apsp");
        BatchSolutionFiles.write(file, solutions(true), false);
        assertTrue(BatchSolutionFiles.isBatch(file));
        Solution s = BatchSolutionFiles.readGraph(file, 1);
        assertEquals(7, s.n());
        assertEquals(1, s.firstVertex());
        assertArrayEquals(cells(1, 7, 0), s.distances());
        assertArrayEquals(cells(1, 7, 500_000), s.intermediates());
        assertThrows(FileAlreadyExistsException.class, () -> BatchSolutionFiles.write(file, solutions(false), false));
        assertTrue(BatchSolutionFiles.readGraph(file, 0).hasPaths(), "an existing file is never overwritten without replace");
    }

    @Test
    void aTruncatedOrForeignFileIsRefusedInOneLine() throws IOException {
        Path file = dir.resolve("b.apsp");
        BatchSolutionFiles.write(file, solutions(false), false);
        byte[] all = Files.readAllBytes(file);
        Path cut = Files.write(dir.resolve("cut.apsp"), Arrays.copyOf(all, all.length - 4));
        GraphFileException e = assertThrows(GraphFileException.class, () -> BatchSolutionFiles.readGraph(cut, 0));
        assertEquals(cut + ": " + (all.length - 4) + " bytes, but its table needs " + all.length + " (is it truncated?)", e.getMessage());
        Path one = dir.resolve("one.apsp");
        SolutionFiles.write(one, new Solution(2, 0, new int[] {0, 1, 2, 0}, null), false);
        assertFalse(BatchSolutionFiles.isBatch(one));
        assertEquals(one + ": not a batch solution file (no magic FWBATCH)", assertThrows(GraphFileException.class, () -> BatchSolutionFiles.readGraph(one, 0)).getMessage());
    }
}
