package fwbench.variant.dataflow;

import fwbench.cell.CellType;
import fwbench.variant.core.VariantTraits;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchInEffect;
import fwbench.variant.core.LaunchSetting;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.TileFit;
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
    private final DataflowLaunch launch;

    /**
     * The tile is pinned, tuned, or kleene's table's, which dataflow's own measurements agree with
     * (kernels/NOTES.md, Launch choices tuned per device).
     */
    public DataflowSolver(VariantTraits variant, SolverConfig config) {
        this(variant, config, fittingTileSetting(variant, config));
    }

    private DataflowSolver(VariantTraits variant, SolverConfig config, LaunchSetting tileSetting) {
        super(variant, config);
        this.tileSetting = tileSetting;
        try {
            int tile = tileSetting.value();
            blocksPerSmSetting = DataflowLaunch.blocksPerSmSetting(config, variant.cellType(), tile);
            TileKernel kernel = tileKernel(kernelFamily(ld, tile, blocksPerSmSetting.value()), tile);
            launch = new DataflowLaunch(kernel, variant.cellType(), tilesPerSide(n, tile), blocksPerSmSetting.value(), cuda.device());
        } catch (RuntimeException e) {
            super.close();  // nobody closes a solver whose constructor failed
            throw e;
        }
    }

    /**
     * The kernel, less its tile suffix, for a padded row of ld cells at this tile and blocks per SM:
     * 32-bit cell offsets where they fit, faster at small n (kernels/NOTES.md, 64-bit cell offsets),
     * and then the helped kernel where {@link DataflowLaunch#helped} says so.
     */
    public static String kernelFamily(int ld, int tile, int blocksPerSm) {
        if (ld > Distances.INT_INDEX_MAX_N) return "fw_dataflow_wide";
        return DataflowLaunch.helped(CellType.INT32, tile, blocksPerSm) ? "fw_dataflow_helped" : "fw_dataflow";
    }

    /**
     * The tile, refused before anything is allocated where a block of the device cannot hold its
     * kernel's shared memory: the table's tile too, since the run planned its memory with it.
     */
    private static LaunchSetting fittingTileSetting(VariantTraits variant, SolverConfig config) {
        LaunchSetting setting = KleeneSolver.tileSetting(config);
        KleeneSolver.TILE_PIN.require(setting.value(), "dataflow tiles");
        return tileFit(variant).requireFits(setting);
    }

    /** Which of kleene's tiles the dataflow kernels (32- and 64-bit cell offsets, the helped one at T = 64) fit a block of the device in use. */
    public static TileFit tileFit(VariantTraits variant) {
        return TileFit.onDevice(variant, KleeneSolver.TILE_PIN, KleeneSolver.TILES,
                t -> t == 64 ? List.of("fw_dataflow_t64", "fw_dataflow_wide_t64", "fw_dataflow_helped_t64") : List.of("fw_dataflow_t" + t, "fw_dataflow_wide_t" + t));
    }

    @Override
    public LaunchInEffect launchInEffect() {
        return launch.launchInEffect();
    }

    @Override
    public String describe() {
        return launch.describe("dataflow", tileSetting, blocksPerSmSetting, n, ld);
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
