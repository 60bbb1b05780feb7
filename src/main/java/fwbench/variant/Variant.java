package fwbench.variant;

import fwbench.cell.CellType;
import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.variant.core.DeviceMemory;
import fwbench.variant.core.HostMemory;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchPin;
import fwbench.variant.core.NegativeWeights;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;
import fwbench.variant.core.VariantTraits;
import fwbench.variant.cpu.CpuBlockedSolver;
import fwbench.variant.cpu.CpuSerialSolver;
import fwbench.variant.dataflow.DataflowLaunch;
import fwbench.variant.dataflow.DataflowSolver;
import fwbench.variant.kernelfile.KernelFile;
import fwbench.variant.kernelfile.KernelFileSolver;
import fwbench.variant.kleene.BandsSolver;
import fwbench.variant.kleene.KleeneF32Solver;
import fwbench.variant.kleene.KleenePathsSolver;
import fwbench.variant.kleene.KleeneSolver;
import fwbench.variant.kleene.KleeneWideSolver;
import fwbench.variant.packed16.KleenePacked16Solver;
import fwbench.variant.packed16.Packed16Solver;
import fwbench.variant.schedule.DataflowSchedule;
import fwbench.variant.small.SmallGraphsBatch;
import fwbench.variant.small.SmallGraphsSolver;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * A Floyd-Warshall variant, described in one place: its name, the kernels and the compute capability
 * it needs, its distance cells, its device and heap memory, its default sizes, its solver, its launch
 * choices, the graphs it takes and its colour and marker in charts, each a named trait. The built-in
 * variants are the constants below, in story order ({@link #values()}); a CUDA source file the user
 * names is a variant too, its traits read from the descriptor the file exports ({@link KernelFiles}).
 * The benchmark (its {@code variant} parameter), the tests, the planner of a run, {@code solve} and
 * the report (labels, row order, ceilings, colours) all read them from here; no other code tells
 * variants apart by name. {@link VariantBuilder} names the traits; {@link VariantMemory} sizes a solve.
 *
 * <p>Adding a built-in variant is one kernels/NN_name.cu file (NN: its place in the story) and one
 * constant here; a variant that the kernel-file schemas cannot launch adds its own solver class
 * (docs/extending.md). "Report 000" to "report 004" are the course reports the first variants follow
 * (docs/reports.md).
 */
public final class Variant implements VariantTraits, VariantMemory {

    /** Where a variant runs. */
    public enum Backend { GPU, CPU }

    /** What a solve produces: distances, or distances and the intermediate-node matrix ({@link PathSolver}). */
    public enum Output { DISTANCES, PATHS }

    /** A line chart's point marker, a shape in Charts (a new variant adds one); the spare ones go to kernel files and older results. */
    public enum Marker {
        SQUARE, CIRCLE, TRIANGLE_UP, DIAMOND, RECTANGLE_WIDE, TRIANGLE_DOWN, ELLIPSE_WIDE, TRIANGLE_RIGHT,
        RECTANGLE_TALL, TRIANGLE_LEFT, CROSS, PLUS, STAR, HEXAGON, PENTAGON, HEPTAGON, OCTAGON, NONAGON, STAR_THIN, PENTAGON_DOWN
    }

    /**
     * Default limit of the reports' variants, their largest size: above it a trial of the 32x32 designs
     * takes minutes (n = 32768 is 10 to 100 s a solve on an H200), and larger n is kleene's and packed16's.
     */
    private static final int REPORT_SIZES = 10_000;

    /** Device memory kept free for the context, modules and small buffers when sizing a run. */
    public static final long DEVICE_RESERVE_BYTES = 256L << 20;

    /** The lowest compute capability every GPU kernel of the suite is built for (sm_75: kernels/build.sh). */
    static final int BUILT_FOR_SM = 75;

    private static final List<Variant> BUILT_IN = new ArrayList<>();

    // The reports' variants: kernel files launched by their descriptors (KernelFileSolver), no Java of their own.
    public static final Variant NAIVE = gpu("NAIVE", "naive", "01_naive").launchedByDescriptor()
            .deviceMemory(DeviceMemory.matrices(2)).defaultMaxN(REPORT_SIZES).chart(0x4E79A7, Marker.SQUARE)
            .description("one launch per k, global memory only (every report's baseline)").register();
    public static final Variant BLOCKED = gpu("BLOCKED", "blocked", "02_blocked").launchedByDescriptor()
            .deviceMemory(DeviceMemory.matrices(2)).defaultMaxN(REPORT_SIZES).chart(0xF28E2B, Marker.CIRCLE)
            .description("3-phase blocked, 32x32 shared-memory tiles (reports 000, 004)").register();
    public static final Variant BLOCKED_REG = gpu("BLOCKED_REG", "blocked-reg", "03_blocked_reg").launchedByDescriptor()
            .deviceMemory(DeviceMemory.matrices(2)).defaultMaxN(REPORT_SIZES).chart(0xE15759, Marker.TRIANGLE_UP)
            .description("blocked with register minima, one barrier per step, 16-byte operand loads (report 001)").register();
    public static final Variant BATCHED = gpu("BATCHED", "batched", "04_batched").launchedByDescriptor()
            .deviceMemory(DeviceMemory.matrices(2)).defaultMaxN(REPORT_SIZES).chart(0x76B7B2, Marker.DIAMOND)
            .description("6x6 tiles of 32x32 per phase-3 block, 6 per phase-2 block, 48 KB shared (report 001)").register();
    // its staging copies (a tile, and a tile per tile of a side for the pivot row and column) come on top of the matrices
    public static final Variant TILED_4X4 = gpu("TILED_4X4", "tiled-4x4", "05_tiled_4x4").launchedByDescriptor()
            .deviceMemory(DeviceMemory.matrices(2).plus(KernelFileSolver.scratchBytes(64 * 64, 2 * 64 * 64, 64)))
            .defaultMaxN(REPORT_SIZES).chart(0x59A14F, Marker.RECTANGLE_WIDE)
            .description("64x64 tiles, 256 threads, 4x4 register micro-tiles, staged pivot row and column (report 002)").register();
    public static final Variant PATHS = gpu("PATHS", "paths", "06_paths").launchedByDescriptor()
            .deviceMemory(DeviceMemory.matrices(3)).heap(HostMemory.readBack(2)).output(Output.PATHS).defaultMaxN(REPORT_SIZES)
            .chart(0xEDC948, Marker.TRIANGLE_DOWN)
            .description("distances and the intermediate-node matrix for path queries (report 003)").register();

    // Our own: a solver class each (their launches are more than a schema).
    public static final Variant KLEENE = gpu("KLEENE", "kleene", "07_kleene").solver(KleeneSolver::new)
            .deviceMemory(DeviceMemory.matrices(2).paddedTo(KleeneSolver.PAD).indexedIn64Bits())
            .launchChoices(n -> KleeneSolver.LAUNCH_CANDIDATES, n -> KleeneSolver.tableChoice(CellType.INT32, n))
            .pins(KleeneSolver.TILE_PIN, KleeneSolver.REST_LAUNCHES_PIN, KleeneSolver.GROUPED_ROUNDS_PIN).tileFit(v -> KleeneSolver.tileFit(v, KleeneSolver.FAMILY, true))
            .negativeWeights().chart(0xFF9DA7, Marker.TRIANGLE_RIGHT)
            .description("blocked FW with phases 2 and 3 as register-tiled min-plus products, tile per n").register();
    public static final Variant DATAFLOW = gpu("DATAFLOW", "dataflow", "08_dataflow").solver(DataflowSolver::new)
            .deviceMemory(DeviceMemory.matrices(2).paddedTo(KleeneSolver.PAD)
                    .plus((n, padded) -> DataflowLaunch.deviceBytes(n, KleeneSolver.tileFor(n)))
                    .indexedIn64Bits().upTo(DataflowSchedule.MAX_TILES * KleeneSolver.tileFor(Integer.MAX_VALUE), DataflowSchedule.MAX_TILES_WHY))
            .heap(HostMemory.readBack(1).plus("its work-item schedule", n -> DataflowSchedule.hostBytes(KleeneSolver.tileFor(n), n)))
            .dataflowLaunchChoices(DataflowSolver.LAUNCH_CANDIDATES, KleeneSolver::tableTile, CellType.INT32)
            .pins(KleeneSolver.TILE_PIN, DataflowLaunch.BLOCKS_PER_SM_PIN).tileFit(DataflowSolver::tileFit)
            .negativeWeights().chart(0xB07AA1, Marker.ELLIPSE_WIDE)
            .description("kleene's tile products in one persistent kernel: each tile waits for its inputs, not for a round").register();
    // the int32 input and the packed input and work at half a matrix each; the int32 result only where it can be read back
    public static final Variant PACKED16 = gpu("PACKED16", "packed16", "09_packed16").solver(Packed16Solver::new).cells(CellType.PACKED16)
            .deviceMemory(DeviceMemory.matrices(2).paddedTo(Packed16Solver.PAD)
                    .plus((n, padded) -> DataflowLaunch.deviceBytes(n, Packed16Solver.tileFor(n)))
                    .plus(Packed16Solver::int32ResultBytes)
                    .indexedIn64Bits().upTo(DataflowSchedule.MAX_TILES * Packed16Solver.tileFor(Integer.MAX_VALUE), DataflowSchedule.MAX_TILES_WHY))
            .heap(HostMemory.readBack(1).plus("its work-item schedule", n -> DataflowSchedule.hostBytes(Packed16Solver.tileFor(n), n)))
            .dataflowLaunchChoices(Packed16Solver.LAUNCH_CANDIDATES, Packed16Solver::tableTile, CellType.PACKED16)
            .pins(Packed16Solver.TILE_PIN, DataflowLaunch.BLOCKS_PER_SM_PIN).tileFit(Packed16Solver::tileFit)
            .chart(0x9C755F, Marker.RECTANGLE_TALL)
            .description("dataflow on 16-bit distances, two per word (__viaddmin_s16x2); distances must stay below " + CellType.PACKED16.inf()).register();
    // the input, the route keys and the intermediate-node matrix
    public static final Variant KLEENE_PATHS = gpu("KLEENE_PATHS", "kleene-paths", "10_kleene_paths").solver(KleenePathsSolver::new)
            .deviceMemory(DeviceMemory.matrices(3).paddedTo(KleeneSolver.PAD).indexedIn64Bits()
                    .upTo(Distances.INT_INDEX_MAX_N, "its routes are read back and checked on the host, in Java arrays"))
            .heap(HostMemory.readBack(2)).output(Output.PATHS).inf(KleenePathsSolver.ROUTE_INF)
            .launchChoices(n -> KleeneSolver.LAUNCH_CANDIDATES, n -> KleeneSolver.tableChoice(CellType.INT32, n))
            .pins(KleeneSolver.TILE_PIN, KleeneSolver.REST_LAUNCHES_PIN, KleeneSolver.GROUPED_ROUNDS_PIN)
            .tileFit(v -> KleeneSolver.tileFit(v, KleenePathsSolver.GROUPED_FAMILY, true))
            .negativeWeights().chart(0x17BECF, Marker.PLUS)
            .description("kleene with the intermediate-node matrix, the improving k carried in each distance's low bits; distances must stay below "
                    + KleenePathsSolver.ROUTE_INF).register();
    public static final Variant KLEENE_F32 = gpu("KLEENE_F32", "kleene-f32", "11_kleene_f32").solver(KleeneF32Solver::new).cells(CellType.FLOAT32)
            .deviceMemory(DeviceMemory.matrices(3).paddedTo(KleeneSolver.PAD).indexedIn64Bits())
            .launchChoices(n -> KleeneSolver.LAUNCH_CANDIDATES, n -> KleeneSolver.tableChoice(CellType.FLOAT32, n))
            .pins(KleeneSolver.TILE_PIN, KleeneSolver.REST_LAUNCHES_PIN, KleeneSolver.GROUPED_ROUNDS_PIN).tileFit(v -> KleeneSolver.tileFit(v, KleeneF32Solver.FAMILY, true))
            .chart(0x8C564B, Marker.STAR)
            .description("kleene on float32 distances, for real weights (fminf(c, a + b), two k steps a three-way minimum in products); integer graphs are solved exactly when distances stay below "
                    + CellType.FLOAT32.inf()).register();
    // per device: its row band of the input and work matrices, two group buffers of pivot rows, and the certificate's W chunk and witness bits
    public static final Variant KLEENE_BANDS = gpu("KLEENE_BANDS", "kleene-bands", "12_kleene_bands").solver(BandsSolver::new)
            .deviceMemory(DeviceMemory.matrices(2).paddedTo(KleeneSolver.PAD).indexedIn64Bits().inRowBands(BandsSolver.MEMORY))
            .pins(KleeneSolver.TILE_PIN, BandsSolver.GROUPED_ROUNDS_PIN).tileFit(BandsSolver::tileFit).oneDeviceCounterpart(KLEENE).negativeWeights().chart(0x2CA02C, Marker.HEXAGON)
            .description("kleene's rounds over row bands, one band per GPU of the host (-p gpus); pivot rows sent peer to peer").register();
    // the int32 input, the packed input and work (a row-packed and a column-packed copy, an int32 matrix's worth each); the int32 result only where it can be read back
    public static final Variant KLEENE_PACKED16 = gpu("KLEENE_PACKED16", "kleene-packed16", "13_kleene_packed16").solver(KleenePacked16Solver::new)
            .cells(CellType.PACKED16)
            .deviceMemory(DeviceMemory.matrices(3).paddedTo(KleeneSolver.PAD).plus(Packed16Solver::int32ResultBytes).indexedIn64Bits())
            .pins(KleenePacked16Solver.GROUPED_ROUNDS_PIN, KleeneSolver.REST_LAUNCHES_PIN).tileFit(KleenePacked16Solver::tileFit)
            .chart(0xBCBD22, Marker.PENTAGON)
            .description("kleene's rounds on 16-bit distances, two k a relaxation from row- and column-packed copies; distances must stay below "
                    + CellType.PACKED16.inf()).register();
    public static final Variant SMALL_GRAPHS = gpu("SMALL_GRAPHS", "small-graphs", SmallGraphsBatch.MODULE).solver(SmallGraphsSolver::new).chart(0x7F7FFF, Marker.HEPTAGON)
            .deviceMemory(DeviceMemory.matrices(2).paddedTo(SmallGraphsBatch.ROW_PIECE).plus(SmallGraphsBatch::scratchBytes).upTo(SmallGraphsBatch.MAX_N, SmallGraphsBatch.MAX_N_WHY))
            .description("many graphs of n <= 512 in one launch, a thread block a graph: in registers to n = 128, then in global memory (SmallGraphsBatch)").register();
    // the int32 input and result, and the 64-bit work matrix (two int matrices' worth)
    public static final Variant KLEENE_I64 = gpu("KLEENE_I64", "kleene-i64", "15_kleene_i64").solver(KleeneWideSolver::new).cells(CellType.INT64)
            .deviceMemory(DeviceMemory.matrices(2 + CellType.INT64.intsPerWord()).paddedTo(KleeneSolver.PAD).indexedIn64Bits())
            .launchChoices(n -> KleeneSolver.LAUNCH_CANDIDATES, n -> KleeneSolver.tableChoice(CellType.INT64, n))
            .pins(KleeneSolver.TILE_PIN, KleeneSolver.REST_LAUNCHES_PIN).tileFit(v -> KleeneSolver.tileFit(v, KleeneWideSolver.family(v.cellType()), false))
            .negativeWeights().chart(0xD62728, Marker.STAR_THIN)
            .description("kleene on int64 distances (min(c, a + b) on 64-bit words), exact for every int32 graph").register();
    public static final Variant KLEENE_F64 = gpu("KLEENE_F64", "kleene-f64", "16_kleene_f64").solver(KleeneWideSolver::new).cells(CellType.FLOAT64)
            .deviceMemory(DeviceMemory.matrices(2 + CellType.FLOAT64.intsPerWord()).paddedTo(KleeneSolver.PAD).indexedIn64Bits())
            .launchChoices(n -> KleeneSolver.ONE_BULK_LAUNCH_CANDIDATES, n -> KleeneSolver.tableChoice(CellType.FLOAT64, n))
            .pins(KleeneSolver.TILE_PIN).tileFit(v -> KleeneSolver.tileFit(v, KleeneWideSolver.family(v.cellType()), false))
            .negativeWeights().chart(0x9467BD, Marker.PENTAGON_DOWN)
            .description("kleene on float64 distances (min(c, a + b) on doubles), exact below 2^53: every int32 graph").register();
    public static final Variant CPU_SERIAL = cpu("CPU_SERIAL", "cpu-serial").solver(CpuSerialSolver::new).defaultMaxN(1_000)
            .plannedRelaxRate(threads -> 1.0e9).chart(0xBAB0AC, Marker.TRIANGLE_LEFT)
            .description("single-thread Java, k-i-j loops").register();
    public static final Variant CPU_BLOCKED = cpu("CPU_BLOCKED", "cpu-blocked").solver(CpuBlockedSolver::new).defaultMaxN(2_500)
            .plannedRelaxRate(threads -> 0.6e9 * Math.max(1, threads)).chart(0x555555, Marker.CROSS)
            .description("multi-thread Java, 3-phase blocked over 64x64 tiles").register();

    final VariantSpec traits;  // package-private: TileFits reads its tile fit
    private final int storyOrder;

    Variant(VariantSpec traits, int storyOrder) {
        this.traits = traits;
        this.storyOrder = storyOrder;
    }

    private static VariantBuilder gpu(String name, String id, String kernelModule) {
        VariantBuilder t = new VariantBuilder(name, id, Backend.GPU);
        t.kernelModule = kernelModule;
        t.minComputeCapability = BUILT_FOR_SM;
        return t;
    }

    private static VariantBuilder cpu(String name, String id) {
        return new VariantBuilder(name, id, Backend.CPU);
    }

    /** Adds a built-in variant to the registry: the next in the story. */
    static Variant register(VariantSpec traits) {
        Variant v = new Variant(traits, BUILT_IN.size() + 1);
        BUILT_IN.add(v);
        return v;
    }

    /** The built-in variants, in story order. */
    public static Variant[] values() {
        return BUILT_IN.toArray(Variant[]::new);
    }

    /** How results name the variant ({@code variant} parameter): the constant's name ("BLOCKED"), a kernel file's path ("my_fw.cu"). */
    public String name() {
        return traits.name();
    }

    /** The name users type and reports print, e.g. "blocked"; a kernel file's file name. */
    public String id() {
        return traits.id();
    }

    public Backend backend() {
        return traits.backend();
    }

    public boolean gpu() {
        return traits.backend() == Backend.GPU;
    }

    /**
     * Place in the story, from 1, as the kernel files are numbered (kleene: kernels/07_kleene.cu); the CPU
     * variants after the GPU ones, a user's kernel file last. Reports list variants in this order.
     */
    public int storyOrder() {
        return storyOrder;
    }

    /** The kernels' module: kernels/NAME.cu's NAME, or the name a kernel file's build was loaded under ("my_fw.cu@SHA"); null on the CPU. */
    public String kernelModule() {
        return traits.kernelModule();
    }

    /** Whether its kernels are launched as its kernel file's descriptor says (the reports' variants, a user's file): no solver class. */
    public boolean launchedByDescriptor() {
        return traits.byDescriptor();
    }

    /** The user's kernel file this variant is, compiled; empty for the built-in variants. */
    public Optional<KernelFile> kernelFile() {
        return Optional.ofNullable(traits.kernelFile());
    }

    /**
     * The lowest compute capability it runs on, major * 10 + minor (75: sm_75); 0 for CPU variants and kernel
     * files (built for the device present). kernels/build.sh must emit code for it (KernelRegistryTest checks).
     */
    public int minComputeCapability() {
        return traits.minComputeCapability();
    }

    /** The distance cells the variant relaxes: their width, INF and largest distance, and the ceiling it is held against. */
    public CellType cellType() {
        return traits.cellType();
    }

    /**
     * The distance that means "no path": every finite distance stays below it (a graph whose might not is
     * refused). Its cells' INF, or less (kleene-paths keeps a mark in a distance's low bits).
     */
    public int inf() {
        return traits.inf();
    }

    /** Largest n the default plan runs it at (where a solve takes seconds, not minutes); naming it with -p variant lifts it. */
    public int defaultMaxN() {
        return traits.defaultMaxN();
    }

    /**
     * Relaxations per second assumed on {@code threads} host threads until a solve is measured, set low so
     * that a run's estimate errs long; empty for GPU variants, whose rate depends on the device.
     */
    public OptionalDouble plannedRelaxRate(int threads) {
        return traits.plannedRelaxRate() == null ? OptionalDouble.empty() : OptionalDouble.of(traits.plannedRelaxRate().applyAsDouble(threads));
    }

    /**
     * The launch choices a tuning pass measures at n, the {@linkplain #tableChoice table's} among them; empty
     * where nothing is tuned. dataflow's and packed16's carry blocks per SM and leave out tiles below the
     * table's: their schedule grows as (n / T)^3, past what runs are planned with ({@link DataflowSchedule#MAX_TILES}).
     */
    public List<LaunchChoice> launchCandidates(int n) {
        return traits.launchCandidates().apply(n);
    }

    /**
     * The table's launch choice at n (measured on an H200): the fallback where nothing is tuned, kept by a
     * tuning pass unless another is clearly faster; {@link LaunchChoice#TABLE} without candidates.
     */
    public LaunchChoice tableChoice(int n) {
        return traits.tableChoice().apply(n);
    }

    /** The -D pins set now that fix its launch choice over any tuning, as typed ("-Dfwbench.kleene.tile=64"). */
    public List<String> launchPins() {
        return traits.pins().stream().flatMap(p -> p.typed().stream()).toList();
    }

    /**
     * Refuses a -D pin set to a value it does not take, in one line ("-Dfwbench.kleene.tile takes 64 or 128,
     * not '7'"), with an IllegalArgumentException: the commands check before they plan with it.
     */
    public static void checkLaunchPins() {
        BUILT_IN.stream().flatMap(v -> v.traits.pins().stream()).distinct().forEach(LaunchPin::value);
    }

    /** Whether solvers of this variant are {@link PathSolver}s. */
    public boolean producesPaths() {
        return traits.output() == Output.PATHS;
    }

    @Override
    public DeviceMemory deviceMemory() {
        return traits.memory();
    }

    @Override
    public HostMemory hostMemory() {
        return traits.heap();
    }

    /** n rounded up to {@link #padTo()}: the rows (and ints per row) of this variant's matrices. */
    public int padded(int n) {
        return traits.memory().padded(n);
    }

    /** Device memory a solve of n vertices needs: its int32 matrices (input, work, extras), padded, and what it keeps beside them. */
    public long deviceBytes(int n) {
        return traits.memory().bytes(n);
    }

    /** The variant's colour in every chart, as 0xRRGGBB; distinct across variants. */
    public int chartColour() {
        return traits.chartColour();
    }

    /** The variant's point marker in every line chart; distinct across variants. */
    public Marker chartMarker() {
        return traits.chartMarker();
    }

    public String description() {
        return traits.description();
    }

    /** Whether it takes graphs of real weights ({@link SolverConfig#realGraph()}): floating-point cells, which take integers too. */
    public boolean takesRealWeights() {
        return traits.cellType().real();
    }

    /** Whether the variant takes graphs with negative edge weights (and no negative cycle). */
    public boolean takesNegativeWeights() {
        return traits.negativeWeights();
    }

    /** For a variant that spans GPUs, the one-GPU variant it splits into bands (kleene), which the report's scaling holds it against. */
    public Optional<Variant> oneDeviceCounterpart() {
        return Optional.ofNullable(traits.oneDeviceCounterpart());
    }

    /**
     * Why it cannot take a graph with negative weights (none at all, or too far from 0 for its INF at this n:
     * {@link NegativeWeights#bounds}); empty when it can, and for weights >= 0. Needs no device.
     */
    public Optional<String> negativeWeightRefusal(Graph graph) {
        try {
            SolverConfig config = SolverConfig.of(graph);
            if (config.negativeWeights() && !takesNegativeWeights()) throw NegativeWeights.refusal(this, config, VariantIds.takingNegativeWeights());
            NegativeWeights.bounds(this, config);
            return Optional.empty();
        } catch (UnsupportedInputException e) {
            return Optional.of(e.getMessage());
        }
    }

    /**
     * Builds a solver holding the graph (on the device for GPU variants); refuses an n past its largest,
     * and, naming those that take them, real weights for integer cells and GPUs for a one-GPU variant.
     */
    public Solver create(SolverConfig config) {
        if (config.n() > maxN()) throw new UnsupportedInputException(maxNText() + ", not n=" + config.n());
        if (config.gpus() > 1 && !spansDevices()) {
            throw new UnsupportedInputException(this + " runs on one GPU, not gpus=" + config.gpus() + "; the variants that span GPUs: "
                    + VariantIds.spanningDevices());
        }
        if (config.realWeights() && !takesRealWeights()) {
            throw new UnsupportedInputException(this + " takes integer weights only, and " + config.describe()
                    + " has real ones (not all whole numbers): use " + VariantIds.takingRealWeights());
        }
        if (config.negativeWeights() && !takesNegativeWeights()) throw NegativeWeights.refusal(this, config, VariantIds.takingNegativeWeights());
        return traits.factory().apply(this, config);
    }

    /** Finds a built-in variant by id or constant name, ignoring case; the message lists valid names. */
    public static Variant parse(String text) {
        String s = text.trim();
        for (Variant v : BUILT_IN) {
            if (v.id().equalsIgnoreCase(s) || v.name().equalsIgnoreCase(s.replace('-', '_'))) return v;
        }
        throw new IllegalArgumentException("unknown variant '" + text + "'; variants: " + ids() + "; " + KernelFile.CHOICE);
    }

    /** The built-in variant whose constant name is exactly {@code constant} ("BLOCKED", as results files name it); empty if none. */
    public static Optional<Variant> forConstant(String constant) {
        return BUILT_IN.stream().filter(v -> v.name().equals(constant)).findFirst();
    }

    /**
     * The variant a results file or a command line names: a built-in one by id or constant name, or a kernel
     * file by its path, compiled and its descriptor read ({@link KernelFiles#load}; a KernelFileException says why not).
     */
    public static Variant resolve(String text) {
        return KernelFile.names(text) ? KernelFiles.load(text.trim()) : parse(text);
    }

    /** All built-in ids in story order, comma separated. */
    public static String ids() {
        return BUILT_IN.stream().map(Variant::id).collect(Collectors.joining(", "));
    }

    /** Variants are the same when results would name them the same. */
    @Override
    public boolean equals(Object other) {
        return other instanceof Variant v && v.name().equals(name());
    }

    @Override
    public int hashCode() {
        return name().hashCode();
    }

    @Override
    public String toString() {
        return traits.id();
    }
}
