package fwbench.report;

import fwbench.cell.CellType;
import fwbench.variant.Variant;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Renders tables as Markdown shaped like the reports' tables (n, time, speedup over naive), plus
 * the columns the reports lacked. Pure string building: no files, no charts.
 */
public final class Markdown {

    /** How every table shows a value it does not have. */
    public static final String NA = "n/a";
    /** The header of the variant column; {@link HtmlReport} puts the variant's colour in it. */
    static final String VARIANT = "variant";
    static final String RATIO_CAPTION = "Time after / before (> 1: after is slower) and the verdict at "
            + Significance.confidence() + " confidence:";
    static final String GEOMETRIC_MEAN_CAPTION = "Geometric mean of after / before per variant, over the sizes both runs have:";

    private Markdown() {
    }

    /** The legend of a report: the solves' columns where it has solves, then the batches' where it has batches. */
    static List<String> legend(List<SpeedupTable> tables, List<BatchTable> batches) {
        List<String> lines = new ArrayList<>();
        if (!tables.isEmpty() || batches.isEmpty()) lines.addAll(legend(tables));
        if (!batches.isEmpty()) lines.addAll(BatchTable.legend(batches.stream().anyMatch(BatchTable::showsPeak)));
        return lines;
    }

    /** What every column means, once at the top of a report, and which results are marked {@link Clocks#MARK}. */
    static List<String> legend(List<SpeedupTable> tables) {
        Set<Variant> shown = tables.stream().flatMap(t -> t.variants().stream()).flatMap(v -> v.known().stream()).collect(Collectors.toSet());
        List<String> lines = legend(tables.stream().anyMatch(SpeedupTable::showsPeak), tables.stream().anyMatch(SpeedupTable::showsGpuTime),
                tables.stream().anyMatch(SpeedupTable::showsSeveralGpus), shown);
        List<String> flagged = tables.stream().flatMap(t -> t.rows().stream()).flatMap(r -> r.solve().stream())
                .flatMap(s -> Clocks.entry(s, Clocks.reportName(s, tables.size() > 1)).stream()).toList();
        clockLegend(flagged).ifPresent(lines::add);
        return lines;
    }

    /** The legend's line for the results marked {@link Clocks#MARK}, where there are any: "- **†**: ran throttled ...". */
    static Optional<String> clockLegend(List<String> entries) {
        return Clocks.legend(entries).map(line -> "- **" + Clocks.MARK + "**" + line.substring(Clocks.MARK.length()) + ".");
    }

    static List<String> legend(boolean anyPeak, boolean anyGpuTime, boolean anySeveralGpus, Set<Variant> shown) {
        List<String> lines = new ArrayList<>();
        lines.add("- **time**: JMH's average time per solve in ms, ± its error (half-width of the " + Timing.CONFIDENCE + " confidence interval).");
        if (anyGpuTime) {
            lines.add("- **GPU time**: the solve's time on the device between CUDA events (`gpu.time`); "
                    + "time minus GPU time is what the harness adds.");
        }
        lines.add("- **speedup**: the baseline's time / the variant's time, at the same n.");
        lines.add("- **G relax/s**: relaxations per second (a solve does n^3 of them) in billions.");
        if (anyPeak) {
            lines.add("- **% of peak**: relaxations per second / the device's min-plus ceiling measured by PeakBenchmark "
                    + "(" + ceilingsByVariant(shown) + ")" + (anySeveralGpus ? ", times the GPUs for a result on several" : "") + ".");
        }
        lines.add("- **n/a**: no result: the variant failed verification, was skipped, or did not run at that n.");
        return lines;
    }

    /**
     * Which ceiling each variant of the report is held against, from the registry's cell types:
     * "packed16 against the PACKED16 ceiling, other GPU variants INT32, CPU variants none". Only the
     * variants shown, so a report stays what it was when the suite gains a variant of another cell.
     */
    static String ceilingsByVariant(Set<Variant> shown) {
        List<String> parts = new ArrayList<>();
        for (Variant v : Variant.values()) {
            if (shown.contains(v) && v.gpu() && v.cellType() != CellType.INT32) parts.add(v.id() + " against the " + v.cellType() + " ceiling");
        }
        parts.add((parts.isEmpty() ? "GPU variants " : "other GPU variants ") + CellType.INT32);
        parts.add("CPU variants none");
        return String.join(", ", parts);
    }

    /**
     * The whole report.md: the legend, the method ({@link Method#paragraph}), then per setup the speedup
     * matrix, the detailed table and the charts.
     */
    public static String report(List<SpeedupTable> tables, List<String> inputs, String method, boolean withDevice) {
        return report(tables, List.of(), inputs, method, withDevice);
    }

    /** The whole report.md, with a section per device of batches of small graphs after the solves' ({@link BatchTable}). */
    public static String report(List<SpeedupTable> tables, List<BatchTable> batches, List<String> inputs, String method, boolean withDevice) {
        List<String> out = new ArrayList<>();
        out.add("# fwbench report");
        out.add("");
        out.add("Made by `java -jar target/benchmarks.jar report` from " + codeList(inputs) + ".");
        out.add("");
        out.addAll(legend(tables, batches));
        out.add("");
        out.add("## " + Method.HEADING);
        out.add("");
        out.add(method);
        for (SpeedupTable table : tables) {
            out.add("");
            out.add("## " + table.setup().title());
            out.add("");
            out.add(matrixCaption(table));
            out.add("");
            out.addAll(speedupMatrix(table));
            out.add("");
            out.addAll(details(table));
            out.add("");
            for (ChartKind kind : ChartKind.of(table)) {
                out.add(image(kind.caption(), kind.baseName(table.setup(), withDevice) + ".png"));
            }
            table.chartNotes().forEach(why -> out.addAll(List.of("", sentence(why))));
        }
        for (BatchTable batch : batches) {
            out.add("");
            out.addAll(batch.markdown(withDevice));
        }
        return String.join("\n", out) + "\n";
    }

    static String matrixCaption(SpeedupTable table) {
        return "Time per solve in ms (speedup over " + table.baseline() + "):";
    }

    /** Variants down, n across, like report 000's table: "time (speedup)" in each cell. */
    public static List<String> speedupMatrix(SpeedupTable table) {
        return variantsByN(table.variants(), table.sizes(), speedupCell(table));
    }

    /** A cell of the speedup matrix: "time (speedup)", the time alone where there is no baseline. */
    static BiFunction<VariantName, Integer, String> speedupCell(SpeedupTable table) {
        return (variant, n) -> {
            SpeedupTable.Row r = table.row(variant, n);
            String time = r.time().map(t -> Numbers.millis(t.millis())).orElse(NA);
            return Clocks.marked(r.speedup().isPresent() ? time + " (" + Numbers.speedup(r.speedup().getAsDouble()) + ")" : time, r.clocks());
        };
    }

    /** A table with a row per variant and a column per n, each cell from {@code cell}. */
    private static List<String> variantsByN(List<VariantName> variants, List<Integer> sizes,
                                            BiFunction<VariantName, Integer, String> cell) {
        List<String> header = new ArrayList<>(List.of(VARIANT));
        List<String> align = new ArrayList<>(List.of("---"));
        for (int n : sizes) {
            header.add("n = " + Numbers.grouped(n));
            align.add("---:");
        }
        List<String> lines = new ArrayList<>(List.of(row(header), row(align)));
        for (VariantName variant : variants) {
            List<String> cells = new ArrayList<>(List.of(variant.id()));
            for (int n : sizes) cells.add(cell.apply(variant, n));
            lines.add(row(cells));
        }
        return lines;
    }

    /** One row per (n, variant): every number the report computed. */
    public static List<String> details(SpeedupTable table) {
        return render(detailColumns(table), table.rows());
    }

    /** The columns of {@link #details}; the end-of-run summary prints the same ones as plain text. */
    static List<Column<SpeedupTable.Row>> detailColumns(SpeedupTable table) {
        List<Column<SpeedupTable.Row>> columns = new ArrayList<>();
        columns.add(new Column<>("n", true, r -> Numbers.grouped(r.n())));
        columns.add(new Column<>(VARIANT, false, r -> r.variant().id()));
        columns.add(new Column<>("time (ms)", true, r -> Clocks.marked(r.time().map(Numbers::millisWithError).orElse(NA), r.clocks())));
        if (table.showsGpuTime()) {
            columns.add(new Column<>("GPU time (ms)", true, r -> r.gpuTime().map(t -> Numbers.millis(t.millis())).orElse(NA)));
        }
        columns.add(new Column<>("speedup over " + table.baseline(), true,
                r -> r.speedup().isPresent() ? Numbers.speedup(r.speedup().getAsDouble()) : NA));
        columns.add(new Column<>("G relax/s", true,
                r -> r.relaxationsPerSecond().isPresent() ? Numbers.gigaRate(r.relaxationsPerSecond().getAsDouble()) : NA));
        if (table.showsPeak()) {
            columns.add(new Column<>("% of peak", true,
                    r -> r.percentOfPeak().isPresent() ? Numbers.percent(r.percentOfPeak().getAsDouble()) : NA));
        }
        return columns;
    }

    /** compare.md: per shared settings, the ratio matrix with the verdicts, the detailed table and the geometric means. */
    public static String compare(List<CompareTable> tables, List<String> before, List<String> after) {
        return compare(tables, new BatchComparison(List.of()), before, after);
    }

    /** compare.md with, after the solves' sections, the batches of small graphs both runs have ({@link BatchComparison}). */
    public static String compare(List<CompareTable> tables, BatchComparison batches, List<String> before, List<String> after) {
        List<String> out = new ArrayList<>();
        out.add("# fwbench comparison");
        out.add("");
        out.add("Made by `java -jar target/benchmarks.jar report --compare` from before " + codeList(before)
                + " and after " + codeList(after) + ".");
        out.add("");
        out.addAll(compareLegend(tables));
        for (CompareTable table : tables) {
            out.add("");
            out.add("## " + compareHeading(table));
            out.add("");
            out.add(RATIO_CAPTION);
            out.add("");
            out.addAll(ratioMatrix(table));
            out.add("");
            out.addAll(compareDetails(table));
            if (table.hasRatios()) {
                out.add("");
                out.add(GEOMETRIC_MEAN_CAPTION);
                out.add("");
                out.addAll(geometricMeans(table));
            }
            out.add("");
            out.add(table.hasRatios() ? image(ChartKind.COMPARE.caption(), compareChart(table) + ".png") : noCompareChart(table));
        }
        if (!batches.isEmpty()) {
            out.add("");
            out.addAll(batches.markdown());
        }
        return String.join("\n", out) + "\n";
    }

    /** "graph=random, launch=GRAPH, seed=42: NVIDIA H200 (...)". */
    static String compareHeading(CompareTable table) {
        return (table.settings().isEmpty() ? "" : RunSetup.settingsText(table.settings()) + ": ") + table.devicesText();
    }

    /** What a comparison's columns mean, and which results are marked {@link Clocks#MARK}. */
    static List<String> compareLegend(List<CompareTable> tables) {
        List<String> lines = new ArrayList<>(compareColumnsLegend());
        List<String> flagged = new ArrayList<>();
        for (CompareTable table : tables) {
            for (CompareTable.Row r : table.rows()) {
                r.beforeSolve().flatMap(s -> Clocks.entry(s, "before: " + Clocks.reportName(s, tables.size() > 1))).ifPresent(flagged::add);
                r.afterSolve().flatMap(s -> Clocks.entry(s, "after: " + Clocks.reportName(s, tables.size() > 1))).ifPresent(flagged::add);
            }
        }
        clockLegend(flagged).ifPresent(lines::add);
        List<String> changed = new ArrayList<>();
        for (CompareTable table : tables) {
            for (CompareTable.Row r : table.rows()) {
                r.launchChange().ifPresent(change -> changed.add(r.variant().id() + " at n = " + Numbers.grouped(r.n())
                        + (tables.size() > 1 ? " (" + compareHeading(table) + ")" : "") + ": " + change));
            }
        }
        if (!changed.isEmpty()) {
            lines.add("- **launch settings changed** between the runs, as each solver recorded them (there the ratio compares two "
                    + "launch choices, not only two builds): " + String.join("; ", changed) + ".");
        }
        return lines;
    }

    private static List<String> compareColumnsLegend() {
        return List.of("- **after / before**: the after run's time per solve / the before run's, at the same variant and n. "
                        + "Above 1: after is slower; below 1: after is faster.",
                "- **verdict**: whether after differs from before by more than the noise of their measured iterations, "
                        + "by Welch's two-sided t-test at " + Significance.confidence() + " confidence: **faster** or **slower** "
                        + "when p < " + Numbers.plain(Significance.ALPHA) + ", else **no difference** (none shown, which is not "
                        + "proof that the times are equal); **too few iterations** where a run measured fewer than "
                        + Significance.MIN_ITERATIONS + ", so there is no test. **p**: the test's p-value.",
                "- **geometric mean**: a variant's ratios after / before over the sizes both runs have, as one number.",
                "- **n/a**: one of the runs has no result there.");
    }

    /** What stands where a comparison's chart would be when the runs share no (variant, n). */
    static String noCompareChart(CompareTable table) {
        return sentence("no chart: " + table.noSharedSolves());
    }

    /** The base name of a comparison's chart. */
    public static String compareChart(CompareTable table) {
        return ChartKind.COMPARE.baseName(RunSetup.of("", table.settings()), false);
    }

    static List<String> ratioMatrix(CompareTable table) {
        return variantsByN(table.variants(), table.sizes(), ratioCell(table));
    }

    /** A cell of the ratio matrix: after / before and the verdict, "0.800 faster". */
    static BiFunction<VariantName, Integer, String> ratioCell(CompareTable table) {
        return (variant, n) -> {
            CompareTable.Row r = table.row(variant, n);
            if (r.ratio().isEmpty()) return NA;
            String cell = Numbers.ratio(r.ratio().getAsDouble()) + " " + verdict(r);
            return r.beforeFlagged() || r.afterFlagged() ? cell + " " + Clocks.MARK : cell;
        };
    }

    /** "faster", "no difference", ...; n/a where one run lacks the solve. */
    static String verdict(CompareTable.Row row) {
        return row.significance().map(s -> s.verdict().text()).orElse(NA);
    }

    static List<String> compareDetails(CompareTable table) {
        return render(compareColumns(), table.rows());
    }

    /** The columns of a comparison's detailed table. */
    static List<Column<CompareTable.Row>> compareColumns() {
        return List.of(
                new Column<>("n", true, r -> Numbers.grouped(r.n())),
                new Column<>(VARIANT, false, r -> r.variant().id()),
                new Column<>("before (ms)", true, r -> Clocks.marked(r.before().map(Numbers::millisWithError).orElse(NA),
                        r.beforeSolve().flatMap(RunData.Solve::clocks))),
                new Column<>("after (ms)", true, r -> Clocks.marked(r.after().map(Numbers::millisWithError).orElse(NA),
                        r.afterSolve().flatMap(RunData.Solve::clocks))),
                new Column<>("after / before", true, r -> r.ratio().isPresent() ? Numbers.ratio(r.ratio().getAsDouble()) : NA),
                new Column<>("p", true, r -> r.significance().map(Markdown::pValue).orElse(NA)),
                new Column<>("verdict", false, Markdown::verdict));
    }

    static List<String> geometricMeans(CompareTable table) {
        return render(geometricMeanColumns(), table.geometricMeans());
    }

    /** The columns of a comparison's geometric means. */
    static List<Column<CompareTable.GeometricMean>> geometricMeanColumns() {
        return List.of(
                new Column<>(VARIANT, false, g -> g.variant().id()),
                new Column<>("over n =", true, g -> g.sizes().stream().map(Numbers::grouped).collect(Collectors.joining("; "))),
                new Column<>("geometric mean", true, g -> Numbers.ratio(g.ratio())));
    }

    /** The p-value, or n/a where there was no test. */
    private static String pValue(Significance significance) {
        return significance.pValue().isPresent() ? Numbers.pValue(significance.pValue().getAsDouble()) : NA;
    }

    /** A table column: its header, whether numbers (right-aligned), and how a row prints in it. */
    record Column<R>(String header, boolean numeric, Function<R, String> cell) {
    }

    static <R> List<String> render(List<Column<R>> columns, List<R> rows) {
        List<String> lines = new ArrayList<>();
        lines.add(row(columns.stream().map(Column::header).toList()));
        lines.add(row(columns.stream().map(c -> c.numeric() ? "---:" : "---").toList()));
        for (R r : rows) lines.add(row(columns.stream().map(c -> c.cell().apply(r)).toList()));
        return lines;
    }

    static String row(List<String> cells) {
        return "| " + String.join(" | ", cells.stream().map(c -> c.replace("|", "\\|")).toList()) + " |";
    }

    static String image(String caption, String path) {
        return "![" + caption + "](" + path + ")";
    }

    /** A note as a sentence of its own: capitalised, with its full stop. */
    static String sentence(String note) {
        return Character.toUpperCase(note.charAt(0)) + note.substring(1) + ".";
    }

    private static String codeList(List<String> names) {
        return String.join(", ", names.stream().map(n -> "`" + n + "`").toList());
    }
}
