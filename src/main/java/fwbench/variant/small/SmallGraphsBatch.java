package fwbench.variant.small;

import fwbench.cuda.CudaContext;
import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Event;
import fwbench.cuda.KernelModule;
import fwbench.graph.Distances;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import java.util.stream.IntStream;

/**
 * Floyd-Warshall of many independent graphs of n <= {@value #MAX_N} at once (kernels/14_small_graphs.cu):
 * the graphs' int32 weight matrices, of mixed sizes, one after another in one device buffer (rows padded
 * to {@link #rowStride}), and one grid a size class (32, 64, 128 in registers; 256, 512 over a padded
 * copy in global memory), a thread block a graph. Weights are 0 .. {@link Distances#INF} (INF: no edge);
 * a distance that would reach INF reads as INF.
 *
 * <pre>
 *   try (SmallGraphsBatch batch = new SmallGraphsBatch(List.of(w0, w1, w2))) {   // each n x n, row-major
 *       batch.solve();
 *       int[] d1 = batch.distances(1);
 *   }
 * </pre>
 * {@link #solveAll} does the same in one call. {@link #reset()} restores the weights for another solve.
 */
public final class SmallGraphsBatch implements AutoCloseable {

    /** The largest graph a thread block solves (its matrix in registers up to 128, then in global memory). */
    public static final int MAX_N = SizeClassKernel.LARGEST;

    /** Why n stops at {@link #MAX_N}, a clause for messages. */
    public static final String MAX_N_WHY = "one thread block solves a graph, in size classes up to " + MAX_N;

    /** The most cells a batch holds: its weights are one Java array. */
    public static final long MAX_CELLS = Integer.MAX_VALUE - 8;

    /** The largest size class whose graph a block holds in registers; past it, a padded copy in global memory, two blocks an SM. */
    public static final int LARGEST_IN_REGISTERS = SizeClassKernel.LARGEST_IN_REGISTERS;

    /** Cells of a 16-byte piece: a row of a graph is a whole number of them ({@link #rowStride}). */
    public static final int ROW_PIECE = 4;

    /** The kernels' module. */
    public static final String MODULE = "14_small_graphs";

    private final CudaContext cuda;
    private final CudaStream stream;
    private final int[] sizes;
    private final long[] offsets;
    private final List<DeviceBuffer> buffers = new ArrayList<>();
    private final List<Grid> grids = new ArrayList<>();
    // set in the constructor's try, so that a failed one frees what it made
    private DeviceBuffer input;
    private DeviceBuffer matrices;
    private DeviceBuffer offset;
    private DeviceBuffer size;
    private Event start;
    private Event stop;
    private boolean solved;

    /** One size class's launch: its kernel, its graphs (their count the blocks), and its scratch (null if none). */
    private record Grid(SizeClassKernel kernel, DeviceBuffer graphs, int blocks, DeviceBuffer scratch) {
    }

    /**
     * Uploads the graphs: {@code weights.get(g)} is graph g's n x n matrix, row-major, n from 1 to
     * {@value #MAX_N}; refused (IllegalArgumentException, one line) otherwise, or with a weight below 0 or above INF.
     */
    public SmallGraphsBatch(List<int[]> weights) {
        if (weights.isEmpty()) throw new IllegalArgumentException("a batch of small graphs needs at least one graph");
        sizes = new int[weights.size()];
        offsets = new long[weights.size()];
        long cells = 0;
        for (int g = 0; g < sizes.length; g++) {
            sizes[g] = sideOf(weights.get(g), g);
            offsets[g] = cells;
            cells += cellsOf(sizes[g]);
        }
        if (cells > MAX_CELLS) throw new IllegalArgumentException("a batch of " + cells + " cells is larger than a Java array (" + MAX_CELLS + " cells)");
        int[] all = new int[(int) cells];
        Arrays.fill(all, Distances.INF);  // the cells past n in every row
        for (int g = 0; g < sizes.length; g++) {
            int n = sizes[g], stride = rowStride(n);
            for (int i = 0; i < n; i++) System.arraycopy(weights.get(g), i * n, all, (int) offsets[g] + i * stride, n);
        }

        cuda = CudaContext.get();
        stream = CudaStream.withPriority(true);
        try {
            // the kernels first: a size class this GPU cannot run is refused before anything is allocated
            KernelModule module = cuda.module(MODULE);
            List<SizeClassKernel> kernels = new ArrayList<>();
            List<int[]> memberLists = new ArrayList<>();
            for (int c = 0; c < SizeClassKernel.CLASSES.length; c++) {
                int[] members = members(c);
                if (members.length == 0) continue;
                kernels.add(SizeClassKernel.of(cuda, module, c));
                memberLists.add(members);
            }
            start = new Event();
            stop = new Event();
            input = allocate(all);
            matrices = allocate(new DeviceBuffer(cells));
            offset = allocate(longsAsInts(offsets));
            size = allocate(sizes);
            for (int x = 0; x < kernels.size(); x++) {
                SizeClassKernel kernel = kernels.get(x);
                int blocks = memberLists.get(x).length;
                long scratchInts = kernel.scratchInts(blocks);
                grids.add(new Grid(kernel, allocate(memberLists.get(x)), blocks, scratchInts > 0 ? allocate(new DeviceBuffer(scratchInts)) : null));
            }
            reset();
        } catch (RuntimeException e) {
            close();  // nobody closes a batch whose constructor failed
            throw e;
        }
    }

    /**
     * Solves every graph and returns its distances, {@code result[g]} graph g's n x n matrix: a batch
     * uploaded, solved, read back and freed.
     */
    public static int[][] solveAll(List<int[]> weights) {
        try (SmallGraphsBatch batch = new SmallGraphsBatch(weights)) {
            batch.solve();
            return batch.distances();
        }
    }

    /**
     * Ints a row of a graph of n in the batch's buffer: n rounded up to a multiple of 4, the cells past n
     * INF, so that every row starts 16 bytes aligned and the kernels move it in 16-byte pieces
     * (kernels/14_small_graphs.cu, fw_small_graph_stride).
     */
    public static int rowStride(int n) {
        return (n + ROW_PIECE - 1) / ROW_PIECE * ROW_PIECE;
    }

    /** The cells a graph of n takes in the batch's buffer: n rows of {@link #rowStride}. */
    public static long cellsOf(int n) {
        return (long) n * rowStride(n);
    }

    /**
     * Device bytes a batch of graphs of these sizes holds, known before anything is allocated: the
     * weights and the work matrices ({@link #cellsOf} each), each graph's offset, size and place in
     * its class's list, and N x N ints of scratch for each graph past {@value #LARGEST_IN_REGISTERS}.
     */
    public static long deviceBytes(int[] sizes) {
        long bytes = 0;
        for (int n : sizes) bytes += 2L * Integer.BYTES * cellsOf(n) + Long.BYTES + 2L * Integer.BYTES + scratchBytes(n, n);
        return bytes;
    }

    /** The size class a graph of n vertices is solved in: the smallest of 32, 64, 128, 256, 512 at least n. */
    public static int sizeClass(int n) {
        return SizeClassKernel.CLASSES[classIndex(n)];
    }

    /** The index in the size classes of n's; n outside 1 .. {@value #MAX_N} refused in one line. */
    static int classIndex(int n) {
        if (n < 1 || n > MAX_N) throw new IllegalArgumentException("small-graphs takes n from 1 to " + MAX_N + " (" + MAX_N_WHY + "), not n=" + n);
        return SizeClassKernel.indexOfClassFor(n);
    }

    /** Device bytes beside the two matrices that one graph of n needs: the registry's extra (DeviceMemory.Extra). */
    public static long scratchBytes(int n, int paddedN) {
        return SizeClassKernel.scratchBytes(n, paddedN);
    }

    /** The graphs in this batch. */
    public int count() {
        return sizes.length;
    }

    /** Graph g's n. */
    public int n(int g) {
        return sizes[g];
    }

    /** Restores every graph's weights, and waits until that is done. Not timed. */
    public void reset() {
        cuda.makeCurrent();
        matrices.copyFrom(input, stream);
        stream.synchronize();
        solved = false;
    }

    /** Solves every graph in place (from the weights after construction or {@link #reset()}); returns when done, timed by events. */
    public void solve() {
        cuda.makeCurrent();
        start.record(stream);
        // one grid a size class, one after another on one stream: the graphs of a class fill the device together
        for (Grid grid : grids) grid.kernel().launch(stream, grid.blocks(), matrices, offset, size, grid.graphs(), grid.scratch());
        stop.record(stream);
        stop.synchronize();
        solved = true;
    }

    /** GPU time of the last {@link #solve()}, all its grids, from CUDA events around them; empty before one. */
    public OptionalDouble lastSolveGpuMillis() {
        return solved ? OptionalDouble.of(Event.elapsedMillis(start, stop)) : OptionalDouble.empty();
    }

    /** Every graph's matrix as it is now (its distances after a solve), {@code result[g]} n x n. */
    public int[][] distances() {
        cuda.makeCurrent();
        int[] all = matrices.download();
        int[][] result = new int[sizes.length][];
        for (int g = 0; g < sizes.length; g++) result[g] = square(all, (int) offsets[g], sizes[g]);
        return result;
    }

    /** Graph g's matrix as it is now (its distances after a solve), n x n. */
    public int[] distances(int g) {
        cuda.makeCurrent();
        int n = sizes[g];
        try (DeviceBuffer cells = matrices.slice(offsets[g], cellsOf(n))) {
            return square(cells.download(), 0, n);
        }
    }

    /** The n x n matrix whose rows of {@link #rowStride} start at {@code from} in {@code cells}. */
    private static int[] square(int[] cells, int from, int n) {
        int stride = rowStride(n);
        int[] result = new int[n * n];
        for (int i = 0; i < n; i++) System.arraycopy(cells, from + i * stride, result, i * n, n);
        return result;
    }

    /** Device memory the batch holds: {@link #deviceBytes(int[])} of its sizes. */
    public long deviceBytes() {
        return buffers.stream().mapToLong(DeviceBuffer::bytes).sum();
    }

    /** The indices of the graphs of size class c, in batch order. */
    private int[] members(int c) {
        return IntStream.range(0, sizes.length).filter(g -> classIndex(sizes[g]) == c).toArray();
    }

    /** The side of a square matrix of weights 0 .. INF, refused in one line otherwise. */
    private static int sideOf(int[] w, int g) {
        int n = (int) Math.round(Math.sqrt(w.length));
        if (n * n != w.length) throw new IllegalArgumentException("graph " + g + ": " + w.length + " weights are not an n x n matrix");
        try {
            classIndex(n);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("graph " + g + ": " + e.getMessage());
        }
        for (int x = 0; x < w.length; x++) {
            if (w[x] < 0 || w[x] > Distances.INF) {
                throw new IllegalArgumentException("graph " + g + ": weight " + w[x] + " at (" + x / n + ", " + x % n
                        + ") is outside 0 .. " + Distances.INF + " (INF, no edge): small-graphs takes weights >= 0 only");
            }
        }
        return n;
    }

    /** 64-bit values as the ints of their little-endian bytes, low word first: the kernels' long long offsets. */
    static int[] longsAsInts(long[] values) {
        int[] ints = new int[2 * values.length];
        for (int i = 0; i < values.length; i++) {
            ints[2 * i] = (int) values[i];
            ints[2 * i + 1] = (int) (values[i] >>> 32);
        }
        return ints;
    }

    private DeviceBuffer allocate(int[] host) {
        DeviceBuffer b = allocate(new DeviceBuffer(host.length));
        b.upload(host);
        return b;
    }

    private DeviceBuffer allocate(DeviceBuffer b) {
        buffers.add(b);
        return b;
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        for (DeviceBuffer b : buffers) b.close();
        buffers.clear();
        if (start != null) start.close();
        if (stop != null) stop.close();
        stream.close();
    }
}
