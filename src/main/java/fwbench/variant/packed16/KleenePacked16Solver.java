package fwbench.variant.packed16;

import fwbench.cell.CellType;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.LaunchInEffect;
import fwbench.variant.core.LaunchPin;
import fwbench.variant.core.LaunchSetting;
import fwbench.variant.core.PackedDistances;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.TileFit;
import fwbench.variant.core.VariantTraits;
import fwbench.variant.kleene.KleeneSolver;
import fwbench.variant.schedule.KleeneKernelArgs;
import fwbench.variant.schedule.LookaheadRounds;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;
import fwbench.cuda.TileKernel;
import jcuda.Pointer;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * kernels/13_kleene_packed16.cu: kleene's rounds ({@link LookaheadRounds}) on packed16's 16-bit
 * cells, whose tile products relax two k an instruction from a row-packed matrix and a column-packed
 * copy of it. T = 128 only; rounds in groups by n ({@link #tableGroupedRounds}), whose chains catch
 * up, and the bulk in kleene's REST launches. The int32 input is packed once into both copies; each reset copies them;
 * the result is unpacked into the int32 matrix only when read, and the device certificate checks the
 * row-packed result itself ({@link PackedDistances}). Graphs whose distances could reach 16-bit INF
 * are refused, as by packed16.
 */
public final class KleenePacked16Solver extends GpuSolver implements PackedDistances {
    /** The only tile: 8 x 8 cells a thread and two blocks per SM, kleene's T = 128 product. */
    public static final int TILE = 128;

    /** The origin of its tile, for describe(). */
    private static final String ONLY_TILE = "(its only tile)";

    /** The prefix of its round kernels, {@code fw_kleene_packed16_phaseN_t128}. */
    public static final String FAMILY = "fw_kleene_packed16";

    /**
     * From this n the table runs the rounds in groups of four, and of six from
     * {@link #GROUPS_OF_SIX_FROM_N}; one by one below. Each group's chain catches up
     * ({@link LookaheadRounds.Chain#CATCH_UP}): fours lead at n = 7500, sixes from 9000; nothing
     * between 5000 and 7500 or between 7500 and 9000 was measured (kernels/NOTES.md, kleene-packed16).
     */
    public static final int GROUPS_OF_FOUR_FROM_N = 7500;
    public static final int GROUPS_OF_SIX_FROM_N = 9000;

    /** The system property that pins the rounds a group (1: one by one) over the table, e.g. -Dfwbench.kleenePacked16.groupedRounds=4. */
    public static final LaunchPin GROUPED_ROUNDS_PIN = new LaunchPin("fwbench.kleenePacked16.groupedRounds", "1 to " + KleeneSolver.MAX_GROUPED_ROUNDS,
            v -> v >= 1 && v <= KleeneSolver.MAX_GROUPED_ROUNDS);

    /** The table's rounds a group at n. */
    public static int tableGroupedRounds(int n) {
        return n >= GROUPS_OF_SIX_FROM_N ? 6 : n >= GROUPS_OF_FOUR_FROM_N ? 4 : 1;
    }

    /**
     * fw_kleene_packed16_pack(const int* src, int ld32, int* dst, int ld16) and
     * fw_kleene_packed16_unpack(src, ld16, dst, ld32): the int32 matrix (ld32 ints a row) to and from
     * the packed pair (ld16 words a row-packed row).
     */
    public record Repack(DeviceBuffer src, int srcLd, DeviceBuffer dst, int dstLd) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(src), value(srcLd), buffer(dst), value(dstLd));
        }
    }

    private final int words;  // words a row-packed row: ld / 2
    private final LaunchSetting groups;
    private final LaunchSetting restLaunches;
    private final TileKernel product;
    private final DeviceBuffer packedInput;  // both packed copies: ld x ld 16-bit cells twice
    private final DeviceBuffer packedWork;
    private final LookaheadRounds rounds;
    private final Kernel unpack;

    public KleenePacked16Solver(VariantTraits variant, SolverConfig config) {
        this(variant, config, LaunchSetting.of(GROUPED_ROUNDS_PIN, 0, () -> tableGroupedRounds(config.n())));
    }

    /** With its rounds in groups of {@code groupRounds} (1: one by one), whatever n (tests). */
    public KleenePacked16Solver(VariantTraits variant, SolverConfig config, int groupRounds) {
        this(variant, config, new LaunchSetting(groupRounds, "as asked"));
    }

    private KleenePacked16Solver(VariantTraits variant, SolverConfig config, LaunchSetting groups) {
        super(variant, requireFits(variant, requireRepresentable(config)), false);
        words = ld / 2;
        this.groups = groups;
        DeviceBuffer in = null, work = null;
        try {
            restLaunches = KleeneSolver.restLaunchesSetting(config, TILE);
            product = tileKernel(FAMILY + "_phase3", TILE);
            boolean grouped = groups.value() > 1;
            LookaheadRounds.Kernels kernels = new LookaheadRounds.Kernels(tileKernel(FAMILY + "_phase1", TILE), tileKernel(FAMILY + "_phase2", TILE),
                    product, grouped ? tileKernel(FAMILY + "_group", TILE) : null, grouped ? tileKernel(FAMILY + "_group_rest", TILE) : null);
            unpack = module().kernel("fw_kleene_packed16_unpack");
            in = new DeviceBuffer((long) ld * ld);
            work = new DeviceBuffer((long) ld * ld);
            rounds = new LookaheadRounds(kernels, groups.value(), restLaunches.value(), LookaheadRounds.Chain.CATCH_UP);  // last: its streams and events need closing
        } catch (RuntimeException e) {
            if (work != null) work.close();
            if (in != null) in.close();
            super.close();  // nobody closes a solver whose constructor failed
            throw e;
        }
        packedInput = in;
        packedWork = work;
        module().kernel("fw_kleene_packed16_pack").launch(stream, ceilDiv(words, 32), ceilDiv(ld, 8), 32, 8, 0,
                new Repack(deviceInput(), ld, packedInput, words));
        packedWork.copyFrom(packedInput, stream);
        stream.synchronize();
    }

    /**
     * Refuses, before anything is allocated, a device whose blocks cannot hold the shared memory of
     * the kernels at T = 128 (sm_75's 64 KB): there is no smaller tile to fall back to.
     */
    private static SolverConfig requireFits(VariantTraits variant, SolverConfig config) {
        tileFit(variant).requireFits(new LaunchSetting(TILE, ONLY_TILE));
        return config;
    }

    /** Whether a block of the device in use can hold the kernels of its rounds at {@link #TILE}, one by one or in groups. */
    public static TileFit tileFit(VariantTraits variant) {
        return TileFit.onDevice(variant, TILE, KleeneSolver.tileKernels(FAMILY, TILE, true));
    }

    /** Refuses, before anything is allocated, a graph whose distances might not fit below 16-bit INF. */
    static SolverConfig requireRepresentable(SolverConfig config) {
        requireDistancesBelow(config.graph(), CellType.PACKED16.inf(), "kleene-packed16 keeps distances in 16 bits", "kleene");
        return config;
    }

    @Override
    public LaunchInEffect launchInEffect() {
        return new LaunchInEffect(TILE, restLaunches.value(), 0, groups.value());
    }

    @Override
    public String describe() {
        return "kleene-packed16 (" + LaunchSetting.describe(new LaunchSetting(TILE, ONLY_TILE), restLaunches, n) + ", "
                + product.shape().cellsPerThread() + " cells per thread, " + (groups.value() > 1 ? "rounds in groups of " + groups.value() : "rounds one by one")
                + " " + groups.origin() + ", n padded to " + ld + ")";
    }

    @Override
    protected void enqueueResetExtras(CudaStream stream, DeviceBuffer matrix) {
        packedWork.copyFrom(packedInput, stream);
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer unused) {
        rounds.enqueue(stream, tilesPerSide(n, TILE), new KleeneKernelArgs.Kleene(packedWork, words, n));
    }

    @Override
    protected void enqueuePublishResult(CudaStream stream, DeviceBuffer matrix) {
        unpack.launch(stream, ceilDiv(words, 32), ceilDiv(ld, 8), 32, 8, 0, new Repack(packedWork, words, matrix, ld));
    }

    /** What it holds: the planner's count less the int32 copy of the result where nothing has read the distances. */
    @Override
    public long deviceBytes() {
        return super.deviceBytes() - (holdsMatrix() ? 0 : Packed16Solver.int32ResultBytes(n, ld));
    }

    /** The row-packed result: the first ld rows of ld / 2 words of the work buffer (the column-packed copy follows). */
    @Override
    public DeviceBuffer packedDistances() {
        return packedWork;
    }

    @Override
    public int distance(int i, int j) {
        cuda.makeCurrent();
        return Packed16Solver.cell(packedWork, words, i, j);
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        rounds.close();
        packedWork.close();
        packedInput.close();
        super.close();
    }
}
