package fwbench.bench;

import fwbench.cuda.CudaContext;
import fwbench.graph.GeneratedGraph;
import fwbench.graph.GraphSpec;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.variant.Variant;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.small.SmallGraphsBatch;
import fwbench.verify.VerificationFailure;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * A batch of small graphs solved per invocation: {@code batch} graphs of n vertices, graph g the
 * "random" {@link GraphSpec} at n with seed + g. Its score is the time of one batch; graphs per second
 * are batch / time, relaxations per second batch x n^3 / time.
 *
 * <p>small-graphs solves the whole batch in one launch a size class ({@link SmallGraphsBatch}). Any other
 * variant solves the same graphs one after another, one solver per graph, all made (and their graphs
 * uploaded) at trial setup, so the timed method is the solves alone. Where a GPU variant's solvers for
 * the whole batch would not fit the device's free memory, one solver at a time is made instead: the
 * timed method then makes each graph's solver (its upload and reset included), solves and frees it,
 * and the time holds those uploads.
 *
 * <p>Per trial: the batch is built, solved once, and every graph is checked cell by cell against
 * {@link ReferenceFloydWarshall}; the first wrong cell ends the trial. Per invocation: the graphs'
 * matrices are restored (untimed), then {@link #solve()} solves the batch and returns when the device is done.
 * Not in the suite's default run: name it ({@code SmallGraphsBenchmark}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class SmallGraphsBenchmark {

    /** The variant that solves a batch in one launch. */
    public static final String BATCH_VARIANT = Variant.SMALL_GRAPHS.id();

    /** Graphs whose distances are held at once while the CPU checks them: 64 MiB of them at n = 512. */
    private static final int VERIFY_CHUNK = 64;

    /** Vertices of every graph of the batch. */
    @Param({"32", "64", "128", "256", "512"})
    public int n;

    /**
     * Graphs a batch: a number, or {@value AutoBatch#AUTO} (the default: the device filled several waves
     * deep, {@link AutoBatch}), which the suite's main resolves per n before the run so the results record the number.
     */
    @Param({AutoBatch.AUTO})
    public String batch;

    /** Graph g of the batch is generated with seed + g. */
    @Param({"" + GraphSpec.DEFAULT_SEED})
    public long seed;

    /** small-graphs (the batch in one launch), or any built-in variant by id (one graph after another). */
    @Param({"small-graphs"})
    public String variant;

    /** The device the run was made on, recorded in the results by the suite's main (not chosen by users). */
    @Param({""})
    public String device;

    private Variant resolved;
    /** The graphs of the batch: {@link #batch} as a number. */
    private int graphCount;
    private List<GeneratedGraph> graphs;
    private SmallGraphsBatch together;
    private final List<Solver> solvers = new ArrayList<>();
    /** One solver at a time, made in the timed method: the solvers of the whole batch do not fit the device. */
    private boolean oneAtATime;
    private double gpuMillis;

    /** The batch's graphs: graph g is "random" at n with seed + g. */
    public static List<GeneratedGraph> graphs(int n, int batch, long seed) {
        List<GeneratedGraph> graphs = new ArrayList<>(batch);
        for (int g = 0; g < batch; g++) graphs.add(GraphSpec.RANDOM.instance(n, seed + g));
        return graphs;
    }

    /**
     * Refuses (IllegalArgumentException, one line) a batch below 1, and with small-graphs n above its
     * limit or a batch whose weights would not fit one Java array.
     */
    public static void check(Variant variant, int n, int batch) {
        if (batch < 1) throw new IllegalArgumentException("batch must be at least 1, got " + batch);
        if (n < 1) throw new IllegalArgumentException("n must be at least 1, got " + n);
        if (variant != Variant.SMALL_GRAPHS) return;
        SmallGraphsBatch.sizeClass(n);
        long cells = SmallGraphsBatch.cellsOf(n);
        if (batch * cells > SmallGraphsBatch.MAX_CELLS) {
            throw new IllegalArgumentException("a batch of " + batch + " graphs at n=" + n + " holds " + batch * cells + " weights, more than one Java array ("
                    + SmallGraphsBatch.MAX_CELLS + "): at most " + SmallGraphsBatch.MAX_CELLS / cells + " graphs at this n");
        }
    }

    @Setup(Level.Trial)
    public void prepare() {
        GpuTimeLedger.launchSettings(Map.of());  // a run without forks may hold the benchmark's before
        DeviceLabel.check(device);
        resolved = Variant.parse(variant);
        graphCount = AutoBatch.resolve(batch, n);
        check(resolved, n, graphCount);
        graphs = graphs(n, graphCount, seed);
        if (resolved == Variant.SMALL_GRAPHS) {
            together = new SmallGraphsBatch(graphs.stream().map(GeneratedGraph::weights).toList());
        } else {
            solvers.add(resolved.create(config(0)));
            long needed = solvers.get(0).deviceBytes() * (graphCount - 1L);
            oneAtATime = resolved.gpu() && needed > CudaContext.get().memoryInfo()[0] - Variant.DEVICE_RESERVE_BYTES;
            if (oneAtATime) {
                solvers.remove(0).close();
            } else {
                for (int g = 1; g < graphCount; g++) solvers.add(resolved.create(config(g)));
            }
        }
        long start = System.nanoTime();
        restore();
        solve();
        long solved = System.nanoTime();
        verifyAll();
        System.out.println("verified " + resolved.id() + " batch of " + graphCount + " graphs at n=" + n + ": every cell of every graph equals the CPU reference"
                + (oneAtATime ? " (one solver at a time, its upload timed)" : "")
                + String.format(Locale.ROOT, " (solve %.2f s, check %.2f s)", (solved - start) / 1e9, (System.nanoTime() - solved) / 1e9));
    }

    private SolverConfig config(int g) {
        return new SolverConfig(graphs.get(g), LaunchMode.GRAPH);
    }

    /** Graph g's distances after the last solve; one at a time, its solver solves it again here (untimed). */
    private int[] distances(int g) {
        if (together != null) return together.distances(g);
        if (!oneAtATime) return solvers.get(g).distances();
        try (Solver solver = resolved.create(config(g))) {
            solver.reset();
            solver.solve();
            return solver.distances();
        }
    }

    /**
     * Checks every graph's distances after the last solve, cell by cell; throws {@link VerificationFailure} at the first wrong cell.
     * The distances are read on this thread (the solvers' devices are current here), the references computed on every core, a
     * chunk of graphs at a time: one core's reference at n = 512 takes about a tenth of a second a graph.
     */
    void verifyAll() {
        for (int first = 0; first < graphCount; first += VERIFY_CHUNK) {
            int end = Math.min(graphCount, first + VERIFY_CHUNK);
            List<int[]> got = new ArrayList<>(end - first);
            for (int g = first; g < end; g++) got.add(distances(g));
            int from = first;
            IntStream.range(first, end).parallel().forEach(g -> verify(g, got.get(g - from)));
        }
    }

    private void verify(int g, int[] got) {
        int[] expected = ReferenceFloydWarshall.distances(graphs.get(g));
        for (int cell = 0; cell < expected.length; cell++) {
            if (got[cell] != expected[cell]) {
                throw new VerificationFailure(resolved.id() + " batch at n=" + n + ": graph " + g + " (seed " + (seed + g) + ") has "
                        + got[cell] + " at (" + cell / n + ", " + cell % n + "), the CPU reference " + expected[cell]);
            }
        }
    }

    @Setup(Level.Invocation)
    public void restore() {
        if (together != null) together.reset();
        else for (Solver solver : solvers) solver.reset();
    }

    @Benchmark
    public void solve() {
        if (together != null) {
            together.solve();
        } else if (oneAtATime) {
            gpuMillis = 0;
            for (GeneratedGraph graph : graphs) {
                try (Solver solver = resolved.create(new SolverConfig(graph, LaunchMode.GRAPH))) {
                    solver.reset();
                    solver.solve();
                    gpuMillis += solver.lastSolveGpuMillis().orElse(0);  // read here: the solver is gone after
                }
            }
        } else {
            for (Solver solver : solvers) solver.solve();
        }
    }

    @TearDown(Level.Invocation)
    public void recordGpuTime() {
        if (!resolved.gpu()) return;
        // the events are read after the timed method, except one at a time, whose solvers it frees
        if (together != null) gpuMillis = together.lastSolveGpuMillis().orElse(0);
        else if (!oneAtATime) gpuMillis = solvers.stream().mapToDouble(v -> v.lastSolveGpuMillis().orElse(0)).sum();
        long bytes = together != null ? together.deviceBytes() : solvers.stream().mapToLong(Solver::deviceBytes).sum();
        GpuTimeLedger.add(gpuMillis, (double) graphCount * n * n * n, bytes);
    }

    @TearDown(Level.Trial)
    public void release() {
        if (together != null) together.close();
        for (Solver solver : solvers) solver.close();
        solvers.clear();
    }
}
