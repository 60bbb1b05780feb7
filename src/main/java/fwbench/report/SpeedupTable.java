package fwbench.report;

import fwbench.cell.CellType;
import fwbench.usage.UsageException;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * One setup's table: for each n and variant, the time per solve, the speedup over the baseline,
 * relaxations per second and, when the device's ceiling was measured, the percent of it. Every
 * table of a report has a row for each variant and a column for each n found anywhere in its input
 * (a graph file's table for its own n only: {@link RunData#tableSizes}), so a combination that was
 * not measured (verification failed, skipped, not run) is an empty cell (n/a) and nothing shifts. Built by a pure function from {@link RunData}.
 *
 * @param setup     what the table holds fixed
 * @param baseline  the variant speedups are over
 * @param variants  row order: story order, unknown variants after
 * @param sizes     ascending
 * @param rows      one per (n, variant): by n, then in variant order
 * @param ceilings  the device's ceilings by cell (empty map: none measured, no percent column)
 */
public record SpeedupTable(RunSetup setup, VariantName baseline, List<VariantName> variants, List<Integer> sizes,
                           List<Row> rows, Map<CellType, Double> ceilings) {

    /**
     * One (variant, n) cell. Empty values mean n/a: no solve, no baseline at this n, or no ceiling
     * for the variant's cell type.
     */
    public record Row(VariantName variant, int n, Optional<RunData.Solve> solve, OptionalDouble speedup,
                      OptionalDouble relaxationsPerSecond, OptionalDouble percentOfPeak) {

        public Optional<Timing> time() {
            return solve.map(RunData.Solve::time);
        }

        public Optional<Timing> gpuTime() {
            return solve.flatMap(RunData.Solve::gpuTime);
        }

        public Optional<Clocks> clocks() {
            return solve.flatMap(RunData.Solve::clocks);
        }
    }

    /** Whether the device's ceiling was measured (the percent column and the peak line are shown only then). */
    public boolean showsPeak() {
        return !ceilings.isEmpty();
    }

    /** Whether any solve of this table ran on several GPUs (its percent of peak is of their ceilings together). */
    public boolean showsSeveralGpus() {
        return rows.stream().anyMatch(r -> r.solve().map(ScalingTable::gpusUsed).orElse(1) > 1);
    }

    /** Whether any solve of this table has NVML's clocks (the report's CSV has their columns only then). */
    public boolean showsClocks() {
        return rows.stream().anyMatch(r -> r.clocks().isPresent());
    }

    /** Whether any solve of this table has a GPU time (CPU-only runs have none: the column is left out). */
    public boolean showsGpuTime() {
        return rows.stream().anyMatch(r -> r.gpuTime().isPresent());
    }

    /** The sizes at which the baseline ran: the only ones with speedups (a speedup chart shows no empty column). */
    public List<Integer> speedupSizes() {
        return sizes.stream().filter(n -> row(baseline, n).time().isPresent()).toList();
    }

    /** The variants with a speedup at some n, in row order (a speedup chart lists no variant it cannot draw). */
    public List<VariantName> variantsWithSpeedup() {
        return variants.stream().filter(v -> rows.stream().anyMatch(r -> r.variant().equals(v) && r.speedup().isPresent())).toList();
    }

    /** The variants but the baseline with a speedup at some n, in row order: the bars of the bar chart. */
    public List<VariantName> comparedVariants() {
        return variantsWithSpeedup().stream().filter(v -> !v.equals(baseline)).toList();
    }

    /** Whether a variant but the baseline has a speedup: only then are there speedup charts ({@link ChartKind#of}). */
    public boolean hasSpeedups() {
        return !comparedVariants().isEmpty();
    }

    /** Why a table has no speedup charts, where it has none ({@link #hasSpeedups()}). */
    public String noSpeedupCharts() {
        return "no speedup charts: speedups need a second variant beside the baseline " + baseline + " at the same n";
    }

    /** Whether the speedups vs n make a line: at one n they would be a column of dots, and the bars show them. */
    public boolean hasSpeedupLines() {
        return hasSpeedups() && speedupSizes().size() > 1;
    }

    /** What each chart the report leaves out of this table would have shown, and why: none when it draws them all. */
    public List<String> chartNotes() {
        if (!hasSpeedups()) return List.of(noSpeedupCharts());
        if (!hasSpeedupLines()) {
            return List.of("no speedup line chart: the speedups are at one n (" + Numbers.grouped(speedupSizes().get(0))
                    + "), and the bar chart shows them");
        }
        return List.of();
    }

    public Row row(VariantName variant, int n) {
        return rows.stream().filter(r -> r.variant().equals(variant) && r.n() == n).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no row for " + variant + " at n=" + n));
    }

    /** One table per setup of the data, in the order the setups first appear. */
    public static List<SpeedupTable> build(RunData data, VariantName baseline) {
        List<SpeedupTable> tables = new ArrayList<>();
        for (RunSetup setup : data.setups()) tables.add(build(data, setup, baseline));
        return tables;
    }

    static SpeedupTable build(RunData data, RunSetup setup, VariantName baseline) {
        List<RunData.Solve> solves = data.solves(setup);
        Map<CellType, Double> ceilings = new EnumMap<>(CellType.class);
        for (CellType cell : CellType.values()) data.peak(setup.device(), cell).ifPresent(rate -> ceilings.put(cell, rate));
        List<Row> rows = new ArrayList<>();
        List<Integer> sizes = data.tableSizes(setup);
        for (int n : sizes) {
            Optional<RunData.Solve> base = find(solves, baseline, n);
            for (VariantName variant : data.variants()) {
                Optional<RunData.Solve> solve = find(solves, variant, n);
                OptionalDouble speedup = solve.isPresent() && base.isPresent()
                        ? OptionalDouble.of(base.get().time().millis() / solve.get().time().millis()) : OptionalDouble.empty();
                OptionalDouble rate = solve.map(s -> OptionalDouble.of(s.relaxationsPerSecond())).orElse(OptionalDouble.empty());
                // a result on several GPUs is held against their ceilings together: one device's times its GPUs
                OptionalDouble percent = percentOfPeak(rate, variant.peakCell().map(ceilings::get), solve.map(ScalingTable::gpusUsed).orElse(1));
                rows.add(new Row(variant, n, solve, speedup, rate, percent));
            }
        }
        return new SpeedupTable(setup, baseline, data.variants(), sizes, List.copyOf(rows),
                Collections.unmodifiableMap(ceilings));  // an EnumMap: iteration in cell order, unlike Map.copyOf
    }

    /** The rate as a percent of the ceiling of {@code gpus} devices, where there are both; the batches' table takes it too. */
    static OptionalDouble percentOfPeak(OptionalDouble rate, Optional<Double> ceiling, int gpus) {
        if (rate.isEmpty() || ceiling.isEmpty()) return OptionalDouble.empty();
        return OptionalDouble.of(100 * rate.getAsDouble() / (ceiling.get() * gpus));
    }

    private static Optional<RunData.Solve> find(List<RunData.Solve> solves, VariantName variant, int n) {
        return solves.stream().filter(s -> s.variant().equals(variant) && s.n() == n).findFirst();
    }

    /**
     * The variant --baseline names (by id or constant, any case), among those in the results.
     *
     * @throws UsageException when the results hold no such variant: a run without its baseline
     */
    public static VariantName baseline(String text, RunData data) throws UsageException {
        String wanted = text.trim();
        for (VariantName v : data.variants()) {
            if (v.id().equalsIgnoreCase(wanted) || v.constant().equalsIgnoreCase(wanted.replace('-', '_'))) return v;
        }
        String files = data.sources().stream().map(Object::toString).collect(Collectors.joining(", "));
        String present = data.variants().stream().map(VariantName::id).collect(Collectors.joining(", "));
        throw new UsageException(files + " has no results of the baseline " + wanted + "; its variants: " + present
                + " (choose one with --baseline)");
    }
}
