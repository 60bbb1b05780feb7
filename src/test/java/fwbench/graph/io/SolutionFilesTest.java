package fwbench.graph.io;

import fwbench.graph.Distances;
import fwbench.graph.Graphs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SolutionFilesTest {

    @TempDir
    Path dir;

    static Solution report003() {
        return new Solution(6, 0, Graphs.flatten(Graphs.REPORT_003_DISTANCES), Graphs.flatten(Graphs.REPORT_003_INTERMEDIATES));
    }

    private List<Path> files() throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.toList();
        }
    }

    /** The layout docs/solve.md documents, read with nothing but a ByteBuffer. */
    @Test
    void binaryLayoutIsTheDocumentedOne() throws IOException {
        int[] d = {0, Distances.INF, 7, 0};
        int[] via = {3, 3, 3, 3};
        Path file = dir.resolve("two.apsp");
        SolutionFiles.write(file, new Solution(2, 1, d, via), false);
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(24 + 2 * 4 * 4, b.remaining());
        byte[] magic = new byte[8];
        b.get(magic);
        assertEquals("FWBDIST\n", new String(magic, StandardCharsets.US_ASCII));
        assertEquals(1, b.getInt(), "version");
        assertEquals(2, b.getInt(), "n");
        assertEquals(1, b.getInt(), "first vertex");
        assertEquals(1, b.getInt(), "flags: intermediates follow");
        assertEquals(List.of(0, 1073741823, 7, 0), List.of(b.getInt(), b.getInt(), b.getInt(), b.getInt()));
        assertEquals(List.of(3, 3, 3, 3), List.of(b.getInt(), b.getInt(), b.getInt(), b.getInt()));
    }

    @Test
    void textFormIsTheDocumentedOne() throws IOException {
        Path file = dir.resolve("two.txt");
        SolutionFiles.write(file, new Solution(2, 0, new int[] {0, Distances.INF, -7, 0}, new int[] {3, 3, 3, 3}), false);
        assertEquals("""
                # fwbench solution n=2 first=0 intermediates=yes
                0 INF
                -7 0
                # intermediates: vertex k (rows and columns from 0) whose relaxation last improved the distance; 3 = n + 1 = none
                3 3
                3 3
                """, Files.readString(file));
    }

    @ParameterizedTest
    @ValueSource(strings = {"s.apsp", "s.txt", "s.TXT", "s"})
    void bothFormsReadBackWithAndWithoutPaths(String name) throws IOException {
        Solution s = report003();
        Path withPaths = dir.resolve("p-" + name), distancesOnly = dir.resolve("d-" + name);
        SolutionFiles.write(withPaths, s, false);
        SolutionFiles.write(distancesOnly, new Solution(6, 1, s.distances(), null), false);
        Solution back = SolutionFiles.read(withPaths);
        assertEquals(6, back.n());
        assertEquals(0, back.firstVertex());
        assertArrayEquals(s.distances(), back.distances());
        assertArrayEquals(s.intermediates(), back.intermediates());
        Solution plain = SolutionFiles.read(distancesOnly);
        assertEquals(1, plain.firstVertex());
        assertArrayEquals(s.distances(), plain.distances());
        assertNull(plain.intermediates());
        assertEquals(List.of(4, 2, 0, 3), back.shortestPaths().path(4, 3).orElseThrow());
    }

    @Test
    void aLargeMatrixCrossesTheWriteChunks() throws IOException {
        int n = 700;  // 490,000 cells: more than one 2^18-int chunk
        int[] d = new int[n * n];
        for (int c = 0; c < d.length; c++) d[c] = c % 97 == 0 ? Distances.INF : c;
        Path file = dir.resolve("big.apsp");
        SolutionFiles.write(file, new Solution(n, 0, d, null), false);
        assertEquals(SolutionFiles.binaryBytes(n, false), Files.size(file));
        assertArrayEquals(d, SolutionFiles.read(file).distances());
    }

    @Test
    void damagedFilesAreRefusedInOneLine() throws IOException {
        Path good = dir.resolve("good.apsp");
        SolutionFiles.write(good, report003(), false);
        byte[] bytes = Files.readAllBytes(good);
        Path cut = Files.write(dir.resolve("cut.apsp"), java.util.Arrays.copyOf(bytes, bytes.length - 4));
        assertEquals(cut + ": 308 bytes, but n = 6 with intermediates needs 312 (is it truncated?)",
                assertThrows(GraphFileException.class, () -> SolutionFiles.read(cut)).getMessage());
        Path other = Files.writeString(dir.resolve("other.txt"), "0 1\n1 0\n");
        assertEquals(other + ": not a solution file written by fwbench's solve (no header '# fwbench solution n=N ...' or binary magic)",
                assertThrows(GraphFileException.class, () -> SolutionFiles.read(other)).getMessage());
        Path shortText = Files.writeString(dir.resolve("short.txt"), "# fwbench solution n=2 first=0 intermediates=no\n0 1\n");
        assertEquals(shortText + ": the file ends after 1 of 2 rows", assertThrows(GraphFileException.class, () -> SolutionFiles.read(shortText)).getMessage());
        Path missing = dir.resolve("missing.apsp");
        assertEquals("no such file: " + missing, assertThrows(GraphFileException.class, () -> SolutionFiles.read(missing)).getMessage());
    }

    // ---- atomic output ----

    @Test
    void aFailedWriteLeavesNothing() throws IOException {
        Path target = dir.resolve("out.apsp");
        IOException e = assertThrows(IOException.class, () -> AtomicFile.write(target, false, out -> {
            out.write(new byte[100_000]);
            throw new IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
        assertEquals(List.of(), files(), "neither the target nor a temporary file");
    }

    @Test
    void anExistingFileIsNeverOverwrittenWithoutReplace() throws IOException {
        Path target = Files.writeString(dir.resolve("out.apsp"), "precious");
        assertThrows(FileAlreadyExistsException.class, () -> SolutionFiles.write(target, report003(), false));
        assertEquals("precious", Files.readString(target));
        assertEquals(List.of(target), files(), "no temporary file left");
        SolutionFiles.write(target, report003(), true);
        assertArrayEquals(report003().distances(), SolutionFiles.read(target).distances());
        assertEquals(List.of(target), files());
    }

    @Test
    void theWrittenFileIsNotPrivate() throws IOException {
        Path target = dir.resolve("out.apsp");
        SolutionFiles.write(target, report003(), false);
        // created like any new file (umask), unlike Files.createTempFile's owner-only 0600
        assertTrue(Files.isReadable(target));
        assertTrue(Files.getPosixFilePermissions(target).contains(java.nio.file.attribute.PosixFilePermission.OWNER_WRITE));
    }
}
