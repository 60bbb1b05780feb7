package fwbench.variant;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;

/**
 * The rounds and grids of reports 000 and 004, shared by kernels/02_blocked.cu and
 * kernels/03_blocked_reg.cu (whose kernels differ inside, not in how they are launched):
 * ceil(n/32) rounds of phase 1 (pivot), 2 (cross), 3 (rest), 32x32 threads a block.
 */
final class BlockedSolver extends GpuSolver {
    private static final int TILE = 32;
    private final Kernel phase1;
    private final Kernel phase2;
    private final Kernel phase3;

    static Solver blocked(SolverConfig config) {
        return new BlockedSolver(Variant.BLOCKED, "fw_blocked", config);
    }

    static Solver blockedReg(SolverConfig config) {
        return new BlockedSolver(Variant.BLOCKED_REG, "fw_blocked_reg", config);
    }

    /** {@code kernels}: the prefix of the module's kernels, e.g. "fw_blocked" for fw_blocked_phase1..3. */
    private BlockedSolver(Variant variant, String kernels, SolverConfig config) {
        super(variant, config);
        phase1 = module().kernel(kernels + "_phase1");
        phase2 = module().kernel(kernels + "_phase2");
        phase3 = module().kernel(kernels + "_phase3");
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer d) {
        int tiles = ceilDiv(n, TILE);
        for (int p = 0; p < tiles; p++) {
            PhaseArgs args = new PhaseArgs(d, n, p);
            phase1.launch(stream, 1, 1, TILE, TILE, 0, args);
            phase2.launch(stream, tiles, 2, TILE, TILE, 0, args);
            phase3.launch(stream, tiles, tiles, TILE, TILE, 0, args);
        }
    }
}
