package fwbench.graph.io;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
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
 * lies (a positional read of its 4 or 8 bytes, at an offset in 64 bits: any n), so a query on a
 * file of 16 GiB reads a few bytes a vertex of its route; a text file, which cannot be sought, is
 * read whole ({@link SolutionFiles#read}, n at most {@link Distances#INT_INDEX_MAX_N}).
 */
public final class SolutionCells implements AutoCloseable {

    private final int n;
    private final int firstVertex;
    private final boolean paths;
    private final CellType cells;
    /** The binary file, or null for a solution in memory. */
    private final FileChannel channel;
    private final long cellsOffset;
    private final Solution inMemory;
    private final ByteBuffer cell = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);

    private SolutionCells(int n, int firstVertex, boolean paths, CellType cells, FileChannel channel, long cellsOffset, Solution inMemory) {
        this.n = n;
        this.firstVertex = firstVertex;
        this.paths = paths;
        this.cells = cells;
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
                return new SolutionCells(h.n(), h.first(), h.paths(), h.cells(), channel, h.cellsOffset(), null);
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
        return new SolutionCells(s.n(), s.firstVertex(), s.hasPaths(), s.cells(), null, 0, s);
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

    /** The distances' cell type. */
    public CellType cells() {
        return cells;
    }

    /** Whether (i, j) holds a path (a vertex always reaches itself). */
    public boolean reachable(int i, int j) {
        if (i == j) return true;
        Cell c = cell(i, j);
        return c.matrix().reachable(c.index());
    }

    /** The distance from i to j as the file holds it: "INF" for no path, else the number as solve's text form writes it. */
    public String distanceText(int i, int j) {
        Cell c = cell(i, j);
        return c.matrix().text(c.index());
    }

    /** Cell {@code index} of {@code matrix}. */
    private record Cell(DistanceMatrix matrix, int index) {
    }

    /** Cell (i, j): of the solution in memory, or read where it lies in a binary file into a matrix of that one cell. */
    private Cell cell(int i, int j) {
        long index = index(i, j);
        if (inMemory != null) return new Cell(inMemory.distanceMatrix(), (int) index);
        DistanceMatrix one = DistanceMatrix.allocate(cells, 1);
        one.getCells(read(cellsOffset + cells.bytes() * index, cells.bytes()), 0, 1);
        return new Cell(one, 0);
    }

    /** The intermediate node of (i, j): a vertex k from 0, or n + 1 for none; only with {@link #hasPaths()}. */
    public int intermediate(int i, int j) {
        if (!paths) throw new IllegalStateException("no intermediate-node matrix");
        if (inMemory != null) return inMemory.intermediates()[i * n + j];
        long at = cellsOffset + (long) cells.bytes() * n * n + 4L * index(i, j);
        return read(at, 4).getInt(0);
    }

    /** i n + j, in 64 bits, for a cell inside the matrix. */
    private long index(int i, int j) {
        if (i < 0 || i >= n || j < 0 || j >= n) throw new IndexOutOfBoundsException("(" + i + ", " + j + ") outside " + n + " x " + n);
        return (long) i * n + j;
    }

    /** {@code bytes} (4 or 8) bytes of the file at {@code at}, little-endian, from the buffer's byte 0. */
    private ByteBuffer read(long at, int bytes) {
        cell.clear().limit(bytes);
        try {
            while (cell.hasRemaining()) {
                if (channel.read(cell, at + cell.position()) < 0) throw new IOException("the file ended at byte " + (at + cell.position()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cell.flip();
    }

    @Override
    public void close() throws IOException {
        if (channel != null) channel.close();
    }
}
