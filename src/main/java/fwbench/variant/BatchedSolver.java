package fwbench.variant;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;

/**
 * kernels/04_batched.cu: 32x32 tiles; phase 2 blocks close 6 pivot-row or pivot-column tiles each,
 * phase 3 blocks update 6x6 tiles each (report 001).
 */
final class BatchedSolver extends GpuSolver {
    private static final int TILE = 32;
    private static final int BATCH = 6;
    private final Kernel phase1;
    private final Kernel phase2;
    private final Kernel phase3;

    BatchedSolver(SolverConfig config) {
        super(Variant.BATCHED, config);
        phase1 = module().kernel("fw_batched_phase1");
        phase2 = module().kernel("fw_batched_phase2");
        phase3 = module().kernel("fw_batched_phase3");
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer d) {
        int tiles = ceilDiv(n, TILE);
        int groups = ceilDiv(tiles, BATCH);
        for (int p = 0; p < tiles; p++) {
            PhaseArgs args = new PhaseArgs(d, n, p);
            phase1.launch(stream, 1, 1, TILE, TILE, 0, args);
            phase2.launch(stream, groups, 2, TILE, TILE, 0, args);
            phase3.launch(stream, groups, groups, TILE, TILE, 0, args);
        }
    }
}
