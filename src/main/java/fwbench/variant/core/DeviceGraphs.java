package fwbench.variant.core;

import fwbench.cuda.CudaContext;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;
import fwbench.cuda.CudaStream;
import fwbench.graph.Distances;
import fwbench.graph.GeneratedGraph;
import fwbench.graph.Graph;
import fwbench.graph.RealGraph;
import fwbench.graph.SparseGraph;
import jcuda.Pointer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * Puts a graph's weights into device memory: generated graphs on the device itself, others by
 * copy; real weights as float32 bits.
 */
public final class DeviceGraphs {

    private DeviceGraphs() {
    }

    /**
     * fw_generate(int* d, int n, int ld, unsigned long long seed, unsigned long long edgeThreshold, int maxWeight,
     * int potentialRange): the cells of GraphSpec.generate, padded to ld.
     */
    public record Generate(DeviceBuffer d, int n, int ld, long seed, long edgeThreshold, int maxWeight, int potentialRange) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(n), value(ld), value(seed), value(edgeThreshold), value(maxWeight), value(potentialRange));
        }
    }

    /** fw_pad(int* d, int n, int ld): the cells past n become isolated padding vertices. */
    public record Pad(DeviceBuffer d, int n, int ld) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(n), value(ld));
        }
    }

    /**
     * fw_generate_rows(int* d, int n, int ld, int firstRow, int rows, unsigned long long seed, unsigned long long
     * edgeThreshold, int maxWeight, int potentialRange): rows firstRow .. firstRow + rows - 1 of fw_generate's matrix.
     */
    public record GenerateRows(DeviceBuffer d, int n, int ld, int firstRow, int rows, long seed, long edgeThreshold, int maxWeight,
                        int potentialRange) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(n), value(ld), value(firstRow), value(rows), value(seed), value(edgeThreshold),
                    value(maxWeight), value(potentialRange));
        }
    }

    /**
     * Fills {@code target}, {@code rows} x ld ints in the current context, with rows firstRow ..
     * firstRow + rows - 1 of the graph's ld x ld padded matrix (as {@link #load(Graph, DeviceBuffer,
     * int, CudaStream)} makes it): one row band of a solve split across devices. Generated graphs
     * are made on the device, others copied from their weights. Returns when done.
     */
    public static void loadRows(Graph graph, DeviceBuffer target, int ld, int firstRow, int rows, CudaStream stream) {
        int n = graph.n();
        if (graph instanceof GeneratedGraph g) {
            CudaContext.of(target.device()).module("graph").kernel("fw_generate_rows").launch(stream, (ld + 31) / 32, (rows + 7) / 8, 32, 8, 0,
                    new GenerateRows(target, n, ld, firstRow, rows, g.seed(), g.spec().edgeThreshold(), g.spec().maxWeight(),
                            g.spec().potentialRange()));
            stream.synchronize();
            return;
        }
        if (graph instanceof SparseGraph sparse) {
            uploadSparseRows(sparse, target, ld, firstRow, rows);
            return;
        }
        target.fill(Distances.INF, stream);  // padding: INF off the diagonal
        stream.synchronize();  // the stream does not wait for the synchronous copies below
        int live = Math.min(rows, n - firstRow);
        if (live > 0) target.uploadRows(graph.weights(), n, ld, firstRow, live);
        for (int i = Math.max(firstRow, n); i < firstRow + rows; i++) target.write((long) (i - firstRow) * ld + i, 0);
    }

    /** Fills {@code target} (n x n cells, rows n apart) with the graph's weights; returns when done. */
    public static void load(Graph graph, DeviceBuffer target, CudaStream stream) {
        load(graph, target, graph.n(), stream);
    }

    /**
     * Fills {@code target}, an ld x ld matrix with ld >= n, with the graph's weights in the top-left
     * n x n cells and padding elsewhere: isolated vertices (0 diagonal, INF), which change no
     * distance. Returns when done.
     */
    public static void load(Graph graph, DeviceBuffer target, int ld, CudaStream stream) {
        int n = graph.n();
        int blocksX = (ld + 31) / 32, blocksY = (ld + 7) / 8;
        if (graph instanceof GeneratedGraph g) {
            // same cells as GraphSpec.generate, without an n x n host array
            kernel("fw_generate").launch(stream, blocksX, blocksY, 32, 8, 0,
                    new Generate(target, n, ld, g.seed(), g.spec().edgeThreshold(), g.spec().maxWeight(), g.spec().potentialRange()));
        } else if (graph instanceof SparseGraph sparse) {
            uploadSparseRows(sparse, target, ld, 0, ld);  // padding included: nothing left for fw_pad
        } else {
            target.uploadRows(graph.weights(), n, ld);
            if (ld > n) kernel("fw_pad").launch(stream, blocksX, blocksY, 32, 8, 0, new Pad(target, n, ld));
        }
        stream.synchronize();
    }

    /**
     * Fills {@code target}, an ld x ld matrix with ld >= n, with float32 bits: the graph's weights
     * rounded to float32 in the top-left n x n cells ({@link RealGraph#float32Words()}), and
     * padding elsewhere: isolated vertices, +infinity off the diagonal and 0 on it. Returns when done.
     */
    public static void load(RealGraph graph, DeviceBuffer target, int ld, CudaStream stream) {
        int n = graph.n();
        target.fill(Float.floatToRawIntBits(Float.POSITIVE_INFINITY), stream);
        stream.synchronize();  // the stream does not wait for the synchronous copies below
        target.uploadRows(graph.float32Words(), n, ld);
        for (int p = n; p < ld; p++) target.write((long) p * ld + p, Float.floatToRawIntBits(0f));
    }

    /** Bytes of the host buffer a graph file's rows go through on their way to the device. */
    public static final long UPLOAD_BAND_BYTES = 64L << 20;

    /**
     * Fills rows firstRow .. firstRow + rows - 1 of {@code target}'s first rows (ld ints apart) with
     * those of the graph's padded matrix, made from its edges band by band in one direct buffer:
     * no n x n array on the host, so a graph file of any n the device holds gets there.
     */
    static void uploadSparseRows(SparseGraph graph, DeviceBuffer target, int ld, int firstRow, int rows) {
        uploadSparseRows(graph, target, ld, firstRow, rows, UPLOAD_BAND_BYTES);
    }

    /** The same through bands of at most {@code bandBytes} (at least a row): tests cross band edges at small n. */
    static void uploadSparseRows(SparseGraph graph, DeviceBuffer target, int ld, int firstRow, int rows, long bandBytes) {
        int bandRows = (int) Math.max(1, Math.min(rows, bandBytes / (4L * ld)));
        ByteBuffer band = ByteBuffer.allocateDirect(bandRows * ld * 4).order(ByteOrder.nativeOrder());
        for (int from = 0; from < rows; from += bandRows) {
            int count = Math.min(bandRows, rows - from);
            band.clear();
            graph.fillRows(firstRow + from, count, ld, band.asIntBuffer());
            band.limit(count * ld * 4);
            target.uploadRows(band, ld, from);
        }
    }

    private static Kernel kernel(String name) {
        return CudaContext.get().module("graph").kernel(name);
    }
}
