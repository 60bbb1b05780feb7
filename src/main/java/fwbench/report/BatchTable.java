package fwbench.report;

import fwbench.results.ResultsFormat;
import fwbench.variant.Variant;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The batches of small graphs of one device (SmallGraphsBenchmark): per n a row per variant with its
 * time per batch, graphs and relaxations per second, percent of the ceiling, and how many times
 * faster small-graphs, which solves the batch in one launch a size class, is than the variant solving
 * the same graphs one after another.
 *
 * @param device    the device the batches ran on
 * @param rows      by n, then small-graphs first and the other variants in story order
 * @param variants  every variant of the rows, small-graphs first
 * @param sizes     every n of the rows, ascending
 * @param showsPeak whether the device's ceiling was measured (the percent column is shown only then)
 */
public record BatchTable(String device, List<Row> rows, List<VariantName> variants, List<Integer> sizes, boolean showsPeak) {

    /** The variant that solves a batch in one launch, which the speedups are of. */
    static final VariantName TOGETHER = VariantName.of(Variant.SMALL_GRAPHS);

    /**
     * @param batch         the result
     * @param percentOfPeak relaxations per second / the device's ceiling for the variant's cells
     * @param speedup       the variant's time / small-graphs' time for the same graphs (n, batch, seed): 1 for small-graphs
     */
    public record Row(RunData.Batch batch, OptionalDouble percentOfPeak, OptionalDouble speedup) {
        public VariantName variant() {
            return batch.variant();
        }
    }

    /** One table per device the batches ran on, in the order first met; none where the data holds no batches. */
    public static List<BatchTable> build(RunData data) {
        List<BatchTable> tables = new ArrayList<>();
        for (String device : data.batches().stream().map(RunData.Batch::device).distinct().toList()) {
            Comparator<RunData.Batch> order = Comparator.comparingInt(RunData.Batch::n)
                    .thenComparing(b -> !b.variant().equals(TOGETHER))
                    .thenComparing(RunData.Batch::variant)
                    .thenComparingInt(RunData.Batch::batch)
                    .thenComparing(RunData.Batch::seed);
            List<RunData.Batch> batches = data.batches().stream().filter(b -> b.device().equals(device)).sorted(order).toList();
            List<Row> rows = new ArrayList<>();
            for (RunData.Batch b : batches) {
                Optional<Double> ceiling = b.variant().peakCell().flatMap(cell -> {
                    OptionalDouble peak = data.peak(device, cell);
                    return peak.isPresent() ? Optional.of(peak.getAsDouble()) : Optional.empty();
                });
                OptionalDouble percent = SpeedupTable.percentOfPeak(OptionalDouble.of(b.relaxationsPerSecond()), ceiling, 1);
                OptionalDouble speedup = batches.stream()
                        .filter(t -> t.variant().equals(TOGETHER) && t.n() == b.n() && t.batch() == b.batch() && t.seed().equals(b.seed()))
                        .mapToDouble(t -> b.time().millis() / t.time().millis()).findFirst();
                rows.add(new Row(b, percent, speedup));
            }
            List<VariantName> variants = rows.stream().map(Row::variant).distinct()
                    .sorted(Comparator.comparing((VariantName v) -> !v.equals(TOGETHER)).thenComparing(v -> v)).toList();
            List<Integer> sizes = List.copyOf(batches.stream().map(RunData.Batch::n).collect(Collectors.toCollection(TreeSet::new)));
            tables.add(new BatchTable(device, List.copyOf(rows), variants, sizes, data.hasPeak(device)));
        }
        return tables;
    }

    /** "Batches of small graphs on NVIDIA H200 (...)". */
    public String title() {
        return "Batches of small graphs " + RunSetup.whereRun(device);
    }

    /** The chart's file name without extension. */
    String chartBaseName(boolean withDevice) {
        return ChartKind.BATCHES.baseName(RunSetup.of(device, Map.of()), withDevice);
    }

    /** What the batch tables' columns mean, in the report's legend. */
    static List<String> legend(boolean anyPeak) {
        List<String> lines = new ArrayList<>();
        lines.add("- **ms per batch**: JMH's average time to solve a whole batch of small graphs (SmallGraphsBenchmark), ± its error; "
                + TOGETHER + " solves the batch in one launch a size class, every other variant one graph after another.");
        lines.add("- **M graphs/s**: graphs of the batch solved per second, in millions; **G relax/s**: the batch's relaxations "
                + "(n^3 a graph) per second, in billions" + (anyPeak ? "; **% of peak**: that rate / the device's min-plus ceiling for the variant's cells, measured by PeakBenchmark"
                + " (CPU variants none)" : "") + ".");
        lines.add("- **" + TOGETHER + " speedup**: the variant's time per batch / the time of " + TOGETHER
                + " for the same graphs (n, batch and seed): how many times faster one launch is than one graph after another.");
        return lines;
    }

    /** The columns of the batch table, in the report and (as plain text) in the end-of-run summary. */
    static List<Markdown.Column<Row>> columns(BatchTable table) {
        List<Markdown.Column<Row>> columns = new ArrayList<>();
        columns.add(new Markdown.Column<>("n", true, r -> Numbers.grouped(r.batch().n())));
        columns.add(new Markdown.Column<>(Markdown.VARIANT, false, r -> r.variant().id()));
        columns.add(new Markdown.Column<>(ResultsFormat.BATCH, true, r -> Numbers.grouped(r.batch().batch())));
        columns.add(new Markdown.Column<>("ms per batch", true, r -> Numbers.millisWithError(r.batch().time())));
        columns.add(new Markdown.Column<>("M graphs/s", true, r -> Numbers.megaRate(r.batch().graphsPerSecond())));
        columns.add(new Markdown.Column<>("G relax/s", true, r -> Numbers.gigaRate(r.batch().relaxationsPerSecond())));
        if (table.showsPeak()) {
            columns.add(new Markdown.Column<>("% of peak", true,
                    r -> r.percentOfPeak().isPresent() ? Numbers.percent(r.percentOfPeak().getAsDouble()) : Markdown.NA));
        }
        columns.add(new Markdown.Column<>(TOGETHER + " speedup", true,
                r -> r.speedup().isPresent() ? Numbers.speedup(r.speedup().getAsDouble()) : Markdown.NA));
        return columns;
    }

    /** The table's section of report.md: its heading, the table and the chart. */
    List<String> markdown(boolean withDevice) {
        List<String> out = new ArrayList<>();
        out.add("## " + title());
        out.add("");
        out.addAll(Markdown.render(columns(this), rows));
        out.add("");
        out.add(Markdown.image(ChartKind.BATCHES.caption(), chartBaseName(withDevice) + ".png"));
        return out;
    }
}
