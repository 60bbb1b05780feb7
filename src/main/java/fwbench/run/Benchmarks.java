package fwbench.run;

import fwbench.bench.AutoBatch;
import fwbench.bench.SmallGraphsBenchmark;
import fwbench.results.ResultsFormat;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Which of the suite's benchmarks run: the solves, the device's ceiling, and the batch of small
 * graphs ({@code smallGraphs}, only when named).
 */
record Benchmarks(boolean solves, boolean peak, boolean smallGraphs) {

    Benchmarks(boolean solves, boolean peak) {
        this(solves, peak, false);
    }

    /** SmallGraphsBenchmark's sizes when -p n is left out: the benchmark's defaults. */
    static final List<Integer> SMALL_GRAPHS_SIZES = BenchmarkDefaults.paramValues(SmallGraphsBenchmark.class, ResultsFormat.N).stream()
            .map(Integer::valueOf).toList();

    /**
     * The solves run unless the patterns leave them out; the device's ceiling runs (on a device)
     * with a default run, or when asked for by name (-p cell or a pattern); the batch of small graphs
     * only when a pattern names it, its -p values checked here (each variant at each n).
     */
    static Benchmarks choose(List<String> includes, RunRequest request, boolean device) throws UsageException {
        boolean solves = matches(includes, ResultsFormat.SOLVE_BENCHMARK);
        boolean peak = device && (includes.isEmpty()
                ? request.named().isEmpty() || !request.cells().isEmpty() : matches(includes, ResultsFormat.PEAK_BENCHMARK));
        boolean small = !includes.isEmpty() && matches(includes, ResultsFormat.SMALL_GRAPHS_BENCHMARK);
        if (!solves && !peak && !small) {
            throw new UsageException("no benchmark matches " + includes + "; benchmarks: " + ResultsFormat.SOLVE_BENCHMARK
                    + (device ? ", " + ResultsFormat.PEAK_BENCHMARK : "") + ", " + ResultsFormat.SMALL_GRAPHS_BENCHMARK);
        }
        if (small) checkSmallGraphs(request);
        return new Benchmarks(solves, peak, small);
    }

    /** The variants SmallGraphsBenchmark runs: those named, else small-graphs. */
    static List<Variant> smallGraphsVariants(RunRequest request) {
        return request.named().isEmpty() ? List.of(Variant.SMALL_GRAPHS) : request.named();
    }

    /** The sizes SmallGraphsBenchmark runs: -p n, else its defaults. */
    static List<Integer> smallGraphsSizes(RunRequest request) {
        return request.sizes().isEmpty() ? SMALL_GRAPHS_SIZES : request.sizes();
    }

    /** Refuses in one line a kernel file variant, and an n or batch a variant cannot take (small-graphs: n <= 512, a batch's weights one Java array). */
    private static void checkSmallGraphs(RunRequest request) throws UsageException {
        for (Variant variant : smallGraphsVariants(request)) {
            if (variant.kernelFile().isPresent()) {
                throw new UsageException(ResultsFormat.SMALL_GRAPHS_BENCHMARK + " runs the built-in variants, not a kernel file (" + variant + ")");
            }
            List<String> batches = request.batches().isEmpty() ? BenchmarkDefaults.paramValues(SmallGraphsBenchmark.class, ResultsFormat.BATCH) : request.batches();
            for (int n : smallGraphsSizes(request)) {
                for (String batch : batches) {
                    try {
                        // auto is within the limits by construction, but n is still checked
                        SmallGraphsBenchmark.check(variant, n, batch.equals(AutoBatch.AUTO) ? 1 : Integer.parseInt(batch));
                    } catch (IllegalArgumentException e) {
                        throw new UsageException(ResultsFormat.SMALL_GRAPHS_BENCHMARK + ": " + e.getMessage());
                    }
                }
            }
        }
    }

    private static boolean matches(List<String> includes, String benchmark) {
        return includes.isEmpty() || includes.stream().anyMatch(regex -> Pattern.compile(regex).matcher(benchmark).find());
    }
}
