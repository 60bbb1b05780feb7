package fwbench.graph.io;

import fwbench.graph.Distances;

import java.io.BufferedReader;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * <p><b>Text</b> (a name ending in {@code .txt}): the line {@code # fwbench solution n=N first=F intermediates=yes|no}
 * (followed by {@code  cells=float32} for real distances), n rows of n distances ({@code INF} for no
 * path; a float32 as Java's Float.toString writes it, which reads back to the same value), then,
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
    /** Version 2's cell type for float32 distances. */
    static final int FLOAT32_CELLS = 1;
    private static final int PATHS_FLAG = 1;
    private static final int CHUNK_INTS = 1 << 18;
    private static final String FLOAT32_WORD = "float32";
    private static final Pattern TEXT_HEADER = Pattern.compile("# fwbench solution n=(\\d+) first=([01]) intermediates=(yes|no)( cells=" + FLOAT32_WORD + ")?");

    private SolutionFiles() {
    }

    /** Whether a name asks for the text form (it ends in .txt, any case). */
    public static boolean isText(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".txt");
    }

    /** Size of the binary form of int32 distances, in bytes. */
    public static long binaryBytes(int n, boolean paths) {
        return binaryBytes(n, paths, false);
    }

    /** Size of the binary form, in bytes: {@code real} for float32 distances (version 2). */
    public static long binaryBytes(int n, boolean paths, boolean real) {
        return (real ? REAL_HEADER_BYTES : HEADER_BYTES) + 4L * n * n * (paths ? 2 : 1);
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
        out.write(binaryHeader(s.n(), s.firstVertex(), s.hasPaths(), s.isReal()).array());
        writeInts(out, s.isReal() ? floatBits(s.realDistances()) : s.distances());
        if (s.hasPaths()) writeInts(out, s.intermediates());
    }

    /** The binary form's header, written by the in-memory writer and the band writer alike. */
    static ByteBuffer binaryHeader(int n, int firstVertex, boolean paths, boolean real) {
        ByteBuffer header = ByteBuffer.allocate(real ? REAL_HEADER_BYTES : HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        header.put(MAGIC).putInt(real ? REAL_VERSION : VERSION).putInt(n).putInt(firstVertex).putInt(paths ? PATHS_FLAG : 0);
        if (real) header.putInt(FLOAT32_CELLS);
        return header.flip();
    }

    /** The text form's first line, written by the in-memory writer and the band writer alike. */
    static String textHeader(int n, int firstVertex, boolean paths, boolean real) {
        return "# fwbench solution n=" + n + " first=" + firstVertex + " intermediates=" + (paths ? "yes" : "no") + (real ? " cells=" + FLOAT32_WORD : "") + "\n";
    }

    private static int[] floatBits(float[] values) {
        int[] bits = new int[values.length];
        for (int c = 0; c < values.length; c++) bits[c] = Float.floatToRawIntBits(values[c]);
        return bits;
    }

    private static float[] floats(int[] bits) {
        float[] values = new float[bits.length];
        for (int c = 0; c < bits.length; c++) values[c] = Float.intBitsToFloat(bits[c]);
        return values;
    }

    private static void writeInts(OutputStream out, int[] values) throws IOException {
        ByteBuffer chunk = ByteBuffer.allocate(4 * CHUNK_INTS).order(ByteOrder.LITTLE_ENDIAN);
        for (int from = 0; from < values.length; from += CHUNK_INTS) {
            int count = Math.min(CHUNK_INTS, values.length - from);
            chunk.clear();
            chunk.asIntBuffer().put(values, from, count);
            out.write(chunk.array(), 0, 4 * count);
        }
    }

    private static void writeText(OutputStream stream, Solution s) throws IOException {
        Writer out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.US_ASCII), 1 << 16);
        int n = s.n();
        out.write(textHeader(n, s.firstVertex(), s.hasPaths(), s.isReal()));
        if (s.isReal()) writeRealRows(out, n, s.realDistances());
        else writeRows(out, n, s.distances(), true);
        if (s.hasPaths()) {
            out.write("# intermediates: vertex k (rows and columns from 0) whose relaxation last improved the distance; " + (n + 1) + " = n + 1 = none\n");
            writeRows(out, n, s.intermediates(), false);
        }
        out.flush();
    }

    private static void writeRows(Writer out, int n, int[] values, boolean distances) throws IOException {
        StringBuilder row = new StringBuilder();
        for (int i = 0; i < n; i++) {
            row.setLength(0);
            for (int j = 0; j < n; j++) {
                if (j > 0) row.append(' ');
                int v = values[i * n + j];
                if (distances) row.append(Distances.format(v));
                else row.append(v);
            }
            row.append('\n');
            out.append(row);
        }
    }

    /** Float32 distances: Float.toString reads back to the same float; INF for +infinity. */
    private static void writeRealRows(Writer out, int n, float[] values) throws IOException {
        StringBuilder row = new StringBuilder();
        for (int i = 0; i < n; i++) {
            row.setLength(0);
            for (int j = 0; j < n; j++) {
                if (j > 0) row.append(' ');
                float v = values[i * n + j];
                row.append(v == Float.POSITIVE_INFINITY ? "INF" : Float.toString(v));
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
            return Arrays.equals(start, MAGIC) ? readBinary(file, name) : readText(file, name);
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
            int[] distances = readInts(channel, n);
            int[] intermediates = h.paths() ? readInts(channel, n) : null;
            return h.real() ? Solution.real(n, h.first(), floats(distances), intermediates) : new Solution(n, h.first(), distances, intermediates);
        }
    }

    /**
     * The binary form's header, checked against the file's size.
     *
     * @param cellsOffset where the distances start (the intermediates follow them, 4 n^2 bytes on)
     */
    record Header(int n, int first, boolean paths, boolean real, long cellsOffset) {
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
        if (version != VERSION && version != REAL_VERSION) {
            throw new GraphFileException(name + ": version " + version + " of the solution layout; this fwbench reads versions "
                    + VERSION + " (int32) and " + REAL_VERSION + " (float32)");
        }
        boolean real = version == REAL_VERSION;
        int cells = FLOAT32_CELLS;
        if (real) {
            if (header.remaining() < REAL_HEADER_BYTES - HEADER_BYTES) throw new GraphFileException(name + ": the file ends inside its " + REAL_HEADER_BYTES + "-byte header");
            cells = header.getInt();
        }
        if (n < 1 || n > Distances.GRID_MAX_N || (first != 0 && first != 1) || (flags & ~PATHS_FLAG) != 0 || cells != FLOAT32_CELLS) {
            throw new GraphFileException(name + ": damaged header (n = " + n + ", first vertex " + first + ", flags " + flags
                    + (real ? ", cell type " + cells : "") + ")");
        }
        boolean paths = (flags & PATHS_FLAG) != 0;
        long expected = binaryBytes(n, paths, real), actual = channel.size();
        if (actual != expected) {
            throw new GraphFileException(name + ": " + actual + " bytes, but n = " + n + (paths ? " with intermediates" : "") + " needs " + expected
                    + (actual < expected ? " (is it truncated?)" : ""));
        }
        return new Header(n, first, paths, real, real ? REAL_HEADER_BYTES : HEADER_BYTES);
    }

    private static int[] readInts(FileChannel channel, int n) throws IOException {
        int[] values = new int[n * n];
        ByteBuffer chunk = ByteBuffer.allocate(4 * CHUNK_INTS).order(ByteOrder.LITTLE_ENDIAN);
        for (int from = 0; from < values.length; ) {
            chunk.clear().limit(4 * Math.min(CHUNK_INTS, values.length - from));
            while (chunk.hasRemaining()) {
                if (channel.read(chunk) < 0) throw new IOException("unexpected end of file");
            }
            chunk.flip();
            int count = chunk.remaining() / 4;
            chunk.asIntBuffer().get(values, from, count);
            from += count;
        }
        return values;
    }

    private static Solution readText(Path file, String name) throws IOException {
        try (BufferedReader text = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            LineReader in = new LineReader(text, name);
            String header = in.next();
            Matcher m = header == null ? null : TEXT_HEADER.matcher(header.strip());
            if (m == null || !m.matches()) {
                throw new GraphFileException(name + ": not a solution file written by fwbench's solve (no header '# fwbench solution n=N ...' or binary magic)");
            }
            long n = Long.parseLong(m.group(1));
            if (n < 1 || n > Distances.INT_INDEX_MAX_N) throw in.error("n = " + n + " is out of range 1.." + Distances.INT_INDEX_MAX_N);
            int size = (int) n;
            boolean real = m.group(4) != null;
            float[] realDistances = real ? readRealRows(in, size) : null;
            int[] distances = real ? null : readRows(in, size, true);
            int[] intermediates = null;
            if (m.group(3).equals("yes")) {
                String line = in.next();
                if (line == null || !line.startsWith("# intermediates")) {
                    throw line == null ? in.fileError("the file ends before its intermediate-node matrix") : in.error("expected '# intermediates ...', got " + LineReader.shown(line));
                }
                intermediates = readRows(in, size, false);
            }
            if (in.next() != null) throw in.error("more lines than the header announces");
            return new Solution(size, Integer.parseInt(m.group(2)), distances, realDistances, intermediates);
        }
    }

    private static int[] readRows(LineReader in, int n, boolean distances) throws IOException {
        int[] values = new int[n * n];
        Fields f = new Fields(false);
        for (int i = 0; i < n; i++) {
            String line = in.next();
            if (line == null) throw in.fileError("the file ends after " + i + " of " + n + " rows");
            f.of(line);
            for (int j = 0; j < n; j++) {
                if (!f.next()) throw in.error("row " + i + " has " + j + " values, expected " + n);
                if (distances && f.is("INF")) {
                    values[i * n + j] = Distances.INF;
                } else if (f.parseLong() && f.value() > Integer.MIN_VALUE && f.value() < Integer.MAX_VALUE) {
                    values[i * n + j] = (int) f.value();
                } else {
                    throw in.error("expected an integer" + (distances ? " or INF" : "") + ", got '" + f.token() + "'");
                }
            }
            if (f.more()) throw in.error("row " + i + " has more than " + n + " values");
        }
        return values;
    }

    private static float[] readRealRows(LineReader in, int n) throws IOException {
        float[] values = new float[n * n];
        Fields f = new Fields(false);
        for (int i = 0; i < n; i++) {
            String line = in.next();
            if (line == null) throw in.fileError("the file ends after " + i + " of " + n + " rows");
            f.of(line);
            for (int j = 0; j < n; j++) {
                if (!f.next()) throw in.error("row " + i + " has " + j + " values, expected " + n);
                if (f.is("INF")) {
                    values[i * n + j] = Float.POSITIVE_INFINITY;
                } else if (f.parseDecimal() && !Float.isInfinite(Float.parseFloat(f.token()))) {
                    values[i * n + j] = Float.parseFloat(f.token());  // Float.toString's text back to the same float
                } else {
                    throw in.error("expected a float32 or INF, got '" + f.token() + "'");
                }
            }
            if (f.more()) throw in.error("row " + i + " has more than " + n + " values");
        }
        return values;
    }
}
