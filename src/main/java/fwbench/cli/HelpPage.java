package fwbench.cli;

import fwbench.bench.AutoBatch;
import fwbench.bench.FloydWarshallBenchmark;
import fwbench.bench.PeakBenchmark;
import fwbench.bench.SmallGraphsBenchmark;
import fwbench.cell.CellType;
import fwbench.graph.Distances;
import fwbench.graph.GraphSpec;
import fwbench.graph.io.GraphFormat;
import fwbench.results.ResultsFormat;
import fwbench.run.BenchmarkDefaults;
import fwbench.run.RunArguments;
import fwbench.tuning.TuningMode;
import fwbench.usage.JarCommand;
import fwbench.variant.Variant;
import fwbench.variant.VariantIds;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.kernelfile.KernelFile;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The suite's own help (-h, --help, help) and its list of parameters (-lp), in place of JMH's,
 * which knows neither the subcommands nor the variants and states JMH's defaults, not the suite's.
 * Every default and value is read from where the code defines it: the registry, the enums and the
 * benchmarks' annotations. JMH's own help stays reachable with {@link #JMH_HELP}.
 */
final class HelpPage {

    /** The words that ask for this page. */
    static final List<String> HELP_WORDS = List.of("help", "--help", "-h");

    /** Asks for JMH's own help: its whole command line. */
    static final String JMH_HELP = "--jmh-help";


    /** A benchmark parameter: which benchmark has it, its default, what it accepts (-lp) and what it means (help). */
    record Parameter(String name, String benchmark, String defaults, String accepted, String meaning) {
    }

    private HelpPage() {
    }

    static List<Parameter> parameters() {
        Class<?> solve = FloydWarshallBenchmark.class;
        String cells = Arrays.stream(CellType.values()).map(c -> c.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(","));
        return List.of(
                new Parameter(ResultsFormat.VARIANT, ResultsFormat.SOLVE_BENCHMARK, "every variant", "{" + Variant.ids() + "}",
                        "the variants above; one not named runs only up to its default largest n"),
                new Parameter(ResultsFormat.N, ResultsFormat.SOLVE_BENCHMARK, joined(BenchmarkDefaults.sizes()), "1.." + Distances.GRID_MAX_N,
                        "vertices; each variant's largest n is on its line above (device memory may stop it sooner)"),
                new Parameter(ResultsFormat.GRAPH, ResultsFormat.SOLVE_BENCHMARK, joined(BenchmarkDefaults.paramValues(solve, ResultsFormat.GRAPH)),
                        GraphSpec.FORMS + ", or a graph file: " + GraphFormat.extensions(),
                        GraphSpec.FORMS + ", or a graph file (" + GraphFormat.extensions() + "), which sets n itself"),
                new Parameter(ResultsFormat.SEED, ResultsFormat.SOLVE_BENCHMARK, joined(BenchmarkDefaults.paramValues(solve, ResultsFormat.SEED)),
                        "a whole number", "the generator's seed"),
                new Parameter(ResultsFormat.LAUNCH, ResultsFormat.SOLVE_BENCHMARK,
                        joined(BenchmarkDefaults.paramValues(solve, ResultsFormat.LAUNCH)).toLowerCase(Locale.ROOT), "{" + LaunchMode.names() + "}",
                        "graph: each solve replays a CUDA graph; stream: every launch issued from Java"),
                new Parameter(ResultsFormat.GPUS, ResultsFormat.SOLVE_BENCHMARK, joined(BenchmarkDefaults.paramValues(solve, ResultsFormat.GPUS)),
                        SolverConfig.ALL_GPUS_TEXT + " or 1..the host's GPUs",
                        "the GPUs one solve of " + VariantIds.spanningDevices() + " splits across; the other variants run on GPU 0 (all or 1 only)"),
                new Parameter(ResultsFormat.CELL, ResultsFormat.PEAK_BENCHMARK, cells, "{" + CellType.names() + "}",
                        "the peak benchmark's cells; naming it runs the peak beside -p variant"),
                new Parameter(ResultsFormat.BATCH, ResultsFormat.SMALL_GRAPHS_BENCHMARK,
                        joined(BenchmarkDefaults.paramValues(SmallGraphsBenchmark.class, ResultsFormat.BATCH)), AutoBatch.AUTO + " or 1.." + Integer.MAX_VALUE,
                        "graphs a batch of SmallGraphsBenchmark, run only when named (it takes variant, n and seed too; n defaults to "
                                + joined(BenchmarkDefaults.paramValues(SmallGraphsBenchmark.class, ResultsFormat.N)) + "); " + AutoBatch.AUTO + ": " + AutoBatch.RULE + ", recorded as the number"));
    }

    /** The help page. */
    static void print(PrintStream out) {
        String jar = JarCommand.prefix();
        out.println("fwbench: blocked Floyd-Warshall (all-pairs shortest paths) on CUDA devices, benchmarked with JMH");
        out.println();
        out.println("Usage: " + jar + " [JMH OPTIONS] [BENCHMARK REGEX...]");
        out.println("       " + jar + " COMMAND [OPTIONS]");
        out.println();
        out.println("Commands:");
        out.printf("  %-8s %s%n", "(none)", "benchmark: the device's min-plus ceiling, then every variant at every n (the default)");
        Subcommands.summaries().forEach((name, summary) -> out.printf("  %-8s %s%n", name, summary));
        out.printf("  %-8s %s%n", "help", "this page (also -h, --help)");
        out.println("  '" + jar + " COMMAND --help' gives a command's options.");
        out.println();
        out.println("Variants (-p variant=ID,ID...):");
        int width = Arrays.stream(Variant.values()).mapToInt(v -> v.id().length()).max().orElse(0);
        for (Variant v : Variant.values()) {
            String limit = (v.defaultMaxN() == Integer.MAX_VALUE ? "" : "; by default up to n=" + v.defaultMaxN()) + "; n <= " + v.maxN();
            out.printf("  %-" + width + "s  %s%s%s%n", v.id(), v.gpu() ? "" : "CPU: ", v.description(), limit);
        }
        out.printf("  %-" + width + "s  %s%n", "FILE" + KernelFile.EXTENSION, "your own kernels: a CUDA source file that declares its launch schema ("
                + KernelFile.DOCS + ")");
        out.println();
        out.println("Benchmark parameters (-p NAME=VALUE,VALUE...):");
        out.printf("  %-8s %-28s %s%n", "name", "default", "meaning");
        for (Parameter p : parameters()) out.printf("  %-8s %-28s %s%n", p.name(), p.defaults(), p.meaning());
        out.println();
        out.println("JMH settings: " + BenchmarkDefaults.jmhSettings(FloydWarshallBenchmark.class) + "; above n="
                + FloydWarshallBenchmark.FEW_ITERATIONS_ABOVE_N + ", " + FloydWarshallBenchmark.FEW_ITERATIONS + " warm-up and "
                + FloydWarshallBenchmark.FEW_ITERATIONS + " measured (unless -wi, -i say otherwise).");
        out.println("A plan whose solves are estimated at over an hour each is refused unless " + RunArguments.ALLOW_LONG_SOLVES + " is given.");
        out.println("The tile variants tune their launch choice on the device at their first trial of each n range and cache it");
        out.println("(docs/measuring.md, Tuning per device); " + RunArguments.TUNING + " " + TuningMode.RETUNE.id() + " tunes again, "
                + RunArguments.TUNING + " " + TuningMode.TABLE.id() + " takes the table measured on an H200 (default: "
                + TuningMode.DEFAULT.id() + ").");
        out.println();
        // each example is a line to paste; the ones that need a GPU say so in a shell comment
        out.println("Examples:");
        out.println("  " + jar + " -p variant=cpu-blocked -p n=300,500      # runs anywhere, in seconds");
        out.println("  " + jar + " -p variant=naive,blocked -p n=1000,2500  # needs a CUDA device");
        out.println("  " + jar + " -p n=4096 -p graph=sparse:0.01 -p launch=graph,stream  # needs a CUDA device");
        out.println("  " + jar + " -f 1 -wi 3 -i 10");
        out.println("  " + jar + " report results/DATE_DEVICE.json");
        out.println("  " + jar + " profile --variant kleene --n 4096  # needs a CUDA device and ncu (docs/profiling.md)");
        out.println();
        out.println("Results go to results/DATE_DEVICE.json (-2, -3... when taken; -rff FILE names another);");
        out.println("'report FILE' makes their tables and charts (it reads JSON, the default -rf).");
        out.println("-l lists the benchmarks, -lp their parameters and values; JMH's full option list (-prof, -jvmArgs,");
        out.println("-tu, ...): " + jar + " " + JMH_HELP);
    }

    /** The parameters of the benchmarks that {@code includes} match (all when empty), with the values each accepts. */
    static void printParameters(PrintStream out, List<String> includes) {
        Map<String, List<Parameter>> byBenchmark = parameters().stream()
                .collect(Collectors.groupingBy(Parameter::benchmark, java.util.LinkedHashMap::new, Collectors.toList()));
        out.println("Benchmarks:");
        for (String benchmark : List.of(ResultsFormat.SOLVE_BENCHMARK, ResultsFormat.PEAK_BENCHMARK)) {
            if (!includes.isEmpty() && includes.stream().noneMatch(regex -> Pattern.compile(regex).matcher(benchmark).find())) continue;
            out.println(benchmark);
            for (Parameter p : byBenchmark.get(benchmark)) {
                out.println("  param \"" + p.name() + "\" = " + p.accepted() + " (default: " + p.defaults() + ")");
            }
        }
    }

    private static String joined(List<?> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
