package fwbench.variant.kleene;

import fwbench.variant.core.VariantTraits;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.LaunchInEffect;
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
 * kernels/10_kleene_paths.cu: kleene's rounds, groups of rounds and launch choice, with the distances as
 * route keys that carry which k improved a cell, recorded into report 003's intermediate-node matrix q
 * (n + 1 = no intermediate, refilled before every solve). The matrix holds keys from a reset (or a
 * solve) until the result is read, distances after. Graphs whose distances could reach
 * {@link #ROUTE_INF} are refused; rounds run in groups ({@link #tableGroupedRounds}) only where the
 * wider marks of a group leave room for the distances ({@link #groupsFit}).
 */
public final class KleenePathsSolver extends GpuSolver implements PathSolver {
    /** Low bits of a route key that mark the k of a pivot tile, rounds one by one (kernels: FW_ROUTE_BITS): 1 + k <= 128. */
    public static final int ROUTE_BITS = 8;
    /** The "no path" distance of a route key (kernels: FW_ROUTE_INF): two INF keys and a mark still fit an int. */
    public static final int ROUTE_INF = (1 << (30 - ROUTE_BITS)) - 1;
    /**
     * Low bits of a route key in groups of rounds (kernels: FW_GROUPED_ROUTE_BITS): a mark names one of
     * a group's k, 1 + k <= {@link KleeneSolver#MAX_GROUPED_ROUNDS} x 128 = 768.
     */
    public static final int GROUPED_ROUTE_BITS = 10;
    /** The "no path" distance of a route key in groups (kernels: FW_GROUPED_ROUTE_INF): graphs whose distances could reach it run one round at a time. */
    public static final int GROUPED_ROUTE_INF = (1 << (30 - GROUPED_ROUTE_BITS)) - 1;

    /** The prefix of kleene-paths' kernels of rounds one by one, {@code fw_kleene_paths_phaseN_tT}. */
    public static final String FAMILY = "fw_kleene_paths";
    /** The prefix of its kernels of rounds in groups, with wider marks ({@link #GROUPED_ROUTE_BITS}); Variant: its tile fit. */
    public static final String GROUPED_FAMILY = "fw_kleene_paths_grouped";

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

    /** fw_kleene_paths_grouped_group_tT(int* d, int* q, int ld, int n, int p, int last, int mode, int firstRow). */
    public record Group(DeviceBuffer d, DeviceBuffer q, int ld, int n, int p, int last, LookaheadRounds.RestMode mode, int firstRow)
            implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), buffer(q), value(ld), value(n), value(p), value(last), value(mode.code), value(firstRow));
        }
    }

    /** fw_kleene_paths_grouped_group_rest_tT(int* d, int* q, int ld, int n, int p, int last, int firstRow). */
    public record GroupRest(DeviceBuffer d, DeviceBuffer q, int ld, int n, int p, int last, int firstRow) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), buffer(q), value(ld), value(n), value(p), value(last), value(firstRow));
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

        @Override
        public KernelArgs group(int p, int last, LookaheadRounds.RestMode mode, int firstRow) {
            return new Group(d, q, ld, n, p, last, mode, firstRow);
        }

        @Override
        public KernelArgs groupRest(int p, int last, int firstRow) {
            return new GroupRest(d, q, ld, n, p, last, firstRow);
        }
    }

    private final int tile;
    private final int groupRounds;
    private final int routeBits;
    private final String roundsText;  // for describe(): the groups, or why there are none
    private final LaunchSetting tileSetting;
    private final LaunchSetting restSetting;
    private final LaunchShape productShape;
    private final LookaheadRounds rounds;
    private final Kernel toKeys;
    private final Kernel toDistances;
    private final DeviceBuffer intermediates;
    private boolean keys;  // whether the matrix holds route keys (from a reset until the result is read)

    public KleenePathsSolver(VariantTraits variant, SolverConfig config) {
        this(variant, config, KleeneSolver.GROUPED_ROUNDS_PIN.value().orElse(tableGroupedRounds(config.n())));
    }

    /**
     * The table's rounds a group at n (kleene's pin, -Dfwbench.kleene.groupedRounds, wins over it):
     * pairs from {@link KleeneSolver#GROUPED_ROUNDS_FROM_N} while the table's tile is 64, one by one
     * from {@link KleeneSolver#CROSSOVER_N} (T = 128), where pairs were slower at n = 5000, then kleene's
     * fours and fives (kernels/NOTES.md, kleene-paths).
     */
    public static int tableGroupedRounds(int n) {
        int kleene = KleeneSolver.tableGroupedRounds(n);
        return kleene == 2 && n >= KleeneSolver.CROSSOVER_N ? 1 : kleene;
    }

    /**
     * kleene-paths with its rounds in groups of {@code groupRounds} (1: one by one), whatever n (tests),
     * where the graph fits the wider marks' keys ({@link #groupsFit}); one by one where not.
     */
    public KleenePathsSolver(VariantTraits variant, SolverConfig config, int groupRounds) {
        this(variant, requireRepresentable(config), requireGroupRounds(groupRounds) > 1 && groupsFit(config) ? groupRounds : 1, groupRounds > 1);
    }

    /** A group's marks fit the grouped keys up to {@link KleeneSolver#MAX_GROUPED_ROUNDS} rounds (the kernels assert it). */
    private static int requireGroupRounds(int groupRounds) {
        if (groupRounds < 1 || groupRounds > KleeneSolver.MAX_GROUPED_ROUNDS)
            throw new IllegalArgumentException("rounds a group: " + groupRounds + ", allowed 1 to " + KleeneSolver.MAX_GROUPED_ROUNDS);
        return groupRounds;
    }

    private KleenePathsSolver(VariantTraits variant, SolverConfig config, int groupRounds, boolean groupsAsked) {
        this(variant, config, groupRounds, groupsAsked, KleeneSolver.fittingTileSetting(variant, family(groupRounds), config, groupRounds > 1));
    }

    /** With the tile chosen, and checked against the device as kleene's (T = 64 where T = 128 does not fit), before anything is allocated. */
    private KleenePathsSolver(VariantTraits variant, SolverConfig config, int groupRounds, boolean groupsAsked, LaunchSetting tileSetting) {
        super(variant, config);
        this.groupRounds = groupRounds;
        routeBits = groupRounds > 1 ? GROUPED_ROUTE_BITS : ROUTE_BITS;
        roundsText = groupRounds > 1 ? ", rounds in groups of " + groupRounds
                : groupsAsked ? ", rounds one by one (" + (config.negativeWeights() ? "negative weights" : "distances up to " + distanceBound(config.graph()))
                        + ": groups' keys hold distances >= 0 below " + GROUPED_ROUTE_INF + ")" : "";
        this.tileSetting = tileSetting;
        String family = family(groupRounds);
        tile = tileSetting.value();
        DeviceBuffer q = null;
        LookaheadRounds launches = null;
        try {
            restSetting = KleeneSolver.restLaunchesSetting(config, tile);
            TileKernel closePivot = tileKernel(family + "_phase1", tile);
            TileKernel cross = tileKernel(family + "_phase2", tile);
            TileKernel rest = tileKernel(family + "_phase3", tile);
            productShape = rest.shape();
            TileKernel group = groupRounds > 1 ? tileKernel(family + "_group", tile) : null;
            TileKernel groupRest = groupRounds > 1 ? tileKernel(family + "_group_rest", tile) : null;
            toKeys = module().kernel(family + "_keys");
            toDistances = module().kernel(family + "_distances");
            q = new DeviceBuffer((long) ld * ld);
            launches = new LookaheadRounds(new LookaheadRounds.Kernels(closePivot, cross, rest, group, groupRest), groupRounds, restSetting.value());
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

    /** The kernels of rounds one by one, or of rounds in groups. */
    private static String family(int groupRounds) {
        return groupRounds > 1 ? GROUPED_FAMILY : FAMILY;
    }

    /**
     * Whether the graph's distances fit the keys of rounds in groups: weights >= 0 (a graph with
     * negative weights is bounded for {@link #ROUTE_INF}, NegativeWeights) and distances below
     * {@link #GROUPED_ROUTE_INF}.
     */
    static boolean groupsFit(SolverConfig config) {
        return !config.negativeWeights() && distanceBound(config.graph()) < GROUPED_ROUTE_INF;  // the bound is at least the largest weight
    }

    /** Refuses, before anything is allocated, a graph whose distances might reach ROUTE_INF. */
    static SolverConfig requireRepresentable(SolverConfig config) {
        requireDistancesBelow(config.graph(), ROUTE_INF, "kleene-paths keeps distances in " + (32 - 2 - ROUTE_BITS) + " bits", "paths");
        return config;
    }

    @Override
    public LaunchInEffect launchInEffect() {
        return new LaunchInEffect(tile, restSetting.value(), 0, groupRounds);
    }

    @Override
    public String describe() {
        return "kleene-paths (" + KleeneSolver.launchText(tileSetting, restSetting, productShape, n)
                + roundsText + ", n padded to " + ld + ")";
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer d) {
        rounds.enqueue(stream, tilesPerSide(n, tile), new Routes(d, intermediates, ld, n));
    }

    /** Keys: distances routeBits to the left; no path also clears the cell's intermediate. */
    @Override
    protected void enqueueFinishNegativeWeights(CudaStream stream, DeviceBuffer matrix, NegativeWeights negative) {
        negative.enqueueFinish(stream, matrix, intermediates, routeBits);
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
