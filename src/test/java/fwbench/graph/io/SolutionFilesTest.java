package fwbench.graph.io;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
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
import static org.junit.jupiter.api.Assertions.assertFalse;
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

    // ---- float32 distances: version 2 ----

    /** Values a float32 file must bring back bit for bit: tiny, huge, negative, with long decimal forms, and no path. */
    static final float[] AWKWARD_FLOATS = {0f, 0.1f, 1e-7f, 123456.79f, -2.5f, Float.MIN_VALUE, Float.MAX_VALUE, 1f / 3, 16777217f,
            Float.POSITIVE_INFINITY, -0f, 3.4028233E38f, 7.006492E-45f, 2.7182817f, 1.1754944E-38f, 99999.99f};

    @Test
    void realBinaryLayoutIsTheDocumentedOne() throws IOException {
        float[] d = {0f, Float.POSITIVE_INFINITY, 2.5f, 0f};
        Path file = dir.resolve("two.apsp");
        SolutionFiles.write(file, new Solution(2, 1, DistanceMatrix.of(2, d), new int[] {3, 3, 3, 3}), false);
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(28 + 2 * 4 * 4, b.remaining());
        assertEquals(SolutionFiles.binaryBytes(2, true, CellType.FLOAT32), b.remaining());
        byte[] magic = new byte[8];
        b.get(magic);
        assertEquals("FWBDIST\n", new String(magic, StandardCharsets.US_ASCII));
        assertEquals(2, b.getInt(), "version");
        assertEquals(2, b.getInt(), "n");
        assertEquals(1, b.getInt(), "first vertex");
        assertEquals(1, b.getInt(), "flags: intermediates follow");
        assertEquals(1, b.getInt(), "cell type: float32");
        assertEquals(List.of(0f, Float.POSITIVE_INFINITY, 2.5f, 0f), List.of(b.getFloat(), b.getFloat(), b.getFloat(), b.getFloat()));
        assertEquals(List.of(3, 3, 3, 3), List.of(b.getInt(), b.getInt(), b.getInt(), b.getInt()));
    }

    @Test
    void realTextFormSaysFloat32AndPrintsFloatsAsJavaDoes() throws IOException {
        Path file = dir.resolve("two.txt");
        SolutionFiles.write(file, new Solution(2, 0, DistanceMatrix.of(2, new float[] {0f, Float.POSITIVE_INFINITY, 0.1f, 1e10f}), null), false);
        assertEquals("""
                # fwbench solution n=2 first=0 intermediates=no cells=float32
                0.0 INF
                0.1 1.0E10
                """, Files.readString(file));
    }

    /** Binary and text bring every float back to the same bits, with and without intermediates. */
    @ParameterizedTest
    @ValueSource(strings = {"r.apsp", "r.txt"})
    void realDistancesReadBackBitForBit(String name) throws IOException {
        int n = 4;
        float[] d = java.util.Arrays.copyOf(AWKWARD_FLOATS, n * n);
        int[] via = new int[n * n];
        for (int c = 0; c < via.length; c++) via[c] = c % (n + 2);
        for (int[] intermediates : new int[][] {via, null}) {
            Path file = dir.resolve((intermediates == null ? "d-" : "p-") + name);
            SolutionFiles.write(file, new Solution(n, 1, DistanceMatrix.of(n, d), intermediates), false);
            Solution back = SolutionFiles.read(file);
            assertEquals(CellType.FLOAT32, back.cells());
            assertThrows(IllegalStateException.class, back::distances);
            assertEquals(1, back.firstVertex());
            for (int c = 0; c < d.length; c++) {
                assertEquals(Float.floatToRawIntBits(d[c]), Float.floatToRawIntBits(back.distanceMatrix().array(float[].class)[c]), "cell " + c + ": " + d[c]);
            }
            if (intermediates == null) assertNull(back.intermediates());
            else assertArrayEquals(intermediates, back.intermediates());
        }
    }

    @Test
    void integerFilesStayVersionOne() throws IOException {
        Path file = dir.resolve("int.apsp");
        SolutionFiles.write(file, report003(), false);
        assertEquals(1, ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN).getInt(8));
        assertEquals(CellType.INT32, new Solution(1, 0, new int[] {0}, null).cells());
    }

    @Test
    void damagedRealFilesAreRefusedInOneLine() throws IOException {
        Path good = dir.resolve("good.apsp");
        SolutionFiles.write(good, new Solution(2, 0, DistanceMatrix.of(2, new float[] {0, 1.5f, 2, 0}), null), false);
        byte[] bytes = Files.readAllBytes(good);
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(24, 7);
        Path cells = Files.write(dir.resolve("cells.apsp"), bytes);
        assertEquals(cells + ": damaged header (n = 2, first vertex 0, flags 0, cell type 7 in version 2)",
                assertThrows(GraphFileException.class, () -> SolutionFiles.read(cells)).getMessage());
        // version 3 holds the 64-bit cells only: float32's cell type is damage there
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(8, 3).putInt(24, 1);
        Path mixed = Files.write(dir.resolve("mixed.apsp"), bytes);
        assertEquals(mixed + ": damaged header (n = 2, first vertex 0, flags 0, cell type 1 in version 3)",
                assertThrows(GraphFileException.class, () -> SolutionFiles.read(mixed)).getMessage());
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(8, 4);
        Path version = Files.write(dir.resolve("version.apsp"), bytes);
        assertEquals(version + ": version 4 of the solution layout; this fwbench reads versions 1 (int32), 2 (float32) and 3 (int64, float64)",
                assertThrows(GraphFileException.class, () -> SolutionFiles.read(version)).getMessage());
        Path text = Files.writeString(dir.resolve("bad.txt"), "# fwbench solution n=2 first=0 intermediates=no cells=float32\n0 NaN\n1 0\n");
        assertEquals(text + ", line 2: expected a float32 or INF, got 'NaN'", assertThrows(GraphFileException.class, () -> SolutionFiles.read(text)).getMessage());
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
