package fwbench.graph.io;

import fwbench.cell.CellType;
import fwbench.graph.Distances;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The file {@code solve} writes for a batch of graphs (docs/solve.md, "Batches"), binary,
 * little-endian, its own magic beside the one-graph layout of {@link SolutionFiles}:
 * <pre>
 *   offset     size  field
 *   0          8     magic, the ASCII bytes "FWBATCH\n"
 *   8          4     int32 version = 1
 *   12         4     int32 G, graphs
 *   16         4     int32 flags: bit 0 set = each graph's intermediate-node matrix follows its distances
 *   20         4     int32 0 (reserved: the table starts 8-byte aligned)
 *   24 + 16 g  16    graph g: int32 n, int32 first vertex number of its file (0 or 1), int64 offset of its distances
 *   offset_g   4 n^2 graph g's distances, int32 row-major, 1073741823 (INF) = no path
 *   (flag 0)   4 n^2 then its intermediates, int32 row-major: vertex k from 0, or n + 1 = none
 * </pre>
 * offset_0 = 24 + 16 G, and each graph's matrices follow the last's. {@link #readGraph} reads one
 * graph: the header, the table and that graph's matrices.
 */
public final class BatchSolutionFiles {

    public static final int VERSION = 1;
    static final byte[] MAGIC = "FWBATCH\n".getBytes(StandardCharsets.US_ASCII);
    static final int HEADER_BYTES = 24;
    static final int ENTRY_BYTES = 16;
    private static final int PATHS_FLAG = 1;

    private BatchSolutionFiles() {
    }

    /** Size of the file, in bytes, for graphs of these n. */
    public static long bytes(int[] sizes, boolean paths) {
        long bytes = HEADER_BYTES + (long) ENTRY_BYTES * sizes.length;
        for (int n : sizes) bytes += 4L * n * n * (paths ? 2 : 1);
        return bytes;
    }

    /** Writes every graph's solution, int32 distances (all with intermediates, or none), atomically; never overwrites unless {@code replace}. */
    public static void write(Path target, List<Solution> solutions, boolean replace) throws IOException {
        if (solutions.isEmpty()) throw new IllegalArgumentException("a batch file holds at least one graph");
        boolean paths = solutions.get(0).hasPaths();
        for (Solution s : solutions) {
            if (s.cells() != CellType.INT32 || s.hasPaths() != paths) throw new IllegalArgumentException("a batch file holds int32 distances, every graph with intermediates or none");
        }
        AtomicFile.write(target, replace, out -> writeBinary(out, solutions, paths));
    }

    private static void writeBinary(OutputStream out, List<Solution> solutions, boolean paths) throws IOException {
        int count = solutions.size();
        ByteBuffer head = ByteBuffer.allocate(HEADER_BYTES + ENTRY_BYTES * count).order(ByteOrder.LITTLE_ENDIAN);
        head.put(MAGIC).putInt(VERSION).putInt(count).putInt(paths ? PATHS_FLAG : 0).putInt(0);
        long offset = HEADER_BYTES + (long) ENTRY_BYTES * count;
        for (Solution s : solutions) {
            head.putInt(s.n()).putInt(s.firstVertex()).putLong(offset);
            offset += 4L * s.n() * s.n() * (paths ? 2 : 1);
        }
        out.write(head.array());
        ByteBuffer matrix = ByteBuffer.allocate(0);
        for (Solution s : solutions) {
            for (int[] values : paths ? new int[][] {s.distances(), s.intermediates()} : new int[][] {s.distances()}) {
                if (matrix.capacity() < 4 * values.length) matrix = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
                matrix.clear();
                matrix.asIntBuffer().put(values);
                out.write(matrix.array(), 0, 4 * values.length);
            }
        }
    }

    /** Whether the file starts with a batch file's magic. */
    public static boolean isBatch(Path file) {
        if (!Files.isRegularFile(file)) return false;
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(MAGIC.length), MAGIC);
        } catch (IOException e) {
            return false;  // SolutionFiles.read then says why it cannot be read
        }
    }

    /** How many graphs the batch file holds. */
    public static int count(Path file) throws GraphFileException {
        try (FileChannel channel = FileChannel.open(file)) {
            return header(channel, file.toString()).getInt(12);
        } catch (GraphFileException e) {
            throw e;
        } catch (IOException e) {
            throw new GraphFileException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** Graph g's solution, read from the file's header, table and that graph's matrices only. */
    public static Solution readGraph(Path file, int g) throws GraphFileException {
        String name = file.toString();
        try (FileChannel channel = FileChannel.open(file)) {
            ByteBuffer header = header(channel, name);
            int count = header.getInt(12), flags = header.getInt(16);
            if (count < 1 || (flags & ~PATHS_FLAG) != 0) throw new GraphFileException(name + ": damaged header (" + count + " graphs, flags " + flags + ")");
            if (g < 0 || g >= count) throw new GraphFileException("graph " + g + " is out of range: " + name + " holds graphs 0.." + (count - 1));
            boolean paths = (flags & PATHS_FLAG) != 0;
            ByteBuffer table = readAt(channel, HEADER_BYTES, (long) ENTRY_BYTES * count, name);
            // the offsets must follow from the sizes, and end where the file ends
            long expected = HEADER_BYTES + (long) ENTRY_BYTES * count;
            int n = 0, first = 0;
            for (int h = 0; h < count; h++) {
                int size = table.getInt(ENTRY_BYTES * h), from = table.getInt(ENTRY_BYTES * h + 4);
                long offset = table.getLong(ENTRY_BYTES * h + 8);
                if (size < 1 || size > Distances.INT_INDEX_MAX_N || (from != 0 && from != 1) || offset != expected) {
                    throw new GraphFileException(name + ": damaged table at graph " + h + " (n = " + size + ", first vertex " + from + ", offset " + offset + ")");
                }
                if (h == g) {
                    n = size;
                    first = from;
                }
                expected += 4L * size * size * (paths ? 2 : 1);
            }
            if (channel.size() != expected) {
                throw new GraphFileException(name + ": " + channel.size() + " bytes, but its table needs " + expected + (channel.size() < expected ? " (is it truncated?)" : ""));
            }
            long offset = table.getLong(ENTRY_BYTES * g + 8), bytes = 4L * n * n;
            int[] distances = ints(readAt(channel, offset, bytes, name));
            int[] intermediates = paths ? ints(readAt(channel, offset + bytes, bytes, name)) : null;
            return new Solution(n, first, distances, intermediates);
        } catch (GraphFileException e) {
            throw e;
        } catch (IOException e) {
            throw new GraphFileException("cannot read " + name + ": " + e.getMessage());
        }
    }

    private static ByteBuffer header(FileChannel channel, String name) throws IOException {
        ByteBuffer header = readAt(channel, 0, HEADER_BYTES, name);
        byte[] magic = new byte[MAGIC.length];
        header.get(0, magic);
        if (!Arrays.equals(magic, MAGIC)) throw new GraphFileException(name + ": not a batch solution file (no magic FWBATCH)");
        int version = header.getInt(8);
        if (version != VERSION) throw new GraphFileException(name + ": version " + version + " of the batch layout; this fwbench reads version " + VERSION);
        return header;
    }

    private static ByteBuffer readAt(FileChannel channel, long position, long bytes, String name) throws IOException {
        if (bytes > Integer.MAX_VALUE) throw new GraphFileException(name + ": a table or matrix of " + bytes + " bytes is damaged");
        ByteBuffer buffer = ByteBuffer.allocate((int) bytes).order(ByteOrder.LITTLE_ENDIAN);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, position + buffer.position()) < 0) throw new GraphFileException(name + ": the file ends early (is it truncated?)");
        }
        return buffer.flip();
    }

    private static int[] ints(ByteBuffer bytes) {
        int[] values = new int[bytes.remaining() / 4];
        bytes.asIntBuffer().get(values);
        return values;
    }
}
