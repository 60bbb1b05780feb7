package fwbench.variant;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;

/** kernels/03_blocked_reg.cu: blocked's rounds and grids, register minima and one barrier per step. */
final class BlockedRegSolver extends GpuSolver {
    private static final int TILE = 32;
    private final Kernel phase1;
    private final Kernel phase2;
    private final Kernel phase3;

    BlockedRegSolver(SolverConfig config) {
        super(Variant.BLOCKED_REG, config);
        phase1 = module().kernel("fw_blocked_reg_phase1");
        phase2 = module().kernel("fw_blocked_reg_phase2");
        phase3 = module().kernel("fw_blocked_reg_phase3");
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer d) {
        int tiles = ceilDiv(n, TILE);
        for (int p = 0; p < tiles; p++) {
            phase1.launch(stream, 1, 1, TILE, TILE, 0, d, n, p);
            phase2.launch(stream, tiles, 2, TILE, TILE, 0, d, n, p);
            phase3.launch(stream, tiles, tiles, TILE, TILE, 0, d, n, p);
        }
    }
}
