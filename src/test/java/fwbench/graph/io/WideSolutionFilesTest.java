package fwbench.graph.io;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.graph.Distances;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Version 3 (int64 and float64 cells), and every version read by the offsets docs/solve.md gives
 * (the numpy recipe's arithmetic) with none of the writer's code; the text form of the 64-bit
 * cells; cell lookups at 64-bit offsets; bad lines refused in one line.
 */
class WideSolutionFilesTest {

    @TempDir
    Path dir;

    private static final int N = 5;

    /** Distances past int32 (and one no path), numbered so that every cell differs. */
    private static long[] int64Cells() {
        long[] d = new long[N * N];
        for (int c = 0; c < d.length; c++) d[c] = 3_000_000_000L + 1000L * c;
        d[N * N - 2] = Distances.INF64;
        return d;
    }

    private static double[] float64Cells() {
        double[] d = new double[N * N];
        for (int c = 0; c < d.length; c++) d[c] = 0.1 * c + 1e-12;  // digits float32 would lose
        d[N * N - 2] = Double.POSITIVE_INFINITY;
        return d;
    }

    private static int[] intermediates() {
        int[] via = new int[N * N];
        for (int c = 0; c < via.length; c++) via[c] = c % (N + 2);
        return via;
    }

    private static Solution solution(CellType cells, boolean paths) {
        int[] via = paths ? intermediates() : null;
        return switch (cells) {
            case INT32 -> new Solution(N, 1, new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, Distances.INF, 24}, via);
            case FLOAT32 -> new Solution(N, 1, DistanceMatrix.of(N, new float[] {0, .5f, 1, 1.5f, 2, 2.5f, 3, 3.5f, 4, 4.5f, 5, 5.5f, 6, 6.5f, 7, 7.5f, 8, 8.5f, 9, 9.5f, 10, 10.5f, 11,
                    Float.POSITIVE_INFINITY, 12}), via);
            case INT64 -> new Solution(N, 1, DistanceMatrix.of(N, int64Cells()), via);
            case FLOAT64 -> new Solution(N, 1, DistanceMatrix.of(N, float64Cells()), via);
            case PACKED16 -> throw new IllegalArgumentException("not a host cell type");
        };
    }

    /** Cell x of the distances as the file holds it, read by the documented layout: a long of the bits. */
    private static long documentedCell(ByteBuffer b, int version, int x) {
        return switch (version) {
            case 1 -> b.getInt(24 + 4 * x);
            case 2 -> b.getInt(28 + 4 * x);
            default -> b.getLong(28 + 8 * x);
        };
    }

    private static long expectedBits(Solution s, int x) {
        return switch (s.cells()) {
            case INT32 -> s.distances()[x];
            case FLOAT32 -> Float.floatToRawIntBits(s.distanceMatrix().array(float[].class)[x]);
            case INT64 -> s.distanceMatrix().array(long[].class)[x];
            case FLOAT64 -> Double.doubleToRawLongBits(s.distanceMatrix().array(double[].class)[x]);
            case PACKED16 -> throw new IllegalArgumentException("not a host cell type");
        };
    }

    @Test
    void theDocumentedOffsetsReadEveryVersionBack() throws IOException {
        for (CellType cells : CellType.hostTypes()) {
            for (boolean paths : new boolean[] {false, true}) {
                Solution s = solution(cells, paths);
                Path file = dir.resolve(cells.word() + paths + ".apsp");
                SolutionFiles.write(file, s, false);
                byte[] bytes = Files.readAllBytes(file);
                ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
                assertEquals("FWBDIST\n", new String(bytes, 0, 8, StandardCharsets.US_ASCII));
                // h = numpy.fromfile(f, "<i4", count=7): magic (2), version, n, first, flags, cell type (versions 2 and 3)
                int version = b.getInt(8);
                assertEquals(cells == CellType.INT32 ? 1 : cells == CellType.FLOAT32 ? 2 : 3, version, cells.word());
                assertEquals(N, b.getInt(12));
                assertEquals(1, b.getInt(16));
                assertEquals(paths ? 1 : 0, b.getInt(20));
                if (version > 1) assertEquals(cells == CellType.FLOAT32 ? 1 : cells == CellType.INT64 ? 2 : 3, b.getInt(24), "cell type");
                int header = version == 1 ? 24 : 28, cellBytes = version == 3 ? 8 : 4;
                assertEquals(header + (long) cellBytes * N * N + (paths ? 4L * N * N : 0), bytes.length, cells + " size");
                for (int x = 0; x < N * N; x++) {
                    assertEquals(expectedBits(s, x), documentedCell(b, version, x), cells + " cell " + x);
                    if (paths) assertEquals(intermediates()[x], b.getInt(header + cellBytes * N * N + 4 * x), cells + " intermediate " + x);
                }
            }
        }
    }

    @Test
    void bothFormsReadBackTheSameCells() throws IOException {
        for (CellType cells : CellType.hostTypes()) {
            for (String name : new String[] {"s.apsp", "s.txt"}) {
                Solution s = solution(cells, true);
                Path file = dir.resolve(cells.word() + name);
                SolutionFiles.write(file, s, false);
                Solution back = SolutionFiles.read(file);
                assertEquals(cells, back.cells(), file.toString());
                for (int x = 0; x < N * N; x++) assertEquals(expectedBits(s, x), expectedBits(back, x), file + " cell " + x);
                assertArrayEquals(s.intermediates(), back.intermediates());
            }
        }
        String text = Files.readString(dir.resolve("int64s.txt"));
        assertEquals("# fwbench solution n=5 first=1 intermediates=yes cells=int64\n3000000000 3000001000 3000002000 3000003000 3000004000\n", text.substring(0, text.indexOf("3000005000")));
        assertEquals("INF", Files.readString(dir.resolve("float64s.txt")).lines().skip(5).findFirst().orElseThrow().split(" ")[3]);
    }

    /** path's lookups: one cell at its 64-bit offset, in every version, as the in-memory solution gives it. */
    @Test
    void cellLookupsReadEveryVersionAtItsOffsets() throws IOException {
        for (CellType cells : CellType.hostTypes()) {
            Solution s = solution(cells, true);
            Path file = dir.resolve(cells.word() + ".apsp");
            SolutionFiles.write(file, s, false);
            try (SolutionCells onDisk = SolutionCells.open(file)) {
                SolutionCells inMemory = SolutionCells.of(s);
                assertEquals(cells, onDisk.cells());
                for (int i = 0; i < N; i++) {
                    for (int j = 0; j < N; j++) {
                        assertEquals(inMemory.intermediate(i, j), onDisk.intermediate(i, j));
                        assertEquals(inMemory.distanceText(i, j), onDisk.distanceText(i, j));
                        assertEquals(inMemory.reachable(i, j), onDisk.reachable(i, j));
                        String expected = switch (cells) {
                            case INT64 -> Distances.format(int64Cells()[i * N + j]);
                            case FLOAT64 -> float64Cells()[i * N + j] == Double.POSITIVE_INFINITY ? "INF" : Double.toString(float64Cells()[i * N + j]);
                            default -> s.distanceMatrix().text(i * N + j);
                        };
                        assertEquals(expected, onDisk.distanceText(i, j), cells + " (" + i + ", " + j + ")");
                        assertEquals(i == j || !expected.equals("INF"), onDisk.reachable(i, j));
                    }
                }
            }
        }
    }

    @Test
    void badLinesOfTheSixtyFourBitTextAreRefusedInOneLine() throws IOException {
        String[][] cases = {
                {"# fwbench solution n=2 first=0 intermediates=no cells=int64\n0 1.5\n1 0\n", "line 2: expected an int64 distance (|d| below 4611686018427387903) or INF, got '1.5'"},
                {"# fwbench solution n=2 first=0 intermediates=no cells=float64\n0 NaN\n1 0\n", "line 2: expected a float64 or INF, got 'NaN'"},
                {"# fwbench solution n=2 first=0 intermediates=no cells=int64\n0 1\n", "the file ends after 1 of 2 rows"},
                // packed16 is a device type: its distances reach the host as int32, and no file names it
                {"# fwbench solution n=2 first=0 intermediates=no cells=packed16\n0 1\n1 0\n", "(no header '# fwbench solution n=N ...' or binary magic)"},
        };
        for (int c = 0; c < cases.length; c++) {
            Path file = Files.writeString(dir.resolve("bad" + c + ".txt"), cases[c][0]);
            String message = assertThrows(GraphFileException.class, () -> SolutionFiles.read(file)).getMessage();
            assertEquals(true, message.startsWith(file.toString()) && message.endsWith(cases[c][1]), message);
        }
        Path good = dir.resolve("good.apsp");
        SolutionFiles.write(good, solution(CellType.INT64, false), false);
        byte[] bytes = Files.readAllBytes(good);
        Path truncated = Files.write(dir.resolve("truncated.apsp"), java.util.Arrays.copyOf(bytes, bytes.length - 8));
        assertEquals(truncated + ": " + (bytes.length - 8) + " bytes, but n = 5 needs " + bytes.length + " (is it truncated?)",
                assertThrows(GraphFileException.class, () -> SolutionFiles.read(truncated)).getMessage());
    }
}
