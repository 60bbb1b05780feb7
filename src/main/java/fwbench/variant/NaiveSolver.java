package fwbench.variant;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;
import jcuda.Pointer;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/** kernels/01_naive.cu: n launches of a 32x32-block grid over the whole matrix. */
final class NaiveSolver extends GpuSolver {
    private final Kernel kernel;

    /** fw_naive(int* d, int n, int k): relax every cell of the n x n matrix d through vertex k. */
    record Step(DeviceBuffer d, int n, int k) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(n), value(k));
        }
    }

    NaiveSolver(SolverConfig config) {
        super(Variant.NAIVE, config);
        kernel = module().kernel("fw_naive");
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer d) {
        int grid = ceilDiv(n, 32);
        for (int k = 0; k < n; k++) kernel.launch(stream, grid, grid, 32, 32, 0, new Step(d, n, k));
    }
}
