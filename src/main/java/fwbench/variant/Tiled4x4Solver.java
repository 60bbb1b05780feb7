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
 * kernels/05_tiled_4x4.cu: 64x64 tiles, blocks of 64x4 threads, 4x4 register micro-tiles in phase 3,
 * and report 002's staging copies: the closed pivot tile (core_core), the pivot-row tiles
 * (core_dest) and the pivot-column tiles (src_core), each tile 64*64 contiguous ints.
 */
final class Tiled4x4Solver extends GpuSolver {
    private static final int TILE = 64;
    private static final int ROWS = 4;
    private final Kernel phase1;
    private final Kernel phase2;
    private final Kernel phase3;
    private final DeviceBuffer coreCore;
    private final DeviceBuffer coreDest;
    private final DeviceBuffer srcCore;

    /** fw_tiled_4x4_phase1(int* d, int n, int p, int* coreCore): close pivot tile p, stage it in coreCore. */
    record ClosePivot(DeviceBuffer d, int n, int p, DeviceBuffer coreCore) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(n), value(p), buffer(coreCore));
        }
    }

    /** fw_tiled_4x4_phase2(int* d, int n, int p, coreCore, coreDest, srcCore): the pivot row and column, staged. */
    record Cross(DeviceBuffer d, int n, int p, DeviceBuffer coreCore, DeviceBuffer coreDest, DeviceBuffer srcCore)
            implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(n), value(p), buffer(coreCore), buffer(coreDest), buffer(srcCore));
        }
    }

    /** fw_tiled_4x4_phase3(int* d, int n, int p, coreDest, srcCore): every other tile, from the staged row and column. */
    record Rest(DeviceBuffer d, int n, int p, DeviceBuffer coreDest, DeviceBuffer srcCore) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(n), value(p), buffer(coreDest), buffer(srcCore));
        }
    }

    Tiled4x4Solver(SolverConfig config) {
        super(Variant.TILED_4X4, config);
        phase1 = module().kernel("fw_tiled_4x4_phase1");
        phase2 = module().kernel("fw_tiled_4x4_phase2");
        phase3 = module().kernel("fw_tiled_4x4_phase3");
        long tileCells = (long) TILE * TILE;
        DeviceBuffer core = null, dest = null, src = null;
        try {
            core = new DeviceBuffer(tileCells);
            dest = new DeviceBuffer(ceilDiv(n, TILE) * tileCells);
            src = new DeviceBuffer(ceilDiv(n, TILE) * tileCells);
        } catch (RuntimeException e) {
            if (dest != null) dest.close();
            if (core != null) core.close();
            super.close();
            throw e;
        }
        coreCore = core;
        coreDest = dest;
        srcCore = src;
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer d) {
        int tiles = ceilDiv(n, TILE);
        for (int p = 0; p < tiles; p++) {
            phase1.launch(stream, 1, 1, TILE, ROWS, 0, new ClosePivot(d, n, p, coreCore));
            phase2.launch(stream, tiles, 2, TILE, ROWS, 0, new Cross(d, n, p, coreCore, coreDest, srcCore));
            phase3.launch(stream, tiles, tiles, TILE, ROWS, 0, new Rest(d, n, p, coreDest, srcCore));
        }
    }

    @Override
    public void close() {
        super.close();  // makes the context current and destroys the captured graph that uses these buffers
        srcCore.close();
        coreDest.close();
        coreCore.close();
    }
}
