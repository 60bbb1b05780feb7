package fwbench.variant;

import fwbench.graph.Distances;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The one registry of Floyd-Warshall variants, in the order of the optimization story, fastest last. The
 * benchmark (its {@code variant} parameter), the tests, the report (labels, row order) and the
 * planner of a run all read it from here; adding a variant is one kernels/*.cu file, one solver
 * class and one constant. "Report 000" to "report 004" are the course reports the first variants
 * follow (docs/reports.md).
 */
public enum Variant {
    //          id             backend      kernels       matrices  default max n  output               solver
    NAIVE("naive", Backend.GPU, "01_naive", 2, Variant.REPORT_SIZES, Output.DISTANCES, NaiveSolver::new,
            "one launch per k, global memory only (every report's baseline)"),
    BLOCKED("blocked", Backend.GPU, "02_blocked", 2, Variant.REPORT_SIZES, Output.DISTANCES, BlockedSolver::blocked,
            "3-phase blocked, 32x32 shared-memory tiles (reports 000, 004)"),
    BLOCKED_REG("blocked-reg", Backend.GPU, "03_blocked_reg", 2, Variant.REPORT_SIZES, Output.DISTANCES, BlockedSolver::blockedReg,
            "blocked with register minima, one barrier per step, 16-byte operand loads (report 001)"),
    BATCHED("batched", Backend.GPU, "04_batched", 2, Variant.REPORT_SIZES, Output.DISTANCES, BatchedSolver::new,
            "6x6 tiles of 32x32 per phase-3 block, 6 per phase-2 block, 48 KB shared (report 001)"),
    TILED_4X4("tiled-4x4", Backend.GPU, "05_tiled_4x4", 2, Variant.REPORT_SIZES, Output.DISTANCES, Tiled4x4Solver::new,
            "64x64 tiles, 256 threads, 4x4 register micro-tiles, staged pivot row and column (report 002)"),
    PATHS("paths", Backend.GPU, "06_paths", 3, Variant.REPORT_SIZES, Output.PATHS, PathsSolver::new,
            "distances and the intermediate-node matrix for path queries (report 003)"),
    // dataflow before kleene although it reuses kleene's tile products: measured slower than
    // kleene's rounds on an H200 (kernels/NOTES.md), and the registry ends with the fastest, which
    // `solve` tries first
    DATAFLOW("dataflow", Backend.GPU, "08_dataflow", 2, Integer.MAX_VALUE, Output.DISTANCES, DataflowSolver::new,
            "kleene's tile products in one persistent kernel: each tile waits for its inputs, not for a round") {
        @Override
        public int padTo() {
            return KleeneSolver.PAD;
        }

        @Override
        public long deviceBytes(int n) {
            return super.deviceBytes(n) + DataflowLaunch.deviceBytes(padded(n) / KleeneSolver.tileFor(n));
        }
    },
    KLEENE("kleene", Backend.GPU, "07_kleene", 2, Integer.MAX_VALUE, Output.DISTANCES, KleeneSolver::new,
            "blocked FW with phases 2 and 3 as register-tiled min-plus products, tile per n") {
        @Override
        public int padTo() {
            return KleeneSolver.PAD;
        }
    },
    PACKED16("packed16", Backend.GPU, "09_packed16", 3, Integer.MAX_VALUE, Output.DISTANCES, Packed16Solver::new,
            "dataflow on 16-bit distances, two per word (__viaddmin_s16x2); distances must stay below 16383") {
        @Override
        public int padTo() {
            return Packed16Solver.PAD;
        }

        @Override
        public long deviceBytes(int n) {
            return super.deviceBytes(n) + DataflowLaunch.deviceBytes(padded(n) / Packed16Solver.tileFor(n));
        }
    },
    CPU_SERIAL("cpu-serial", Backend.CPU, null, 0, 1_000, Output.DISTANCES, CpuSerialSolver::new,
            "single-thread Java, k-i-j loops"),
    CPU_BLOCKED("cpu-blocked", Backend.CPU, null, 0, 2_500, Output.DISTANCES, CpuBlockedSolver::new,
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

    private final String id;
    private final Backend backend;
    private final String kernelModule;
    private final int deviceMatrices;
    private final int defaultMaxN;
    private final Output output;
    private final Function<SolverConfig, Solver> factory;
    private final String description;

    Variant(String id, Backend backend, String kernelModule, int deviceMatrices, int defaultMaxN, Output output,
            Function<SolverConfig, Solver> factory, String description) {
        this.id = id;
        this.backend = backend;
        this.kernelModule = kernelModule;
        this.deviceMatrices = deviceMatrices;
        this.defaultMaxN = defaultMaxN;
        this.output = output;
        this.factory = factory;
        this.description = description;
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

    /** The kernels/*.cu file (without extension) this variant's kernels come from; null for CPU variants. */
    public String kernelModule() {
        return kernelModule;
    }

    /**
     * Largest n the default plan runs this variant at (where one solve takes seconds, not minutes);
     * naming the variant with -p variant=... lifts it.
     */
    public int defaultMaxN() {
        return defaultMaxN;
    }

    /** Whether solvers of this variant are {@link PathSolver}s. */
    public boolean producesPaths() {
        return output == Output.PATHS;
    }

    /**
     * Matrices on the device are padded to a multiple of this (1: no padding); a tiled variant
     * whose kernels skip bounds checks overrides it.
     */
    public int padTo() {
        return 1;
    }

    /** n rounded up to {@link #padTo()}: the rows (and ints per row) of this variant's matrices. */
    public int padded(int n) {
        int pad = padTo();
        return (n + pad - 1) / pad * pad;
    }

    /** Device memory a solve of n vertices needs: its int32 matrices (input, work, extras), padded. */
    public long deviceBytes(int n) {
        long side = padded(n);
        return deviceMatrices * 4L * side * side;
    }

    /**
     * The largest n (up to {@link Distances#MAX_N}) whose solve needs at most {@code bytes} of device
     * memory, 0 if none. Walks down from the unpadded bound, since padding and the dataflow item list
     * only add to the matrices (and their tile, so their size, is not monotone in n).
     */
    public int largestN(long bytes) {
        int n = (int) Math.min(Distances.MAX_N, Math.floor(Math.sqrt(bytes / (deviceMatrices * 4.0))));
        while (n > 0 && deviceBytes(n) > bytes) n--;
        return n;
    }

    public String description() {
        return description;
    }

    /** Builds a solver holding the graph (on the device for GPU variants). */
    public Solver create(SolverConfig config) {
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

    /** All ids in registry order, comma separated. */
    public static String ids() {
        return Arrays.stream(values()).map(Variant::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
