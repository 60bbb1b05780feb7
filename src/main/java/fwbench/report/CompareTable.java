package fwbench.report;

import fwbench.results.ResultsFormat;
import fwbench.usage.UsageException;
import org.apache.commons.math3.stat.StatUtils;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Two runs side by side (before and after a change, or two devices): for each variant and n the
 * ratio after / before of the time per solve, and whether the difference is beyond the noise of the
 * iterations ({@link Significance}). A ratio above 1 means the after run is slower, below 1
 * faster. Runs are matched by their settings (graph, launch, seed...), whatever the device, so two
 * devices compare too. Built by a pure function; empty values mean n/a (one side lacks the solve).
 *
 * @param settings     what the table holds fixed besides the device (a {@link RunSetup}'s settings)
 * @param beforeDevice the device of the before run
 * @param afterDevice  the device of the after run
 * @param variants     story order, unknown ones after: every variant of either run
 * @param sizes        ascending: every n of either run
 * @param rows         by n, then variant
 */
public record CompareTable(SortedMap<String, String> settings, String beforeDevice, String afterDevice,
                           List<VariantName> variants, List<Integer> sizes, List<Row> rows) {

    /** The settings a run leaves out where they mean nothing for it ({@link RunData}). */
    private static final Set<String> OMISSIBLE = Set.of(ResultsFormat.LAUNCH, ResultsFormat.GPUS, ResultsFormat.SEED);

    /** One (variant, n); the ratio and the significance are there when both runs have the solve. */
    public record Row(VariantName variant, int n, Optional<RunData.Solve> beforeSolve, Optional<RunData.Solve> afterSolve,
                      OptionalDouble ratio, Optional<Significance> significance) {

        public Optional<Timing> before() {
            return beforeSolve.map(RunData.Solve::time);
        }

        public Optional<Timing> after() {
            return afterSolve.map(RunData.Solve::time);
        }

        /** Whether the before run's result ran throttled or slow ({@link Clocks#flagged}). */
        public boolean beforeFlagged() {
            return beforeSolve.flatMap(RunData.Solve::clocks).filter(Clocks::flagged).isPresent();
        }

        public boolean afterFlagged() {
            return afterSolve.flatMap(RunData.Solve::clocks).filter(Clocks::flagged).isPresent();
        }

        /**
         * "tile 128 -> 64, restLaunches 2 -> 1": the launch settings that differ where both runs
         * recorded theirs (a ratio there compares two launch choices, not only two builds); empty
         * where they agree, or a run recorded none.
         */
        public Optional<String> launchChange() {
            if (beforeSolve.isEmpty() || afterSolve.isEmpty()) return Optional.empty();
            Map<String, Integer> before = beforeSolve.get().launch(), after = afterSolve.get().launch();
            if (before.isEmpty() || after.isEmpty() || before.equals(after)) return Optional.empty();
            Set<String> names = new LinkedHashSet<>(before.keySet());
            names.addAll(after.keySet());
            return Optional.of(names.stream().filter(name -> !Objects.equals(before.get(name), after.get(name)))
                    .map(name -> name + " " + settingText(before.get(name)) + " -> " + settingText(after.get(name)))
                    .collect(Collectors.joining(", ")));
        }

        private static String settingText(Integer value) {
            return value == null ? "none" : value.toString();
        }
    }

    /**
     * A variant's ratios over the sizes both runs have, as one number: their geometric mean, the
     * mean that 2x slower at one n and 2x faster at another leave at 1.
     */
    public record GeometricMean(VariantName variant, List<Integer> sizes, double ratio) {
    }

    public Row row(VariantName variant, int n) {
        return rows.stream().filter(r -> r.variant().equals(variant) && r.n() == n).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no row for " + variant + " at n=" + n));
    }

    /** The variants with a ratio at some n, in row order: those the chart draws and its legend lists. */
    public List<VariantName> variantsWithRatio() {
        return variants.stream().filter(v -> rows.stream().anyMatch(r -> r.variant().equals(v) && r.ratio().isPresent())).toList();
    }

    /** The sizes with a ratio for some variant: the chart's columns (none left empty). */
    public List<Integer> sizesWithRatio() {
        return sizes.stream().filter(n -> rows.stream().anyMatch(r -> r.n() == n && r.ratio().isPresent())).toList();
    }

    /** Per variant with a ratio, in row order, the geometric mean of its ratios. */
    public List<GeometricMean> geometricMeans() {
        List<GeometricMean> means = new ArrayList<>();
        for (VariantName variant : variantsWithRatio()) {
            List<Row> shared = rows.stream().filter(r -> r.variant().equals(variant) && r.ratio().isPresent()).toList();
            double[] ratios = shared.stream().mapToDouble(r -> r.ratio().getAsDouble()).toArray();
            means.add(new GeometricMean(variant, shared.stream().map(Row::n).toList(), StatUtils.geometricMean(ratios)));
        }
        return means;
    }

    /** Whether the runs share a (variant, n) here: only then is there a ratio to chart. */
    public boolean hasRatios() {
        return !variantsWithRatio().isEmpty();
    }

    /** "the runs share no (variant, n): before has naive at n = 1,000, 2,500; after has blocked at n = 5,000". */
    public String noSharedSolves() {
        return "the runs share no (variant, n): before has " + holdings(Row::before) + "; after has " + holdings(Row::after);
    }

    /** A side's solves as "a, b at n = 1,000, 2,500 and c at n = 5,000": variants that ran at the same sizes together. */
    private String holdings(Function<Row, Optional<Timing>> side) {
        Map<List<Integer>, List<String>> bySizes = new LinkedHashMap<>();
        for (VariantName variant : variants) {
            List<Integer> ran = sizes.stream().filter(n -> side.apply(row(variant, n)).isPresent()).toList();
            if (!ran.isEmpty()) bySizes.computeIfAbsent(ran, k -> new ArrayList<>()).add(variant.id());
        }
        if (bySizes.isEmpty()) return "no solve";
        return bySizes.entrySet().stream().map(e -> String.join(", ", e.getValue()) + " at n = "
                + e.getKey().stream().map(Numbers::grouped).collect(Collectors.joining(", "))).collect(Collectors.joining(" and "));
    }

    /** The settings as a RunSetup on the after device (for titles and file names). */
    public RunSetup afterSetup() {
        return new RunSetup(afterDevice, settings);
    }

    /** "NVIDIA H200 (...)" when both runs used one device, else "after DEVICE vs before DEVICE". */
    public String devicesText() {
        String before = RunSetup.deviceName(beforeDevice);
        return beforeDevice.equals(afterDevice) ? before : RunSetup.deviceName(afterDevice) + " vs " + before;
    }

    /**
     * One table per settings the two runs share, in the before run's order.
     *
     * @throws UsageException when they share none, or one side holds the same settings on two devices
     */
    public static List<CompareTable> build(RunData before, RunData after) throws UsageException {
        List<VariantName> variants = List.copyOf(Stream.concat(before.variants().stream(), after.variants().stream())
                .collect(Collectors.toCollection(TreeSet::new)));
        List<Integer> sizes = List.copyOf(Stream.concat(before.sizes().stream(), after.sizes().stream())
                .collect(Collectors.toCollection(TreeSet::new)));
        List<CompareTable> tables = new ArrayList<>();
        for (SortedMap<String, String> beforeSettings : shared(before, after)) {
            RunSetup beforeSetup = single(before, beforeSettings);
            RunSetup afterSetup = single(after, beforeSettings);
            SortedMap<String, String> settings = common(beforeSettings, afterSetup.settings());
            // a graph file's table has its own n only, as in a run's report
            List<Integer> tableSizes = !beforeSetup.graphIsFile() ? sizes : List.copyOf(Stream.concat(
                    before.tableSizes(beforeSetup).stream(), after.tableSizes(afterSetup).stream()).collect(Collectors.toCollection(TreeSet::new)));
            List<Row> rows = new ArrayList<>();
            for (int n : tableSizes) {
                for (VariantName variant : variants) {
                    Optional<RunData.Solve> b = solve(before, beforeSetup, variant, n);
                    Optional<RunData.Solve> a = solve(after, afterSetup, variant, n);
                    boolean both = a.isPresent() && b.isPresent();
                    OptionalDouble ratio = both ? OptionalDouble.of(a.get().time().millis() / b.get().time().millis()) : OptionalDouble.empty();
                    Optional<Significance> significance = both ? Optional.of(Significance.test(b.get().time(), a.get().time())) : Optional.empty();
                    rows.add(new Row(variant, n, b, a, ratio, significance));
                }
            }
            tables.add(new CompareTable(settings, beforeSetup.device(), afterSetup.device(), variants, tableSizes, List.copyOf(rows)));
        }
        return tables;
    }

    /** The before run's settings that the after run has too ({@link #match}), in the before run's order. */
    static List<SortedMap<String, String>> shared(RunData before, RunData after) throws UsageException {
        List<SortedMap<String, String>> afterSettings = after.setups().stream().map(RunSetup::settings).distinct().toList();
        List<SortedMap<String, String>> both = before.setups().stream().map(RunSetup::settings).distinct()
                .filter(s -> afterSettings.stream().anyMatch(a -> match(s, a))).toList();
        if (both.isEmpty()) {
            throw new UsageException("the runs share no settings, nothing to compare: before has " + settingsList(before)
                    + "; after has " + settingsList(after));
        }
        return both;
    }

    /** The settings of one run that the other lacks (left out of the comparison), as text. */
    static List<String> unmatched(RunData run, RunData other) {
        List<SortedMap<String, String>> theirs = other.setups().stream().map(RunSetup::settings).toList();
        return run.setups().stream().map(RunSetup::settings).distinct().filter(s -> theirs.stream().noneMatch(t -> match(s, t)))
                .map(s -> RunSetup.settingsText(s)).toList();
    }

    /**
     * Whether two runs' settings are the same setup: equal where both have a setting, and the rest
     * settings a run leaves out where they mean nothing ({@link RunData}: a run without a GPU has no
     * launch), so that a run without a GPU compares with one on a GPU.
     */
    static boolean match(SortedMap<String, String> a, SortedMap<String, String> b) {
        Set<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        for (String key : keys) {
            boolean both = a.containsKey(key) && b.containsKey(key);
            if (both ? !a.get(key).equals(b.get(key)) : !OMISSIBLE.contains(key)) return false;
        }
        return true;
    }

    /** The settings both have: what a comparison of matched runs holds fixed. */
    private static SortedMap<String, String> common(SortedMap<String, String> a, SortedMap<String, String> b) {
        SortedMap<String, String> both = new TreeMap<>(a);
        both.keySet().retainAll(b.keySet());
        return Collections.unmodifiableSortedMap(both);
    }

    /** The setup of a run whose settings match these, the one equal to them first. */
    private static RunSetup single(RunData run, SortedMap<String, String> settings) throws UsageException {
        List<RunSetup> equal = run.setups().stream().filter(s -> s.settings().equals(settings)).toList();
        List<RunSetup> setups = !equal.isEmpty() ? equal : run.setups().stream().filter(s -> match(s.settings(), settings)).toList();
        String files = run.sources().stream().map(Object::toString).collect(Collectors.joining(", "));
        if (setups.size() > 1 && setups.stream().map(RunSetup::device).distinct().count() == setups.size()) {
            throw new UsageException(files + " holds " + RunSetup.settingsText(settings) + " on " + setups.size() + " devices ("
                    + setups.stream().map(RunSetup::device).collect(Collectors.joining("; "))
                    + "); compare takes one device per side");
        }
        if (setups.size() > 1) {
            throw new UsageException(files + " holds " + setups.size() + " setups that match " + RunSetup.settingsText(settings) + " ("
                    + setups.stream().map(s -> s.settingsText()).collect(Collectors.joining("; ")) + "); compare takes one per side");
        }
        return setups.get(0);
    }

    private static Optional<RunData.Solve> solve(RunData run, RunSetup setup, VariantName variant, int n) {
        return run.solves(setup).stream().filter(s -> s.variant().equals(variant) && s.n() == n).findFirst();
    }

    private static String settingsList(RunData run) {
        return run.setups().stream().map(s -> "(" + s.settingsText() + ")").distinct().collect(Collectors.joining(", "));
    }
}
