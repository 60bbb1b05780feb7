package fwbench.cli;

import fwbench.cuda.CudaContext;
import fwbench.graph.Graph;
import fwbench.graph.io.GraphFile;
import fwbench.graph.io.GraphFileException;
import fwbench.graph.io.GraphFiles;
import fwbench.graph.io.GraphFormat;
import fwbench.graph.io.Solution;
import fwbench.tuning.LaunchTuning;
import fwbench.tuning.TuningMode;
import fwbench.run.RunArguments;
import fwbench.usage.UsageException;
import fwbench.cuda.DeviceFault;
import fwbench.variant.kernelfile.KernelFile;
import fwbench.variant.core.PathSolver;
import fwbench.variant.core.RealSolver;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;
import fwbench.variant.Variant;
import fwbench.verify.Verification;
import fwbench.verify.VerificationFailure;
import jcuda.CudaException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;

/**
 * {@code solve --graph FILE --out FILE [--variant V] [--paths] [--undirected] [--force] [--no-verify]}: all-pairs
 * shortest paths of a graph file, written as distances (and, with --paths, the intermediate-node
 * matrix) for {@code path} and other programs.
 *
 * <p>Order of work, so that a mistake costs nothing: the options and the output's folder are
 * checked, the graph is read in full (every bad line refused; its edges, not yet its matrix), the
 * variant is chosen and the device memory and the heap checked, and only then is any matrix allocated; the output appears
 * under its name only once complete and verified. A negative cycle or a wrong answer writes nothing.
 * The choice of variants is {@link SolveVariants}'s, the CPU reference's solve {@link ReferenceSolve}'s
 * and the output file {@link SolveOutput}'s.
 */
@Command(name = "solve", sortOptions = false,
        description = "Computes all-pairs shortest paths of a graph file on the GPU (on the CPU without one), verifies them, "
                + "and writes the distances: binary, or text if the --out name ends in .txt (layout: docs/solve.md, 'Output files').",
        footer = {"", "Graph files: .gr (DIMACS), .mtx (MatrixMarket), .edges (u v w per line), .dense (n rows of n weights), each may be .gz.",
                "Exit codes: 0 written; 1 no answer written (negative cycle, failed verification, write error); 2 bad input."})
public final class SolveCommand implements Callable<Integer> {

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

    @Option(names = "--undirected", description = "read each edge of a .gr or .edges file both ways (as scipy's directed=False)")
    boolean undirected;

    @Option(names = "--force", description = "replace --out if it exists (by default an existing file is never overwritten)")
    boolean force;

    @Option(names = "--no-verify", description = "write the result without checking it first")
    boolean noVerify;

    @Spec
    CommandSpec spec;

    private Progress progress;
    /** -Dfwbench.tuning: whether the cached launch choices are read (not in mode table). */
    private TuningMode tuning;
    private SolveVariants variants;
    private ReferenceSolve reference;
    private SolveOutput output;

    @Override
    public Integer call() throws UsageException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        progress = new Progress(err, "fwbench solve: ", TICK_MILLIS);
        variants = new SolveVariants(graphFile, paths, variantName);
        reference = new ReferenceSolve(graphFile, paths, noVerify, progress, variants);
        output = new SolveOutput(outFile, graphFile, paths, force, progress);

        // every check that needs no graph comes first, then the graph's own: a mistake is the only line printed
        Optional<Variant> requested = checkOptions();
        GraphFile file = readGraph();
        List<String> notes = new ArrayList<>();
        List<Variant> candidates = variants.choose(requested, file, notes);
        progress.line(file.summary() + (undirected ? " (--undirected: each edge both ways)" : "") + ", read in " + progress.lastTime());
        notes.forEach(progress::line);

        Optional<Solution> solution = solve(candidates, requested.isPresent(), file, err);
        if (solution.isEmpty()) return 1;
        if (!output.write(solution.get(), err)) return 1;
        output.sayWhatWasWritten(file, solution.get(), out);
        return 0;
    }

    // ---- the steps of call() ----

    /** The variant named with --variant, if any, once it can run here and the output can be written. */
    private Optional<Variant> checkOptions() throws UsageException {
        tuning = RunArguments.tuningMode(null);
        RunArguments.checkLaunchPins();
        Optional<Variant> requested = SolveVariants.parse(variantName);
        if (requested.isPresent()) variants.checkRunnable(requested.get());
        SolveOutput.checkTarget(outFile, graphFile, force);
        if (undirected) checkUndirected();
        return requested;
    }

    /** Refuses --undirected for a format whose file already says which edges go both ways. */
    private void checkUndirected() throws UsageException {
        Path name = graphFile.getFileName();
        Optional<GraphFormat> format = name == null ? Optional.empty() : GraphFormat.forName(name.toString());
        if (format.isEmpty() || format.get().readsUndirected()) return;  // an unknown extension is refused when the file is read
        throw new UsageException("--undirected reads .gr and .edges files, whose lines are edges; " + graphFile + (format.get() == GraphFormat.MATRIX_MARKET
                ? " is MatrixMarket, whose banner says whether the matrix is symmetric (then each entry is an edge both ways)"
                : " is a dense matrix, which holds both directions of every pair already"));
    }

    /**
     * The verified solution: from the first candidate that takes the graph, else from the CPU
     * reference. Empty when there is none to write (a negative cycle, a failed verification), said on stderr.
     */
    private Optional<Solution> solve(List<Variant> candidates, boolean named, GraphFile file, PrintWriter err) throws UsageException {
        try {
            Optional<Solution> solved = solveWithCandidates(candidates, named, file, err);
            if (solved.isPresent()) return solved;
            return file.realWeights() ? reference.solveReal(file, err) : reference.solve(file, err);
        } catch (NegativeCycleFound e) {
            return Optional.empty();  // named on stderr already
        } catch (VerificationFailure | DeviceFault e) {
            err.println("fwbench solve: " + e.getMessage() + "; nothing written");
            err.flush();
            return Optional.empty();
        }
    }

    private GraphFile readGraph() throws UsageException {
        try {
            return progress.timed("reading " + graphFile, false, () -> GraphFiles.read(graphFile, undirected));
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
            if (v.gpu()) variants.requireDeviceMemory(v, file.n());
            variants.requireHeap(v, file);
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
                reference.reportNegativeCycle(file, i, "the solve on the device ends with a distance from vertex " + (i + file.firstVertex())
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
}
