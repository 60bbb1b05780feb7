package fwbench.cli;

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
import fwbench.usage.UsageException;
import fwbench.variant.LaunchMode;
import fwbench.variant.Variant;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.results.RunResult;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * The default command: JMH's whole command line (-p, -f, -wi, -i, -w, -r, -l, -h, -prof ...) with
 * the suite's defaults on top. It validates the parameters before anything runs, plans which
 * variants run at which n on this machine ({@link RunPlan}), runs one JMH session per variant
 * (with the GPU-time profiler and the device label) and writes all results to one file
 * ({@link ResultsTarget}).
 */
public final class BenchmarkCommand {

    /** The parameters users may set with -p; {@link ResultsFormat#DEVICE} is the suite's own. */
    private static final Set<String> PARAMETERS = Set.of(ResultsFormat.VARIANT, ResultsFormat.N, ResultsFormat.GRAPH,
            ResultsFormat.SEED, ResultsFormat.LAUNCH, ResultsFormat.CELL);

    private final Path resultsDirectory;
    private final PrintStream out;
    private final PrintStream err;

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
        List<String> jmhArgs = new ArrayList<>(Arrays.asList(args));
        String resultFile = takeOption(jmhArgs, "-rff");
        String resultFormat = takeOption(jmhArgs, "-rf");
        String logFile = takeOption(jmhArgs, "-o");  // one log for all sessions: JMH would truncate it per session
        CommandLineOptions options;
        try {
            options = new CommandLineOptions(jmhArgs.toArray(String[]::new));
        } catch (CommandLineOptionException e) {
            throw new UsageException(e.getMessage() + " (-h lists the options)");
        }
        if (options.shouldHelp() || options.shouldList() || options.shouldListWithParams()
                || options.shouldListProfilers() || options.shouldListResultFormats()) {
            return delegateToJmh(args);
        }
        for (String name : parameterNames(args)) {
            if (name.equals(ResultsFormat.DEVICE)) throw new UsageException("-p device is recorded by the suite, not chosen");
            if (!PARAMETERS.contains(name)) {
                throw new UsageException("unknown parameter '" + name + "'; parameters: " + String.join(", ", PARAMETERS.stream().sorted().toList()));
            }
        }
        for (String regex : options.getIncludes()) {
            try {
                Pattern.compile(regex);
            } catch (PatternSyntaxException e) {
                throw new UsageException("the benchmark pattern '" + regex + "' is not a regular expression: " + e.getDescription());
            }
        }
        List<Variant> named;
        List<Integer> sizes;
        List<String> launches;
        List<String> cells;
        List<String> generators = new ArrayList<>();
        List<String> graphFiles = new ArrayList<>();
        try {
            named = values(options, ResultsFormat.VARIANT).stream().map(Variant::parse).distinct().toList();
            sizes = values(options, ResultsFormat.N).stream().map(BenchmarkCommand::size).distinct().toList();
            for (String graph : values(options, ResultsFormat.GRAPH).stream().distinct().toList()) {
                if (GraphFiles.looksLikeFile(graph)) graphFiles.add(graph);
                else generators.add(generator(graph));
            }
            values(options, ResultsFormat.SEED).forEach(BenchmarkCommand::seed);
            launches = values(options, ResultsFormat.LAUNCH).stream().map(l -> LaunchMode.parse(l).name()).toList();
            cells = values(options, ResultsFormat.CELL).stream().map(BenchmarkCommand::cell).toList();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        // read in full before anything is allocated: a bad file is one line here, not a failed fork
        List<RunPlan.FileGraph> files = new ArrayList<>();
        for (String graph : graphFiles) files.add(readGraphFile(graph));
        if (generators.isEmpty() && !files.isEmpty() && !sizes.isEmpty()) {
            for (RunPlan.FileGraph file : files) {
                if (!sizes.equals(List.of(file.n()))) {
                    throw new UsageException("-p n=" + sizes.stream().map(String::valueOf).collect(Collectors.joining(",")) + " conflicts with "
                            + file.parameter() + ", which has " + file.n() + " vertices: a graph file sets n itself (leave out -p n)");
                }
            }
        }
        if (sizes.isEmpty()) sizes = defaultSizes();

        Gpu.Probe probe = Gpu.probe();
        long freeBytes = probe.available() ? CudaContext.get().memoryInfo()[0] : 0;
        RunPlan plan = RunPlan.make(named, sizes, generators, files, probe.device(), probe.reason(), freeBytes);
        String label = DeviceLabel.current();
        ResultsTarget target = ResultsTarget.choose(resultsDirectory, resultFile, resultFormat, DeviceLabel.slug(), LocalDate.now());

        boolean runSolves = matches(options.getIncludes(), ResultsFormat.SOLVE_BENCHMARK);
        // the ceiling runs with a default run, or when asked for by name (-p cell or a pattern)
        boolean runPeak = probe.available() && (options.getIncludes().isEmpty()
                ? named.isEmpty() || !cells.isEmpty() : matches(options.getIncludes(), ResultsFormat.PEAK_BENCHMARK));
        if (!runSolves && !runPeak) {
            throw new UsageException("no benchmark matches " + options.getIncludes() + "; benchmarks: " + ResultsFormat.SOLVE_BENCHMARK
                    + (probe.available() ? ", " + ResultsFormat.PEAK_BENCHMARK : ""));
        }
        out.println("fwbench: " + label);
        plan.notes().forEach(note -> out.println("fwbench: " + note));
        if (runPeak) out.println("fwbench: the device's min-plus ceiling (" + ResultsFormat.PEAK_BENCHMARK + ") runs first");
        if (runSolves) out.println("fwbench: " + plan.size() + " benchmarks: " + plan.groups().stream()
                .map(g -> g.variant() + (g.graphs().isEmpty() ? "" : " on " + String.join(",", g.graphs()))
                        + " at n=" + g.sizes().stream().map(String::valueOf).collect(Collectors.joining(",")))
                .collect(Collectors.joining("; ")));
        out.println("fwbench: results go to " + target.file());

        List<Session> sessions = new ArrayList<>();
        if (runPeak) {
            List<String> peakCells = cells.isEmpty() ? Arrays.stream(PeakBenchmark.Cell.values()).map(Enum::name).toList() : cells;
            Map<Map<String, String>, String> expected = new LinkedHashMap<>();
            for (String cell : peakCells) expected.put(Map.of(ResultsFormat.CELL, cell), "peak " + cell.toLowerCase(Locale.ROOT));
            sessions.add(new Session(ResultsFormat.PEAK_BENCHMARK, Map.of(ResultsFormat.CELL, peakCells, ResultsFormat.DEVICE, List.of(label)), expected));
        }
        if (runSolves) {
            for (RunPlan.Group group : plan.groups()) {
                Map<String, List<String>> params = new LinkedHashMap<>();
                params.put(ResultsFormat.VARIANT, List.of(group.variant().name()));
                params.put(ResultsFormat.N, group.sizes().stream().map(String::valueOf).toList());
                params.put(ResultsFormat.DEVICE, List.of(label));
                if (!launches.isEmpty()) params.put(ResultsFormat.LAUNCH, launches);
                // a group's own graphs (a file, or the generators) override the user's -p graph list
                if (!group.graphs().isEmpty()) params.put(ResultsFormat.GRAPH, group.graphs());
                Map<Map<String, String>, String> expected = new LinkedHashMap<>();
                for (int n : group.sizes()) {
                    for (String graph : group.graphs().isEmpty() ? List.of("") : group.graphs()) {
                        expected.put(graph.isEmpty() ? Map.of(ResultsFormat.N, String.valueOf(n)) : Map.of(ResultsFormat.N, String.valueOf(n), ResultsFormat.GRAPH, graph),
                                group.variant() + (graph.isEmpty() ? "" : " on " + graph) + " at n=" + n);
                    }
                }
                sessions.add(new Session(ResultsFormat.SOLVE_BENCHMARK, params, expected));
            }
        }
        try (PrintStream log = logFile == null ? null : openLog(logFile)) {
            return runSessions(sessions, options, target, log == null ? out : log);
        }
    }

    /**
     * One JMH session: one benchmark method with parameters set by the suite. {@code expected} maps
     * each parameter combination that must produce a result to its description for the failure line.
     */
    private record Session(String benchmark, Map<String, List<String>> params, Map<Map<String, String>, String> expected) {
    }

    private int runSessions(List<Session> sessions, CommandLineOptions options, ResultsTarget target, PrintStream log) {
        OutputFormat format = OutputFormatFactory.createFormatInstance(log, options.verbosity().orElse(VerboseMode.NORMAL));
        List<RunResult> results = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (Session session : sessions) {
            ChainedOptionsBuilder builder = new OptionsBuilder().parent(options)
                    .include("^" + Pattern.quote(session.benchmark()) + "$")
                    .exclude("^(?!" + Pattern.quote(session.benchmark()) + "$)")  // the user's patterns may match others
                    .addProfiler(GpuTimeProfiler.class);
            session.params().forEach((name, values) -> builder.param(name, values.toArray(String[]::new)));
            Collection<RunResult> sessionResults;
            try {
                sessionResults = new Runner(builder.build(), format).run();
            } catch (NoBenchmarksException e) {
                sessionResults = List.of();
            } catch (RunnerException e) {
                err.println("fwbench: JMH stopped: " + e.getMessage());
                sessionResults = List.of();
            }
            results.addAll(sessionResults);
            for (Map.Entry<Map<String, String>, String> combination : session.expected().entrySet()) {
                boolean measured = sessionResults.stream().anyMatch(r -> combination.getKey().entrySet().stream()
                        .allMatch(p -> p.getValue().equals(r.getParams().getParam(p.getKey()))));
                if (!measured) missing.add(combination.getValue());
            }
            if (!results.isEmpty()) {
                try {
                    target.write(results);
                } catch (IOException e) {
                    err.println("fwbench: cannot write " + target.file() + ": " + e.getMessage());
                    return 1;
                }
            }
        }
        if (results.isEmpty()) {
            err.println("fwbench: no benchmark finished; nothing was written");
            return 1;
        }
        out.println("fwbench: " + results.size() + " results in " + target.file());
        out.println("fwbench: tables and charts: java -jar target/benchmarks.jar report " + target.file());
        if (!missing.isEmpty()) {
            err.println("fwbench: no result for " + String.join("; ", missing) + " (failed: see the log above)");
            return 1;
        }
        return 0;
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

    private static List<Integer> defaultSizes() {
        try {
            String[] sizes = FloydWarshallBenchmark.class.getField(ResultsFormat.N).getAnnotation(Param.class).value();
            return Arrays.stream(sizes).map(Integer::valueOf).toList();
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean matches(List<String> includes, String benchmark) {
        return includes.isEmpty() || includes.stream().anyMatch(regex -> Pattern.compile(regex).matcher(benchmark).find());
    }

    private static String cell(String text) {
        for (PeakBenchmark.Cell c : PeakBenchmark.Cell.values()) if (c.name().equalsIgnoreCase(text.trim())) return c.name();
        throw new IllegalArgumentException("unknown cell '" + text + "'; cells: int32, packed16");
    }

    private static int size(String text) {
        int n;
        try {
            n = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("n must be a whole number in 1.." + Distances.MAX_N + ", got '" + text + "'");
        }
        if (n < 1 || n > Distances.MAX_N) {
            throw new IllegalArgumentException("n must be in 1.." + Distances.MAX_N + " (cell indices of the padded matrix must fit an int), got " + n);
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

    /** Reads a -p graph file in full (a bad one is refused in one line) and returns its vertex count. */
    private static RunPlan.FileGraph readGraphFile(String parameter) throws UsageException {
        GraphFile file;
        try {
            file = GraphFiles.read(Path.of(parameter.trim()));
        } catch (GraphFileException e) {
            throw new UsageException(e.getMessage());
        }
        if (file.graph().negativeWeights()) {
            throw new UsageException(parameter + " has negative weights: the variants need weights >= 0 (they add INF like any other number); "
                    + "'java -jar target/benchmarks.jar solve --graph " + parameter + " --out FILE' solves it with the CPU reference");
        }
        return new RunPlan.FileGraph(parameter, file.n());
    }

    private static void seed(String text) {
        try {
            Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("seed must be a whole number, got '" + text + "'");
        }
    }
}
