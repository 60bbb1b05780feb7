package fwbench.variant;

import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.cuda.CudaStream;

/** kernels/02_blocked.cu: ceil(n/32) rounds of phase 1 (pivot), 2 (cross), 3 (rest). */
final class BlockedSolver extends GpuSolver {
    private static final int TILE = 32;
    private final Kernel phase1;
    private final Kernel phase2;
    private final Kernel phase3;

    BlockedSolver(SolverConfig config) {
        super(Variant.BLOCKED, config);
        phase1 = module().kernel("fw_blocked_phase1");
        phase2 = module().kernel("fw_blocked_phase2");
        phase3 = module().kernel("fw_blocked_phase3");
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
