package fwbench.variant;

import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.cuda.CudaStream;

/** kernels/01_naive.cu: n launches of a 32x32-block grid over the whole matrix. */
final class NaiveSolver extends GpuSolver {
    private final Kernel kernel;

    NaiveSolver(SolverConfig config) {
        super(Variant.NAIVE, config);
        kernel = module().kernel("fw_naive");
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer d) {
        int grid = ceilDiv(n, 32);
        for (int k = 0; k < n; k++) kernel.launch(stream, grid, grid, 32, 32, 0, d, n, k);
    }
}
