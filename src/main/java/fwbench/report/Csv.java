package fwbench.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalDouble;
import java.util.TreeSet;

/**
 * Renders tables as CSV in long format (one row per setup, variant and n, every value in its own
 * column, full precision, RFC 4180 quoting) for pandas, R or a spreadsheet. Missing values are "n/a"
 * (pandas reads it as NaN), and every (variant, n) of the grid has its row, as in the Markdown.
 */
public final class Csv {

    private Csv() {
    }

    public static String speedups(List<SpeedupTable> tables) {
        List<String> settings = settingNames(tables.stream().map(t -> t.setup().settings().keySet()).toList());
        boolean peak = tables.stream().anyMatch(SpeedupTable::showsPeak);
        boolean clocks = tables.stream().anyMatch(SpeedupTable::showsClocks);
        List<String> header = new ArrayList<>(List.of("device"));
        header.addAll(settings);
        header.addAll(List.of("variant", "n", "baseline", "time_ms", "time_error_ms", "gpu_time_ms", "gpu_time_error_ms",
                "speedup", "relaxations_per_s"));
        if (peak) header.add("percent_of_peak");
        if (clocks) header.addAll(List.of("sm_clock_lowest_mhz", "sm_clock_max_mhz", "throttled_share", "clock_flag"));
        List<String> lines = new ArrayList<>(List.of(line(header)));
        for (SpeedupTable table : tables) {
            for (SpeedupTable.Row r : table.rows()) {
                List<String> cells = new ArrayList<>(List.of(table.setup().device()));
                for (String name : settings) cells.add(table.setup().settings().getOrDefault(name, Markdown.NA));
                cells.addAll(List.of(r.variant().id(), String.valueOf(r.n()), table.baseline().id()));
                cells.add(r.time().map(t -> Numbers.plain(t.millis())).orElse(Markdown.NA));
                cells.add(r.time().map(t -> Numbers.plain(t.errorMillis())).orElse(Markdown.NA));
                cells.add(r.gpuTime().map(t -> Numbers.plain(t.millis())).orElse(Markdown.NA));
                cells.add(r.gpuTime().map(t -> Numbers.plain(t.errorMillis())).orElse(Markdown.NA));
                cells.add(value(r.speedup()));
                cells.add(value(r.relaxationsPerSecond()));
                if (peak) cells.add(value(r.percentOfPeak()));
                if (clocks) {
                    cells.add(r.clocks().map(c -> Numbers.plain(c.lowestSmMhz())).orElse(Markdown.NA));
                    cells.add(r.clocks().map(c -> Numbers.plain(c.maxSmMhz())).orElse(Markdown.NA));
                    cells.add(r.clocks().map(c -> Numbers.plain(c.throttledShare())).orElse(Markdown.NA));
                    cells.add(r.clocks().map(c -> c.flagged() ? c.figures() : "").orElse(Markdown.NA));
                }
                lines.add(line(cells));
            }
        }
        return String.join("\n", lines) + "\n";
    }

    public static String compare(List<CompareTable> tables) {
        List<String> settings = settingNames(tables.stream().map(t -> t.settings().keySet()).toList());
        List<String> header = new ArrayList<>(List.of("before_device", "after_device"));
        header.addAll(settings);
        header.addAll(List.of("variant", "n", "before_ms", "before_error_ms", "after_ms", "after_error_ms", "after_over_before",
                "p_value", "verdict"));
        List<String> lines = new ArrayList<>(List.of(line(header)));
        for (CompareTable table : tables) {
            for (CompareTable.Row r : table.rows()) {
                List<String> cells = new ArrayList<>(List.of(table.beforeDevice(), table.afterDevice()));
                for (String name : settings) cells.add(table.settings().getOrDefault(name, Markdown.NA));
                cells.addAll(List.of(r.variant().id(), String.valueOf(r.n())));
                cells.add(r.before().map(t -> Numbers.plain(t.millis())).orElse(Markdown.NA));
                cells.add(r.before().map(t -> Numbers.plain(t.errorMillis())).orElse(Markdown.NA));
                cells.add(r.after().map(t -> Numbers.plain(t.millis())).orElse(Markdown.NA));
                cells.add(r.after().map(t -> Numbers.plain(t.errorMillis())).orElse(Markdown.NA));
                cells.add(value(r.ratio()));
                cells.add(r.significance().map(s -> value(s.pValue())).orElse(Markdown.NA));
                cells.add(Markdown.verdict(r));
                lines.add(line(cells));
            }
        }
        return String.join("\n", lines) + "\n";
    }

    private static List<String> settingNames(List<? extends Collection<String>> names) {
        TreeSet<String> all = new TreeSet<>();
        names.forEach(all::addAll);
        return List.copyOf(all);
    }

    private static String value(OptionalDouble value) {
        return value.isPresent() ? Numbers.plain(value.getAsDouble()) : Markdown.NA;
    }

    static String line(List<String> cells) {
        return String.join(",", cells.stream().map(Csv::quote).toList());
    }

    static String quote(String cell) {
        boolean plain = cell.chars().noneMatch(c -> c == ',' || c == '"' || c == '\n' || c == '\r');
        return plain ? cell : "\"" + cell.replace("\"", "\"\"") + "\"";
    }
}
