package fwbench.variant.small;

import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;
import fwbench.variant.core.VariantTraits;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;

/**
 * kernels/14_small_graphs.cu for one graph of n <= {@value SmallGraphsBatch#MAX_N}: a batch of one,
 * one thread block of the smallest size class that holds n, over GpuSolver's n x n matrix (offset 0).
 * It is there to be held against the other variants graph for graph; many graphs at once go through
 * {@link SmallGraphsBatch}, one launch a size class.
 */
public final class SmallGraphsSolver extends GpuSolver {

    private final Kernel kernel;
    private final int threads;
    private DeviceBuffer offset;
    private DeviceBuffer size;
    private DeviceBuffer graphs;

    public SmallGraphsSolver(VariantTraits variant, SolverConfig config) {
        super(variant, requireSmall(variant, config));
        try {
            int c = 0;
            while (SmallGraphsBatch.CLASSES[c] != SmallGraphsBatch.sizeClass(n)) c++;
            threads = SmallGraphsBatch.THREADS[c];
            kernel = module().kernel("fw_small_graphs_" + SmallGraphsBatch.CLASSES[c]);
            if (kernel.maxThreadsPerBlock() < threads) {
                throw new IllegalStateException(kernel + " takes " + kernel.maxThreadsPerBlock() + " threads a block, not " + threads);
            }
            offset = upload(SmallGraphsBatch.longsAsInts(new long[] {0}));
            size = upload(new int[] {n});
            graphs = upload(new int[] {0});
        } catch (RuntimeException e) {
            close();  // nobody closes a solver whose constructor failed
            throw e;
        }
    }

    /** Refuses, before anything is allocated, a graph past the largest a thread block holds, in one line. */
    static SolverConfig requireSmall(VariantTraits variant, SolverConfig config) {
        if (config.n() > SmallGraphsBatch.MAX_N) {
            throw new UnsupportedInputException(variant.id() + " takes n up to " + SmallGraphsBatch.MAX_N + " (" + SmallGraphsBatch.MAX_N_WHY
                    + "), not n=" + config.n());
        }
        return config;
    }

    private static DeviceBuffer upload(int[] host) {
        DeviceBuffer b = new DeviceBuffer(host.length);
        try {
            b.upload(host);
            return b;
        } catch (RuntimeException e) {
            b.close();
            throw e;
        }
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer matrix) {
        kernel.launch(stream, 1, 1, threads, 1, 0, new SmallGraphsBatch.Launch(matrix, offset, size, graphs));
    }

    @Override
    public String describe() {
        return variant().id() + " (a block of " + threads + " threads, size class " + Math.max(32, Integer.highestOneBit(n - 1) << 1) + ")";
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        for (DeviceBuffer b : new DeviceBuffer[] {offset, size, graphs}) {
            if (b != null) b.close();
        }
        offset = size = graphs = null;
        super.close();
    }
}
