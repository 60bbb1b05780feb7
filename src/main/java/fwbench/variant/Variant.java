package fwbench.variant;

import fwbench.variant.core.CellType;
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
import fwbench.variant.packed16.KleenePacked16Solver;
import fwbench.variant.packed16.Packed16Solver;
import fwbench.variant.schedule.DataflowSchedule;

import fwbench.graph.Distances;
import fwbench.graph.Graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;
import java.util.stream.Collectors;

/**
 * A Floyd-Warshall variant, described in one place: its name, the kernels and the compute capability
 * it needs, its distance cells, its device and heap memory, its default sizes, its solver, its launch
 * choices, the graphs it takes and its colour and marker in charts, each a named trait. The built-in
 * variants are the constants below, in story order ({@link #values()}); a CUDA source file the user
 * names is a variant too, its traits read from the descriptor the file exports ({@link KernelFiles}).
 * The benchmark (its {@code variant} parameter), the tests, the planner of a run, {@code solve} and
 * the report (labels, row order, ceilings, colours) all read them from here; no other code tells
 * variants apart by name.
 *
 * <p>Adding a built-in variant is one kernels/NN_name.cu file (NN: its place in the story) and one
 * constant here; a variant that the kernel-file schemas cannot launch adds its own solver class
 * (docs/extending.md). "Report 000" to "report 004" are the course reports the first variants follow
 * (docs/reports.md).
 */
public final class Variant implements VariantTraits {

    /** Where a variant runs. */
    public enum Backend { GPU, CPU }

    /** What a solve produces: distances, or distances and the intermediate-node matrix ({@link PathSolver}). */
    public enum Output { DISTANCES, PATHS }

    /**
     * A line chart's point marker; Charts draws each as a shape (a new variant adds one). The ones no
     * built-in variant uses go to kernel files and to variants of other versions' results.
     */
    public enum Marker {
        SQUARE, CIRCLE, TRIANGLE_UP, DIAMOND, RECTANGLE_WIDE, TRIANGLE_DOWN, ELLIPSE_WIDE, TRIANGLE_RIGHT,
        RECTANGLE_TALL, TRIANGLE_LEFT, CROSS, PLUS, STAR, HEXAGON, PENTAGON, HEPTAGON, OCTAGON
    }

    /**
     * Default limit of the reports' variants: their largest size. Above it a trial of the 32x32
     * designs takes minutes (n = 32768 is 10 to 100 s a solve on an H200); larger n is kleene's
     * and packed16's ground.
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
            .pins(KleeneSolver.TILE_PIN, KleeneSolver.REST_LAUNCHES_PIN, KleeneSolver.GROUPED_ROUNDS_PIN)
            .negativeWeights().chart(0xFF9DA7, Marker.TRIANGLE_RIGHT)
            .description("blocked FW with phases 2 and 3 as register-tiled min-plus products, tile per n").register();
    public static final Variant DATAFLOW = gpu("DATAFLOW", "dataflow", "08_dataflow").solver(DataflowSolver::new)
            .deviceMemory(DeviceMemory.matrices(2).paddedTo(KleeneSolver.PAD)
                    .plus((n, padded) -> DataflowLaunch.deviceBytes(n, KleeneSolver.tileFor(n)))
                    .indexedIn64Bits().upTo(DataflowSchedule.MAX_TILES * KleeneSolver.tileFor(Integer.MAX_VALUE), DataflowSchedule.MAX_TILES_WHY))
            .heap(HostMemory.readBack(1).plus("its work-item schedule", n -> DataflowSchedule.hostBytes(KleeneSolver.tileFor(n), n)))
            .launchChoices(n -> atLeastTile(DataflowSolver.LAUNCH_CANDIDATES, KleeneSolver.tableTile(n)),
                    n -> dataflowTableChoice(CellType.INT32, KleeneSolver.tableTile(n), n))
            .pins(KleeneSolver.TILE_PIN, DataflowLaunch.BLOCKS_PER_SM_PIN)
            .negativeWeights().chart(0xB07AA1, Marker.ELLIPSE_WIDE)
            .description("kleene's tile products in one persistent kernel: each tile waits for its inputs, not for a round").register();
    // the int32 input and the packed input and work at half a matrix each; the int32 result only where it can be read back
    public static final Variant PACKED16 = gpu("PACKED16", "packed16", "09_packed16").solver(Packed16Solver::new).cells(CellType.PACKED16)
            .deviceMemory(DeviceMemory.matrices(2).paddedTo(Packed16Solver.PAD)
                    .plus((n, padded) -> DataflowLaunch.deviceBytes(n, Packed16Solver.tileFor(n)))
                    .plus(Packed16Solver::int32ResultBytes)
                    .indexedIn64Bits().upTo(DataflowSchedule.MAX_TILES * Packed16Solver.tileFor(Integer.MAX_VALUE), DataflowSchedule.MAX_TILES_WHY))
            .heap(HostMemory.readBack(1).plus("its work-item schedule", n -> DataflowSchedule.hostBytes(Packed16Solver.tileFor(n), n)))
            .launchChoices(n -> atLeastTile(Packed16Solver.LAUNCH_CANDIDATES, Packed16Solver.tableTile(n)),
                    n -> dataflowTableChoice(CellType.PACKED16, Packed16Solver.tableTile(n), n))
            .pins(Packed16Solver.TILE_PIN, DataflowLaunch.BLOCKS_PER_SM_PIN)
            .chart(0x9C755F, Marker.RECTANGLE_TALL)
            .description("dataflow on 16-bit distances, two per word (__viaddmin_s16x2); distances must stay below " + CellType.PACKED16.inf()).register();
    // the input, the route keys and the intermediate-node matrix
    public static final Variant KLEENE_PATHS = gpu("KLEENE_PATHS", "kleene-paths", "10_kleene_paths").solver(KleenePathsSolver::new)
            .deviceMemory(DeviceMemory.matrices(3).paddedTo(KleeneSolver.PAD).indexedIn64Bits()
                    .upTo(Distances.INT_INDEX_MAX_N, "its routes are read back and checked on the host, in Java arrays"))
            .heap(HostMemory.readBack(2)).output(Output.PATHS).inf(KleenePathsSolver.ROUTE_INF)
            .launchChoices(n -> KleeneSolver.LAUNCH_CANDIDATES, n -> KleeneSolver.tableChoice(CellType.INT32, n))
            .pins(KleeneSolver.TILE_PIN, KleeneSolver.REST_LAUNCHES_PIN)
            .negativeWeights().chart(0x17BECF, Marker.PLUS)
            .description("kleene with the intermediate-node matrix, the improving k carried in each distance's low bits; distances must stay below "
                    + KleenePathsSolver.ROUTE_INF).register();
    public static final Variant KLEENE_F32 = gpu("KLEENE_F32", "kleene-f32", "11_kleene_f32").solver(KleeneF32Solver::new).cells(CellType.FLOAT32)
            .deviceMemory(DeviceMemory.matrices(2).paddedTo(KleeneSolver.PAD).indexedIn64Bits())
            .launchChoices(n -> KleeneSolver.LAUNCH_CANDIDATES, n -> KleeneSolver.tableChoice(CellType.FLOAT32, n))
            .pins(KleeneSolver.TILE_PIN, KleeneSolver.REST_LAUNCHES_PIN)
            .chart(0x8C564B, Marker.STAR)
            .description("kleene on float32 distances, for real weights (fminf(c, a + b)); integer graphs are solved exactly when distances stay below "
                    + CellType.FLOAT32.inf()).register();
    // per device: its row band of the input and work matrices, two pivot-row buffers, and the certificate's W chunk and witness bits
    public static final Variant KLEENE_BANDS = gpu("KLEENE_BANDS", "kleene-bands", "12_kleene_bands").solver(BandsSolver::new)
            .deviceMemory(DeviceMemory.matrices(2).paddedTo(KleeneSolver.PAD).indexedIn64Bits().inRowBands(BandsSolver.MEMORY))
            .oneDeviceCounterpart(KLEENE).chart(0x2CA02C, Marker.HEXAGON)
            .description("kleene's rounds over row bands, one band per GPU of the host (-p gpus); pivot rows sent peer to peer").register();
    // the int32 input, the packed input and work (a row-packed and a column-packed copy, an int32 matrix's worth each); the int32 result only where it can be read back
    public static final Variant KLEENE_PACKED16 = gpu("KLEENE_PACKED16", "kleene-packed16", "13_kleene_packed16").solver(KleenePacked16Solver::new)
            .cells(CellType.PACKED16)
            .deviceMemory(DeviceMemory.matrices(3).paddedTo(KleeneSolver.PAD).plus(Packed16Solver::int32ResultBytes).indexedIn64Bits())
            .pins(KleenePacked16Solver.GROUPED_ROUNDS_PIN, KleeneSolver.REST_LAUNCHES_PIN)
            .chart(0xBCBD22, Marker.PENTAGON)
            .description("kleene's rounds on 16-bit distances, two k a relaxation from row- and column-packed copies; distances must stay below "
                    + CellType.PACKED16.inf()).register();
    // Measured: cpu-serial 0.9 to 2.0 G/s on one thread; cpu-blocked 0.5 to 0.75 G/s per thread on a 16-core host, 0.6 to 1.3 on 2 cores
    public static final Variant CPU_SERIAL = cpu("CPU_SERIAL", "cpu-serial").solver(CpuSerialSolver::new).defaultMaxN(1_000)
            .plannedRelaxRate(threads -> 1.0e9).chart(0xBAB0AC, Marker.TRIANGLE_LEFT)
            .description("single-thread Java, k-i-j loops").register();
    public static final Variant CPU_BLOCKED = cpu("CPU_BLOCKED", "cpu-blocked").solver(CpuBlockedSolver::new).defaultMaxN(2_500)
            .plannedRelaxRate(threads -> 0.6e9 * Math.max(1, threads)).chart(0x555555, Marker.CROSS)
            .description("multi-thread Java, 3-phase blocked over 64x64 tiles").register();

    /**
     * The order {@code solve} tries variants in when none is named, fastest first; a variant that
     * refuses the graph (packed16's 16-bit bound) hands it to the next. Not the story order:
     * dataflow, though later in the story, is slower than kleene's rounds on an H200 (kernels/NOTES.md).
     * From {@link #KLEENE_PACKED16_FIRST_FROM_N} kleene-packed16 comes before packed16.
     */
    private static final List<Variant> SOLVE_PREFERENCE = List.of(
            PACKED16, KLEENE_PACKED16, KLEENE, DATAFLOW, KLEENE_BANDS, KLEENE_F32, KLEENE_PATHS, PATHS, TILED_4X4, BATCHED, BLOCKED_REG, BLOCKED, NAIVE,
            CPU_BLOCKED, CPU_SERIAL);

    /**
     * From this n {@code solve} tries kleene-packed16 before packed16 (they take the same graphs): on
     * two H100s it took 4.84 and 4.88 ms at n = 5000 against packed16's 5.00 and 5.01, and 1.28 and
     * 1.29 at 2500 against 0.80 (results/2026-11-27_NVIDIA-H100-80GB-HBM3-3.json and -4.json).
     * Between 2500 and 5000 nothing was measured.
     */
    public static final int KLEENE_PACKED16_FIRST_FROM_N = 5000;

    private final String name;
    private final String id;
    private final Backend backend;
    private final String kernelModule;
    private final int minComputeCapability;
    private final CellType cellType;
    private final DeviceMemory memory;
    private final HostMemory heap;
    private final int defaultMaxN;
    private final Output output;
    private final BiFunction<Variant, SolverConfig, Solver> factory;
    private final IntFunction<List<LaunchChoice>> launchCandidates;
    private final IntFunction<LaunchChoice> tableChoice;
    private final List<LaunchPin> pins;
    private final boolean negativeWeights;
    private final Variant oneDeviceCounterpart;
    private final IntToDoubleFunction plannedRelaxRate;
    private final int chartColour;
    private final Marker chartMarker;
    private final String description;
    private final int inf;
    private final int storyOrder;
    private final KernelFile kernelFile;
    private final boolean byDescriptor;

    private Variant(Builder t, int storyOrder) {
        this.name = t.name;
        this.id = t.id;
        this.backend = t.backend;
        this.kernelModule = t.kernelModule;
        this.minComputeCapability = t.minComputeCapability;
        this.cellType = t.cellType;
        this.memory = Objects.requireNonNull(t.memory, "device memory");
        this.heap = Objects.requireNonNull(t.heap, "heap");
        this.defaultMaxN = t.defaultMaxN;
        this.output = t.output;
        this.factory = Objects.requireNonNull(t.factory, "solver");
        this.launchCandidates = t.launchCandidates;
        this.tableChoice = t.tableChoice;
        this.pins = t.pins;
        this.negativeWeights = t.negativeWeights;
        this.oneDeviceCounterpart = t.oneDeviceCounterpart;
        this.plannedRelaxRate = t.plannedRelaxRate;
        this.chartColour = t.chartColour;
        this.chartMarker = t.chartMarker;
        this.description = Objects.requireNonNull(t.description, "description");
        this.inf = t.inf == null ? t.cellType.inf() : t.inf;
        this.storyOrder = storyOrder;
        this.kernelFile = t.kernelFile;
        this.byDescriptor = t.byDescriptor;
    }

    /**
     * The traits of a variant, each named, with the defaults most variants share: int32 cells,
     * distances only, one matrix read back, no launch choices to tune, no negative weights.
     */
    static final class Builder {
        private final String name;
        private final String id;
        private final Backend backend;
        private String kernelModule;
        private int minComputeCapability;
        private CellType cellType = CellType.INT32;
        private DeviceMemory memory;
        private HostMemory heap;
        private int defaultMaxN = Integer.MAX_VALUE;
        private Output output = Output.DISTANCES;
        private BiFunction<Variant, SolverConfig, Solver> factory;
        private IntFunction<List<LaunchChoice>> launchCandidates = n -> List.of();
        private IntFunction<LaunchChoice> tableChoice = n -> LaunchChoice.TABLE;
        private List<LaunchPin> pins = List.of();
        private boolean negativeWeights;
        private Variant oneDeviceCounterpart;
        private IntToDoubleFunction plannedRelaxRate;
        private int chartColour;
        private Marker chartMarker;
        private String description;
        private Integer inf;
        private KernelFile kernelFile;
        private boolean byDescriptor;

        private Builder(String name, String id, Backend backend) {
            this.name = name;
            this.id = id;
            this.backend = backend;
            this.heap = backend == Backend.GPU ? HostMemory.readBack(1) : HostMemory.CPU_SOLVER;
            this.memory = backend == Backend.GPU ? null : DeviceMemory.NONE;
        }

        Builder solver(BiFunction<VariantTraits, SolverConfig, Solver> factory) { this.factory = factory::apply; return this; }

        /** Solved by {@link KernelFileSolver}, which launches the kernels as the module's descriptor says: no solver class of its own. */
        Builder launchedByDescriptor() {
            this.byDescriptor = true;
            this.factory = (variant, config) -> KernelFileSolver.create(variant, variant.kernelFile().map(KernelFile::descriptor), config);
            return this;
        }
        Builder cells(CellType cells) { this.cellType = cells; return this; }
        Builder deviceMemory(DeviceMemory memory) { this.memory = memory; return this; }
        Builder heap(HostMemory heap) { this.heap = heap; return this; }
        Builder defaultMaxN(int n) { this.defaultMaxN = n; return this; }
        Builder output(Output output) { this.output = output; return this; }
        Builder inf(int inf) { this.inf = inf; return this; }
        Builder negativeWeights() { this.negativeWeights = true; return this; }
        Builder oneDeviceCounterpart(Variant oneDevice) { this.oneDeviceCounterpart = oneDevice; return this; }
        Builder plannedRelaxRate(IntToDoubleFunction perThreads) { this.plannedRelaxRate = perThreads; return this; }
        Builder description(String text) { this.description = text; return this; }
        Builder pins(LaunchPin... pins) { this.pins = List.of(pins); return this; }

        Builder launchChoices(IntFunction<List<LaunchChoice>> candidates, IntFunction<LaunchChoice> table) {
            this.launchCandidates = candidates;
            this.tableChoice = table;
            return this;
        }

        Builder chart(int colour, Marker marker) {
            this.chartColour = colour;
            this.chartMarker = marker;
            return this;
        }

        /** A user's kernel file, its module loaded under {@code module}. */
        Builder kernelFile(KernelFile file, String module) {
            this.kernelFile = file;
            this.kernelModule = module;
            return this;
        }

        /** A built-in variant: the next in the story. */
        private Variant register() {
            Variant v = new Variant(this, BUILT_IN.size() + 1);
            BUILT_IN.add(v);
            return v;
        }

        /** A variant outside the registry (a user's kernel file): after every built-in one in the story. */
        Variant build() {
            return new Variant(this, Integer.MAX_VALUE);
        }
    }

    private static Builder gpu(String name, String id, String kernelModule) {
        Builder t = new Builder(name, id, Backend.GPU);
        t.kernelModule = kernelModule;
        t.minComputeCapability = BUILT_FOR_SM;
        return t;
    }

    private static Builder cpu(String name, String id) {
        return new Builder(name, id, Backend.CPU);
    }

    /** The traits of a GPU variant outside the registry, named {@code name} in results and {@code id} on screen. */
    static Builder outside(String name, String id) {
        return new Builder(name, id, Backend.GPU);
    }

    private static List<LaunchChoice> atLeastTile(List<LaunchChoice> candidates, int tableTile) {
        return candidates.stream().filter(c -> c.tile() >= tableTile).toList();
    }

    private static LaunchChoice dataflowTableChoice(CellType cells, int tile, int n) {
        return LaunchChoice.tile(tile).withBlocksPerSm(DataflowLaunch.tableBlocksPerSm(cells, tile, n));
    }

    /** The built-in variants, in story order. */
    public static Variant[] values() {
        return BUILT_IN.toArray(Variant[]::new);
    }

    /**
     * How results name the variant, in the benchmark's {@code variant} parameter: the constant's
     * name for a built-in one ("BLOCKED"), the path as given for a kernel file ("my_fw.cu").
     */
    public String name() {
        return name;
    }

    /** The name users type and reports print, e.g. "blocked"; a kernel file's file name. */
    public String id() {
        return id;
    }

    public Backend backend() {
        return backend;
    }

    public boolean gpu() {
        return backend == Backend.GPU;
    }

    /**
     * Place in the optimization story, from 1: the registry's order, which the kernel files'
     * numbers follow (kleene is 7, kernels/07_kleene.cu); CPU variants come after the GPU ones, a
     * user's kernel file after them all. Reports list variants in this order.
     */
    public int storyOrder() {
        return storyOrder;
    }

    /**
     * The module of the variant's kernels: the kernels/*.cu file (without extension) of a built-in
     * variant, the name a kernel file's build was loaded under ("my_fw.cu@SHA"); null for CPU variants.
     */
    public String kernelModule() {
        return kernelModule;
    }

    /**
     * Whether the variant's kernels are launched as the descriptor its kernel file exports says
     * (the reports' variants and a user's kernel files), with no solver class of its own.
     */
    public boolean launchedByDescriptor() {
        return byDescriptor;
    }

    /** The user's kernel file this variant is, compiled; empty for the built-in variants. */
    public Optional<KernelFile> kernelFile() {
        return Optional.ofNullable(kernelFile);
    }

    /**
     * The lowest compute capability the variant runs on, as major * 10 + minor (75: sm_75), like
     * {@code DeviceInfo.computeCapability()}; 0 for CPU variants and kernel files (built for the
     * device present). kernels/build.sh must emit code for it (KernelRegistryTest checks).
     */
    public int minComputeCapability() {
        return minComputeCapability;
    }

    /** The distance cells the variant relaxes: their width, INF and largest distance, and the ceiling it is held against. */
    public CellType cellType() {
        return cellType;
    }

    /**
     * The distance that means "no path" in this variant's cells: every finite distance must stay
     * below it, and a graph whose distances might not is refused. Its cell type's INF, or less
     * (kleene-paths keeps a mark in a distance's low bits).
     */
    public int inf() {
        return inf;
    }

    /**
     * Largest n the default plan runs this variant at (where one solve takes seconds, not minutes);
     * naming the variant with -p variant=... lifts it.
     */
    public int defaultMaxN() {
        return defaultMaxN;
    }

    /**
     * Relaxations per second a solve is assumed to reach on {@code threads} host threads before
     * any is measured, for estimating a run's time; set low, so that the estimate errs long. Empty
     * for GPU variants: their rate depends on the device.
     */
    public OptionalDouble plannedRelaxRate(int threads) {
        return plannedRelaxRate == null ? OptionalDouble.empty() : OptionalDouble.of(plannedRelaxRate.applyAsDouble(threads));
    }

    /**
     * The launch choices a tuning pass measures for this variant at n, the {@linkplain #tableChoice
     * table's} among them; empty where there is nothing to tune (the reports' variants, kleene-bands,
     * the CPU variants, kernel files). dataflow's and packed16's come with the blocks per SM of their
     * launch ({@code DataflowLaunch#launchCandidates}), and leave out tiles smaller than the table's:
     * their work-item schedule grows as (n / T)^3, beyond what a run's device and heap memory are
     * planned with (and past the schedule's {@link DataflowSchedule#MAX_TILES} tiles at large n).
     */
    public List<LaunchChoice> launchCandidates(int n) {
        return launchCandidates.apply(n);
    }

    /**
     * The launch choice the table, measured on an H200, makes at n: the fallback where nothing is
     * tuned, and the choice a tuning pass keeps unless another is clearly faster;
     * {@link LaunchChoice#TABLE} for a variant without {@linkplain #launchCandidates candidates}.
     */
    public LaunchChoice tableChoice(int n) {
        return tableChoice.apply(n);
    }

    /**
     * The -D pins set now that fix this variant's launch choice over any tuning, as typed
     * ("-Dfwbench.kleene.tile=64"); empty when none is set. A pin set to a value it does not take is
     * refused ({@link #checkLaunchPins()}).
     */
    public List<String> launchPins() {
        return pins.stream().flatMap(p -> p.typed().stream()).toList();
    }

    /**
     * Refuses a -D pin set to a value it does not take, in one line ("-Dfwbench.kleene.tile takes
     * 64 or 128, not '7'"): the commands check before they plan a run with it.
     *
     * @throws IllegalArgumentException naming the first such pin
     */
    public static void checkLaunchPins() {
        BUILT_IN.stream().flatMap(v -> v.pins.stream()).distinct().forEach(LaunchPin::value);
    }

    /** Whether solvers of this variant are {@link PathSolver}s. */
    public boolean producesPaths() {
        return output == Output.PATHS;
    }

    /** Matrices on the device are padded to a multiple of this (1: no padding; tiled kernels that skip bounds checks pad). */
    public int padTo() {
        return memory.padTo();
    }

    /** n rounded up to {@link #padTo()}: the rows (and ints per row) of this variant's matrices. */
    public int padded(int n) {
        return memory.padded(n);
    }

    /** Device memory a solve of n vertices needs: its int32 matrices (input, work, extras), padded, and what it keeps beside them. */
    public long deviceBytes(int n) {
        return memory.bytes(n);
    }

    /**
     * Whether one solve of this variant may span several GPUs of the host (its matrices split into
     * row bands, one a device: kleene-bands). The others run on device 0.
     */
    public boolean spansDevices() {
        return memory.spansDevices();
    }

    /**
     * Device memory a solve of n vertices needs on each of {@code devices} GPUs (the most any one
     * holds); {@link #deviceBytes} for a variant that does not {@linkplain #spansDevices() span devices}.
     */
    public long deviceBytesPerDevice(int n, int devices) {
        return memory.bytesPerDevice(n, devices);
    }

    /** The largest n (up to {@link #maxN()}) whose solve needs at most {@code bytes} on each of {@code devices} GPUs, 0 if none. */
    public int largestN(long bytes, int devices) {
        return memory.largestN(bytes, devices);
    }

    /**
     * The largest n this variant takes, device memory apart: {@link Distances#INT_INDEX_MAX_N} where its
     * kernels index cells with an int (or its answer is checked on the host, or it runs on the CPU),
     * more where they index in 64 bits (kleene, dataflow, packed16, kleene-f32: docs/measuring.md, Limits).
     */
    public int maxN() {
        return memory.maxN();
    }

    /** Why n stops at {@link #maxN()}: "naive takes n up to 46340 (its kernels index a cell with an int)". */
    public String maxNText() {
        return this + " takes n up to " + maxN() + " (" + memory.maxNWhy() + ")";
    }

    /**
     * The largest n (up to {@link #maxN()}) whose solve needs at most {@code bytes} of device
     * memory, 0 if none.
     */
    public int largestN(long bytes) {
        return memory.largestN(bytes);
    }

    /**
     * JVM heap a solve of n vertices holds at the most (its n x n matrices: {@link HostMemory}), the
     * graph's own edges apart.
     *
     * @param graphFile whether the graph comes from a file rather than a generator (GPU variants make
     *                  generated graphs on the device)
     */
    public long heapBytes(int n, boolean graphFile) {
        return heap.bytes(n, graphFile);
    }

    /** What a solve holds in the heap at once, for messages ("1 n x n int32 matrix"): see {@link #heapBytes}. */
    public String heapWhat(boolean graphFile) {
        return heap.what(graphFile);
    }

    /** The largest n (up to {@link #maxN()}) whose solve needs at most {@code bytes} of heap, 0 if none. */
    public int largestNInHeap(long bytes, boolean graphFile) {
        return heap.largestN(bytes, graphFile, graphFile ? Math.min(maxN(), Distances.INT_INDEX_MAX_N) : maxN());
    }

    /** The variant's colour in every chart, as 0xRRGGBB; distinct across variants. */
    public int chartColour() {
        return chartColour;
    }

    /** The variant's point marker in every line chart; distinct across variants. */
    public Marker chartMarker() {
        return chartMarker;
    }

    public String description() {
        return description;
    }

    /**
     * Whether the variant takes graphs of real weights ({@link SolverConfig#realGraph()}): its cells
     * are floating point. Such a variant takes integer graphs too.
     */
    public boolean takesRealWeights() {
        return cellType.real();
    }

    /** The ids of the variants that take real weights, for messages: "kleene-f32". */
    public static String realWeightVariants() {
        return BUILT_IN.stream().filter(Variant::takesRealWeights).map(Variant::id).collect(Collectors.joining(", "));
    }

    /** Whether the variant takes graphs with negative edge weights (and no negative cycle). */
    public boolean takesNegativeWeights() {
        return negativeWeights;
    }

    /** The ids of the variants that span GPUs, in story order, for messages: "kleene-bands". */
    public static String spanningVariants() {
        return BUILT_IN.stream().filter(Variant::spansDevices).map(Variant::id).collect(Collectors.joining(", "));
    }

    /**
     * For a variant that spans GPUs, the single-GPU variant it splits into bands (kleene for
     * kleene-bands): the report's scaling holds it against that one on one GPU. Empty for the others.
     */
    public Optional<Variant> oneDeviceCounterpart() {
        return Optional.ofNullable(oneDeviceCounterpart);
    }

    /**
     * Why this variant cannot take a graph with negative weights (it does not take them at all, or
     * they are too far from 0 for its INF at this n: {@link NegativeWeights#bounds}); empty when it
     * can, and for graphs with weights >= 0. Needs no device.
     */
    public Optional<String> negativeWeightRefusal(Graph graph) {
        try {
            SolverConfig config = SolverConfig.of(graph);
            if (config.negativeWeights() && !takesNegativeWeights()) throw NegativeWeights.refusal(this, config, negativeWeightVariants());
            NegativeWeights.bounds(this, config);
            return Optional.empty();
        } catch (UnsupportedInputException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** The ids of the variants that take negative weights, in story order, for messages: "kleene, dataflow, kleene-paths". */
    public static String negativeWeightVariants() {
        return BUILT_IN.stream().filter(Variant::takesNegativeWeights).map(Variant::id).collect(Collectors.joining(", "));
    }

    /**
     * Builds a solver holding the graph (on the device for GPU variants); a graph of real weights
     * given to an integer variant is refused, naming the variants that take it, and so is more
     * than one GPU for a variant that does not {@linkplain #spansDevices() span them}.
     */
    public Solver create(SolverConfig config) {
        if (config.gpus() > 1 && !spansDevices()) {
            throw new UnsupportedInputException(this + " runs on one GPU, not gpus=" + config.gpus() + "; the variants that span GPUs: "
                    + spanningVariants());
        }
        if (config.realWeights() && !takesRealWeights()) {
            throw new UnsupportedInputException(this + " takes integer weights only, and " + config.describe()
                    + " has real ones (not all whole numbers): use " + realWeightVariants());
        }
        if (config.negativeWeights() && !takesNegativeWeights()) throw NegativeWeights.refusal(this, config, negativeWeightVariants());
        return factory.apply(this, config);
    }

    /** Finds a built-in variant by id or constant name, ignoring case; the message lists valid names. */
    public static Variant parse(String text) {
        String t = text.trim();
        for (Variant v : BUILT_IN) {
            if (v.id.equalsIgnoreCase(t) || v.name.equalsIgnoreCase(t.replace('-', '_'))) return v;
        }
        throw new IllegalArgumentException("unknown variant '" + text + "'; variants: " + ids() + "; " + KernelFile.CHOICE);
    }

    /** The built-in variant whose constant name is exactly {@code constant} ("BLOCKED", as results files name it); empty if none. */
    public static Optional<Variant> forConstant(String constant) {
        return BUILT_IN.stream().filter(v -> v.name.equals(constant)).findFirst();
    }

    /**
     * The variant a results file or a command line names: a built-in one by id or constant name, or a
     * kernel file by its path ({@link KernelFile#names}), compiled for this device and its descriptor
     * read ({@link KernelFiles#load}).
     *
     * @throws KernelFileException when the kernel file cannot be a variant (one line saying why)
     */
    public static Variant resolve(String text) {
        return KernelFile.names(text) ? KernelFiles.load(text.trim()) : parse(text);
    }

    /** Every variant once, in the order {@code solve} tries them for a graph of n vertices: GPU variants fastest first, then CPU variants. */
    public static List<Variant> solvePreference(int n) {
        if (n < KLEENE_PACKED16_FIRST_FROM_N) return SOLVE_PREFERENCE;
        List<Variant> order = new ArrayList<>(SOLVE_PREFERENCE);
        order.remove(KLEENE_PACKED16);
        order.add(order.indexOf(PACKED16), KLEENE_PACKED16);
        return List.copyOf(order);
    }

    /** All built-in ids in story order, comma separated. */
    public static String ids() {
        return BUILT_IN.stream().map(Variant::id).collect(Collectors.joining(", "));
    }

    /** Variants are the same when results would name them the same. */
    @Override
    public boolean equals(Object other) {
        return other instanceof Variant v && v.name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return id;
    }
}
