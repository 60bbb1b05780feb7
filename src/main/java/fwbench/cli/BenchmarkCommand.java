package fwbench.cli;

import fwbench.bench.DeviceClocks;
import fwbench.bench.DeviceLabel;
import fwbench.bench.FloydWarshallBenchmark;
import fwbench.bench.GpuTimeProfiler;
import fwbench.bench.PeakBenchmark;
import fwbench.cuda.CudaContext;
import fwbench.cuda.Gpu;
import fwbench.graph.Distances;
import fwbench.graph.GraphSpec;
import fwbench.graph.io.GraphFile;
import fwbench.graph.io.GraphFileException;
import fwbench.graph.io.GraphFiles;
import fwbench.graph.io.GraphFormat;
import fwbench.results.ResultsFormat;
import fwbench.tuning.LaunchTuning;
import fwbench.tuning.TuningMode;
import fwbench.usage.UsageException;
import fwbench.variant.core.CellType;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.Variant;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * The default command: JMH's whole command line (-p, -f, -wi, -i, -w, -r, -l, -prof ...) with
 * the suite's defaults on top; -h and -lp answer with the suite's own help ({@link HelpPage}). It validates the parameters before anything runs, plans which
 * variants run at which n on this machine ({@link RunPlan}), runs one JMH session per fork of each
 * (variant, n, graph) (with the GPU-time profiler and the device label) and writes every result to
 * one file as each fork ends ({@link FinishedForks}, {@link ResultsTarget}).
 */
public final class BenchmarkCommand {

    /** The option that lets a run start whose solves are estimated at more than {@link #LONG_SOLVE_SECONDS} each. */
    static final String ALLOW_LONG_SOLVES = "--allow-long-solves";

    /** The option that chooses the tuning mode of the forks ({@link TuningMode}): tuned, retune or table. */
    static final String TUNING = "--tuning";

    /** One solve longer than this is refused without {@link #ALLOW_LONG_SOLVES}: the run would take hours per fork. */
    static final double LONG_SOLVE_SECONDS = 3600;

    /** The parameters users may set with -p; {@link ResultsFormat#DEVICE} is the suite's own. */
    private static final Set<String> PARAMETERS = Set.of(ResultsFormat.VARIANT, ResultsFormat.N, ResultsFormat.GRAPH,
            ResultsFormat.SEED, ResultsFormat.LAUNCH, ResultsFormat.CELL, ResultsFormat.GPUS);

    private final Path resultsDirectory;
    private final PrintStream out;
    private final PrintStream err;
    /** The command as the user gave it, recorded with every forked result ({@link ResultsFormat#COMMAND_PROPERTY}). */
    private String commandLine = "";

    public BenchmarkCommand(Path resultsDirectory, PrintStream out, PrintStream err) {
        this.resultsDirectory = resultsDirectory;
        this.out = out;
        this.err = err;
    }

    /** Runs the command; returns the process exit code (0 ok, 1 a benchmark failed, 2 bad input). */
    public int run(String[] args) {
        try {
            return execute(args);
        } catch (UsageException e) {
            err.println("fwbench: " + e.getMessage());
            return 2;
        }
    }

    private int execute(String[] args) throws UsageException {
        commandLine = JarCommand.line(args);
        if (args.length > 0 && HelpPage.HELP_WORDS.contains(args[0]) || Arrays.asList(args).contains("--help")) {
            HelpPage.print(out);
            return 0;
        }
        if (args.length > 0 && args[0].equals(HelpPage.JMH_HELP)) return delegateToJmh(new String[] {"-h"});
        if (args.length > 0) checkCommandTypo(args[0]);
        List<String> jmhArgs = new ArrayList<>(Arrays.asList(args));
        String resultFile = takeOption(jmhArgs, "-rff");
        String resultFormat = takeOption(jmhArgs, "-rf");
        String logFile = takeOption(jmhArgs, "-o");  // one log for all sessions: JMH would truncate it per session
        boolean allowLongSolves = jmhArgs.remove(ALLOW_LONG_SOLVES);
        String tuningOption = takeOption(jmhArgs, TUNING);
        CommandLineOptions options = parseJmhOptions(jmhArgs);
        if (options.shouldHelp()) {
            HelpPage.print(out);
            return 0;
        }
        adoptForkProperties(options);
        TuningMode tuning = tuningMode(tuningOption);
        checkLaunchPins();
        if (options.shouldListWithParams()) {
            // JMH would list "variant = {}" and "cell = {}": their values are the registry's and CellType's
            checkPatterns(options.getIncludes());
            HelpPage.printParameters(out, options.getIncludes());
            return 0;
        }
        if (asksJmhOnly(options)) return delegateToJmh(args);
        checkParameterNames(args);
        checkPatterns(options.getIncludes());
        Request request = parseValues(options);
        List<RunPlan.FileGraph> files = readGraphFiles(request);

        Gpu.Probe probe = Gpu.probe();
        RunPlan plan = plan(request, files, probe, HeapCheck.forks(options));
        String label = DeviceLabel.current();
        Benchmarks chosen = chooseBenchmarks(options.getIncludes(), request, probe.available());
        List<Combination> combinations = combinations(chosen, plan, request, label);
        LaunchTuning cache = new LaunchTuning(LaunchTuning.defaultCacheFile(), line -> { });  // the forks say what they find
        List<RunEstimate.Fork> forks = RunEstimate.withTuningPasses(RunProgress.plan(combinations, options), tuning,
                (variant, n) -> probe.available() && cache.holds(variant, n));
        RunEstimate estimate = new RunEstimate(forks, RunEstimate.earlierRuns(resultsDirectory, label),
                RunEstimate.Model.planned(Runtime.getRuntime().availableProcessors()));
        if (!allowLongSolves) refuseLongSolves(estimate);
        if (chosen.solves()) KernelFilePreflight.check(plan.groups(), out);
        // the last check: nothing is written before every check has passed
        ResultsTarget target = ResultsTarget.choose(resultsDirectory, resultFile, resultFormat, DeviceLabel.slug(), LocalDate.now());
        announce(label, plan, chosen, target);
        out.println("fwbench: " + RunProgress.before(estimate));
        try (PrintStream log = logFile == null ? null : openLog(logFile)) {
            if (tuningOption != null && options.getForkCount().orElse(1) == 0) {
                System.setProperty(TuningMode.PROPERTY, tuning.id());  // -f 0: the trials run in this JVM
            }
            return runSessions(combinations, options, tuning, target, estimate, log);
        }
    }

    /**
     * The -p values, each checked: the variants named, the sizes (empty: the benchmark's defaults),
     * the graphs split into generators and files (not read yet), the launch modes, the cells, the
     * GPUs and the seeds (empty: the benchmark's default).
     */
    record Request(List<Variant> named, List<Integer> sizes, List<String> generators, List<String> graphFiles,
                   List<String> launches, List<String> cells, List<String> gpus, List<String> seeds) {
        Request(List<Variant> named, List<Integer> sizes, List<String> generators, List<String> graphFiles,
                List<String> launches, List<String> cells) {
            this(named, sizes, generators, graphFiles, launches, cells, List.of());
        }

        Request(List<Variant> named, List<Integer> sizes, List<String> generators, List<String> graphFiles,
                List<String> launches, List<String> cells, List<String> gpus) {
            this(named, sizes, generators, graphFiles, launches, cells, gpus, List.of());
        }

        /** -p gpus as a count, {@link SolverConfig#ALL_GPUS} when not given. */
        int gpusRequested() {
            return gpus.isEmpty() ? SolverConfig.ALL_GPUS : SolverConfig.parseGpus(gpus.get(0));
        }
    }

    /** Which of the suite's benchmarks run: the solves, the device's ceiling, or both. */
    record Benchmarks(boolean solves, boolean peak) {
    }

    // ---- the steps of execute(), in order ----

    private static CommandLineOptions parseJmhOptions(List<String> jmhArgs) throws UsageException {
        try {
            return new CommandLineOptions(jmhArgs.toArray(String[]::new));
        } catch (CommandLineOptionException e) {
            throw new UsageException(e.getMessage() + " (" + HelpPage.JMH_HELP + " lists the options)");
        }
    }

    /** The lists JMH answers (-l, -lprof, -lrf); nothing runs. */
    private static boolean asksJmhOnly(CommandLineOptions options) {
        return options.shouldList() || options.shouldListProfilers() || options.shouldListResultFormats();
    }

    /**
     * A first word that is not an option, matches no benchmark and is a typo of a command
     * ("reprot") is refused with the command meant; any other word stays a benchmark pattern.
     */
    private static void checkCommandTypo(String first) throws UsageException {
        if (first.startsWith("-")) return;
        try {
            Pattern pattern = Pattern.compile(first);
            if (pattern.matcher(ResultsFormat.SOLVE_BENCHMARK).find() || pattern.matcher(ResultsFormat.PEAK_BENCHMARK).find()) return;
        } catch (PatternSyntaxException e) {
            return;  // checkPatterns says what is wrong with it
        }
        List<String> commands = new ArrayList<>(Subcommands.summaries().keySet());
        commands.add(HelpPage.HELP_WORDS.get(0));
        Optional<String> meant = CommandSuggestion.closest(first, commands);
        if (meant.isPresent()) throw new UsageException("unknown command '" + first + "'; did you mean " + meant.get() + "?");
    }

    private static void checkParameterNames(String[] args) throws UsageException {
        for (String name : parameterNames(args)) {
            if (name.equals(ResultsFormat.DEVICE)) throw new UsageException("-p device is recorded by the suite, not chosen");
            if (name.equals(ResultsFormat.KERNEL_SHA256)) throw new UsageException("-p " + name + " is recorded by the suite, not chosen");
            if (!PARAMETERS.contains(name)) {
                throw new UsageException("unknown parameter '" + name + "'; parameters: " + String.join(", ", PARAMETERS.stream().sorted().toList()));
            }
        }
    }

    private static void checkPatterns(List<String> includes) throws UsageException {
        for (String regex : includes) {
            try {
                Pattern.compile(regex);
            } catch (PatternSyntaxException e) {
                throw new UsageException("the benchmark pattern '" + regex + "' is not a regular expression: " + e.getDescription());
            }
        }
    }

    private static Request parseValues(CommandLineOptions options) throws UsageException {
        try {
            List<Variant> named = values(options, ResultsFormat.VARIANT).stream().map(String::trim).distinct().map(Variant::resolve).distinct().toList();
            List<Integer> sizes = values(options, ResultsFormat.N).stream().map(BenchmarkCommand::size).distinct().toList();
            List<String> generators = new ArrayList<>();
            List<String> graphFiles = new ArrayList<>();
            for (String graph : values(options, ResultsFormat.GRAPH).stream().distinct().toList()) {
                if (GraphFiles.looksLikeFile(graph)) graphFiles.add(graph);
                else generators.add(generator(graph));
            }
            List<String> seeds = values(options, ResultsFormat.SEED).stream().map(String::trim).distinct().toList();
            seeds.forEach(BenchmarkCommand::seed);
            List<String> launches = values(options, ResultsFormat.LAUNCH).stream().map(l -> LaunchMode.parse(l).name()).distinct().toList();
            List<String> cells = values(options, ResultsFormat.CELL).stream().map(BenchmarkCommand::cell).distinct().toList();
            List<String> gpus = values(options, ResultsFormat.GPUS).stream().map(g -> g.trim().toLowerCase(Locale.ROOT)).distinct().toList();
            gpus.forEach(SolverConfig::parseGpus);
            if (gpus.size() > 1) throw new UsageException("-p gpus takes one value, not " + String.join(",", gpus));
            return new Request(named, sizes, generators, graphFiles, launches, cells, gpus, seeds);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * Reads every -p graph file in full before anything is allocated (a bad file is one line here,
     * not a failed fork); with files alone, -p n must be each file's own n.
     */
    private static List<RunPlan.FileGraph> readGraphFiles(Request request) throws UsageException {
        List<RunPlan.FileGraph> files = new ArrayList<>();
        for (String graph : request.graphFiles()) files.add(readGraphFile(graph));
        List<Integer> sizes = request.sizes();
        if (request.generators().isEmpty() && !sizes.isEmpty()) {
            for (RunPlan.FileGraph file : files) {
                if (!sizes.equals(List.of(file.n()))) {
                    throw new UsageException("-p n=" + sizes.stream().map(String::valueOf).collect(Collectors.joining(",")) + " conflicts with "
                            + file.parameter() + ", which has " + file.n() + " vertices: a graph file sets n itself (leave out -p n)");
                }
            }
        }
        return files;
    }

    private static RunPlan plan(Request request, List<RunPlan.FileGraph> files, Gpu.Probe probe, Optional<HeapCheck.Heap> forkHeap)
            throws UsageException {
        List<Integer> sizes = request.sizes().isEmpty() ? defaultSizes() : request.sizes();
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
                + "; the largest n under an hour a solve: " + underAnHour + "; to run it anyway, add " + ALLOW_LONG_SOLVES);
    }

    /**
     * The solves run unless the patterns leave them out; the device's ceiling runs (on a device)
     * with a default run, or when asked for by name (-p cell or a pattern).
     */
    static Benchmarks chooseBenchmarks(List<String> includes, Request request, boolean device) throws UsageException {
        boolean solves = matches(includes, ResultsFormat.SOLVE_BENCHMARK);
        boolean peak = device && (includes.isEmpty()
                ? request.named().isEmpty() || !request.cells().isEmpty() : matches(includes, ResultsFormat.PEAK_BENCHMARK));
        if (!solves && !peak) {
            throw new UsageException("no benchmark matches " + includes + "; benchmarks: " + ResultsFormat.SOLVE_BENCHMARK
                    + (device ? ", " + ResultsFormat.PEAK_BENCHMARK : ""));
        }
        return new Benchmarks(solves, peak);
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
        out.println("fwbench: results go to " + target.file());
    }

    /**
     * The ceiling first (when chosen), one combination per cell, then one combination per planned
     * (variant, graph, launch, n, seed): each one result, each of its forks a JMH session of its own.
     * The order is JMH's within a session (the parameters by name, the values as given).
     */
    static List<Combination> combinations(Benchmarks chosen, RunPlan plan, Request request, String label) {
        List<Combination> combinations = new ArrayList<>();
        if (chosen.peak()) {
            List<String> cells = request.cells().isEmpty() ? Arrays.stream(CellType.values()).map(Enum::name).toList() : request.cells();
            for (String cell : cells) {
                combinations.add(new Combination(ResultsFormat.PEAK_BENCHMARK, Map.of(ResultsFormat.CELL, cell, ResultsFormat.DEVICE, label),
                        "peak " + cell.toLowerCase(Locale.ROOT), false));
            }
        }
        if (chosen.solves()) {
            for (RunPlan.Group group : plan.groups()) combinations.addAll(solveCombinations(group, request, label));
        }
        return combinations;
    }

    /**
     * One planned group's solves: its variant at each of its sizes, on each of its graphs, with each
     * of the user's launch modes and seeds (a parameter the user left out keeps the benchmark's default).
     */
    private static List<Combination> solveCombinations(RunPlan.Group group, Request request, String label) {
        List<Combination> combinations = new ArrayList<>();
        List<String> none = Collections.singletonList(null);
        for (String graph : group.graphs().isEmpty() ? none : group.graphs()) {
            for (String launch : request.launches().isEmpty() ? none : request.launches()) {
                for (int n : group.sizes()) {
                    for (String seed : request.seeds().isEmpty() ? none : request.seeds()) {
                        Map<String, String> params = new LinkedHashMap<>();
                        params.put(ResultsFormat.VARIANT, group.variant().name());
                        group.variant().kernelFile().ifPresent(file -> params.put(ResultsFormat.KERNEL_SHA256, file.sha256()));
                        params.put(ResultsFormat.N, String.valueOf(n));
                        params.put(ResultsFormat.DEVICE, label);
                        if (graph != null) params.put(ResultsFormat.GRAPH, graph);
                        if (launch != null) params.put(ResultsFormat.LAUNCH, launch);
                        if (seed != null) params.put(ResultsFormat.SEED, seed);
                        if (!request.gpus().isEmpty()) params.put(ResultsFormat.GPUS, request.gpus().get(0));
                        String description = group.variant() + (graph == null ? "" : " on " + graph) + " at n=" + n
                                + (request.launches().size() > 1 ? " (launch " + launch.toLowerCase(Locale.ROOT) + ")" : "")
                                + (request.seeds().size() > 1 ? " (seed " + seed + ")" : "");
                        // sizes above FEW_ITERATIONS_ABOVE_N run fewer iterations
                        combinations.add(new Combination(ResultsFormat.SOLVE_BENCHMARK, params, description,
                                n > FloydWarshallBenchmark.FEW_ITERATIONS_ABOVE_N));
                    }
                }
            }
        }
        return combinations;
    }

    /**
     * One result of the run: one benchmark method at one value of each parameter the suite sets, so
     * that a JMH session of it runs one fork. {@code description} names it in lines ("kleene at
     * n=1000"); {@code fewIterations}: its warm-up and measured iterations default to
     * {@link FloydWarshallBenchmark#FEW_ITERATIONS}.
     */
    record Combination(String benchmark, Map<String, String> params, String description, boolean fewIterations) {

        /** The warm-up iterations each fork runs: the user's -wi, else its default. */
        int warmups(CommandLineOptions options, int annotated) {
            return options.getWarmupIterations().orElse(fewIterations ? FloydWarshallBenchmark.FEW_ITERATIONS : annotated);
        }

        /** The measured iterations each fork runs: the user's -i, else its default. */
        int measurements(CommandLineOptions options, int annotated) {
            return options.getMeasurementIterations().orElse(fewIterations ? FloydWarshallBenchmark.FEW_ITERATIONS : annotated);
        }

        Class<?> benchmarkClass() {
            return benchmark.equals(ResultsFormat.PEAK_BENCHMARK) ? PeakBenchmark.class : FloydWarshallBenchmark.class;
        }

        /** Its forks: the user's -f and -wf, else the benchmark's annotation, else JMH's defaults. */
        Forks forks(CommandLineOptions options) {
            Fork annotated = benchmarkClass().getAnnotation(Fork.class);
            int measured = options.getForkCount().orElse(annotated == null || annotated.value() < 0 ? Defaults.MEASUREMENT_FORKS : annotated.value());
            int warmups = options.getWarmupForkCount().orElse(annotated == null || annotated.warmups() < 0 ? Defaults.WARMUP_FORKS : annotated.warmups());
            return new Forks(measured, Math.max(0, warmups));
        }
    }

    /** A combination's forks: {@code measured} (0: one run in this JVM, -f 0) and the warm-up forks before them. */
    record Forks(int measured, int warmups) {
        /** The JMH sessions it takes: one per measured fork, or the one run in this JVM. */
        int sessions() {
            return Math.max(1, measured);
        }

        /** Every fork it starts, warm-up ones included, as the estimate counts them. */
        int started() {
            return measured <= 0 ? 1 : measured + warmups;
        }
    }

    /**
     * Sees the run after each JMH session (one fork), its result written: the sessions done and the
     * results file. A test returns true to stop the run there as Ctrl-C would.
     */
    @FunctionalInterface
    interface AfterSession {
        boolean interrupt(int sessionsDone, Path resultsFile);
    }

    /** The exit code of a run stopped by Ctrl-C (128 + SIGINT), as the shell reports it. */
    static final int INTERRUPTED = 130;

    private AfterSession afterSession = (done, file) -> false;

    /** Package-private seam: a test watches each session end, or stops the run there ({@link AfterSession}). */
    BenchmarkCommand afterEachSession(AfterSession watcher) {
        this.afterSession = watcher;
        return this;
    }

    /**
     * Runs each combination fork by fork, one JMH session per fork, and writes the results file
     * after each ({@link FinishedForks}); a Ctrl-C says what the file keeps. {@code log} is -o's
     * file (null: the console).
     */
    private int runSessions(List<Combination> combinations, CommandLineOptions options, TuningMode tuning, ResultsTarget target,
                            RunEstimate estimate, PrintStream log) {
        OutputFormat jmhFormat = OutputFormatFactory.createFormatInstance(log == null ? out : log, options.verbosity().orElse(VerboseMode.NORMAL));
        String estimatedBefore = estimate.left().text();
        RunProgress format = new RunProgress(jmhFormat, log == null ? null : out, estimate, System::nanoTime);
        FinishedForks finished = new FinishedForks(target, combinations.size());
        Runnable sayWhatWasKept = () -> {
            format.mute();  // JMH's account of the fork the signal killed would only bury the lines below
            finished.interrupt().forEach(err::println);
            err.flush();
        };
        Thread hook = new Thread(sayWhatWasKept, "fwbench-ctrl-c");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            List<String> missing = new ArrayList<>();
            List<String> partial = new ArrayList<>();
            int sessionsDone = 0;
            for (Combination combination : combinations) {
                Forks forks = combination.forks(options);
                for (int fork = 1; fork <= forks.sessions(); fork++) {
                    if (finished.interrupted()) return INTERRUPTED;  // the JVM is stopping: no fork is started
                    format.sessionStarts(fork, forks.measured());
                    Collection<RunResult> results;
                    try {
                        results = runSession(combination, options, tuning, format, forks, fork == 1);
                    } catch (RunnerException e) {
                        if (finished.interrupted()) return INTERRUPTED;
                        err.println("fwbench: JMH stopped: " + e.getMessage());
                        results = List.of();
                    } catch (RuntimeException e) {
                        // Ctrl-C came as JMH set up a fork (it cannot while the JVM shuts down): the hook has said what was kept
                        if (finished.interrupted()) return INTERRUPTED;
                        throw e;
                    }
                    if (finished.interrupted()) return INTERRUPTED;  // the fork was killed by Ctrl-C, not failed
                    if (results.isEmpty()) {
                        // a failed fork ends its combination, as it does within a JMH session; the forks before it stay
                        format.forksSkipped(combination, forks.sessions() - fork);
                        if (fork == 1) missing.add(combination.description());
                        else partial.add(combination.description() + " (fork " + fork + " of " + forks.sessions() + " failed)");
                        break;
                    }
                    try {
                        if (!finished.add(combination, forks.sessions(), results)) return INTERRUPTED;
                    } catch (IOException e) {
                        err.println("fwbench: cannot write " + target.file() + ": " + e.getMessage());
                        return 1;
                    }
                    sessionsDone++;
                    if (afterSession.interrupt(sessionsDone, target.file())) {
                        sayWhatWasKept.run();
                        return INTERRUPTED;
                    }
                }
            }
            List<RunResult> results = finished.results();
            if (results.isEmpty()) {
                err.println("fwbench: no benchmark finished; nothing was written");
                return 1;
            }
            format.runEnds(results);
            out.println("fwbench: the run took " + RunEstimate.duration(format.elapsedSeconds()) + " (estimated before it started: "
                    + estimatedBefore + ")");
            RunEnd.print(results, target, out);
            if (!missing.isEmpty()) err.println("fwbench: no result for " + String.join("; ", missing) + " (failed: see the log above)");
            if (!partial.isEmpty()) {
                err.println("fwbench: fewer forks than asked for " + String.join("; ", partial) + "; the forks before the failed one are kept"
                        + " (see the log above)");
            }
            return missing.isEmpty() && partial.isEmpty() ? 0 : 1;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook runs (or has run) and says what was kept
            }
        }
    }

    /**
     * One JMH session: one fork of the combination (with the warm-up forks before its first), or
     * its run in this JVM with -f 0; empty when the fork failed.
     */
    private Collection<RunResult> runSession(Combination combination, CommandLineOptions options, TuningMode tuning, RunProgress format,
                                             Forks forks, boolean first) throws RunnerException {
        ChainedOptionsBuilder builder = new OptionsBuilder().parent(options)
                .include("^" + Pattern.quote(combination.benchmark()) + "$")
                .exclude("^(?!" + Pattern.quote(combination.benchmark()) + "$)")  // the user's patterns may match others
                .addProfiler(GpuTimeProfiler.class)
                // a fork is told the run's command (JMH records it with the fork's results); with -f 0 there is no fork to tell
                .jvmArgsAppend(forks.measured() > 0 ? withCommand(forkArgsAppended(options, tuning), commandLine) : forkArgsAppended(options, tuning));
        combination.params().forEach(builder::param);
        if (combination.fewIterations()) {
            builder.warmupIterations(combination.warmups(options, 0)).measurementIterations(combination.measurements(options, 0));
        }
        if (forks.measured() > 0) builder.forks(1).warmupForks(first ? forks.warmups() : 0);
        try {
            return new Runner(builder.build(), format).run();
        } catch (NoBenchmarksException e) {
            return List.of();
        }
    }

    private static PrintStream openLog(String file) throws UsageException {
        try {
            return new PrintStream(new FileOutputStream(file, true), true, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageException("cannot write the log " + file + ": " + e.getMessage());
        }
    }

    private int delegateToJmh(String[] args) {
        try {
            org.openjdk.jmh.Main.main(args);
            return 0;
        } catch (IOException e) {
            err.println("fwbench: " + e.getMessage());
            return 1;
        }
    }

    /**
     * The tuning mode of the run: {@link #TUNING}'s value where given, else this JVM's
     * -Dfwbench.tuning (which the forks would inherit), else the default; a bad value of either is
     * refused naming the three.
     */
    static TuningMode tuningMode(String option) throws UsageException {
        try {
            return option != null ? TuningMode.parse(option, TUNING) : TuningMode.fromProperty();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * The suite's own properties given to the forks with -jvmArgs, -jvmArgsPrepend or -jvmArgsAppend
     * (-Dfwbench.kleene.tile=64, -Dfwbench.tuning.dir=...) are set in this JVM too, before anything
     * reads them: the pins are then checked here, and the plan, the memory checks and the estimate
     * use what the forks will.
     */
    static void adoptForkProperties(CommandLineOptions options) {
        List<String> forkArgs = new ArrayList<>(options.getJvmArgs().orElse(List.of()));  // in the order a fork sees them
        forkArgs.addAll(options.getJvmArgsPrepend().orElse(List.of()));
        forkArgs.addAll(options.getJvmArgsAppend().orElse(List.of()));
        for (String arg : forkArgs) {
            if (!arg.startsWith("-D" + PROPERTY_PREFIX)) continue;
            int equals = arg.indexOf('=');
            if (equals < 0) System.setProperty(arg.substring(2), "");
            else System.setProperty(arg.substring(2, equals), arg.substring(equals + 1));
        }
    }

    /** The prefix of the suite's system properties. */
    static final String PROPERTY_PREFIX = "fwbench.";

    /** Refuses a -D pin of a launch setting set to a value it does not take ({@link Variant#checkLaunchPins()}). */
    static void checkLaunchPins() throws UsageException {
        try {
            Variant.checkLaunchPins();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * The user's -jvmArgsAppend and the tuning mode after them: set on every fork, since -jvmArgs
     * would drop the -D this JVM was started with.
     */
    static String[] forkArgsAppended(CommandLineOptions options, TuningMode tuning) {
        List<String> args = new ArrayList<>(options.getJvmArgsAppend().orElse(List.of()));
        args.add("-D" + TuningMode.PROPERTY + "=" + tuning.id());
        return args.toArray(String[]::new);
    }

    /** The fork's JVM options and, last, the command that made the run, which JMH so records with every result. */
    static String[] withCommand(String[] forkArgs, String command) {
        List<String> args = new ArrayList<>(List.of(forkArgs));
        args.add("-D" + ResultsFormat.COMMAND_PROPERTY + "=" + command);
        return args.toArray(String[]::new);
    }

    /** Removes "-name value" from the list and returns the value (null if absent). */
    private static String takeOption(List<String> args, String name) throws UsageException {
        int at = args.indexOf(name);
        if (at < 0) return null;
        if (at + 1 >= args.size()) throw new UsageException(name + " needs a value");
        String value = args.get(at + 1);
        args.subList(at, at + 2).clear();
        return value;
    }

    /** Names given with "-p name=values". */
    private static List<String> parameterNames(String[] args) {
        List<String> names = new ArrayList<>();
        for (int a = 0; a + 1 < args.length; a++) {
            if (args[a].equals("-p")) {
                String pair = args[a + 1];
                names.add(pair.contains("=") ? pair.substring(0, pair.indexOf('=')) : pair);
            }
        }
        return names;
    }

    private static List<String> values(CommandLineOptions options, String name) {
        return options.getParameter(name).hasValue() ? new ArrayList<>(options.getParameter(name).get()) : List.of();
    }

    static List<Integer> defaultSizes() {
        return BenchmarkDefaults.paramValues(FloydWarshallBenchmark.class, ResultsFormat.N).stream().map(Integer::valueOf).toList();
    }

    private static boolean matches(List<String> includes, String benchmark) {
        return includes.isEmpty() || includes.stream().anyMatch(regex -> Pattern.compile(regex).matcher(benchmark).find());
    }

    private static String cell(String text) {
        return CellType.named(text).map(Enum::name)
                .orElseThrow(() -> new IllegalArgumentException("unknown cell '" + text + "'; cells: " + CellType.names()));
    }

    private static int size(String text) {
        int n;
        try {
            n = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("n must be a whole number in 1.." + Distances.GRID_MAX_N + ", got '" + text + "'");
        }
        if (n < 1 || n > Distances.GRID_MAX_N) {
            throw new IllegalArgumentException("n must be in 1.." + Distances.GRID_MAX_N + " (each variant takes less: -h lists them), got " + n);
        }
        return n;
    }

    /** A generator's name, checked; an unknown name also hears that graph files are accepted. */
    private static String generator(String text) {
        try {
            GraphSpec.parse(text);
            return text;
        } catch (IllegalArgumentException e) {
            // "dense" or "road": not a generator, and without an extension not taken for a file either
            if (!text.contains(":")) throw new IllegalArgumentException(e.getMessage() + ", or a graph file: " + GraphFormat.extensions());
            throw e;
        }
    }

    /** Reads a -p graph file in full (a bad one is refused in one line; its matrix is not made) and returns its size. */
    private static RunPlan.FileGraph readGraphFile(String parameter) throws UsageException {
        GraphFile file;
        try {
            file = GraphFiles.read(Path.of(parameter.trim()));
        } catch (GraphFileException e) {
            throw new UsageException(e.getMessage());
        }
        if (file.realWeights()) {
            throw new UsageException(parameter + " has real weights (not all whole numbers): the benchmark's graphs are integer ones; "
                    + "solve takes it (with kleene-f32 on a GPU): " + JarCommand.line("solve", "--graph", parameter.trim()) + " --out FILE");
        }
        return new RunPlan.FileGraph(parameter, file.n(), file.graph().heapBytes(), file.graph().negativeWeights());
    }

    private static void seed(String text) {
        try {
            Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("seed must be a whole number, got '" + text + "'");
        }
    }
}
