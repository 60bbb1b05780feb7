package fwbench.variant;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.TileKernel;
import fwbench.graph.Distances;

/**
 * kernels/08_dataflow.cu: kleene's tile products as one persistent kernel per solve, each tile
 * update starting when the tiles it reads are done (kernels/dataflow.cuh), with kleene's tile per n.
 */
final class DataflowSolver extends GpuSolver {
    private final TileKernel kernel;
    private final DataflowLaunch launch;

    DataflowSolver(SolverConfig config) {
        this(config, 0);
    }

    /**
     * With {@code forcedTile} 64 or 128 that tile is used whatever n (tests); 0 chooses by kleene's
     * table, which dataflow's own measurements agree with (kernels/NOTES.md, v3: tile per n).
     */
    DataflowSolver(SolverConfig config, int forcedTile) {
        super(Variant.DATAFLOW, config);
        try {
            int tile = forcedTile != 0 ? forcedTile : KleeneSolver.tileFor(n);
            if (tile != 64 && tile != 128) throw new IllegalArgumentException("dataflow tiles are 64 or 128, not " + tile);
            // 32-bit cell offsets where they fit: 1 to 2% faster at n = 1000 and 2500 (kernels/NOTES.md)
            kernel = tileKernel(ld <= Distances.INT_INDEX_MAX_N ? "fw_dataflow" : "fw_dataflow_wide", tile);
            launch = new DataflowLaunch(kernel, ld / tile, cuda.device());
        } catch (RuntimeException e) {
            super.close();  // nobody closes a solver whose constructor failed
            throw e;
        }
    }

    @Override
    public String describe() {
        return "dataflow (" + KleeneSolver.tileChoice(kernel.shape(), n) + ", " + launch.grid() + " persistent blocks, n padded to " + ld + ")";
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer d) {
        launch.enqueue(stream, d, ld, n);
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        launch.close();
        super.close();
    }
}
