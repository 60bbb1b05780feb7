package fwbench.variant.kleene;

import fwbench.cell.CellType;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchInEffect;
import fwbench.variant.core.LaunchPin;
import fwbench.variant.core.LaunchSetting;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.TileFit;
import fwbench.variant.core.VariantTraits;
import fwbench.variant.schedule.KleeneKernelArgs;
import fwbench.variant.schedule.LookaheadRounds;
import fwbench.variant.schedule.LookaheadRounds.Reads;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.LaunchShape;
import fwbench.cuda.TileKernel;

import java.util.List;

/**
 * kernels/07_kleene.cu: rounds of (close the pivot tile, pivot row and column as min-plus products,
 * every other tile as a min-plus product), with a tile T and the launches of a round's bulk tuned
 * on the device, pinned, or from the table ({@link #tableTile}, {@link #tableRestLaunches}).
 */
public class KleeneSolver extends GpuSolver {
    /** Matrices are padded to this, a multiple of every tile the solver may pick. */
    public static final int PAD = 128;

    /** The prefix of kleene's kernels, {@code fw_kleene_phaseN_tT}. */
    public static final String FAMILY = "fw_kleene";

    /**
     * The launch choices a tuning pass measures (Variant#launchCandidates) for kleene, kleene-f32,
     * kleene-paths and kleene-i64: every tile, and at T = 128 the bulk in one launch or two (at T = 64 two were
     * slower: kernels/NOTES.md, kleene's rounds); kleene-f64's are {@link #ONE_BULK_LAUNCH_CANDIDATES}.
     */
    public static final List<LaunchChoice> LAUNCH_CANDIDATES = List.of(new LaunchChoice(64, 1), new LaunchChoice(128, 1), new LaunchChoice(128, 2));

    /**
     * Those of {@link #LAUNCH_CANDIDATES} with a round's bulk in one launch: kleene-f64's, whose kernels
     * read their operands in place, so a second bulk launch could make its float sums depend on timing.
     */
    public static final List<LaunchChoice> ONE_BULK_LAUNCH_CANDIDATES = LAUNCH_CANDIDATES.stream().filter(c -> c.restLaunches() == 1).toList();

    private final int tile;
    private final LaunchSetting tileSetting;
    private final LaunchSetting restSetting;
    private final LaunchShape productShape;
    private final LookaheadRounds rounds;

    private final int groupRounds;
    private final Reads reads;

    public KleeneSolver(VariantTraits variant, SolverConfig config) {
        this(variant, config, groupedRounds(config.n()));
    }

    /** kleene with its rounds in groups of {@code groupRounds} (1: one by one), whatever n (tests). */
    public KleeneSolver(VariantTraits variant, SolverConfig config, int groupRounds) {
        this(variant, FAMILY, config, groupRounds);
    }

    /**
     * kleene's rounds over another cell type: {@code family}_phaseN_tT are the variant's kernels,
     * with kleene's parameters (kleene-i64, kleene-f64), one round at a time.
     */
    protected KleeneSolver(VariantTraits variant, String family, SolverConfig config) {
        this(variant, family, config, 1);
    }

    private KleeneSolver(VariantTraits variant, String family, SolverConfig config, int groupRounds) {
        this(variant, family, config, groupRounds, Reads.IN_PLACE);
    }

    /**
     * kleene's rounds over another cell type in groups of {@code groupRounds} (1: one by one), the
     * launches' reads as {@code reads} says ({@link LookaheadRounds}; kleene-f32).
     */
    protected KleeneSolver(VariantTraits variant, String family, SolverConfig config, int groupRounds, Reads reads) {
        this(variant, family, config, groupRounds, reads, fittingTileSetting(variant, family, config, groupRounds > 1));
    }

    /** With the tile chosen, and checked against the device, before the superclass allocates the matrices. */
    private KleeneSolver(VariantTraits variant, String family, SolverConfig config, int groupRounds, Reads reads, LaunchSetting tileSetting) {
        super(variant, config);
        this.groupRounds = groupRounds;
        this.tileSetting = tileSetting;
        tile = tileSetting.value();
        try {
            restSetting = variant.cellType().real() && reads == Reads.IN_PLACE ? oneBulkLaunch(variant.cellType()) : restLaunchesSetting(config, tile);
            TileKernel closePivot = tileKernel(family + "_phase1", tile);
            TileKernel cross = tileKernel(family + "_phase2", tile);
            TileKernel rest = tileKernel(family + "_phase3", tile);
            productShape = rest.shape();
            TileKernel group = groupRounds > 1 ? tileKernel(family + "_group", tile) : null;
            TileKernel groupRest = groupRounds > 1 ? tileKernel(family + "_group_rest", tile) : null;
            // one round at a time in one bulk launch, no launch reads a tile another writes: nothing to fix
            this.reads = groupRounds == 1 && restSetting.value() == 1 ? Reads.IN_PLACE : reads;
            rounds = new LookaheadRounds(new LookaheadRounds.Kernels(closePivot, cross, rest, group, groupRest), groupRounds, restSetting.value(),
                    LookaheadRounds.Chain.ROUND_BY_ROUND, this.reads);
        } catch (RuntimeException e) {
            super.close();  // nobody closes a solver whose constructor failed
            throw e;
        }
    }

    /**
     * The tile of these rounds on this device: the pin, else the configuration's choice, else the
     * table's where a block can hold its kernels' shared memory and T = 64 where not; a pinned or
     * tuned tile that does not fit is refused (TileFit).
     */
    static LaunchSetting fittingTileSetting(VariantTraits variant, String family, SolverConfig config, boolean grouped) {
        TILE_PIN.require(tileSetting(config).value(), variant + " tiles");
        return tileFit(variant, family, grouped).setting(config.choice().tile(), () -> tableTile(variant.cellType(), config.n()));
    }

    /**
     * A round's bulk in one launch, whatever is pinned or tuned: real cells whose kernels read their
     * operands in place (kleene-f64), where a product reading a tile that another launch is writing
     * would leave float bits that depend on timing (one launch, rounds one at a time: nothing races).
     */
    private static LaunchSetting oneBulkLaunch(CellType cells) {
        return new LaunchSetting(1, "(always one on " + cells.word() + " cells read in place)");
    }

    /** The tiles of kleene's rounds, smallest first ({@link #TILE_PIN} takes these). */
    public static final List<Integer> TILES = List.of(64, 128);

    /** Which tiles of the rounds of kernels {@code family}_* fit a block of the device in use. */
    public static TileFit tileFit(VariantTraits variant, String family, boolean grouped) {
        return TileFit.onDevice(variant, TILE_PIN, TILES, tile -> tileKernels(family, tile, grouped));
    }

    /** The kernels of these rounds at a tile: the three phases, and a group's two where rounds run in groups. */
    public static List<String> tileKernels(String family, int tile, boolean grouped) {
        List<String> kernels = grouped ? List.of("_phase1", "_phase2", "_phase3", "_group", "_group_rest") : List.of("_phase1", "_phase2", "_phase3");
        return kernels.stream().map(k -> family + k + "_t" + tile).toList();
    }

    /**
     * The tile of kleene's rounds on 32-bit cells (kleene, kleene-f32, kleene-paths, dataflow, kleene-bands): the pin,
     * else the configuration's choice, else the table ({@link #tableTile(int)}); every kleene variant checks its pin with it.
     */
    public static LaunchSetting tileSetting(SolverConfig config) {
        return LaunchSetting.of(TILE_PIN, config.choice().tile(), () -> tableTile(config.n()));
    }

    /** The launches of a round's bulk at {@code tile}: the pin, else the configuration's choice, else the table. */
    public static LaunchSetting restLaunchesSetting(SolverConfig config, int tile) {
        return LaunchSetting.of(REST_LAUNCHES_PIN, config.choice().restLaunches(), () -> tableRestLaunches(tile));
    }

    /**
     * The tile for n vertices where nothing is tuned: the pin, else the table (what a run's device
     * and heap memory are planned with, and kleene-bands' tile).
     */
    public static int tileFor(int n) {
        return TILE_PIN.valueIfValid().orElse(tableTile(n));
    }

    /**
     * The table's tile for n vertices, the fallback where nothing is tuned or pinned. Larger tiles
     * halve the rounds and the bytes moved per relaxation; smaller ones give each round 4x the
     * blocks, which small n needs to fill the device. dataflow shares it (kernels/NOTES.md, Launch
     * choices tuned per device).
     */
    public static int tableTile(int n) {
        return n < CROSSOVER_N ? 64 : 128;
    }

    /**
     * The table's tile for kleene's rounds over {@code cells}: T = 64 at every n for 64-bit cells, whose
     * T = 128 runs one block per SM (kleene-f64 0.90x the time of T = 128 at n = 10000 on an H200,
     * kleene-i64 at most 0.4% slower from n = 5000: kernels/NOTES.md, 64-bit cells), else {@link #tableTile(int)}.
     */
    static int tableTile(CellType cells, int n) {
        return cells.wordBits() == Long.SIZE ? 64 : tableTile(n);
    }

    /** The system property that pins the tile over everything, e.g. -Dfwbench.kleene.tile=128 (64 or 128). */
    public static final LaunchPin TILE_PIN = new LaunchPin("fwbench.kleene.tile", "64 or 128", TILES::contains);

    /**
     * Below this n the table picks T = 64, the faster there: the crossover lies between the sizes
     * measured (kernels/NOTES.md, Launch choices tuned per device). The fallback where nothing is tuned.
     */
    public static final int CROSSOVER_N = 3500;

    /**
     * The table's launches (bands of rows) of a round's bulk, phase 3 in mode REST (LookaheadRounds),
     * the fallback where nothing is tuned or pinned: two at T = 128, where the round's half-empty
     * last wave of blocks is long enough to matter; one at T = 64, where two were slower
     * (kernels/NOTES.md, kleene's rounds).
     */
    static int tableRestLaunches(int tile) {
        return tile == 128 ? 2 : 1;
    }

    /**
     * From this n kleene runs its rounds in pairs (LookaheadRounds, groups of two): a tile outside a
     * pair's rows and columns takes both rounds' products in one block: faster from n = 2500, slower
     * at 1000, where the chain of launches a round waits on counts; nothing between was measured
     * (kernels/NOTES.md, kleene's rounds).
     */
    public static final int GROUPED_ROUNDS_FROM_N = 2500;

    /**
     * From this n kleene's groups have four rounds, and five from {@link #GROUPS_OF_FIVE_FROM_N}: a
     * bulk block's product of K = 4 T or 5 T weighs its start and end less, and the longer chain
     * (a group's rows and columns brought up to date round by round) still hides behind the bulk;
     * below n = 7000 it does not, and four lose to two (kernels/NOTES.md, kleene's rounds).
     */
    public static final int GROUPS_OF_FOUR_FROM_N = 7500;

    /**
     * From this n kleene-f32 runs its rounds in groups of {@link #FLOAT32_GROUP_ROUNDS}: faster at
     * n = 9000 and 10000, slower at 5000, where a group's chain does not hide behind its bulk
     * (kernels/NOTES.md, kleene-f32).
     */
    public static final int FLOAT32_GROUPS_FROM_N = 9000;

    /** The rounds of kleene-f32's groups from {@link #FLOAT32_GROUPS_FROM_N}. */
    public static final int FLOAT32_GROUP_ROUNDS = 5;

    /** The rounds a group of kleene-f32's at n: the pin, else its table. */
    public static int float32GroupedRounds(int n) {
        return GROUPED_ROUNDS_PIN.value().orElse(n >= FLOAT32_GROUPS_FROM_N ? FLOAT32_GROUP_ROUNDS : 1);
    }

    /** From this n kleene's groups have five rounds, a little faster than four (kernels/NOTES.md, kleene's rounds). */
    public static final int GROUPS_OF_FIVE_FROM_N = 9000;

    /** The largest group of rounds a pin may ask for; LookaheadRoundsPlanTest checks every plan up to it. */
    public static final int MAX_GROUPED_ROUNDS = 6;

    /** The system property that pins the rounds a group of kleene's, kleene-paths' and kleene-f32's (1: one by one) over their tables, e.g. -Dfwbench.kleene.groupedRounds=4. */
    public static final LaunchPin GROUPED_ROUNDS_PIN = new LaunchPin("fwbench.kleene.groupedRounds", "1 to " + MAX_GROUPED_ROUNDS,
            v -> v >= 1 && v <= MAX_GROUPED_ROUNDS);

    /** The rounds a group of kleene's at n: the pin, else {@link #tableGroupedRounds}. */
    static int groupedRounds(int n) {
        return GROUPED_ROUNDS_PIN.value().orElse(tableGroupedRounds(n));
    }

    /** The table's rounds a group at n: one by one, pairs from {@link #GROUPED_ROUNDS_FROM_N}, then four and five. */
    public static int tableGroupedRounds(int n) {
        return n >= GROUPS_OF_FIVE_FROM_N ? 5 : n >= GROUPS_OF_FOUR_FROM_N ? 4 : n >= GROUPED_ROUNDS_FROM_N ? 2 : 1;
    }

    /** The system property that pins the launches of REST over everything, e.g. -Dfwbench.kleene.restLaunches=1 (1 or more). */
    public static final LaunchPin REST_LAUNCHES_PIN = LaunchPin.count("fwbench.kleene.restLaunches");

    /** The table's choice at n for kleene's rounds over {@code cells}: what a tuning pass keeps unless another is clearly faster. */
    public static LaunchChoice tableChoice(CellType cells, int n) {
        int tile = tableTile(cells, n);
        return new LaunchChoice(tile, tableRestLaunches(tile));
    }

    @Override
    public LaunchInEffect launchInEffect() {
        return new LaunchInEffect(tile, restSetting.value(), 0, groupRounds);
    }

    @Override
    public String describe() {
        return variant() + " (" + launchText(tileSetting, restSetting, productShape, n) + (groupRounds > 1 ? ", rounds in groups of " + groupRounds : "")
                + ", n padded to " + ld + ")";
    }

    /**
     * The launch choice, where it came from and what it means, for describe(): "T=128 and 2 REST
     * launches from the table for n=10000, 8x8 cells per thread", from the launch shape of the tile
     * product kernel.
     */
    static String launchText(LaunchSetting tile, LaunchSetting restLaunches, LaunchShape product, int n) {
        return LaunchSetting.describe(tile, restLaunches, n) + ", " + product.cellsPerThread() + " cells per thread";
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer d) {
        enqueueRounds(stream, d);
    }

    /** Enqueues the rounds of one solve of {@code d} in place, ld words a row (of the variant's cells: 64-bit ones for kleene-i64). */
    protected final void enqueueRounds(CudaStream stream, DeviceBuffer d) {
        rounds.enqueue(stream, tilesPerSide(n, tile), roundArgs(d));
    }

    /** The arguments of the rounds' launches over the matrix d: kleene's own (a subclass whose kernels take more overrides it). */
    protected LookaheadRounds.RoundArgs roundArgs(DeviceBuffer d) {
        return new KleeneKernelArgs.Kleene(d, ld, n);
    }

    /** How the rounds' launches read their operands: {@link Reads#IN_PLACE} where nothing races, whatever the constructor asked. */
    protected final Reads reads() {
        return reads;
    }

    /** The rounds a group (1: one by one). */
    protected final int groupRounds() {
        return groupRounds;
    }

    /** The tile of these rounds. */
    protected final int tile() {
        return tile;
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        rounds.close();
        super.close();
    }
}
