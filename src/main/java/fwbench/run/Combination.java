package fwbench.run;

import fwbench.bench.AutoBatch;
import fwbench.bench.FloydWarshallBenchmark;
import fwbench.bench.PeakBenchmark;
import fwbench.bench.SmallGraphsBenchmark;
import fwbench.cell.CellType;
import fwbench.results.ResultsFormat;
import fwbench.variant.Variant;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One result of the run: one benchmark method at one value of each parameter the suite sets, so
 * that a JMH session of it runs one fork. {@code description} names it in lines ("kleene at
 * n=1000"); {@code fewIterations}: its warm-up and measured iterations default to
 * {@link FloydWarshallBenchmark#FEW_ITERATIONS}.
 */
record Combination(String benchmark, Map<String, String> params, String description, boolean fewIterations) {

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

    /** The warm-up iterations each fork runs: the user's -wi, else its default. */
    int warmups(CommandLineOptions options, int annotated) {
        return options.getWarmupIterations().orElse(fewIterations ? FloydWarshallBenchmark.FEW_ITERATIONS : annotated);
    }

    /** The measured iterations each fork runs: the user's -i, else its default. */
    int measurements(CommandLineOptions options, int annotated) {
        return options.getMeasurementIterations().orElse(fewIterations ? FloydWarshallBenchmark.FEW_ITERATIONS : annotated);
    }

    Class<?> benchmarkClass() {
        if (benchmark.equals(ResultsFormat.PEAK_BENCHMARK)) return PeakBenchmark.class;
        return benchmark.equals(ResultsFormat.SMALL_GRAPHS_BENCHMARK) ? SmallGraphsBenchmark.class : FloydWarshallBenchmark.class;
    }

    /** Its forks: the user's -f and -wf, else the benchmark's annotation, else JMH's defaults. */
    Forks forks(CommandLineOptions options) {
        Fork annotated = benchmarkClass().getAnnotation(Fork.class);
        int measured = options.getForkCount().orElse(annotated == null || annotated.value() < 0 ? Defaults.MEASUREMENT_FORKS : annotated.value());
        int warmups = options.getWarmupForkCount().orElse(annotated == null || annotated.warmups() < 0 ? Defaults.WARMUP_FORKS : annotated.warmups());
        return new Forks(measured, Math.max(0, warmups));
    }

    /**
     * The ceiling first (when chosen), one combination per cell, then one combination per planned
     * (variant, graph, launch, n, seed), then (when named) one per batch of small graphs (variant, n,
     * batch, seed): each one result, each of its forks a JMH session of its own.
     * The order is JMH's within a session (the parameters by name, the values as given).
     */
    static List<Combination> of(Benchmarks chosen, RunPlan plan, RunRequest request, String label) {
        List<Combination> combinations = new ArrayList<>();
        if (chosen.peak()) {
            List<String> cells = request.cells().isEmpty() ? Arrays.stream(CellType.values()).map(Enum::name).toList() : request.cells();
            for (String cell : cells) {
                combinations.add(new Combination(ResultsFormat.PEAK_BENCHMARK, Map.of(ResultsFormat.CELL, cell, ResultsFormat.DEVICE, label),
                        "peak " + cell.toLowerCase(Locale.ROOT), false));
            }
        }
        if (chosen.solves()) {
            for (RunPlan.Group group : plan.groups()) combinations.addAll(solves(group, request, label));
        }
        if (chosen.smallGraphs()) combinations.addAll(smallGraphs(request, label));
        return combinations;
    }

    /**
     * SmallGraphsBenchmark at each of its variants and sizes, with each -p batch and seed (left out: its defaults); a batch
     * of auto (the default) resolved at each n on this machine ({@link AutoBatch}), so the results record the number that ran.
     */
    private static List<Combination> smallGraphs(RunRequest request, String label) {
        List<Combination> combinations = new ArrayList<>();
        List<String> none = Collections.singletonList(null);
        for (Variant variant : Benchmarks.smallGraphsVariants(request)) {
            for (int n : Benchmarks.smallGraphsSizes(request)) {
                for (String asked : request.batches().isEmpty() ? List.of(AutoBatch.AUTO) : request.batches()) {
                    String batch = String.valueOf(AutoBatch.resolve(asked, n));
                    for (String seed : request.seeds().isEmpty() ? none : request.seeds()) {
                        Map<String, String> params = new LinkedHashMap<>();
                        params.put(ResultsFormat.VARIANT, variant.id());
                        params.put(ResultsFormat.N, String.valueOf(n));
                        params.put(ResultsFormat.DEVICE, label);
                        params.put(ResultsFormat.BATCH, batch);
                        if (seed != null) params.put(ResultsFormat.SEED, seed);
                        String description = variant + " batch of " + batch + " at n=" + n
                                + (request.seeds().size() > 1 ? " (seed " + seed + ")" : "");
                        combinations.add(new Combination(ResultsFormat.SMALL_GRAPHS_BENCHMARK, params, description, false));
                    }
                }
            }
        }
        return combinations;
    }

    /**
     * One planned group's solves: its variant at each of its sizes, on each of its graphs, with each
     * of the user's launch modes and seeds (a parameter the user left out keeps the benchmark's default).
     */
    private static List<Combination> solves(RunPlan.Group group, RunRequest request, String label) {
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
}
