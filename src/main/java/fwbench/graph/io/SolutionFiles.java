package fwbench.graph.io;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.graph.Distances;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * The files {@code solve} writes, in two forms (docs/solve.md, "Output files"):
 * <p><b>Binary</b> (any name not ending in {@code .txt}), little-endian. Version 1, int32 distances:
 * <pre>
 *   offset  size    field
 *   0       8       magic, the ASCII bytes "FWBDIST\n"
 *   8       4       int32 version = 1
 *   12      4       int32 n
 *   16      4       int32 first vertex number of the graph file (0 or 1)
 *   20      4       int32 flags: bit 0 set = the intermediate-node matrix follows the distances
 *   24      4 n^2   distances, int32 row-major, 1073741823 (INF) = no path
 *   24+4n^2 4 n^2   (flag 0 only) intermediates, int32 row-major: vertex k from 0, or n + 1 = none
 * </pre>
 * Version 2, of graphs with real weights: the same fields up to the flags, then at 24 an int32 cell
 * type, 1 = float32, and from 28 the distances as float32 (+infinity = no path), then the intermediates.
 * Version 3, of 64-bit cells: version 2's header with cell type 2 = int64 (2^62 - 1 = no path) or
 * 3 = float64 (+infinity = no path), from 28 the distances, 8 n^2 bytes, then the intermediates (int32).
 * <p><b>Text</b> (a name ending in {@code .txt}): the line {@code # fwbench solution n=N first=F intermediates=yes|no}
 * (followed by {@code  cells=float32}, {@code int64} or {@code float64} for those cells), n rows of n distances ({@code INF} for no
 * path; a float as Java's Float.toString or Double.toString writes it, which reads back to the same value), then,
 * with intermediates, the line {@code # intermediates ...} and n rows of n vertex numbers (from 0;
 * n + 1 = none).
 *
 * <p>Rows and columns are always 0..n-1; the first vertex number only tells {@code path} how the user
 * numbers vertices. Both forms are written atomically ({@link AtomicFile}).
 */
public final class SolutionFiles {

    /** The layout of int32 distances. */
    public static final int VERSION = 1;
    /** The layout with a cell type: float32 distances. */
    public static final int REAL_VERSION = 2;
    static final byte[] MAGIC = "FWBDIST\n".getBytes(StandardCharsets.US_ASCII);
    static final int HEADER_BYTES = 24;
    /** Version 2's header: version 1's and the cell type. */
    static final int REAL_HEADER_BYTES = 28;
    /** The layout of 64-bit cells (int64, float64): version 2's header, 8 bytes a distance. */
    public static final int WIDE_VERSION = 3;
    private static final int PATHS_FLAG = 1;
    private static final int CHUNK_CELLS = 1 << 18;

    private SolutionFiles() {
    }

    /** Whether a name asks for the text form (it ends in .txt, any case). */
    public static boolean isText(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".txt");
    }

    /** Size of the binary form of int32 distances, in bytes. */
    public static long binaryBytes(int n, boolean paths) {
        return binaryBytes(n, paths, CellType.INT32);
    }

    /** Size of the binary form of {@code cells} distances, in bytes. */
    public static long binaryBytes(int n, boolean paths, CellType cells) {
        return headerBytes(cells) + (long) cells.bytes() * n * n + (paths ? 4L * n * n : 0);
    }

    /** Where the distances start: after version 1's header, or after the cell type of versions 2 and 3. */
    static int headerBytes(CellType cells) {
        return cells.version() == VERSION ? HEADER_BYTES : REAL_HEADER_BYTES;
    }

    /** The largest n whose binary form of int32 distances (no intermediates) takes at most {@code bytes}, 0 if none. */
    public static int largestBinaryN(long bytes) {
        int n = (int) Math.min(Distances.GRID_MAX_N, Math.floor(Math.sqrt(Math.max(0, bytes - HEADER_BYTES) / 4.0)));
        while (n > 0 && binaryBytes(n, false) > bytes) n--;
        while (n < Distances.GRID_MAX_N && binaryBytes(n + 1, false) <= bytes) n++;
        return n;
    }

    /** Writes the solution, binary or text by the file's name, atomically; never overwrites unless {@code replace}. */
    public static void write(Path target, Solution solution, boolean replace) throws IOException {
        if (isText(target)) AtomicFile.write(target, replace, out -> writeText(out, solution));
        else AtomicFile.write(target, replace, out -> writeBinary(out, solution));
    }

    private static void writeBinary(OutputStream out, Solution s) throws IOException {
        out.write(binaryHeader(s.n(), s.firstVertex(), s.hasPaths(), s.cells()).array());
        writeCells(out, s.distanceMatrix());
        if (s.hasPaths()) writeCells(out, DistanceMatrix.of(s.n(), s.intermediates()));  // int32 cells, laid out as int32 distances are
    }

    /** The binary form's header, written by the in-memory writer and the band writer alike. */
    static ByteBuffer binaryHeader(int n, int firstVertex, boolean paths, CellType cells) {
        ByteBuffer header = ByteBuffer.allocate(headerBytes(cells)).order(ByteOrder.LITTLE_ENDIAN);
        header.put(MAGIC).putInt(cells.version()).putInt(n).putInt(firstVertex).putInt(paths ? PATHS_FLAG : 0);
        if (cells.version() != VERSION) header.putInt(cells.code());
        return header.flip();
    }

    /** The text form's first line, written by the in-memory writer and the band writer alike. */
    static String textHeader(int n, int firstVertex, boolean paths, CellType cells) {
        return "# fwbench solution n=" + n + " first=" + firstVertex + " intermediates=" + (paths ? "yes" : "no")
                + (cells.version() != VERSION ? " cells=" + cells.word() : "") + "\n";
    }

    /** The distances, {@link CellType#bytes()} a cell, little-endian, a chunk at a time. */
    private static void writeCells(OutputStream out, DistanceMatrix matrix) throws IOException {
        int bytes = matrix.cells().bytes(), cells = matrix.n() * matrix.n();
        ByteBuffer chunk = ByteBuffer.allocate(bytes * CHUNK_CELLS).order(ByteOrder.LITTLE_ENDIAN);
        for (int from = 0; from < cells; from += CHUNK_CELLS) {
            int count = Math.min(CHUNK_CELLS, cells - from);
            matrix.putCells(chunk, from, count);
            out.write(chunk.array(), 0, bytes * count);
        }
    }

    private static void writeText(OutputStream stream, Solution s) throws IOException {
        Writer out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.US_ASCII), 1 << 16);
        int n = s.n();
        out.write(textHeader(n, s.firstVertex(), s.hasPaths(), s.cells()));
        DistanceMatrix distances = s.distanceMatrix();
        writeRows(out, n, distances::text);
        if (s.hasPaths()) {
            out.write("# intermediates: vertex k (rows and columns from 0) whose relaxation last improved the distance; " + (n + 1) + " = n + 1 = none\n");
            int[] intermediates = s.intermediates();
            writeRows(out, n, c -> Integer.toString(intermediates[c]));
        }
        out.flush();
    }

    /** n rows of n cells, each as {@code text} gives cell c (i n + j). */
    private static void writeRows(Writer out, int n, IntFunction<String> text) throws IOException {
        StringBuilder row = new StringBuilder();
        for (int i = 0; i < n; i++) {
            row.setLength(0);
            for (int j = 0; j < n; j++) {
                if (j > 0) row.append(' ');
                row.append(text.apply(i * n + j));
            }
            row.append('\n');
            out.append(row);
        }
    }

    /** Reads a file written by {@link #write}, in either form (told apart by its first bytes). */
    public static Solution read(Path file) throws GraphFileException {
        String name = file.toString();
        if (!Files.exists(file)) throw new GraphFileException("no such file: " + name);
        if (Files.isDirectory(file)) throw new GraphFileException(name + " is a folder, not a solution file");
        try {
            byte[] start;
            try (InputStream in = Files.newInputStream(file)) {
                start = in.readNBytes(MAGIC.length);
            }
            return Arrays.equals(start, MAGIC) ? readBinary(file, name) : SolutionText.read(file, name);
        } catch (GraphFileException e) {
            throw e;
        } catch (IOException e) {
            throw new GraphFileException("cannot read " + name + ": " + e.getMessage());
        }
    }

    private static Solution readBinary(Path file, String name) throws IOException {
        try (FileChannel channel = FileChannel.open(file)) {
            Header h = readHeader(channel, name);
            int n = h.n();
            if (n > Distances.INT_INDEX_MAX_N) {
                throw new GraphFileException(name + ": n = " + n + " is too large to read whole (a matrix in memory is one Java array, n at most "
                        + Distances.INT_INDEX_MAX_N + "); 'path' reads such a file cell by cell");
            }
            channel.position(h.cellsOffset());
            DistanceMatrix distances = readCells(channel, DistanceMatrix.allocate(h.cells(), n));
            int[] intermediates = h.paths() ? readInts(channel, n) : null;
            return new Solution(n, h.first(), distances, intermediates);
        }
    }

    /**
     * The binary form's header, checked against the file's size.
     *
     * @param cells       the distances' cell type
     * @param cellsOffset where the distances start (the intermediates follow them, cells.bytes() n^2 bytes on)
     */
    record Header(int n, int first, boolean paths, CellType cells, long cellsOffset) {
    }

    /** Reads and checks the header of a binary solution (the magic already matched); refuses a damaged or truncated file. */
    static Header readHeader(FileChannel channel, String name) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(REAL_HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        while (header.hasRemaining() && channel.read(header, header.position()) >= 0) {
            // keep reading until the header is complete or the file ends
        }
        if (header.position() < HEADER_BYTES) throw new GraphFileException(name + ": the file ends inside its " + HEADER_BYTES + "-byte header");
        header.flip().position(MAGIC.length);
        int version = header.getInt(), n = header.getInt(), first = header.getInt(), flags = header.getInt();
        if (version != VERSION && version != REAL_VERSION && version != WIDE_VERSION) {
            throw new GraphFileException(name + ": version " + version + " of the solution layout; this fwbench reads versions "
                    + VERSION + " (int32), " + REAL_VERSION + " (float32) and " + WIDE_VERSION + " (int64, float64)");
        }
        boolean typed = version != VERSION;
        int code = CellType.INT32.code();
        if (typed) {
            if (header.remaining() < REAL_HEADER_BYTES - HEADER_BYTES) throw new GraphFileException(name + ": the file ends inside its " + REAL_HEADER_BYTES + "-byte header");
            code = header.getInt();
        }
        Optional<CellType> cells = typed ? CellType.ofCode(version, code) : Optional.of(CellType.INT32);
        if (n < 1 || n > Distances.GRID_MAX_N || (first != 0 && first != 1) || (flags & ~PATHS_FLAG) != 0 || cells.isEmpty()) {
            throw new GraphFileException(name + ": damaged header (n = " + n + ", first vertex " + first + ", flags " + flags
                    + (typed ? ", cell type " + code + " in version " + version : "") + ")");
        }
        boolean paths = (flags & PATHS_FLAG) != 0;
        long expected = binaryBytes(n, paths, cells.get()), actual = channel.size();
        if (actual != expected) {
            throw new GraphFileException(name + ": " + actual + " bytes, but n = " + n + (paths ? " with intermediates" : "") + " needs " + expected
                    + (actual < expected ? " (is it truncated?)" : ""));
        }
        return new Header(n, first, paths, cells.get(), headerBytes(cells.get()));
    }

    /** The intermediate-node matrix: int32 cells, laid out as int32 distances are. */
    private static int[] readInts(FileChannel channel, int n) throws IOException {
        return readCells(channel, DistanceMatrix.allocate(CellType.INT32, n)).array(int[].class);
    }

    /** Fills {@code matrix} from the channel's position, {@link CellType#bytes()} a cell, a chunk at a time. */
    private static DistanceMatrix readCells(FileChannel channel, DistanceMatrix matrix) throws IOException {
        int bytes = matrix.cells().bytes(), cells = matrix.n() * matrix.n();
        ByteBuffer chunk = ByteBuffer.allocate(bytes * CHUNK_CELLS).order(ByteOrder.LITTLE_ENDIAN);
        for (int from = 0; from < cells; from += CHUNK_CELLS) {
            int count = Math.min(CHUNK_CELLS, cells - from);
            chunk.clear().limit(bytes * count);
            while (chunk.hasRemaining()) {
                if (channel.read(chunk) < 0) throw new IOException("unexpected end of file");
            }
            matrix.getCells(chunk.flip(), from, count);
        }
        return matrix;
    }
}
