package fwbench.run;

import fwbench.bench.AutoBatch;
import fwbench.cell.CellType;
import fwbench.graph.Distances;
import fwbench.graph.GraphSpec;
import fwbench.graph.io.GraphFile;
import fwbench.graph.io.GraphFileException;
import fwbench.graph.io.GraphFiles;
import fwbench.graph.io.GraphFormat;
import fwbench.results.ResultsFormat;
import fwbench.usage.JarCommand;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.SolverConfig;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The -p values, each checked: the variants named, the sizes (empty: the benchmark's defaults),
 * the graphs split into generators and files (not read yet), the launch modes, the cells, the
 * GPUs, the seeds (empty: the benchmark's default) and SmallGraphsBenchmark's batches (empty: its default).
 */
record RunRequest(List<Variant> named, List<Integer> sizes, List<String> generators, List<String> graphFiles,
                  List<String> launches, List<String> cells, List<String> gpus, List<String> seeds, List<String> batches) {

    /** The parameters users may set with -p; {@link ResultsFormat#DEVICE} is the suite's own. */
    private static final Set<String> PARAMETERS = Set.of(ResultsFormat.VARIANT, ResultsFormat.N, ResultsFormat.GRAPH,
            ResultsFormat.SEED, ResultsFormat.LAUNCH, ResultsFormat.CELL, ResultsFormat.GPUS, ResultsFormat.BATCH);

    RunRequest(List<Variant> named, List<Integer> sizes, List<String> generators, List<String> graphFiles,
               List<String> launches, List<String> cells) {
        this(named, sizes, generators, graphFiles, launches, cells, List.of());
    }

    RunRequest(List<Variant> named, List<Integer> sizes, List<String> generators, List<String> graphFiles,
               List<String> launches, List<String> cells, List<String> gpus) {
        this(named, sizes, generators, graphFiles, launches, cells, gpus, List.of());
    }

    RunRequest(List<Variant> named, List<Integer> sizes, List<String> generators, List<String> graphFiles,
               List<String> launches, List<String> cells, List<String> gpus, List<String> seeds) {
        this(named, sizes, generators, graphFiles, launches, cells, gpus, seeds, List.of());
    }

    /** -p gpus as a count, {@link SolverConfig#ALL_GPUS} when not given. */
    int gpusRequested() {
        return gpus.isEmpty() ? SolverConfig.ALL_GPUS : SolverConfig.parseGpus(gpus.get(0));
    }

    /** The request of a command line: its parameter names, its patterns, then each -p value checked. */
    static RunRequest of(RunArguments arguments) throws UsageException {
        checkParameterNames(arguments.args());
        RunArguments.checkPatterns(arguments.options().getIncludes());
        return parseValues(arguments.options());
    }

    private static void checkParameterNames(List<String> args) throws UsageException {
        for (String name : parameterNames(args)) {
            if (name.equals(ResultsFormat.DEVICE)) throw new UsageException("-p device is recorded by the suite, not chosen");
            if (name.equals(ResultsFormat.KERNEL_SHA256)) throw new UsageException("-p " + name + " is recorded by the suite, not chosen");
            if (!PARAMETERS.contains(name)) {
                throw new UsageException("unknown parameter '" + name + "'; parameters: " + String.join(", ", PARAMETERS.stream().sorted().toList()));
            }
        }
    }

    /** Names given with "-p name=values". */
    private static List<String> parameterNames(List<String> args) {
        List<String> names = new ArrayList<>();
        for (int a = 0; a + 1 < args.size(); a++) {
            if (args.get(a).equals("-p")) {
                String pair = args.get(a + 1);
                names.add(pair.contains("=") ? pair.substring(0, pair.indexOf('=')) : pair);
            }
        }
        return names;
    }

    private static RunRequest parseValues(CommandLineOptions options) throws UsageException {
        try {
            List<Variant> named = values(options, ResultsFormat.VARIANT).stream().map(String::trim).distinct().map(Variant::resolve).distinct().toList();
            List<Integer> sizes = values(options, ResultsFormat.N).stream().map(RunRequest::size).distinct().toList();
            List<String> generators = new ArrayList<>();
            List<String> graphFiles = new ArrayList<>();
            for (String graph : values(options, ResultsFormat.GRAPH).stream().distinct().toList()) {
                if (GraphFiles.looksLikeFile(graph)) graphFiles.add(graph);
                else generators.add(generator(graph));
            }
            List<String> seeds = values(options, ResultsFormat.SEED).stream().map(String::trim).distinct().toList();
            seeds.forEach(RunRequest::seed);
            List<String> launches = values(options, ResultsFormat.LAUNCH).stream().map(l -> LaunchMode.parse(l).name()).distinct().toList();
            List<String> cells = values(options, ResultsFormat.CELL).stream().map(RunRequest::cell).distinct().toList();
            List<String> gpus = values(options, ResultsFormat.GPUS).stream().map(g -> g.trim().toLowerCase(Locale.ROOT)).distinct().toList();
            gpus.forEach(SolverConfig::parseGpus);
            if (gpus.size() > 1) throw new UsageException("-p gpus takes one value, not " + String.join(",", gpus));
            List<String> batches = values(options, ResultsFormat.BATCH).stream().map(RunRequest::batch).distinct().toList();
            return new RunRequest(named, sizes, generators, graphFiles, launches, cells, gpus, seeds, batches);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * Reads every -p graph file in full before anything is allocated (a bad file is one line here,
     * not a failed fork); with files alone, -p n must be each file's own n.
     */
    List<RunPlan.FileGraph> readGraphFiles() throws UsageException {
        List<RunPlan.FileGraph> files = new ArrayList<>();
        for (String graph : graphFiles) files.add(readGraphFile(graph));
        if (generators.isEmpty() && !sizes.isEmpty()) {
            for (RunPlan.FileGraph file : files) {
                if (!sizes.equals(List.of(file.n()))) {
                    throw new UsageException("-p n=" + sizes.stream().map(String::valueOf).collect(Collectors.joining(",")) + " conflicts with "
                            + file.parameter() + ", which has " + file.n() + " vertices: a graph file sets n itself (leave out -p n)");
                }
            }
        }
        return files;
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
            String by = file.negativeWeights() ? "the float64 CPU reference: no GPU variant takes real weights of either sign" : "kleene-f64 on a GPU";
            throw new UsageException(parameter + " has real weights (not all whole numbers): the benchmark's graphs are integer ones; "
                    + "solve takes it (with " + by + "): " + JarCommand.line("solve", "--graph", parameter.trim()) + " --out FILE");
        }
        return new RunPlan.FileGraph(parameter, file.n(), file.graph().heapBytes(), file.graph().negativeWeights());
    }

    private static List<String> values(CommandLineOptions options, String name) {
        return options.getParameter(name).hasValue() ? new ArrayList<>(options.getParameter(name).get()) : List.of();
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

    /** A -p batch value (SmallGraphsBenchmark's graphs a batch), checked: auto, or a whole number of at least 1. */
    private static String batch(String text) {
        if (text.trim().equalsIgnoreCase(AutoBatch.AUTO)) return AutoBatch.AUTO;
        int batch;
        try {
            batch = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("batch must be " + AutoBatch.AUTO + " or a whole number of graphs, at least 1, got '" + text + "'");
        }
        if (batch < 1) throw new IllegalArgumentException("batch must be at least 1 graph, got " + batch);
        return String.valueOf(batch);
    }

    private static void seed(String text) {
        try {
            Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("seed must be a whole number, got '" + text + "'");
        }
    }
}
