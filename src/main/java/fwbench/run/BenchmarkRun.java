package fwbench.run;

import fwbench.bench.DeviceClocks;
import fwbench.bench.DeviceLabel;
import fwbench.cuda.CudaContext;
import fwbench.cuda.Gpu;
import fwbench.results.ResultsFormat;
import fwbench.tuning.LaunchTuning;
import fwbench.tuning.TuningMode;
import fwbench.usage.UsageException;
import fwbench.variant.TileFits;
import fwbench.variant.Variant;
import fwbench.variant.core.TileDoesNotFitException;
import fwbench.variant.core.SolverConfig;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A benchmark run from its command line: the -p values checked, the plan of which variants run at
 * which n on this machine ({@link RunPlan}), its estimate, then one JMH session per fork of each
 * (variant, n, graph) ({@link SessionRunner}), every result written to one file as each fork ends
 * ({@link FinishedForks}, {@link ResultsTarget}). Every check passes before anything is written.
 */
public final class BenchmarkRun {

    /** One solve longer than this is refused without {@link RunArguments#ALLOW_LONG_SOLVES}: the run would take hours per fork. */
    static final double LONG_SOLVE_SECONDS = 3600;

    private final Path resultsDirectory;
    private final PrintStream out;
    private final PrintStream err;
    private SessionRunner.AfterSession afterSession = (done, file) -> false;

    public BenchmarkRun(Path resultsDirectory, PrintStream out, PrintStream err) {
        this.resultsDirectory = resultsDirectory;
        this.out = out;
        this.err = err;
    }

    /** Package-private seam: a test watches each session end, or stops the run there ({@link SessionRunner.AfterSession}). */
    BenchmarkRun afterEachSession(SessionRunner.AfterSession watcher) {
        this.afterSession = watcher;
        return this;
    }

    /**
     * Plans and runs the benchmarks {@code arguments} ask for, in the tuning mode {@code tuning};
     * returns the exit code (0 ok, 1 a benchmark failed, 130 stopped by Ctrl-C).
     */
    public int run(RunArguments arguments, TuningMode tuning) throws UsageException {
        RunRequest request = RunRequest.of(arguments);
        List<RunPlan.FileGraph> files = request.readGraphFiles();

        Gpu.Probe probe = Gpu.probe();
        Benchmarks chosen = Benchmarks.choose(arguments.options().getIncludes(), request, probe.available());
        // with a batch of small graphs alone, the plan checks its variants at its own sizes (the solves' defaults are far larger)
        List<Integer> sizes = !chosen.solves() && chosen.smallGraphs() ? Benchmarks.smallGraphsSizes(request)
                : request.sizes().isEmpty() ? BenchmarkDefaults.sizes() : request.sizes();
        RunPlan plan = plan(request, sizes, files, probe, HeapCheck.forks(arguments.options()));
        if (probe.available()) requirePinnedTilesFit(plan.groups());
        String label = DeviceLabel.current();
        List<Combination> combinations = Combination.of(chosen, plan, request, label);
        LaunchTuning cache = new LaunchTuning(LaunchTuning.defaultCacheFile(), line -> { });  // the forks say what they find
        List<RunEstimate.Fork> forks = RunEstimate.withTuningPasses(RunProgress.plan(combinations, arguments.options()), tuning,
                (variant, n) -> probe.available() && cache.holds(variant, n));
        RunEstimate estimate = new RunEstimate(forks, RunEstimate.earlierRuns(resultsDirectory, label),
                RunEstimate.Model.planned(Runtime.getRuntime().availableProcessors()));
        if (!arguments.allowLongSolves()) refuseLongSolves(estimate);
        if (chosen.solves()) KernelFilePreflight.check(plan.groups(), out);
        // the last check: nothing is written before every check has passed
        ResultsTarget target = ResultsTarget.choose(resultsDirectory, arguments.resultFile(), arguments.resultFormat(), DeviceLabel.slug(),
                LocalDate.now());
        announce(label, plan, chosen, target);
        out.println("fwbench: " + RunProgress.before(estimate));
        try (PrintStream log = arguments.logFile() == null ? null : openLog(arguments.logFile())) {
            if (arguments.tuningOption() != null && arguments.forkCount() == 0) {
                System.setProperty(TuningMode.PROPERTY, tuning.id());  // -f 0: the trials run in this JVM
            }
            return new SessionRunner(out, err, arguments, tuning, afterSession).run(combinations, target, estimate, log);
        }
    }

    /** Refuses a -D pinned tile whose kernels ask a block of this device for more shared memory than it may have (TileFits). */
    private static void requirePinnedTilesFit(List<RunPlan.Group> groups) throws UsageException {
        for (RunPlan.Group group : groups) {
            try {
                if (group.variant().gpu()) TileFits.requirePinFits(group.variant());
            } catch (TileDoesNotFitException e) {
                throw new UsageException(e.getMessage());
            }
        }
    }

    private static RunPlan plan(RunRequest request, List<Integer> sizes, List<RunPlan.FileGraph> files, Gpu.Probe probe,
                                Optional<HeapCheck.Heap> forkHeap) throws UsageException {
        long freeBytes = probe.available() ? CudaContext.get().memoryInfo()[0] : 0;
        int requested = request.gpusRequested(), count = Gpu.deviceCount();
        if (requested > Math.max(1, count)) {  // gpus=1 is every host's: the CPU variants run on a host without a GPU
            throw new UsageException("-p gpus=" + requested + ": this host has " + count + " GPU" + (count == 1 ? "" : "s")
                    + (probe.available() ? "" : " (" + probe.reason() + ")"));
        }
        RunPlan.Gpus gpus = RunPlan.Gpus.one(freeBytes);
        if (probe.available()) {
            int devices = requested == SolverConfig.ALL_GPUS ? count : requested;
            long leastFree = Long.MAX_VALUE;
            for (int d = 0; d < devices; d++) leastFree = Math.min(leastFree, CudaContext.of(d).memoryInfo()[0]);
            CudaContext.get();
            gpus = new RunPlan.Gpus(requested, devices, leastFree);
        }
        return RunPlan.make(request.named(), sizes, request.generators(), files, probe.device(), probe.reason(), freeBytes, gpus, forkHeap);
    }

    /**
     * Refuses a plan with a solve estimated at more than an hour (measured on this device, or assumed
     * from n^3), naming the estimate, the largest n under an hour and the option that runs it anyway.
     */
    static void refuseLongSolves(RunEstimate estimate) throws UsageException {
        Optional<Map.Entry<RunEstimate.Key, Double>> longest = estimate.longestSolve();
        if (longest.isEmpty() || longest.get().getValue() <= LONG_SOLVE_SECONDS) return;
        RunEstimate.Key key = longest.get().getKey();
        String variant = Variant.forConstant(key.variant()).map(Variant::id).orElse(key.variant());
        int underAnHour = (int) Math.floor(key.n() * Math.cbrt(LONG_SOLVE_SECONDS / longest.get().getValue()));
        throw new UsageException(variant + " at n=" + key.n() + " is estimated at " + RunEstimate.duration(longest.get().getValue())
                + " a solve (" + estimate.solveTimeSource(key) + "), and the whole run at " + estimate.left().text()
                + "; the largest n under an hour a solve: " + underAnHour + "; to run it anyway, add " + RunArguments.ALLOW_LONG_SOLVES);
    }

    /** Says, before anything runs, where the run is made, what runs and where its results go. */
    private void announce(String label, RunPlan plan, Benchmarks chosen, ResultsTarget target) {
        out.println("fwbench: " + label + plan.withoutDevice().map(why -> ": " + why).orElse(""));
        DeviceClocks.whyNotRecorded().ifPresent(why -> out.println("fwbench: " + why + ": " + DeviceClocks.NOT_RECORDED));
        plan.notes().forEach(note -> out.println("fwbench: " + note));
        if (chosen.peak()) out.println("fwbench: the device's min-plus ceiling (" + ResultsFormat.PEAK_BENCHMARK + ") runs first");
        if (chosen.solves()) out.println("fwbench: " + plan.size() + " benchmarks: " + plan.groups().stream()
                .map(g -> g.variant() + (g.graphs().isEmpty() ? "" : " on " + String.join(",", g.graphs()))
                        + " at n=" + g.sizes().stream().map(String::valueOf).collect(Collectors.joining(",")))
                .collect(Collectors.joining("; ")));
        if (chosen.smallGraphs()) out.println("fwbench: batches of small graphs (" + ResultsFormat.SMALL_GRAPHS_BENCHMARK + ") run last");
        out.println("fwbench: results go to " + target.file());
    }

    private static PrintStream openLog(String file) throws UsageException {
        try {
            return new PrintStream(new FileOutputStream(file, true), true, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageException("cannot write the log " + file + ": " + e.getMessage());
        }
    }
}
