package fwbench.variant;

import fwbench.graph.Distances;
import fwbench.graph.Graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The one registry of Floyd-Warshall variants, and of every trait of one: its name, the kernels and
 * the compute capability it needs, its distance cells, its device and heap memory, its default sizes, its
 * solver, where {@code solve} prefers it, and its colour and marker in charts. The benchmark (its
 * {@code variant} parameter), the tests, the planner of a run, {@code solve} and the report (labels,
 * row order, ceilings, colours) all read them from here; no other code tells variants apart by name.
 *
 * <p>Adding a variant is one kernels/NN_name.cu file (NN: its place in the story), one solver class,
 * one constant here stating every column below, its place in {@code SOLVE_PREFERENCE}, and its
 * rows in the variants tables of README.md and docs/variants.md. "Report 000" to "report 004" are the course reports the
 * first variants follow (docs/reports.md).
 */
public enum Variant {
    // Declared in story order: the n-th constant's kernels are kernels/NN_*.cu with NN = n (KernelRegistryTest checks it).
    //     id             runs on      kernels        min sm  cells             device memory
    //     host memory (heap)     default max n      output         solver      chart colour, marker
    //     description
    NAIVE("naive", Backend.GPU, "01_naive", 75, CellType.INT32, DeviceMemory.matrices(2),
            HostMemory.readBack(1), Variant.REPORT_SIZES, Output.DISTANCES, NaiveSolver::new, 0x4E79A7, Marker.SQUARE,
            "one launch per k, global memory only (every report's baseline)"),
    BLOCKED("blocked", Backend.GPU, "02_blocked", 75, CellType.INT32, DeviceMemory.matrices(2),
            HostMemory.readBack(1), Variant.REPORT_SIZES, Output.DISTANCES, BlockedSolver::blocked, 0xF28E2B, Marker.CIRCLE,
            "3-phase blocked, 32x32 shared-memory tiles (reports 000, 004)"),
    BLOCKED_REG("blocked-reg", Backend.GPU, "03_blocked_reg", 75, CellType.INT32, DeviceMemory.matrices(2),
            HostMemory.readBack(1), Variant.REPORT_SIZES, Output.DISTANCES, BlockedSolver::blockedReg, 0xE15759, Marker.TRIANGLE_UP,
            "blocked with register minima, one barrier per step, 16-byte operand loads (report 001)"),
    BATCHED("batched", Backend.GPU, "04_batched", 75, CellType.INT32, DeviceMemory.matrices(2),
            HostMemory.readBack(1), Variant.REPORT_SIZES, Output.DISTANCES, BatchedSolver::new, 0x76B7B2, Marker.DIAMOND,
            "6x6 tiles of 32x32 per phase-3 block, 6 per phase-2 block, 48 KB shared (report 001)"),
    TILED_4X4("tiled-4x4", Backend.GPU, "05_tiled_4x4", 75, CellType.INT32, DeviceMemory.matrices(2),
            HostMemory.readBack(1), Variant.REPORT_SIZES, Output.DISTANCES, Tiled4x4Solver::new, 0x59A14F, Marker.RECTANGLE_WIDE,
            "64x64 tiles, 256 threads, 4x4 register micro-tiles, staged pivot row and column (report 002)"),
    PATHS("paths", Backend.GPU, "06_paths", 75, CellType.INT32, DeviceMemory.matrices(3),
            HostMemory.readBack(2), Variant.REPORT_SIZES, Output.PATHS, PathsSolver::new, 0xEDC948, Marker.TRIANGLE_DOWN,
            "distances and the intermediate-node matrix for path queries (report 003)"),
    KLEENE("kleene", Backend.GPU, "07_kleene", 75, CellType.INT32, DeviceMemory.matrices(2).paddedTo(KleeneSolver.PAD).indexedIn64Bits(),
            HostMemory.readBack(1), Integer.MAX_VALUE, Output.DISTANCES, KleeneSolver::new, 0xFF9DA7, Marker.TRIANGLE_RIGHT,
            "blocked FW with phases 2 and 3 as register-tiled min-plus products, tile per n"),
    DATAFLOW("dataflow", Backend.GPU, "08_dataflow", 75, CellType.INT32, DeviceMemory.matrices(2).paddedTo(KleeneSolver.PAD)
                    .plus((n, padded) -> DataflowLaunch.deviceBytes(n, KleeneSolver.tileFor(n)))
                    .indexedIn64Bits().upTo(DataflowSchedule.MAX_TILES * KleeneSolver.tileFor(Integer.MAX_VALUE), DataflowSchedule.MAX_TILES_WHY),
            HostMemory.readBack(1).plus("its work-item schedule", n -> DataflowSchedule.hostBytes(KleeneSolver.tileFor(n), n)),
            Integer.MAX_VALUE, Output.DISTANCES, DataflowSolver::new, 0xB07AA1, Marker.ELLIPSE_WIDE,
            "kleene's tile products in one persistent kernel: each tile waits for its inputs, not for a round"),
    // the int32 input and the packed input and work at half a matrix each; the int32 result only where it can be read back
    PACKED16("packed16", Backend.GPU, "09_packed16", 75, CellType.PACKED16, DeviceMemory.matrices(2).paddedTo(Packed16Solver.PAD)
                    .plus((n, padded) -> DataflowLaunch.deviceBytes(n, Packed16Solver.tileFor(n)))
                    .plus(Packed16Solver::int32ResultBytes)
                    .indexedIn64Bits().upTo(DataflowSchedule.MAX_TILES * Packed16Solver.tileFor(Integer.MAX_VALUE), DataflowSchedule.MAX_TILES_WHY),
            HostMemory.readBack(1).plus("its work-item schedule", n -> DataflowSchedule.hostBytes(Packed16Solver.tileFor(n), n)),
            Integer.MAX_VALUE, Output.DISTANCES, Packed16Solver::new, 0x9C755F, Marker.RECTANGLE_TALL,
            "dataflow on 16-bit distances, two per word (__viaddmin_s16x2); distances must stay below " + CellType.PACKED16.inf()),
    // the input, the route keys and the intermediate-node matrix
    KLEENE_PATHS("kleene-paths", Backend.GPU, "10_kleene_paths", 75, CellType.INT32, DeviceMemory.matrices(3).paddedTo(KleeneSolver.PAD)
                    .indexedIn64Bits().upTo(Distances.INT_INDEX_MAX_N, "its routes are read back and checked on the host, in Java arrays"),
            HostMemory.readBack(2), Integer.MAX_VALUE, Output.PATHS, KleenePathsSolver::new, 0x17BECF, Marker.PLUS,
            "kleene with the intermediate-node matrix, the improving k carried in each distance's low bits; distances must stay below "
                    + KleenePathsSolver.ROUTE_INF, KleenePathsSolver.ROUTE_INF),
    KLEENE_F32("kleene-f32", Backend.GPU, "11_kleene_f32", 75, CellType.FLOAT32, DeviceMemory.matrices(2).paddedTo(KleeneSolver.PAD).indexedIn64Bits(),
            HostMemory.readBack(1), Integer.MAX_VALUE, Output.DISTANCES, KleeneF32Solver::new, 0x8C564B, Marker.STAR,
            "kleene on float32 distances, for real weights (fminf(c, a + b)); integer graphs are solved exactly when distances stay below "
                    + CellType.FLOAT32.inf()),
    // per device: its row band of the input and work matrices, two pivot-row buffers, and the certificate's W chunk and witness bits
    KLEENE_BANDS("kleene-bands", Backend.GPU, "12_kleene_bands", 75, CellType.INT32, DeviceMemory.matrices(2).paddedTo(KleeneSolver.PAD)
                    .indexedIn64Bits().inRowBands(BandsSolver.MEMORY),
            HostMemory.readBack(1), Integer.MAX_VALUE, Output.DISTANCES, BandsSolver::new, 0x2CA02C, Marker.HEXAGON,
            "kleene's rounds over row bands, one band per GPU of the host (-p gpus); pivot rows sent peer to peer"),
    // the int32 input, the packed input and work (a row-packed and a column-packed copy, an int32 matrix's worth each); the int32 result only where it can be read back
    KLEENE_PACKED16("kleene-packed16", Backend.GPU, "13_kleene_packed16", 75, CellType.PACKED16, DeviceMemory.matrices(3).paddedTo(KleeneSolver.PAD)
                    .plus(Packed16Solver::int32ResultBytes).indexedIn64Bits(),
            HostMemory.readBack(1), Integer.MAX_VALUE, Output.DISTANCES, KleenePacked16Solver::new, 0xBCBD22, Marker.PENTAGON,
            "kleene's rounds on 16-bit distances, two k a relaxation from row- and column-packed copies; distances must stay below "
                    + CellType.PACKED16.inf()),
    CPU_SERIAL("cpu-serial", Backend.CPU, null, 0, CellType.INT32, DeviceMemory.NONE,
            HostMemory.CPU_SOLVER, 1_000, Output.DISTANCES, CpuSerialSolver::new, 0xBAB0AC, Marker.TRIANGLE_LEFT,
            "single-thread Java, k-i-j loops"),
    CPU_BLOCKED("cpu-blocked", Backend.CPU, null, 0, CellType.INT32, DeviceMemory.NONE,
            HostMemory.CPU_SOLVER, 2_500, Output.DISTANCES, CpuBlockedSolver::new, 0x555555, Marker.CROSS,
            "multi-thread Java, 3-phase blocked over 64x64 tiles");

    /** Where a variant runs. */
    public enum Backend { GPU, CPU }

    /**
     * Default limit of the reports' variants: their largest size. Above it a trial of the 32x32
     * designs takes minutes (n = 32768 is 10 to 100 s a solve on an H200); larger n is kleene's
     * and packed16's ground. (Named with its class: enum constants may not use a field by its simple name.)
     */
    private static final int REPORT_SIZES = 10_000;

    /** What a solve produces: distances, or distances and the intermediate-node matrix ({@link PathSolver}). */
    public enum Output { DISTANCES, PATHS }

    /** Device memory kept free for the context, modules and small buffers when sizing a run. */
    public static final long DEVICE_RESERVE_BYTES = 256L << 20;

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

    /** The one-GPU variant a variant that spans GPUs splits into bands: what its scaling is measured against. */
    private static final Map<Variant, Variant> ONE_DEVICE_COUNTERPART = Map.of(KLEENE_BANDS, KLEENE);

    /**
     * The variants that take edge weights of any sign (no negative cycle): int32 product kernels,
     * which a last step after the solve puts right where INF plus a negative weight leaked below
     * INF ({@link NegativeWeights}). The others refuse such graphs.
     */
    private static final Set<Variant> NEGATIVE_WEIGHTS = EnumSet.of(KLEENE, DATAFLOW, KLEENE_PATHS);

    /** A line chart's point marker; Charts draws each as a shape (a new variant adds one). */
    public enum Marker {
        SQUARE, CIRCLE, TRIANGLE_UP, DIAMOND, RECTANGLE_WIDE, TRIANGLE_DOWN, ELLIPSE_WIDE, TRIANGLE_RIGHT,
        RECTANGLE_TALL, TRIANGLE_LEFT, CROSS, PLUS, STAR, HEXAGON, PENTAGON
    }

    private final String id;
    private final Backend backend;
    private final String kernelModule;
    private final int minComputeCapability;
    private final CellType cellType;
    private final DeviceMemory memory;
    private final HostMemory heap;
    private final int defaultMaxN;
    private final Output output;
    private final Function<SolverConfig, Solver> factory;
    private final int chartColour;
    private final Marker chartMarker;
    private final String description;
    private final int inf;

    Variant(String id, Backend backend, String kernelModule, int minComputeCapability, CellType cellType,
            DeviceMemory memory, HostMemory heap, int defaultMaxN, Output output, Function<SolverConfig, Solver> factory,
            int chartColour, Marker chartMarker, String description) {
        this(id, backend, kernelModule, minComputeCapability, cellType, memory, heap, defaultMaxN, output, factory, chartColour,
                chartMarker, description, cellType.inf());
    }

    /** With {@code inf} below the cell type's: a variant that keeps other data in the cells' high or low bits. */
    Variant(String id, Backend backend, String kernelModule, int minComputeCapability, CellType cellType,
            DeviceMemory memory, HostMemory heap, int defaultMaxN, Output output, Function<SolverConfig, Solver> factory,
            int chartColour, Marker chartMarker, String description, int inf) {
        this.id = id;
        this.backend = backend;
        this.kernelModule = kernelModule;
        this.minComputeCapability = minComputeCapability;
        this.cellType = cellType;
        this.memory = memory;
        this.heap = heap;
        this.defaultMaxN = defaultMaxN;
        this.output = output;
        this.factory = factory;
        this.chartColour = chartColour;
        this.chartMarker = chartMarker;
        this.description = description;
        this.inf = inf;
    }

    /** The name users type and reports print, e.g. "blocked". */
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
     * Place in the optimization story, from 1: the declaration order, which the kernel files'
     * numbers follow (kleene is 7, kernels/07_kleene.cu); CPU variants come after the GPU ones.
     * Reports list variants in this order.
     */
    public int storyOrder() {
        return ordinal() + 1;
    }

    /** The kernels/*.cu file (without extension) this variant's kernels come from; null for CPU variants. */
    public String kernelModule() {
        return kernelModule;
    }

    /**
     * The lowest compute capability the variant runs on, as major * 10 + minor (75: sm_75), like
     * {@code DeviceInfo.computeCapability()}; 0 for CPU variants. kernels/build.sh must emit code
     * for it (KernelRegistryTest checks).
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
     * any is measured, for estimating a run's time; set low, so that the estimate errs long.
     * Measured: cpu-serial 0.9 to 2.0 G/s on one thread; cpu-blocked 0.5 to 0.75 G/s per thread
     * on a 16-core host, 0.6 to 1.3 on 2 cores. Empty for GPU variants: their rate depends on the device.
     */
    public OptionalDouble plannedRelaxRate(int threads) {
        return switch (this) {
            case CPU_SERIAL -> OptionalDouble.of(1.0e9);
            case CPU_BLOCKED -> OptionalDouble.of(0.6e9 * Math.max(1, threads));
            default -> OptionalDouble.empty();
        };
    }

    /**
     * The launch choices a tuning pass measures for this variant at n, the {@linkplain #tableChoice
     * table's} among them; empty where there is nothing to tune (the reports' variants, kleene-bands,
     * the CPU variants). dataflow's and packed16's come with the blocks per SM of their launch
     * ({@code DataflowLaunch#launchCandidates}), and leave out tiles smaller than the table's: their
     * work-item schedule grows as (n / T)^3, beyond what a run's device and heap memory are planned
     * with (and past the schedule's {@link DataflowSchedule#MAX_TILES} tiles at large n).
     */
    public List<LaunchChoice> launchCandidates(int n) {
        return switch (this) {
            case KLEENE, KLEENE_F32, KLEENE_PATHS -> KleeneSolver.LAUNCH_CANDIDATES;
            case DATAFLOW -> atLeastTableTile(DataflowSolver.LAUNCH_CANDIDATES, n);
            case PACKED16 -> atLeastTableTile(Packed16Solver.LAUNCH_CANDIDATES, n);
            default -> List.of();
        };
    }

    private List<LaunchChoice> atLeastTableTile(List<LaunchChoice> candidates, int n) {
        int table = tableChoice(n).tile();
        return candidates.stream().filter(c -> c.tile() >= table).toList();
    }

    /**
     * The launch choice the table, measured on an H200, makes at n: the fallback where nothing is
     * tuned, and the choice a tuning pass keeps unless another is clearly faster;
     * {@link LaunchChoice#TABLE} for a variant without {@linkplain #launchCandidates candidates}.
     */
    public LaunchChoice tableChoice(int n) {
        return switch (this) {
            case KLEENE, KLEENE_F32, KLEENE_PATHS -> KleeneSolver.tableChoice(cellType, n);
            case DATAFLOW -> dataflowTableChoice(KleeneSolver.tableTile(n), n);
            case PACKED16 -> dataflowTableChoice(Packed16Solver.tableTile(n), n);
            default -> LaunchChoice.TABLE;
        };
    }

    private LaunchChoice dataflowTableChoice(int tile, int n) {
        return LaunchChoice.tile(tile).withBlocksPerSm(DataflowLaunch.tableBlocksPerSm(cellType, tile, n));
    }

    /**
     * The -D pins set now that fix this variant's launch choice over any tuning, as typed
     * ("-Dfwbench.kleene.tile=64"); empty when none is set. A pin set to a value it does not take is
     * refused ({@link #checkLaunchPins()}).
     */
    public List<String> launchPins() {
        return pins(this).stream().flatMap(p -> p.typed().stream()).toList();
    }

    private static List<LaunchPin> pins(Variant v) {
        return switch (v) {
            case KLEENE -> List.of(KleeneSolver.TILE_PIN, KleeneSolver.REST_LAUNCHES_PIN, KleeneSolver.GROUPED_ROUNDS_PIN);
            case KLEENE_F32, KLEENE_PATHS -> List.of(KleeneSolver.TILE_PIN, KleeneSolver.REST_LAUNCHES_PIN);
            case DATAFLOW -> List.of(KleeneSolver.TILE_PIN, DataflowLaunch.BLOCKS_PER_SM_PIN);
            case PACKED16 -> List.of(Packed16Solver.TILE_PIN, DataflowLaunch.BLOCKS_PER_SM_PIN);
            case KLEENE_PACKED16 -> List.of(KleenePacked16Solver.GROUPED_ROUNDS_PIN, KleeneSolver.REST_LAUNCHES_PIN);
            default -> List.of();
        };
    }

    /**
     * Refuses a -D pin set to a value it does not take, in one line ("-Dfwbench.kleene.tile takes
     * 64 or 128, not '7'"): the commands check before they plan a run with it.
     *
     * @throws IllegalArgumentException naming the first such pin
     */
    public static void checkLaunchPins() {
        Arrays.stream(values()).flatMap(v -> pins(v).stream()).distinct().forEach(LaunchPin::value);
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
        return Arrays.stream(values()).filter(Variant::takesRealWeights).map(Variant::id).collect(Collectors.joining(", "));
    }

    /** Whether the variant takes graphs with negative edge weights (and no negative cycle). */
    public boolean takesNegativeWeights() {
        return NEGATIVE_WEIGHTS.contains(this);
    }

    /** The ids of the variants that span GPUs, in story order, for messages: "kleene-bands". */
    public static String spanningVariants() {
        return Arrays.stream(values()).filter(Variant::spansDevices).map(Variant::id).collect(Collectors.joining(", "));
    }

    /**
     * For a variant that spans GPUs, the single-GPU variant it splits into bands (kleene for
     * kleene-bands): the report's scaling holds it against that one on one GPU. Empty for the others.
     */
    public Optional<Variant> oneDeviceCounterpart() {
        return Optional.ofNullable(ONE_DEVICE_COUNTERPART.get(this));
    }

    /**
     * Why this variant cannot take a graph with negative weights (it does not take them at all, or
     * they are too far from 0 for its INF at this n: {@link NegativeWeights#bounds}); empty when it
     * can, and for graphs with weights >= 0. Needs no device.
     */
    public Optional<String> negativeWeightRefusal(Graph graph) {
        try {
            NegativeWeights.bounds(this, SolverConfig.of(graph));
            return Optional.empty();
        } catch (UnsupportedInputException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** The ids of the variants that take negative weights, in story order, for messages: "kleene, dataflow, kleene-paths". */
    public static String negativeWeightVariants() {
        return Arrays.stream(values()).filter(Variant::takesNegativeWeights).map(Variant::id).collect(Collectors.joining(", "));
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
        return factory.apply(config);
    }

    /** Finds a variant by id or constant name, ignoring case; the message lists valid names. */
    public static Variant parse(String text) {
        String t = text.trim();
        for (Variant v : values()) {
            if (v.id.equalsIgnoreCase(t) || v.name().equalsIgnoreCase(t.replace('-', '_'))) return v;
        }
        throw new IllegalArgumentException("unknown variant '" + text + "'; variants: " + ids());
    }

    /** The variant whose constant name is exactly {@code constant} ("BLOCKED", as results files name it); empty if none. */
    public static Optional<Variant> forConstant(String constant) {
        return Arrays.stream(values()).filter(v -> v.name().equals(constant)).findFirst();
    }

    /** Every variant once, in the order {@code solve} tries them for a graph of n vertices: GPU variants fastest first, then CPU variants. */
    public static List<Variant> solvePreference(int n) {
        if (n < KLEENE_PACKED16_FIRST_FROM_N) return SOLVE_PREFERENCE;
        List<Variant> order = new ArrayList<>(SOLVE_PREFERENCE);
        order.remove(KLEENE_PACKED16);
        order.add(order.indexOf(PACKED16), KLEENE_PACKED16);
        return List.copyOf(order);
    }

    /** All ids in story order, comma separated. */
    public static String ids() {
        return Arrays.stream(values()).map(Variant::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
