package fwbench.variant.small;

import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.VariantTraits;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;

/**
 * kernels/14_small_graphs.cu for one graph of n <= {@value SmallGraphsBatch#MAX_N}: a batch of one,
 * one thread block of the smallest size class that holds n, over GpuSolver's matrix (offset 0; its side
 * padded to a multiple of {@link SmallGraphsBatch#ROW_PIECE}, so that its rows are the batch's, padding INF)
 * and, past n = 128, a scratch square of the class's side.
 * It is there to be held against the other variants graph for graph; many graphs at once go through
 * {@link SmallGraphsBatch}, one launch a size class.
 */
public final class SmallGraphsSolver extends GpuSolver {

    private final SizeClassKernel kernel;
    private DeviceBuffer offset;
    private DeviceBuffer size;
    private DeviceBuffer graphs;
    private DeviceBuffer scratch;  // null up to n = 128

    public SmallGraphsSolver(VariantTraits variant, SolverConfig config) {
        super(variant, config);  // the registry refuses n past SmallGraphsBatch.MAX_N before this (Variant.create)
        try {
            kernel = SizeClassKernel.of(cuda, module(), SmallGraphsBatch.classIndex(n));
            offset = upload(SmallGraphsBatch.longsAsInts(new long[] {0}));
            size = upload(new int[] {n});
            graphs = upload(new int[] {0});
            long scratchInts = kernel.scratchInts(1);
            if (scratchInts > 0) scratch = new DeviceBuffer(scratchInts);
        } catch (RuntimeException e) {
            close();  // nobody closes a solver whose constructor failed
            throw e;
        }
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
        kernel.launch(stream, 1, matrix, offset, size, graphs, scratch);
    }

    @Override
    public String describe() {
        return variant().id() + " (a block of " + kernel.threads() + " threads, size class " + SmallGraphsBatch.sizeClass(n) + ")";
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        for (DeviceBuffer b : new DeviceBuffer[] {offset, size, graphs, scratch}) {
            if (b != null) b.close();
        }
        offset = size = graphs = scratch = null;
        super.close();
    }
}
