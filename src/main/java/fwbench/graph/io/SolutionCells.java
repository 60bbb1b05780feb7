package fwbench.graph.io;

import fwbench.graph.Distances;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * One cell at a time of a solution file, for {@code path}: a binary file is read where the cell
 * lies (a positional read of 4 bytes at 24 + 4 (i n + j), in 64 bits: any n), so a query on a
 * file of 16 GiB reads a few bytes a vertex of its route; a text file, which cannot be sought, is
 * read whole ({@link SolutionFiles#read}, n at most {@link Distances#INT_INDEX_MAX_N}).
 */
public final class SolutionCells implements AutoCloseable {

    private final int n;
    private final int firstVertex;
    private final boolean paths;
    private final boolean real;
    /** The binary file, or null for a solution in memory. */
    private final FileChannel channel;
    private final long cellsOffset;
    private final Solution inMemory;
    private final ByteBuffer cell = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);

    private SolutionCells(int n, int firstVertex, boolean paths, boolean real, FileChannel channel, long cellsOffset, Solution inMemory) {
        this.n = n;
        this.firstVertex = firstVertex;
        this.paths = paths;
        this.real = real;
        this.channel = channel;
        this.cellsOffset = cellsOffset;
        this.inMemory = inMemory;
    }

    /** The cells of a file written by {@code solve}, in either form; refuses what {@link SolutionFiles#read} refuses. */
    public static SolutionCells open(Path file) throws GraphFileException {
        String name = file.toString();
        if (!Files.exists(file)) throw new GraphFileException("no such file: " + name);
        if (Files.isDirectory(file)) throw new GraphFileException(name + " is a folder, not a solution file");
        try {
            byte[] start;
            try (InputStream in = Files.newInputStream(file)) {
                start = in.readNBytes(SolutionFiles.MAGIC.length);
            }
            if (!Arrays.equals(start, SolutionFiles.MAGIC)) return of(SolutionFiles.read(file));
            FileChannel channel = FileChannel.open(file);
            try {
                SolutionFiles.Header h = SolutionFiles.readHeader(channel, name);
                return new SolutionCells(h.n(), h.first(), h.paths(), h.real(), channel, h.cellsOffset(), null);
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        } catch (GraphFileException e) {
            throw e;
        } catch (IOException e) {
            throw new GraphFileException("cannot read " + name + ": " + e.getMessage());
        }
    }

    /** The cells of a solution already in memory (a text file, one graph of a batch). */
    public static SolutionCells of(Solution s) {
        return new SolutionCells(s.n(), s.firstVertex(), s.hasPaths(), s.isReal(), null, 0, s);
    }

    public int n() {
        return n;
    }

    /** The graph file's first vertex number (0 or 1). */
    public int firstVertex() {
        return firstVertex;
    }

    /** Whether the intermediate-node matrix is there. */
    public boolean hasPaths() {
        return paths;
    }

    /** Whether the distances are float32. */
    public boolean isReal() {
        return real;
    }

    /** The int32 distance from i to j ({@link Distances#INF}: no path); not for float32 files. */
    public int distance(int i, int j) {
        if (real) throw new IllegalStateException("float32 distances: read realDistance");
        return inMemory != null ? inMemory.distances()[i * n + j] : read(0, i, j);
    }

    /** The float32 distance from i to j (+infinity: no path); only for float32 files. */
    public float realDistance(int i, int j) {
        if (!real) throw new IllegalStateException("int32 distances: read distance");
        return inMemory != null ? inMemory.realDistances()[i * n + j] : Float.intBitsToFloat(read(0, i, j));
    }

    /** The intermediate node of (i, j): a vertex k from 0, or n + 1 for none; only with {@link #hasPaths()}. */
    public int intermediate(int i, int j) {
        if (!paths) throw new IllegalStateException("no intermediate-node matrix");
        return inMemory != null ? inMemory.intermediates()[i * n + j] : read(1, i, j);
    }

    /** The cell (i, j) of the file's matrix {@code matrix} (0: distances, 1: intermediates). */
    private int read(int matrix, int i, int j) {
        if (i < 0 || i >= n || j < 0 || j >= n) throw new IndexOutOfBoundsException("(" + i + ", " + j + ") outside " + n + " x " + n);
        long at = cellsOffset + 4L * ((long) matrix * n * n + (long) i * n + j);
        cell.clear();
        try {
            while (cell.hasRemaining()) {
                if (channel.read(cell, at + cell.position()) < 0) throw new IOException("the file ended at byte " + (at + cell.position()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cell.getInt(0);
    }

    @Override
    public void close() throws IOException {
        if (channel != null) channel.close();
    }
}
