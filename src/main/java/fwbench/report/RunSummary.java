package fwbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * What the benchmark command prints when a run ends: the report's detailed table of each setup
 * (time per solve, its error, speedup, relaxations per second, % of the ceiling when the ceiling
 * ran), as plain text for a console, the batches of small graphs' table ({@link BatchTable}), and the ceilings measured. The numbers are the report's own
 * ({@link SpeedupTable}), so the summary and a later report never disagree.
 */
public final class RunSummary {

    private RunSummary() {
    }

    /**
     * The summary's lines, without a prefix, with speedups over the default baseline ({@link Baseline#byDefault});
     * then the batches of small graphs; a run that measured only the ceiling gets the ceiling line alone.
     */
    public static List<String> lines(RunData data) {
        List<String> lines = new ArrayList<>();
        List<SpeedupTable> tables = List.of();
        if (!data.solves().isEmpty()) {
            Baseline baseline = Baseline.byDefault(data);
            tables = SpeedupTable.build(data, baseline.variant());
            lines.add("time per solve in ms ± JMH's error (" + Timing.CONFIDENCE + " confidence); G relax/s: n^3 relaxations per second"
                    + (tables.stream().anyMatch(SpeedupTable::showsPeak) ? "; % of peak: of the ceiling below"
                    + (tables.stream().anyMatch(SpeedupTable::showsSeveralGpus) ? ", times the GPUs for a result on several" : "") : ""));
            lines.add(baseline.line());
        }
        for (SpeedupTable table : tables) {
            lines.add("");
            lines.add(table.setup().title());
            lines.addAll(aligned(Markdown.detailColumns(table), table.rows()));
        }
        List<BatchTable> batches = BatchTable.build(data);
        if (!batches.isEmpty()) {
            if (!lines.isEmpty()) lines.add("");
            lines.add("batches of small graphs: time per batch in ms ± JMH's error; M graphs/s: graphs solved per second in millions; "
                    + BatchTable.TOGETHER + " speedup: the variant's time / the time of " + BatchTable.TOGETHER + " (one launch), for the same graphs");
        }
        for (BatchTable table : batches) {
            lines.add("");
            lines.add(table.title());
            lines.addAll(aligned(BatchTable.columns(table), table.rows()));
        }
        ceilings(data).ifPresent(line -> {
            if (!lines.isEmpty()) lines.add("");
            lines.add(line);
        });
        return lines;
    }

    /** "the device's min-plus ceiling (PeakBenchmark): int32 ... G relax/s, packed16 ..." for each device that has one. */
    private static Optional<String> ceilings(RunData data) {
        Map<String, List<String>> byDevice = new TreeMap<>();
        for (RunData.PeakCeiling peak : data.peaks()) {
            OptionalDouble best = data.peak(peak.device(), peak.cell());
            String text = peak.cell().name().toLowerCase(Locale.ROOT) + " " + Numbers.gigaRate(best.getAsDouble()) + " G relax/s";
            List<String> cells = byDevice.computeIfAbsent(peak.device(), d -> new ArrayList<>());
            if (!cells.contains(text)) cells.add(text);
        }
        if (byDevice.isEmpty()) return Optional.empty();
        List<String> parts = new ArrayList<>();
        byDevice.forEach((device, cells) -> parts.add((byDevice.size() > 1 ? device + ": " : "") + String.join(", ", cells)));
        return Optional.of("the device's min-plus ceiling (PeakBenchmark): " + String.join("; ", parts));
    }

    /** Columns padded to their widest cell, numbers right-aligned, two spaces apart. */
    static <R> List<String> aligned(List<Markdown.Column<R>> columns, List<R> rows) {
        List<List<String>> cells = new ArrayList<>();
        cells.add(columns.stream().map(Markdown.Column::header).toList());
        for (R r : rows) cells.add(columns.stream().map(c -> c.cell().apply(r)).toList());
        int[] widths = new int[columns.size()];
        for (List<String> line : cells) {
            for (int c = 0; c < widths.length; c++) widths[c] = Math.max(widths[c], line.get(c).length());
        }
        List<String> lines = new ArrayList<>();
        for (List<String> line : cells) {
            StringBuilder text = new StringBuilder();
            for (int c = 0; c < widths.length; c++) {
                if (c > 0) text.append("  ");
                String pad = " ".repeat(widths[c] - line.get(c).length());
                text.append(columns.get(c).numeric() ? pad + line.get(c) : line.get(c) + pad);
            }
            lines.add(text.toString().stripTrailing());
        }
        return lines;
    }
}
