package fwbench.variant.kleene;

import fwbench.variant.core.VariantTraits;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.LaunchSetting;
import fwbench.variant.core.NegativeWeights;
import fwbench.variant.core.PathSolver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.schedule.LookaheadRounds;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;
import fwbench.cuda.LaunchShape;
import fwbench.cuda.TileKernel;
import jcuda.Pointer;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * kernels/10_kleene_paths.cu: kleene's rounds and launch choice, with the distances as route keys that
 * carry which k improved a cell, recorded into report 003's intermediate-node matrix q (n + 1 = no
 * intermediate, refilled before every solve). The matrix holds keys from a reset (or a solve) until
 * the result is read, distances after. Graphs whose distances could reach {@link #ROUTE_INF} are refused.
 */
public final class KleenePathsSolver extends GpuSolver implements PathSolver {
    /** Low bits of a route key that mark the k of the pivot tile (kernels: FW_ROUTE_BITS): 1 + k <= 128. */
    public static final int ROUTE_BITS = 8;
    /** The "no path" distance of a route key (kernels: FW_ROUTE_INF): two INF keys and a mark still fit an int. */
    public static final int ROUTE_INF = (1 << (30 - ROUTE_BITS)) - 1;

    /** The prefix of kleene-paths' round kernels, {@code fw_kleene_paths_phaseN_tT} (Variant: its tile fit). */
    public static final String FAMILY = "fw_kleene_paths";

    /** fw_kleene_paths_phase1_tT(int* d, int* q, int ld, int p). */
    public record ClosePivot(DeviceBuffer d, DeviceBuffer q, int ld, int p) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), buffer(q), value(ld), value(p));
        }
    }

    /** fw_kleene_paths_phase2_tT(int* d, int* q, int ld, int n, int p). */
    public record Cross(DeviceBuffer d, DeviceBuffer q, int ld, int n, int p) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), buffer(q), value(ld), value(n), value(p));
        }
    }

    /** fw_kleene_paths_phase3_tT(int* d, int* q, int ld, int n, int p, int mode, int firstRow). */
    public record Rest(DeviceBuffer d, DeviceBuffer q, int ld, int n, int p, LookaheadRounds.RestMode mode, int firstRow)
            implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), buffer(q), value(ld), value(n), value(p), value(mode.code), value(firstRow));
        }
    }

    /** The launches of one solve over keys d and intermediates q. */
    record Routes(DeviceBuffer d, DeviceBuffer q, int ld, int n) implements LookaheadRounds.RoundArgs {
        @Override
        public KernelArgs closePivot(int p) {
            return new ClosePivot(d, q, ld, p);
        }

        @Override
        public KernelArgs cross(int p) {
            return new Cross(d, q, ld, n, p);
        }

        @Override
        public KernelArgs rest(int p, LookaheadRounds.RestMode mode, int firstRow) {
            return new Rest(d, q, ld, n, p, mode, firstRow);
        }
    }

    private final int tile;
    private final LaunchSetting tileSetting;
    private final LaunchSetting restSetting;
    private final LaunchShape productShape;
    private final LookaheadRounds rounds;
    private final Kernel toKeys;
    private final Kernel toDistances;
    private final DeviceBuffer intermediates;
    private boolean keys;  // whether the matrix holds route keys (from a reset until the result is read)

    public KleenePathsSolver(VariantTraits variant, SolverConfig config) {
        this(variant, requireRepresentable(config), KleeneSolver.fittingTileSetting(variant, FAMILY, config, false));
    }

    /** With the tile chosen, and checked against the device as kleene's (T = 64 where T = 128 does not fit), before anything is allocated. */
    private KleenePathsSolver(VariantTraits variant, SolverConfig config, LaunchSetting tileSetting) {
        super(variant, config);
        this.tileSetting = tileSetting;
        tile = tileSetting.value();
        DeviceBuffer q = null;
        LookaheadRounds launches = null;
        try {
            restSetting = KleeneSolver.restLaunchesSetting(config, variant.cellType(), tile);
            TileKernel closePivot = tileKernel(FAMILY + "_phase1", tile);
            TileKernel cross = tileKernel(FAMILY + "_phase2", tile);
            TileKernel rest = tileKernel(FAMILY + "_phase3", tile);
            productShape = rest.shape();
            toKeys = module().kernel("fw_kleene_paths_keys");
            toDistances = module().kernel("fw_kleene_paths_distances");
            q = new DeviceBuffer((long) ld * ld);
            launches = new LookaheadRounds(new LookaheadRounds.Kernels(closePivot, cross, rest), 1, restSetting.value());
            intermediates = q;
            rounds = launches;
            reset();  // keys and intermediates for a first solve
        } catch (RuntimeException e) {
            if (launches != null) launches.close();
            if (q != null) q.close();
            super.close();  // nobody closes a solver whose constructor failed
            throw e;
        }
    }

    /** Refuses, before anything is allocated, a graph whose distances might reach ROUTE_INF. */
    static SolverConfig requireRepresentable(SolverConfig config) {
        requireDistancesBelow(config.graph(), ROUTE_INF, "kleene-paths keeps distances in " + (32 - 2 - ROUTE_BITS) + " bits", "paths");
        return config;
    }

    @Override
    public String describe() {
        return "kleene-paths (" + KleeneSolver.launchText(tileSetting, restSetting, productShape, n) + ", n padded to " + ld + ")";
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer d) {
        rounds.enqueue(stream, tilesPerSide(n, tile), new Routes(d, intermediates, ld, n));
    }

    /** Keys: distances ROUTE_BITS to the left; no path also clears the cell's intermediate. */
    @Override
    protected void enqueueFinishNegativeWeights(CudaStream stream, DeviceBuffer matrix, NegativeWeights negative) {
        negative.enqueueFinish(stream, matrix, intermediates, ROUTE_BITS);
    }

    /** After the input is copied back: weights into keys, and no intermediate anywhere. */
    @Override
    protected void enqueueResetExtras(CudaStream stream, DeviceBuffer matrix) {
        launchInPlace(toKeys, stream, matrix);
        intermediates.fill(n + 1, stream);
        keys = true;
    }

    /** A result read since the reset left distances in the matrix: keys again (marks clear, as stored). */
    @Override
    protected void enqueueBeforeSolve(CudaStream stream, DeviceBuffer matrix) {
        if (!keys) launchInPlace(toKeys, stream, matrix);
        keys = true;
    }

    @Override
    protected void enqueuePublishResult(CudaStream stream, DeviceBuffer matrix) {
        if (keys) launchInPlace(toDistances, stream, matrix);
        keys = false;
    }

    @Override
    public int[] intermediates() {
        cuda.makeCurrent();
        return intermediates.downloadRows(n, ld);
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        rounds.close();
        super.close();  // destroys the captured graph that uses q
        intermediates.close();
    }
}
