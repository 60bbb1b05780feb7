package fwbench.variant;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;
import jcuda.Pointer;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * kernels/06_paths.cu: report 003's three kernels, distances and the intermediate-node matrix q
 * (n + 1 = no intermediate, refilled before every solve).
 */
final class PathsSolver extends GpuSolver implements PathSolver {
    private static final int TILE = 32;
    private final Kernel phase1;
    private final Kernel phase2;
    private final Kernel phase3;
    private final DeviceBuffer intermediates;

    /** fw_paths_phaseN(int* d, int* q, int n, int p): distances d and intermediates q, n x n, in round p. */
    record Phase(DeviceBuffer d, DeviceBuffer q, int n, int p) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), buffer(q), value(n), value(p));
        }
    }

    PathsSolver(SolverConfig config) {
        super(Variant.PATHS, config);
        phase1 = module().kernel("fw_paths_phase1");
        phase2 = module().kernel("fw_paths_phase2");
        phase3 = module().kernel("fw_paths_phase3");
        DeviceBuffer q = null;
        try {
            q = new DeviceBuffer((long) n * n);
            q.fill(n + 1, stream);  // also before the first solve, should it come without a reset
            stream.synchronize();
        } catch (RuntimeException e) {
            if (q != null) q.close();
            super.close();
            throw e;
        }
        intermediates = q;
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer d) {
        int tiles = ceilDiv(n, TILE);
        for (int p = 0; p < tiles; p++) {
            Phase args = new Phase(d, intermediates, n, p);
            phase1.launch(stream, 1, 1, TILE, TILE, 0, args);
            if (tiles > 1) {  // with one tile there is no pivot row, column or rest: the grids would be empty
                // report 003's grids: the pivot's own index is skipped in the kernels, not launched idle
                phase2.launch(stream, 2, tiles - 1, TILE, TILE, 0, args);
                phase3.launch(stream, tiles - 1, tiles - 1, TILE, TILE, 0, args);
            }
        }
    }

    @Override
    protected void enqueueResetExtras(CudaStream stream, DeviceBuffer matrix) {
        intermediates.fill(n + 1, stream);
    }

    @Override
    public int[] intermediates() {
        cuda.makeCurrent();
        return intermediates.download();
    }

    @Override
    public void close() {
        super.close();  // makes the context current and destroys the captured graph that uses q
        intermediates.close();
    }
}
