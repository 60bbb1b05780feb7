package fwbench.bench;

import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.io.GraphFile;
import fwbench.graph.io.GraphFiles;
import fwbench.tuning.LaunchTuning;
import fwbench.tuning.TuningMode;
import fwbench.cuda.DeviceFault;
import fwbench.variant.kernelfile.KernelFile;
import fwbench.variant.KernelFiles;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.Variant;
import fwbench.verify.Verification;
import jcuda.CudaException;
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

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One all-pairs shortest-path solve per invocation, for each variant and n.
 *
 * <p>Per trial (one fork per variant and n): the graph is built (on the device for GPU variants),
 * a tile variant's launch choice is tuned on the device (in a JVM of its own, {@link TuningPassProcess})
 * or read from the cache ({@link LaunchTuning}),
 * the variant solves it once and is verified ({@link Verification}); a wrong answer ends the trial
 * with the first wrong cell. Per invocation: the working matrix is restored from the input
 * (untimed), then {@link #solve()} is timed; it returns only when the GPU is done (the stream's
 * flag in host memory says so, {@link fwbench.cuda.CompletionFlag}). The GPU time of
 * each solve (CUDA events) is reported beside JMH's score as {@code gpu.time} ({@link GpuTimeProfiler}).
 *
 * <p>Defaults fit the whole default run on an H100/H200 in under 10 minutes; every one of them can
 * be overridden on the command line (-f, -wi, -i, -w, -r, -p).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class FloydWarshallBenchmark {

    /**
     * Above this n a trial runs {@link #FEW_ITERATIONS} warm-up and measured iterations instead of the
     * annotations' (the suite's main sets them; -wi and -i still win): the sizes only the 64-bit tile
     * variants reach, where one solve takes seconds to minutes and the certificate as long again.
     */
    public static final int FEW_ITERATIONS_ABOVE_N = Distances.INT_INDEX_MAX_N;

    /** Warm-up iterations, and measured ones, of a trial above {@link #FEW_ITERATIONS_ABOVE_N}. */
    public static final int FEW_ITERATIONS = 1;

    /**
     * The variant: a built-in one by its constant name ("BLOCKED"), or a kernel file by its path
     * ("my_fw.cu"); the suite's main sets one a session.
     */
    @Param({})
    public String variant;

    /** The SHA-256 of a kernel file variant's source, set by the suite's main (empty for a built-in variant). */
    @Param({""})
    public String kernelSha256;

    /** Vertices; the reports' five sizes by default. */
    @Param({"1000", "2500", "5000", "7500", "10000"})
    public int n;

    /**
     * The input graph: a generator of {@link GraphSpec}, or a graph file (.gr, .mtx, .edges, .dense;
     * see {@link GraphFiles}), which sets n itself (the suite's planner passes the file's n).
     */
    @Param({"random"})
    public String graph;

    @Param({"" + GraphSpec.DEFAULT_SEED})
    public long seed;

    /** How a GPU solve's launches are issued: a replayed CUDA graph, or one by one from Java. */
    @Param({"GRAPH"})
    public LaunchMode launch;

    /**
     * The GPUs of the host a variant that spans devices (kleene-bands) splits one solve across:
     * "all", or the first N; the other variants run on device 0 (the planner refuses N > 1 for them).
     */
    @Param({SolverConfig.ALL_GPUS_TEXT})
    public String gpus;

    /** The device the run was made on, recorded in the results by the suite's main (not chosen by users). */
    @Param({""})
    public String device;

    private Solver solver;

    @Setup(Level.Trial)
    public void prepare() throws IOException, InterruptedException {
        GpuTimeLedger.launchSettings(Map.of());  // none until this trial's solver is verified (JMH tears a trial down before its last iteration is read)
        DeviceLabel.check(device);
        Variant resolved = KernelFile.names(variant)
                ? KernelFiles.load(variant.trim(), Optional.of(kernelSha256)) : Variant.forConstant(variant).orElseGet(() -> Variant.parse(variant));
        Graph input = input(graph, n, seed);
        SolverConfig config = new SolverConfig(input, launch).withGpus(SolverConfig.parseGpus(gpus));
        LaunchTuning tuning = new LaunchTuning(LaunchTuning.defaultCacheFile(), System.err::println);
        TuningMode mode = TuningMode.fromProperty();
        if (tuning.passDue(resolved, n, mode)) {
            // the pass runs in a JVM of its own and caches its choice, which this trial then reads
            Optional<LaunchChoice> chosen = TuningPassProcess.run(resolved, graph, n, seed, launch, gpus, mode);
            if (!tuning.passDue(resolved, n, TuningMode.TUNED)) {
                mode = TuningMode.TUNED;
            } else if (chosen.isPresent()) {  // not cached (the pass said why): this trial uses it all the same
                config = config.withChoice(chosen.get());
                System.err.println("tuning " + resolved + ": " + chosen.get().text() + " " + LaunchChoice.TUNED + ", for this trial only");
                mode = TuningMode.TABLE;
            } else {
                System.err.println("tuning " + resolved + ": the pass gave no choice (its line above), so the table's launch choice is used");
                mode = TuningMode.TABLE;
            }
        }
        config = tuning.forTrial(resolved, config, mode);
        solver = resolved.create(config);
        long start = System.nanoTime();
        try {
            solver.reset();
            solver.solve();
        } catch (CudaException e) {
            throw DeviceFault.of(resolved.kernelFile().map(KernelFile::given).orElse(resolved.id()), n, e);
        }
        long solved = System.nanoTime();
        String how = Verification.check(solver, input);
        // the check is an n^3 product of its own above the CPU reference's sizes: its cost is said, not hidden in the trial
        System.out.println("verified " + solver.describe() + " at n=" + n + ": " + how
                + String.format(Locale.ROOT, " (solve %.2f s, check %.2f s)", (solved - start) / 1e9, (System.nanoTime() - solved) / 1e9));
        GpuTimeLedger.launchSettings(solver.launchInEffect().named());
    }

    /**
     * The graph of a {@code graph} parameter at n vertices (seed for generated ones); a file's n must
     * be this n. Public for the profile command, which solves the benchmark's own input.
     */
    public static Graph input(String graph, int n, long seed) throws IOException {
        if (!GraphFiles.looksLikeFile(graph)) return GraphSpec.parse(graph).instance(n, seed);
        GraphFile read = GraphFiles.read(Path.of(graph.trim()));
        if (read.realWeights()) throw new IllegalStateException(graph + " has real weights; the benchmark runs integer graphs (solve takes it)");
        Graph file = read.graph();
        if (file.n() != n) {
            throw new IllegalStateException(graph + " has " + file.n() + " vertices but the benchmark runs at n=" + n
                    + " (run it with -p n=" + file.n() + "; the suite's main sets this itself)");
        }
        return file;
    }

    @Setup(Level.Invocation)
    public void restoreInput() {
        solver.reset();
    }

    @Benchmark
    public void solve() {
        solver.solve();
    }

    @TearDown(Level.Invocation)
    public void recordGpuTime() {
        double relaxations = (double) n * n * n;
        solver.lastSolveGpuMillis().ifPresent(ms -> GpuTimeLedger.add(ms, relaxations, solver.deviceBytes()));
    }

    @TearDown(Level.Trial)
    public void release() {
        if (solver != null) solver.close();
    }
}
