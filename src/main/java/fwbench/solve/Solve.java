package fwbench.solve;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.cuda.CudaContext;
import fwbench.cuda.DeviceFault;
import fwbench.graph.io.SolutionBands;
import fwbench.solve.SolveRequest.Device;
import fwbench.tuning.LaunchTuning;
import fwbench.tuning.TuningMode;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import fwbench.variant.core.PathSolver;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;
import fwbench.variant.kernelfile.KernelFile;
import fwbench.verify.Verification;
import fwbench.verify.VerificationFailure;
import jcuda.CudaException;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The solve pipeline that {@code solve} and the library (fwbench.api) share: choose the variant
 * (the fastest GPU variant that takes the graph, the next where one refuses it, the CPU without a
 * GPU or where none takes it), check device memory and the heap before any matrix is made, solve,
 * look for a negative cycle, verify, and return the answer.
 *
 * <p>Mistakes in the request or the graph, and graphs too large for the heap or the device, are
 * {@link UsageException}s (one line; {@code solve} exits with 2); a negative cycle, a failed check
 * or a fault on the device a {@link SolveFailure} (exit 1). Each stage is said to the {@link Progress}.
 */
public final class Solve {

    private final SolveRequest request;
    private final Progress progress;
    private final SolveVariants variants;
    private final ReferenceSolve reference;
    private final Optional<Variant> requested;
    /** Why the last candidate refused the graph, for the refusal of a solve asked on the GPU alone. */
    private String lastRefusal = "";

    private Solve(SolveRequest request, Progress progress, Optional<Variant> requested) {
        this.request = request;
        this.progress = progress;
        this.variants = new SolveVariants(request);
        this.reference = new ReferenceSolve(request, progress, variants);
        this.requested = requested;
    }

    /**
     * A pipeline for {@code request}, whose variant, if one is named, is known, runs here and gives
     * what was asked for (else refused before any graph is read).
     */
    public static Solve prepare(SolveRequest request, Progress progress) throws UsageException {
        Optional<Variant> requested = SolveVariants.parse(request.variantName());
        Solve solve = new Solve(request, progress, requested);
        solve.variants.checkRunnable(requested);
        return solve;
    }

    /** The same pipeline with the distances in {@code cell} ({@link CellChoice}, once the graph is read). */
    public Solve forCell(CellType cell) {
        return new Solve(request.withCell(cell), progress, requested);
    }

    /** The checked answer for the graph (the input's summary said first, then how the variant was chosen). */
    public SolveResult solve(SolveInput input) throws UsageException, SolveFailure {
        if (request.cell() == CellType.INT64) {
            try {
                return new Int64Solve(request, progress, variants).solve(input);
            } catch (VerificationFailure | DeviceFault e) {
                throw new SolveFailure(e.getMessage(), e);
            }
        }
        List<String> notes = new ArrayList<>();
        List<Variant> candidates = variants.choose(requested, input, notes);
        if (input.summary() != null) progress.line(input.summary());
        notes.forEach(progress::line);
        try {
            Optional<SolveResult> solved = solveWithCandidates(candidates, input);
            if (solved.isPresent()) return solved.get();
            if (request.device() == Device.GPU) {
                throw new UsageException("the GPU was asked for, and no GPU variant takes " + input.name() + " (" + lastRefusal + ")");
            }
            return input.realWeights() ? reference.solveReal(input) : reference.solve(input);
        } catch (VerificationFailure | DeviceFault e) {
            throw new SolveFailure(e.getMessage(), e);
        }
    }

    /**
     * The answer of the first candidate that takes the graph; empty when none does (each refusal
     * said, the next tried). A variant named in the request that refuses it is the user's mistake.
     */
    private Optional<SolveResult> solveWithCandidates(List<Variant> candidates, SolveInput input) throws UsageException, NegativeCycleFound {
        for (int c = 0; c < candidates.size(); c++) {
            Variant v = candidates.get(c);
            if (v.gpu()) variants.requireDeviceMemory(v, input);
            variants.requireHeap(v, input);
            SolverConfig config = tunedChoice(v, input.realWeights() ? SolverConfig.of(input.realGraph()) : SolverConfig.of(input.graph()));
            Solver solver;
            try {
                solver = progress.timed(v.gpu() ? "copying the graph to the device for " + v + " (" + CudaContext.get().device().name() + ")"
                        : "preparing " + v, v.gpu(), () -> v.create(config));
            } catch (UnsupportedInputException e) {
                // a variant with limits (say, 16-bit distances) refuses what it cannot represent
                if (requested.isPresent()) throw new UsageException(e.getMessage());
                lastRefusal = v + ": " + e.getMessage();
                progress.line(v + " cannot take this graph (" + e.getMessage() + "): "
                        + (c + 1 < candidates.size() ? "trying " + candidates.get(c + 1)
                        : request.device() == Device.GPU ? "no GPU variant is left" : "solving with the CPU reference"));
                continue;
            }
            return Optional.of(solveWith(v, solver, input));
        }
        return Optional.empty();
    }

    /**
     * The configuration with the launch choice tuned for this variant on this device by an earlier
     * benchmark run, where the cache holds one (said in a line); a solve never runs a tuning pass
     * itself: it is one solve, not a benchmark.
     */
    private SolverConfig tunedChoice(Variant v, SolverConfig config) {
        if (!v.gpu() || request.tuning() == TuningMode.TABLE) return config;
        return new LaunchTuning(LaunchTuning.defaultCacheFile(), progress::line).cached(v, config);
    }

    /** The checked answer of one variant. */
    private SolveResult solveWith(Variant v, Solver solver, SolveInput input) throws NegativeCycleFound {
        try (solver) {
            timedSolve(v, solver, input.n());
            OptionalLong negative = solver.negativeCycleCell();
            if (negative.isPresent()) {
                int i = (int) (negative.getAsLong() / input.n());
                throw reference.negativeCycle(input, i, "the solve on the device ends with a distance from vertex " + (i + input.firstVertex())
                        + " below any path's length");
            }
            // real weights (kleene-f32, kleene-f64): read back once in their own cells, checked and returned as they are
            DistanceMatrix real = input.realWeights() ? solver.distanceMatrix() : null;
            String how;
            if (!request.verify()) {
                how = "not verified (" + request.terms().noVerify() + ")";
                progress.line(how);
            } else {
                how = progress.timed("verifying", () -> real == null ? Verification.check(solver, input.graph())
                        : Verification.checkCells(v + " at n=" + input.n() + " (" + input.realGraph().describe() + ")", input.realGraph(), real));
                progress.line("verified in " + progress.lastTime() + ": " + how);
            }
            if (real != null) return new SolveResult(v.id(), request.verify(), how, real, null);
            int[] intermediates = request.paths() ? ((PathSolver) solver).intermediates() : null;
            return new SolveResult(v.id(), request.verify(), how, DistanceMatrix.of(input.n(), solver.distances()), intermediates);
        }
    }

    /** Where an answer kept off the heap goes: written band by band while the solver still holds it. */
    @FunctionalInterface
    public interface BandWriter {
        void write(SolutionBands.RowSource rows) throws IOException;
    }

    /**
     * A solve off the heap's account, for its closing line.
     *
     * @param stageSeconds seconds of each stage in order: copying to the device, solving, verifying (when it ran), writing
     */
    public record OffHeapResult(int n, String variant, String verification, Map<String, Double> stageSeconds) {
    }

    /**
     * Solves a graph whose matrices stay off the Java heap ({@code why} says why, for refusals):
     * its rows reach the device band by band, the answer is checked there by the shortest-path
     * certificate, and {@code writer} writes it band by band from the device before the solver
     * is freed. Refusals ({@link OffHeapSolve}) come before anything is allocated.
     */
    public OffHeapResult solveOffHeap(SolveInput input, String why, BandWriter writer) throws UsageException, SolveFailure, IOException {
        OffHeapSolve.checkRequest(request, input, requested, why);
        List<String> notes = new ArrayList<>();
        List<Variant> candidates = OffHeapSolve.fitting(requested, input, notes);
        if (input.summary() != null) progress.line(input.summary());
        notes.forEach(progress::line);
        Map<String, Double> seconds = new LinkedHashMap<>();
        for (int c = 0; c < candidates.size(); c++) {
            Variant v = candidates.get(c);
            SolverConfig config = tunedChoice(v, SolverConfig.of(input.graph()));
            Solver solver;
            try {
                solver = progress.timed("copying the graph to the device for " + v + " (" + CudaContext.get().device().name() + "), row band by row band",
                        () -> v.create(config));
            } catch (UnsupportedInputException e) {
                if (requested.isPresent() || c + 1 == candidates.size()) throw new UsageException(v + " cannot take " + input.name() + ": " + e.getMessage());
                progress.line(v + " cannot take this graph (" + e.getMessage() + "): trying " + candidates.get(c + 1));
                continue;
            }
            seconds.put("copy to device", progress.lastSeconds());
            try (solver) {
                String how = solveAndCheck(v, solver, input, seconds);
                progress.timed("writing the distances from the device, row band by row band", () -> {
                    writer.write(OffHeapSolve.rows(solver));
                    return null;
                });
                seconds.put("write", progress.lastSeconds());
                return new OffHeapResult(input.n(), v.id(), how, seconds);
            } catch (VerificationFailure | DeviceFault e) {
                throw new SolveFailure(e.getMessage(), e);
            }
        }
        throw new IllegalStateException("no candidate left, and the last one refuses by exception");
    }

    /** Solves, looks for a negative cycle and checks the answer on the device: how it was checked. */
    private String solveAndCheck(Variant v, Solver solver, SolveInput input, Map<String, Double> seconds) throws SolveFailure {
        timedSolve(v, solver, input.n());
        seconds.put("solve", progress.lastSeconds());
        if (solver.negativeCycleCell().isPresent()) throw new SolveFailure("the solve ends with a distance below any path's length: a negative cycle, in a graph of weights >= 0", null);
        if (!request.verify()) {
            String how = "not verified (" + request.terms().noVerify() + ")";
            progress.line(how);
            return how;
        }
        String how = progress.timed("verifying on the device", () -> Verification.check(solver, input.graph()));
        seconds.put("verify", progress.lastSeconds());
        progress.line("verified in " + progress.lastTime() + ": " + how);
        return how;
    }

    /**
     * Solves once, timed, and says how long it took; a fault on the device becomes the user's one
     * line, naming the variant as they gave it (a kernel file by its path) so that its command reruns it.
     */
    private void timedSolve(Variant v, Solver solver, int n) {
        try {
            progress.timed("solving with " + v, () -> {
                solver.reset();
                solver.solve();
                return null;
            });
        } catch (CudaException e) {
            throw DeviceFault.of(v.kernelFile().map(KernelFile::given).orElse(v.id()), n, e);
        }
        progress.line("solved in " + progress.lastTime() + gpuTime(solver));
    }

    /** " (GPU time 12.3 ms)" where the solver timed its solve with events, else "". */
    private static String gpuTime(Solver solver) {
        return solver.lastSolveGpuMillis().isPresent() ? String.format(Locale.ROOT, " (GPU time %.1f ms)", solver.lastSolveGpuMillis().getAsDouble()) : "";
    }
}
