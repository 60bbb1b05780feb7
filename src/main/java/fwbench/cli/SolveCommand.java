package fwbench.cli;

import fwbench.cuda.CudaContext;
import fwbench.cuda.Gpu;
import fwbench.graph.Graph;
import fwbench.graph.NegativeCycle;
import fwbench.graph.RealFloydWarshall;
import fwbench.graph.RealGraph;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.graph.ShortestPaths;
import fwbench.graph.io.GraphFile;
import fwbench.graph.io.GraphFileException;
import fwbench.graph.io.GraphFiles;
import fwbench.graph.io.Solution;
import fwbench.graph.io.SolutionFiles;
import fwbench.tuning.LaunchTuning;
import fwbench.tuning.TuningMode;
import fwbench.run.DeviceMemoryCheck;
import fwbench.run.HeapCheck;
import fwbench.run.RunArguments;
import fwbench.usage.JarCommand;
import fwbench.usage.UsageException;
import fwbench.cuda.DeviceFault;
import fwbench.variant.kernelfile.KernelFile;
import fwbench.variant.kernelfile.KernelFileException;
import fwbench.variant.core.PathSolver;
import fwbench.variant.core.RealSolver;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;
import fwbench.variant.SolveOrder;
import fwbench.variant.Variant;
import fwbench.verify.PathCheck;
import fwbench.verify.Verification;
import fwbench.verify.VerificationFailure;
import jcuda.CudaException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code solve --graph FILE --out FILE [--variant V] [--paths] [--force] [--no-verify]}: all-pairs
 * shortest paths of a graph file, written as distances (and, with --paths, the intermediate-node
 * matrix) for {@code path} and other programs.
 *
 * <p>Order of work, so that a mistake costs nothing: the options and the output's folder are
 * checked, the graph is read in full (every bad line refused; its edges, not yet its matrix), the
 * variant is chosen and the device memory and the heap checked, and only then is any matrix allocated; the output appears
 * under its name only once complete and verified. A negative cycle or a wrong answer writes nothing.
 */
@Command(name = "solve", sortOptions = false,
        description = "Computes all-pairs shortest paths of a graph file on the GPU (on the CPU without one), verifies them, "
                + "and writes the distances: binary, or text if the --out name ends in .txt (layout: docs/solve.md, 'Output files').",
        footer = {"", "Graph files: .gr (DIMACS), .mtx (MatrixMarket), .edges (u v w per line), .dense (n rows of n weights), each may be .gz.",
                "Exit codes: 0 written; 1 no answer written (negative cycle, failed verification, write error); 2 bad input."})
public final class SolveCommand implements Callable<Integer> {

    /** --variant value for the CPU reference (ReferenceFloydWarshall), beside the registry's variants. */
    static final String REFERENCE = "reference";

    /** How often a long stage says it is still running. */
    static final long TICK_MILLIS = 5_000;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
    boolean help;

    @Option(names = "--graph", required = true, paramLabel = "FILE", description = "the graph file")
    Path graphFile;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "where the distances go (FILE.txt: text; any other name: binary)")
    Path outFile;

    @Option(names = "--variant", paramLabel = "V",
            description = "a variant, named as for the benchmark's -p variant, or 'reference' (the CPU oracle); default: the fastest GPU variant that takes the graph, cpu-blocked without a GPU")
    String variantName;

    @Option(names = "--paths", description = "also write the intermediate-node matrix, so that 'path' can rebuild routes")
    boolean paths;

    @Option(names = "--force", description = "replace --out if it exists (by default an existing file is never overwritten)")
    boolean force;

    @Option(names = "--no-verify", description = "write the result without checking it first")
    boolean noVerify;

    @Spec
    CommandSpec spec;

    private Progress progress;
    /** -Dfwbench.tuning: whether the cached launch choices are read (not in mode table). */
    private TuningMode tuning;

    @Override
    public Integer call() throws UsageException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        progress = new Progress(err, "fwbench solve: ", TICK_MILLIS);

        // every check that needs no graph comes first, then the graph's own: a mistake is the only line printed
        Optional<Variant> requested = checkOptions();
        GraphFile file = readGraph();
        List<String> notes = new ArrayList<>();
        List<Variant> candidates = chooseVariants(requested, file, notes);
        progress.line(file.summary() + ", read in " + progress.lastTime());
        notes.forEach(progress::line);

        Optional<Solution> solution = solve(candidates, requested.isPresent(), file, err);
        if (solution.isEmpty()) return 1;
        if (!write(solution.get(), err)) return 1;
        sayWhatWasWritten(file, solution.get(), out);
        return 0;
    }

    // ---- the steps of call() ----

    /** The variant named with --variant, if any, once it can run here and the output can be written. */
    private Optional<Variant> checkOptions() throws UsageException {
        tuning = RunArguments.tuningMode(null);
        RunArguments.checkLaunchPins();
        Optional<Variant> requested = parseVariant(variantName);
        if (requested.isPresent()) checkRunnable(requested.get());
        checkTarget(outFile, graphFile, force);
        return requested;
    }

    /**
     * The variants to try in order (empty: the CPU reference), each choice said in a note; refuses
     * a named variant the graph's weights rule out, and a first GPU variant that does not fit (the
     * default's first gives way to the next that fits, if one does).
     */
    private List<Variant> chooseVariants(Optional<Variant> requested, GraphFile file, List<String> notes) throws UsageException {
        if (requested.isPresent() && file.realWeights() && !requested.get().takesRealWeights()) {
            throw new UsageException(requested.get() + " takes integer weights only, and " + graphFile + " has real ones (not all whole numbers): use --variant "
                    + Variant.realWeightVariants() + ", or leave out --variant");
        }
        if (requested.isPresent() && file.negativeWeights() && !requested.get().takesNegativeWeights()) {
            throw new UsageException(requested.get() + " needs edge weights >= 0 (it adds INF like any other number) and " + graphFile
                    + " has negative ones; use --variant " + (file.realWeights() ? "" : Variant.negativeWeightVariants() + " (on a GPU), ")
                    + "reference, or leave out --variant");
        }
        boolean reference = REFERENCE.equalsIgnoreCase(variantName == null ? "" : variantName.trim());
        List<Variant> candidates = reference ? List.of() : requested.map(List::of).orElseGet(() -> defaultCandidates(file, notes));
        if (requested.isEmpty() && !candidates.isEmpty() && candidates.get(0).gpu()) {
            candidates = DeviceMemoryCheck.fromFirstThatFits(candidates, file.n(), CudaContext.get().memoryInfo()[0], notes);
        }
        if (!candidates.isEmpty() && candidates.get(0).gpu()) requireDeviceMemory(candidates.get(0), file.n());
        if (candidates.isEmpty()) requireReferenceHeap(file);
        else requireHeap(candidates.get(0), file);
        return candidates;
    }

    /**
     * The verified solution: from the first candidate that takes the graph, else from the CPU
     * reference. Empty when there is none to write (a negative cycle, a failed verification), said on stderr.
     */
    private Optional<Solution> solve(List<Variant> candidates, boolean named, GraphFile file, PrintWriter err) throws UsageException {
        try {
            Optional<Solution> solved = solveWithCandidates(candidates, named, file, err);
            if (solved.isPresent()) return solved;
            return file.realWeights() ? solveWithRealReference(file, err) : solveWithReference(file, err);
        } catch (NegativeCycleFound e) {
            return Optional.empty();  // named on stderr already
        } catch (VerificationFailure | DeviceFault e) {
            err.println("fwbench solve: " + e.getMessage() + "; nothing written");
            err.flush();
            return Optional.empty();
        }
    }

    /** Writes --out; false after a write error, said on stderr. */
    private boolean write(Solution solution, PrintWriter err) throws UsageException {
        try {
            progress.timed("writing " + outFile + " (" + outputForm(solution) + ")", () -> {
                makeFolderOf(outFile);
                SolutionFiles.write(outFile, solution, force);
                return null;
            });
            return true;
        } catch (FileAlreadyExistsException e) {
            throw new UsageException(outFile + " appeared while solving; nothing written (--force replaces it)");
        } catch (IOException e) {
            err.println("fwbench solve: cannot write " + outFile + ": " + e.getMessage() + "; nothing written");
            err.flush();
            return false;
        }
    }

    private void sayWhatWasWritten(GraphFile file, Solution solution, PrintWriter out) {
        String distances = solution.isReal() ? "float32 distances" : "distances";
        out.println("wrote " + outFile + ": " + (paths ? distances + " and intermediate nodes" : distances) + " of " + graphFile
                + " (n=" + solution.n() + ", " + outputForm(solution) + ", vertices numbered from " + file.firstVertex() + ")");
        if (paths) out.println("rebuild a route with: " + JarCommand.line("path", outFile.toString()) + " FROM TO");
        out.flush();
    }

    /** "text", or "binary, N bytes". */
    private String outputForm(Solution solution) {
        return SolutionFiles.isText(outFile) ? "text"
                : String.format(Locale.ROOT, "binary, %,d bytes", SolutionFiles.binaryBytes(solution.n(), paths, solution.isReal()));
    }

    // ---- choosing how to solve ----

    /** The variant named with --variant (empty for none, or for 'reference'); unknown names are refused with the list. */
    static Optional<Variant> parseVariant(String name) throws UsageException {
        if (name == null || name.trim().equalsIgnoreCase(REFERENCE)) return Optional.empty();
        try {
            return Optional.of(Variant.resolve(name));
        } catch (KernelFileException e) {
            throw new UsageException(e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown variant '" + name + "'; variants: " + Variant.ids() + ", " + REFERENCE + "; " + KernelFile.CHOICE);
        }
    }

    /**
     * The variants the default tries for n vertices, in order: the GPU variants (when there is a
     * device), then the CPU variants, each in the registry's {@link SolveOrder#preference(int)}.
     * With --paths only variants that produce the intermediate-node matrix, without it only those
     * that do not (recording intermediates costs time). The one place that decides the default.
     */
    static List<Variant> defaultOrder(boolean paths, boolean gpu, int n) {
        List<Variant> order = new ArrayList<>();
        if (gpu) SolveOrder.preference(n).stream().filter(v -> v.gpu() && v.producesPaths() == paths).forEach(order::add);
        SolveOrder.preference(n).stream().filter(v -> !v.gpu() && v.producesPaths() == paths).forEach(order::add);
        return order;
    }

    /** Refuses a named variant that cannot run here, or cannot give what was asked for. */
    private void checkRunnable(Variant v) throws UsageException {
        Gpu.Probe probe = Gpu.probe();
        if (v.gpu() && !probe.available()) {
            throw new UsageException(v + " needs a CUDA device, and there is none (" + probe.reason() + "); leave out --variant to solve on the CPU");
        }
        if (paths && !v.producesPaths()) {
            throw new UsageException(v + " computes distances only; with --paths use " + pathChoices() + " (or leave out --variant)");
        }
    }

    /** The variants the default tries, in order; empty for the CPU reference (each choice said in a line). */
    private List<Variant> defaultCandidates(GraphFile file, List<String> notes) {
        Gpu.Probe probe = Gpu.probe();
        List<Variant> order = defaultOrder(paths, probe.available(), file.n());
        if (file.negativeWeights()) return negativeWeightCandidates(order, file, probe, notes);
        if (file.realWeights()) return realWeightCandidates(order, probe, notes);
        if (order.isEmpty()) {
            notes.add("--paths: no variant " + (probe.available() ? "in this build" : "that runs without a GPU (" + probe.reason() + ")")
                    + " computes the intermediate-node matrix: solving with the CPU reference, which does");
        } else if (!probe.available()) {
            notes.add("no CUDA device (" + probe.reason() + "): solving on the CPU");
        }
        return order;
    }

    /**
     * The default's variants that take negative weights (on a GPU: kleene, dataflow, kleene-paths);
     * empty for the CPU reference, said in a note.
     */
    private List<Variant> negativeWeightCandidates(List<Variant> order, GraphFile file, Gpu.Probe probe, List<String> notes) {
        List<Variant> negative = file.realWeights() ? List.of() : order.stream().filter(Variant::takesNegativeWeights).toList();
        if (negative.isEmpty()) {
            String why = file.realWeights() ? "no variant takes real weights of either sign"
                    : !probe.available() ? "the variants that take them (" + Variant.negativeWeightVariants() + ") need a CUDA device (" + probe.reason() + ")"
                    : "no variant in this build takes them" + (paths ? " with --paths" : "");
            notes.add(graphFile + " has negative weights and " + why + ": solving with the " + (file.realWeights() ? "float64 " : "")
                    + "CPU reference, which tests for INF");
        }
        return negative;
    }

    /** The default's variants that take real weights (kleene-f32 on a GPU); empty for the float64 CPU reference, said in a note. */
    private List<Variant> realWeightCandidates(List<Variant> order, Gpu.Probe probe, List<String> notes) {
        List<Variant> real = order.stream().filter(Variant::takesRealWeights).toList();
        if (!real.isEmpty()) return real;
        if (!probe.available()) {
            notes.add("no CUDA device (" + probe.reason() + "): solving " + graphFile + "'s real weights with the float64 CPU reference");
        } else {
            notes.add("--paths: no variant that takes real weights (" + Variant.realWeightVariants()
                    + ") computes the intermediate-node matrix: solving with the float64 CPU reference, which does");
        }
        return real;
    }

    static String pathChoices() {
        String variants = Arrays.stream(Variant.values()).filter(Variant::producesPaths).map(Variant::id).collect(Collectors.joining(", "));
        return variants.isEmpty() ? REFERENCE : variants + " or " + REFERENCE;
    }

    /** Refuses, with the bytes needed and free, a graph whose matrices do not fit in device memory beside the reserve. */
    private void requireDeviceMemory(Variant v, int n) throws UsageException {
        CudaContext cuda = CudaContext.get();
        DeviceMemoryCheck.requireFits(v, n, graphFile.toString(), cuda.device().name(), cuda.memoryInfo()[0], DeviceMemoryCheck.Units.BYTES);
    }

    /** Refuses, with the largest n that fits and the -Xmx that would do, a graph whose solve with v does not fit in the heap. */
    private void requireHeap(Variant v, GraphFile file) throws UsageException {
        if (file.realWeights()) {
            // the float32 answer read back, and while it is checked the float64 reference's matrix
            HeapCheck.requireRealFits(v.toString(), "its float32 answer and the float64 reference's n x n matrix", Float.BYTES + Double.BYTES,
                    file.n(), graphFile.toString(), file.heapBytes(), HeapCheck.Heap.thisJvm("solve ..."));
            return;
        }
        HeapCheck.requireFits(v, file.n(), graphFile.toString(), file.heapBytes(), HeapCheck.Heap.thisJvm("solve ..."));
    }

    private void requireReferenceHeap(GraphFile file) throws UsageException {
        if (file.realWeights()) {
            // its float64 distances (and intermediate nodes), then the float32 answer written
            HeapCheck.requireRealFits("the float64 CPU reference", "its float64" + (paths ? ", int32" : "") + " and float32 n x n matrices",
                    RealFloydWarshall.heapBytesPerCell(paths) + Float.BYTES, file.n(), graphFile.toString(), file.heapBytes(), HeapCheck.Heap.thisJvm("solve ..."));
            return;
        }
        HeapCheck.requireReferenceFits(paths, file.n(), graphFile.toString(), file.heapBytes(), HeapCheck.Heap.thisJvm("solve ..."));
    }

    // ---- the work ----

    private GraphFile readGraph() throws UsageException {
        try {
            return progress.timed("reading " + graphFile, false, () -> GraphFiles.read(graphFile));
        } catch (GraphFileException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * The solution of the first candidate that takes the graph; empty when none does (each refusal
     * said, the next tried). A variant named with --variant that refuses it is the user's mistake.
     */
    private Optional<Solution> solveWithCandidates(List<Variant> candidates, boolean named, GraphFile file, PrintWriter err)
            throws UsageException, NegativeCycleFound {
        for (int c = 0; c < candidates.size(); c++) {
            Variant v = candidates.get(c);
            if (v.gpu()) requireDeviceMemory(v, file.n());
            requireHeap(v, file);
            SolverConfig config = tunedChoice(v, file.realWeights() ? SolverConfig.of(file.realGraph()) : SolverConfig.of(file.graph()));
            Solver solver;
            try {
                solver = progress.timed(v.gpu() ? "copying the graph to the device for " + v + " (" + CudaContext.get().device().name() + ")"
                        : "preparing " + v, v.gpu(), () -> v.create(config));
            } catch (UnsupportedInputException e) {
                // a variant with limits (say, 16-bit distances) refuses what it cannot represent
                if (named) throw new UsageException(e.getMessage());
                progress.line(v + " cannot take this graph (" + e.getMessage() + "): "
                        + (c + 1 < candidates.size() ? "trying " + candidates.get(c + 1) : "solving with the CPU reference"));
                continue;
            }
            return Optional.of(solveWith(v, solver, file, err));
        }
        return Optional.empty();
    }

    /**
     * The configuration with the launch choice tuned for this variant on this device by an earlier
     * benchmark run, where the cache holds one (said in a line); solve never runs a tuning pass
     * itself: it is one solve, not a benchmark.
     */
    private SolverConfig tunedChoice(Variant v, SolverConfig config) {
        if (!v.gpu() || tuning == TuningMode.TABLE) return config;
        return new LaunchTuning(LaunchTuning.defaultCacheFile(), progress::line).cached(v, config);
    }

    /** A variant's solve found a negative cycle, which is named on stderr: there is nothing to write. */
    private static final class NegativeCycleFound extends Exception {
    }

    /** The verified solution of one variant. */
    private Solution solveWith(Variant v, Solver solver, GraphFile file, PrintWriter err) throws NegativeCycleFound {
        try (solver) {
            try {
                progress.timed("solving with " + v, () -> {
                    solver.reset();
                    solver.solve();
                    return null;
                });
            } catch (CudaException e) {
                throw DeviceFault.of(v.kernelFile().map(KernelFile::given).orElse(v.id()), file.n(), e);
            }
            String gpuTime = solver.lastSolveGpuMillis().isPresent()
                    ? String.format(Locale.ROOT, " (GPU time %.1f ms)", solver.lastSolveGpuMillis().getAsDouble()) : "";
            progress.line("solved in " + progress.lastTime() + gpuTime);
            OptionalLong negative = solver.negativeCycleCell();
            if (negative.isPresent()) {
                int i = (int) (negative.getAsLong() / file.n());
                reportNegativeCycle(file, i, "the solve on the device ends with a distance from vertex " + (i + file.firstVertex())
                        + " below any path's length", err);
                throw new NegativeCycleFound();
            }
            if (noVerify) {
                progress.line("not verified (--no-verify)");
            } else {
                String how = progress.timed("verifying", () -> file.realWeights() ? Verification.checkReal((RealSolver) solver, file.realGraph())
                        : Verification.check(solver, file.graph()));
                progress.line("verified in " + progress.lastTime() + ": " + how);
            }
            if (file.realWeights()) return Solution.real(file.n(), file.firstVertex(), ((RealSolver) solver).realDistances(), null);
            int[] distances = solver.distances();
            int[] intermediates = paths ? ((PathSolver) solver).intermediates() : null;
            return new Solution(file.n(), file.firstVertex(), distances, intermediates);
        }
    }

    private Optional<Solution> solveWithReference(GraphFile file, PrintWriter err) throws UsageException {
        requireReferenceHeap(file);
        Graph graph = file.graph();
        int n = graph.n();
        int[] distances;
        ShortestPaths withPaths = null;
        String stage = "solving with the CPU reference (ReferenceFloydWarshall, " + Runtime.getRuntime().availableProcessors() + " threads)";
        if (paths) {
            withPaths = progress.timed(stage, () -> ReferenceFloydWarshall.shortestPaths(graph));
            distances = withPaths.distances();
        } else {
            distances = progress.timed(stage, () -> ReferenceFloydWarshall.distances(graph));
        }
        progress.line("solved in " + progress.lastTime());
        int diagonal = negativeDiagonal(n, distances);
        if (diagonal >= 0) {
            reportNegativeCycle(file, diagonal, "vertex " + (diagonal + file.firstVertex()) + " has a negative distance to itself", err);
            return Optional.empty();
        }
        if (noVerify) {
            progress.line("not verified (--no-verify)");
        } else if (paths) {
            ShortestPaths result = withPaths;
            String how = progress.timed("verifying", () -> checkSampledPaths(graph, result));
            progress.line("verified in " + progress.lastTime() + ": " + how);
        } else {
            progress.line("not re-checked: the CPU reference is the oracle the variants are checked against (itself tested against JGraphT)");
        }
        return Optional.of(new Solution(n, file.firstVertex(), distances, paths ? withPaths.intermediates() : null));
    }

    /**
     * Names a negative cycle of the graph on stderr (found on the CPU by {@link NegativeCycle}),
     * after a solve that showed one: {@code evidence} says how, {@code vertex} reaches the cycle.
     */
    private void reportNegativeCycle(GraphFile file, int vertex, String evidence, PrintWriter err) {
        Graph graph = file.graph();
        Optional<List<Integer>> cycle = progress.timed(evidence + ": looking for the negative cycle", () -> NegativeCycle.find(graph));
        String what = cycle.map(c -> "negative cycle " + describeCycle(c, file.firstVertex()) + " of length " + NegativeCycle.length(graph, c))
                .orElse("vertex " + (vertex + file.firstVertex()) + " reaches a cycle of negative length");
        err.println("fwbench solve: " + graphFile + " has a " + what + " (vertices numbered as in the file): shortest paths are undefined; nothing written");
        err.flush();
    }

    /**
     * Solves a graph of real weights with the float64 CPU reference, and writes its distances as
     * float32; a negative distance from a vertex to itself (a negative cycle) writes nothing.
     */
    private Optional<Solution> solveWithRealReference(GraphFile file, PrintWriter err) throws UsageException {
        requireReferenceHeap(file);
        RealGraph graph = file.realGraph();
        int n = graph.n();
        int[] intermediates = paths ? new int[n * n] : null;
        String stage = "solving with the float64 CPU reference (RealFloydWarshall, " + Runtime.getRuntime().availableProcessors() + " threads)";
        double[] distances = progress.timed(stage, () -> paths ? RealFloydWarshall.distances(graph, intermediates) : RealFloydWarshall.distances(graph));
        progress.line("solved in " + progress.lastTime());
        for (int v = 0; v < n; v++) {
            if (distances[v * n + v] < 0) {
                err.println("fwbench solve: " + graphFile + ": vertex " + (v + file.firstVertex()) + " reaches a cycle of negative length "
                        + "(vertices numbered as in the file): shortest paths are undefined; nothing written");
                err.flush();
                return Optional.empty();
            }
        }
        if (noVerify) {
            progress.line("not verified (--no-verify)");
        } else if (paths) {
            String how = progress.timed("verifying", () -> checkSampledRealPaths(graph, distances, intermediates));
            progress.line("verified in " + progress.lastTime() + ": " + how);
        } else {
            progress.line("not re-checked: the float64 CPU reference is the oracle kleene-f32 is checked against");
        }
        float[] written = new float[distances.length];
        for (int c = 0; c < written.length; c++) written[c] = (float) distances[c];
        return Optional.of(Solution.real(n, file.firstVertex(), written, intermediates));
    }

    /** Rebuilds sampled paths from the float64 reference's intermediate-node matrix and checks each against the graph. */
    static String checkSampledRealPaths(RealGraph graph, double[] distances, int[] intermediates) {
        int n = graph.n();
        long all = (long) n * n, checked = Math.min(SAMPLED_PATHS, all);
        SplittableRandom random = new SplittableRandom(n);
        for (long s = 0; s < checked; s++) {
            long cell = all <= SAMPLED_PATHS ? s : random.nextLong(all);
            Optional<String> problem = PathCheck.realProblem(graph, distances, intermediates, (int) (cell / n), (int) (cell % n));
            if (problem.isPresent()) throw new VerificationFailure("the float64 CPU reference's intermediate-node matrix is wrong: " + problem.get());
        }
        return (all <= SAMPLED_PATHS ? "all " : "") + checked + (all <= SAMPLED_PATHS ? "" : " sampled")
                + " rebuilt paths are real paths as long as their distances (within float64 rounding)";
    }

    /** Pairs whose rebuilt path is checked after a reference solve with --paths. */
    static final int SAMPLED_PATHS = 2000;

    /** Rebuilds sampled paths from the reference's intermediate-node matrix and checks each against the graph. */
    static String checkSampledPaths(Graph graph, ShortestPaths result) {
        int n = graph.n();
        long all = (long) n * n, checked = Math.min(SAMPLED_PATHS, all);
        SplittableRandom random = new SplittableRandom(n);
        for (long s = 0; s < checked; s++) {
            long cell = all <= SAMPLED_PATHS ? s : random.nextLong(all);
            Optional<String> problem = PathCheck.problem(graph, result, (int) (cell / n), (int) (cell % n));
            if (problem.isPresent()) throw new VerificationFailure("the CPU reference's intermediate-node matrix is wrong: " + problem.get());
        }
        return (all <= SAMPLED_PATHS ? "all " : "") + checked + (all <= SAMPLED_PATHS ? "" : " sampled") + " rebuilt paths are real paths as long as their distances";
    }

    /** The first vertex whose distance to itself is negative, or -1. */
    static int negativeDiagonal(int n, int[] distances) {
        for (int v = 0; v < n; v++) if (distances[v * n + v] < 0) return v;
        return -1;
    }

    /** "3 -> 1 -> 2 -> 3", in the file's numbering; a long cycle is shortened in the middle. */
    static String describeCycle(List<Integer> cycle, int firstVertex) {
        List<String> shown = new ArrayList<>();
        int size = cycle.size();
        for (int s = 0; s <= size; s++) {
            if (size > 12 && s == 6) {
                shown.add("... (" + (size - 10) + " more)");
                s = size - 4;
            }
            shown.add(String.valueOf(cycle.get(s % size) + firstVertex));
        }
        return String.join(" -> ", shown);
    }

    // ---- the output ----

    /** Refuses, before any work, an output that exists (without --force) or a folder that cannot take it or be made. */
    static void checkTarget(Path out, Path graph, boolean force) throws UsageException {
        if (Files.isDirectory(out)) throw new UsageException(out + " is a folder; --out names the file to write");
        if (Files.exists(out)) {
            if (!force) throw new UsageException(out + " already exists; solve never overwrites a file unless given --force");
            try {
                if (Files.exists(graph) && Files.isSameFile(out, graph)) throw new UsageException("--out " + out + " is the graph file itself");
            } catch (IOException e) {
                throw new UsageException("cannot check " + out + ": " + e.getMessage());
            }
        }
        // a missing folder is made when the result is written (as -rff does for a run's results), so the
        // nearest folder that exists must be a folder and writable
        Path folder = out.toAbsolutePath().getParent();
        Path existing = folder;
        while (!Files.exists(existing)) existing = existing.getParent();
        if (!Files.isDirectory(existing)) {
            throw new UsageException("the folder of --out, " + folder + ", cannot be made: " + existing + " is a file");
        }
        if (!Files.isWritable(existing)) throw new UsageException("the folder of --out, " + existing + ", is not writable");
    }

    /** Makes the folder of --out where it is missing, once there is a result to write into it. */
    private static void makeFolderOf(Path out) throws IOException {
        Files.createDirectories(out.toAbsolutePath().getParent());
    }
}
