package fwbench.report;

import fwbench.cell.CellType;
import fwbench.results.ResultsFormat;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import fwbench.variant.core.SolverConfig;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The suite's results in one or more JMH files, as typed records with every time in milliseconds:
 * Floyd-Warshall solves and, where the files hold them, the device's min-plus ceilings and batches of small graphs.
 *
 * @param sources the files read, in the order given
 * @param solves  one per (setup, variant, n), in file order
 * @param peaks   the ceilings measured by PeakBenchmark, in file order
 * @param batches the batches of small graphs measured by SmallGraphsBenchmark, in file order
 * @param notes   what was read but left out, one line each (results of other benchmarks, unknown cells)
 */
public record RunData(List<Path> sources, List<Solve> solves, List<PeakCeiling> peaks, List<Batch> batches, List<String> notes) {

    /**
     * Parameters that are a table's rows and columns, or its title, or a trait of the variant (a kernel
     * file's source hash); the rest make up {@link RunSetup#settings()}.
     */
    private static final Set<String> AXES = Set.of(ResultsFormat.VARIANT, ResultsFormat.N, ResultsFormat.DEVICE, ResultsFormat.KERNEL_SHA256);

    /** The launch settings a result recorded ({@link ResultsFormat#LAUNCH_PREFIX}), by name, in the file's order. */
    private static Map<String, Integer> launch(JmhResult r) {
        Map<String, Integer> launch = new LinkedHashMap<>();
        r.secondary().forEach((label, metric) -> {
            if (label.startsWith(ResultsFormat.LAUNCH_PREFIX)) launch.put(label.substring(ResultsFormat.LAUNCH_PREFIX.length()), (int) Math.round(metric.score()));
        });
        return launch;
    }

    /**
     * One variant's time per solve at one n, how JMH measured it, the GPU's clocks over its iterations
     * where NVML read them, and the launch settings its solver ran with by name ({@link
     * ResultsFormat#LAUNCH_PREFIX}; empty where the variant has none or the run predates them).
     */
    public record Solve(RunSetup setup, VariantName variant, int n, Timing time, Optional<Timing> gpuTime, Path source,
                        JmhResult.Harness harness, Optional<Clocks> clocks, Map<String, Integer> launch) {
        /** Relaxations per second: a solve does n^3 of them. */
        public double relaxationsPerSecond() {
            double cube = (double) n * n * n;
            return cube / (time.millis() / 1e3);
        }

        /** The same solve with a setting left out of its setup. */
        Solve without(String setting) {
            Map<String, String> settings = new LinkedHashMap<>(setup.settings());
            settings.remove(setting);
            return new Solve(RunSetup.of(setup.device(), settings), variant, n, time, gpuTime, source, harness, clocks, launch);
        }
    }

    /** A device's measured ceiling for one cell type, in relaxations per second. */
    public record PeakCeiling(String device, CellType cell, double relaxationsPerSecond, Path source) {
    }

    /**
     * One variant's time per batch of {@code batch} graphs of n vertices: small-graphs solves the batch in
     * one launch a size class, any other variant one graph after another.
     */
    public record Batch(String device, VariantName variant, int n, int batch, String seed, Timing time, Path source) {
        public double graphsPerSecond() {
            return batch / (time.millis() / 1e3);
        }

        /** Relaxations per second: each graph of the batch takes n^3 of them. */
        public double relaxationsPerSecond() {
            return graphsPerSecond() * n * n * n;
        }
    }

    public static RunData read(List<Path> files) throws UsageException {
        List<JmhResult> results = new ArrayList<>();
        for (Path file : files) results.addAll(JmhJson.read(file));
        return from(files, results);
    }

    static RunData from(List<Path> sources, List<JmhResult> results) throws UsageException {
        return from(sources, results, true);
    }

    /**
     * The results of a run that has just ended, as the benchmark command holds them, for its summary:
     * as {@link #read}, but a run that measured only the device's ceiling is no mistake here.
     */
    public static RunData ofRun(Path file, List<JmhResult> results) throws UsageException {
        return from(List.of(file), results, false);
    }

    private static RunData from(List<Path> sources, List<JmhResult> results, boolean needSolves) throws UsageException {
        List<Solve> read = new ArrayList<>();
        List<PeakCeiling> peaks = new ArrayList<>();
        List<Batch> batches = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, Integer> others = new LinkedHashMap<>();
        Map<List<Object>, Solve> seen = new HashMap<>();
        for (JmhResult r : results) {
            if (r.benchmark().equals(ResultsFormat.SOLVE_BENCHMARK)) {
                Solve solve = solve(r);
                Solve earlier = seen.putIfAbsent(List.of(solve.setup(), solve.variant(), solve.n()), solve);
                if (earlier != null) {
                    throw new UsageException(solve.variant() + " at n=" + solve.n() + " (" + solve.setup().title() + ") is in "
                            + (earlier.source().equals(solve.source()) ? solve.source() + " twice" : "both " + earlier.source()
                            + " and " + solve.source()) + "; give each combination once");
                }
                read.add(solve);
            } else if (r.benchmark().equals(ResultsFormat.PEAK_BENCHMARK)) {
                peak(r, notes).ifPresent(peaks::add);
            } else if (r.benchmark().equals(ResultsFormat.SMALL_GRAPHS_BENCHMARK)) {
                batches.add(batch(r));
            } else {
                others.merge(r.benchmark(), 1, Integer::sum);
            }
        }
        List<Solve> solves = withoutMeaninglessSettings(read);
        if (solves.isEmpty() && batches.isEmpty() && needSolves) {
            String files = sources.stream().map(Path::toString).collect(Collectors.joining(", "));
            String found = others.isEmpty() ? "only " + ResultsFormat.PEAK_BENCHMARK : String.join(", ", others.keySet());
            throw new UsageException(files + " holds results of " + found + ", not of " + ResultsFormat.SOLVE_BENCHMARK
                    + " or " + ResultsFormat.SMALL_GRAPHS_BENCHMARK + "; the report reads this suite's runs");
        }
        if (!others.isEmpty()) {
            notes.add("left out " + others.values().stream().mapToInt(Integer::intValue).sum()
                    + " results of other benchmarks: " + String.join(", ", others.keySet()));
        }
        return new RunData(List.copyOf(sources), List.copyOf(solves), List.copyOf(peaks), List.copyOf(batches), List.copyOf(notes));
    }

    /** A SmallGraphsBenchmark result: its variant parameter is an id ("small-graphs"), not a constant as a solve's is. */
    private static Batch batch(JmhResult r) throws UsageException {
        String id = r.param(ResultsFormat.VARIANT).orElseThrow(() -> missing(r, ResultsFormat.VARIANT));
        int n = positive(r, ResultsFormat.N, "a number of vertices");
        int graphs = positive(r, ResultsFormat.BATCH, "a number of graphs");
        VariantName variant;
        try {
            variant = VariantName.of(Variant.parse(id));
        } catch (IllegalArgumentException e) {
            // a variant this version does not know still gets a row, named as the results name it
            variant = new VariantName(id.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        }
        String what = r.source() + ": a batch of " + variant + " at n=" + n;
        Timing time = timing(r.primary()).orElseThrow(() -> new UsageException(what + " is in " + r.primary().unit()
                + " (mode " + r.mode() + "); the report reads time per batch: run with the default mode, -bm avgt"));
        if (!(time.millis() > 0)) throw new UsageException(what + " has time " + r.primary().score() + "; a time must be above 0");
        String device = r.param(ResultsFormat.DEVICE).filter(d -> !d.isBlank()).orElse("unknown device");
        return new Batch(device, variant, n, graphs, r.param(ResultsFormat.SEED).orElse(""), time, r.source());
    }

    /** A parameter that must be a whole number from 1. */
    private static int positive(JmhResult r, String param, String meaning) throws UsageException {
        String text = r.param(param).orElseThrow(() -> missing(r, param));
        int value;
        try {
            value = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            value = 0;
        }
        if (value < 1) throw new UsageException(r.source() + ": a result has " + param + "='" + text + "', not " + meaning);
        return value;
    }

    private static Solve solve(JmhResult r) throws UsageException {
        String variant = r.param(ResultsFormat.VARIANT).orElseThrow(() -> missing(r, ResultsFormat.VARIANT));
        int n = positive(r, ResultsFormat.N, "a number of vertices");
        VariantName name = new VariantName(variant);
        String what = r.source() + ": " + name + " at n=" + n;
        Timing time = timing(r.primary()).orElseThrow(() -> new UsageException(what + " is in " + r.primary().unit()
                + " (mode " + r.mode() + "); the report reads time per solve: run with the default mode, -bm avgt"));
        if (!(time.millis() > 0)) throw new UsageException(what + " has time " + r.primary().score() + "; a time must be above 0");
        // gpu.time is in the benchmark's unit too; a result without it (CPU variants, or -prof left off) just has no GPU time
        Optional<Timing> gpu = r.secondary(ResultsFormat.GPU_TIME).flatMap(RunData::timing);
        Map<String, String> settings = new LinkedHashMap<>(r.params());
        settings.keySet().removeAll(AXES);
        // gpus=all is what every run before the parameter existed did (all GPU variants on GPU 0 of a
        // one-GPU host), so it is left out: old and new runs share tables and compare
        settings.remove(ResultsFormat.GPUS, SolverConfig.ALL_GPUS_TEXT);
        String device = r.param(ResultsFormat.DEVICE).filter(d -> !d.isBlank()).orElse("unknown device");
        return new Solve(RunSetup.of(device, settings), name, n, time, gpu, r.source(), r.harness(), Clocks.of(r), launch(r));
    }

    /**
     * The solves without the settings that mean nothing for them, which would only clutter titles:
     * launch and gpus on a device where no result ran on a GPU (a run without one), the seed of a
     * graph file. A setting stays where leaving it out would merge results that differ in it.
     */
    private static List<Solve> withoutMeaninglessSettings(List<Solve> solves) {
        Set<String> gpuDevices = solves.stream().filter(s -> s.variant().onGpu() && !s.setup().device().startsWith(ResultsFormat.NO_GPU_DEVICE))
                .map(s -> s.setup().device()).collect(Collectors.toSet());
        Map<String, Predicate<Solve>> meaningless = new LinkedHashMap<>();
        meaningless.put(ResultsFormat.LAUNCH, s -> !gpuDevices.contains(s.setup().device()));
        meaningless.put(ResultsFormat.GPUS, s -> !gpuDevices.contains(s.setup().device()));
        meaningless.put(ResultsFormat.SEED, s -> s.setup().graphIsFile());
        List<Solve> kept = solves;
        for (Map.Entry<String, Predicate<Solve>> setting : meaningless.entrySet()) {
            List<Solve> without = kept.stream().map(s -> setting.getValue().test(s) ? s.without(setting.getKey()) : s).toList();
            long distinct = without.stream().map(s -> List.of(s.setup(), s.variant(), s.n())).distinct().count();
            if (distinct == without.size()) kept = without;
        }
        return kept;
    }

    private static Optional<PeakCeiling> peak(JmhResult r, List<String> notes) throws UsageException {
        String cellText = r.param(ResultsFormat.CELL).orElseThrow(() -> missing(r, ResultsFormat.CELL));
        Optional<CellType> cell = CellType.named(cellText);
        if (cell.isEmpty()) {
            notes.add("left out the peak of cell " + cellText + " (cells: " + CellType.names().toUpperCase(Locale.ROOT) + ")");
            return Optional.empty();
        }
        JmhResult.Metric rate = r.secondary(ResultsFormat.GPU_RATE).orElseThrow(() -> new UsageException(r.source()
                + ": the peak of cell " + cellText + " has no " + ResultsFormat.GPU_RATE + " metric (relaxations per second)"));
        if (!(rate.score() > 0)) {
            throw new UsageException(r.source() + ": the peak of cell " + cellText + " is " + rate.score() + "; a rate must be above 0");
        }
        String device = r.param(ResultsFormat.DEVICE).filter(d -> !d.isBlank()).orElse("unknown device");
        return Optional.of(new PeakCeiling(device, cell.get(), rate.score(), r.source()));
    }

    private static Optional<Timing> timing(JmhResult.Metric metric) {
        OptionalDouble millisPer = TimeUnits.millisPer(metric.unit());
        if (millisPer.isEmpty()) return Optional.empty();
        double scale = millisPer.getAsDouble();
        List<Double> iterations = metric.iterations().stream().map(score -> score * scale).toList();
        return Optional.of(new Timing(metric.score() * scale, metric.error() * scale, iterations));
    }

    private static UsageException missing(JmhResult r, String param) {
        return new UsageException(r.source() + ": a " + r.benchmark() + " result has no " + param
                + " parameter; it was not made by this suite");
    }

    /** Every variant in the results, in story order (unknown ones after). */
    public List<VariantName> variants() {
        return List.copyOf(solves.stream().map(Solve::variant).collect(Collectors.toCollection(TreeSet::new)));
    }

    /** Every n in the results, ascending. */
    public List<Integer> sizes() {
        return List.copyOf(solves.stream().map(Solve::n).collect(Collectors.toCollection(TreeSet::new)));
    }

    /**
     * The sizes of a setup's table: every n of the data, so that the tables of generated graphs line
     * up and a (variant, n) not measured shows as n/a; a graph file's only its own (a file has one n).
     */
    public List<Integer> tableSizes(RunSetup setup) {
        if (!setup.graphIsFile()) return sizes();
        return List.copyOf(solves(setup).stream().map(Solve::n).collect(Collectors.toCollection(TreeSet::new)));
    }

    /** Every setup, in the order first met in the files. */
    public List<RunSetup> setups() {
        return solves.stream().map(Solve::setup).distinct().toList();
    }

    /** The highest ceiling measured for this device and cell: the ceiling is the best rate reached. */
    public OptionalDouble peak(String device, CellType cell) {
        return peaks.stream().filter(p -> p.device().equals(device) && p.cell() == cell)
                .mapToDouble(PeakCeiling::relaxationsPerSecond).max();
    }

    /** Whether any ceiling was measured on this device (else the percent column and the peak line are left out). */
    public boolean hasPeak(String device) {
        return peaks.stream().anyMatch(p -> p.device().equals(device));
    }

    /** The solves of one setup. */
    public List<Solve> solves(RunSetup setup) {
        return solves.stream().filter(s -> s.setup().equals(setup)).toList();
    }
}
