package fwbench.variant.dataflow;

import fwbench.variant.core.VariantTraits;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchSetting;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.kleene.KleeneSolver;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.TileKernel;
import fwbench.graph.Distances;

import java.util.List;

/**
 * kernels/08_dataflow.cu: kleene's tile products as one persistent kernel per solve, each tile
 * update starting when the tiles it reads are done (kernels/dataflow.cuh), with kleene's tiles.
 */
public final class DataflowSolver extends GpuSolver {
    /** The launch choices a tuning pass measures (Variant#launchCandidates): kleene's two tiles, each with its blocks per SM. */
    public static final List<LaunchChoice> LAUNCH_CANDIDATES = DataflowLaunch.launchCandidates(64, 128);

    private final LaunchSetting tileSetting;
    private final LaunchSetting blocksPerSmSetting;
    private final TileKernel kernel;
    private final DataflowLaunch launch;

    /**
     * The tile is pinned, tuned, or kleene's table's, which dataflow's own measurements agree with
     * (kernels/NOTES.md, Launch choices tuned per device).
     */
    public DataflowSolver(VariantTraits variant, SolverConfig config) {
        super(variant, config);
        try {
            tileSetting = KleeneSolver.tileSetting(config);
            int tile = tileSetting.value();
            KleeneSolver.TILE_PIN.require(tile, "dataflow tiles");
            // 32-bit cell offsets where they fit: faster at small n (kernels/NOTES.md, 64-bit cell offsets)
            kernel = tileKernel(ld <= Distances.INT_INDEX_MAX_N ? "fw_dataflow" : "fw_dataflow_wide", tile);
            blocksPerSmSetting = DataflowLaunch.blocksPerSmSetting(config, variant.cellType(), tile);
            launch = new DataflowLaunch(kernel, variant.cellType(), tilesPerSide(n, tile), blocksPerSmSetting.value(), cuda.device());
        } catch (RuntimeException e) {
            super.close();  // nobody closes a solver whose constructor failed
            throw e;
        }
    }

    @Override
    public String describe() {
        return "dataflow (" + launch.launchText(tileSetting, blocksPerSmSetting, n) + ", " + kernel.shape().cellsPerThread() + " cells per thread, "
                + launch.grid() + " persistent blocks, n padded to " + ld + ")";
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
