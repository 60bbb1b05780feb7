package fwbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The README's results section: the text between {@value #BEGIN} and {@value #END}, which the
 * report rewrites from a run (with --readme) and leaves everything else of the README as it was.
 */
public final class ReadmeSection {

    public static final String BEGIN = "<!-- results:begin -->";
    public static final String END = "<!-- results:end -->";

    private ReadmeSection() {
    }

    /**
     * The section's content for a run: where it comes from (the results file, its report, the command
     * that made it), then per setup its speedup matrix and one chart, the speedup over the baseline
     * (the time chart where no variant but the baseline has a speedup): a README is a page.
     *
     * @param results the results file, as a path relative to the README
     * @param report  the report.md written beside the charts, relative to the README
     * @param command "It was made with `...`.", where the run recorded its command
     * @param chart   a chart's base name to its PNG's path relative to the README
     */
    public static String content(List<SpeedupTable> tables, List<String> results, String report, Optional<String> command,
                                 boolean withDevice, Function<String, String> chart) {
        List<String> out = new ArrayList<>();
        out.add("<!-- Written by the report's --readme option; edits between these markers are replaced. -->");
        out.add("");
        out.add("From " + String.join(", ", results.stream().map(r -> "`" + r + "`").toList()) + command.map(c -> ". " + c).orElse(".")
                + " Every number and chart of it: [" + report + "](" + report + ").");
        for (SpeedupTable table : tables) {
            out.add("");
            out.add("**" + table.setup().title() + "**. Time per solve in ms (speedup over " + table.baseline() + "):");
            out.add("");
            out.addAll(Markdown.speedupMatrix(table));
            out.add("");
            List<String> flagged = table.rows().stream().flatMap(r -> r.solve().stream())
                    .flatMap(s -> Clocks.entry(s, Clocks.reportName(s, false)).stream()).toList();
            Clocks.legend(flagged).ifPresent(line -> out.addAll(List.of(line, "")));
            List<ChartKind> kinds = ChartKind.of(table);
            ChartKind kind = kinds.contains(ChartKind.SPEEDUP) ? ChartKind.SPEEDUP : kinds.get(0);
            out.add("<img src=\"" + chart.apply(kind.baseName(table.setup(), withDevice)) + "\" alt=\""
                    + kind.caption() + "\" width=\"70%\">");
        }
        return String.join("\n", out);
    }

    /**
     * The README with the text between the marker lines replaced by {@code content}. A marker is a
     * line of its own (surrounding spaces allowed): prose that mentions a marker does not count.
     *
     * @throws IllegalArgumentException when the markers are missing, repeated or out of order (the message says which)
     */
    public static String replace(String readme, String content) {
        List<Integer> begins = markerLines(readme, BEGIN);
        List<Integer> ends = markerLines(readme, END);
        if (begins.isEmpty() || ends.isEmpty()) {
            throw new IllegalArgumentException("has no results section: add the lines " + BEGIN + " and " + END + " where it goes");
        }
        if (begins.size() > 1 || ends.size() > 1) {
            throw new IllegalArgumentException("has the line " + BEGIN + " or " + END + " more than once; keep one of each");
        }
        int begin = begins.get(0);
        int end = ends.get(0);
        if (end < begin) throw new IllegalArgumentException("has " + END + " before " + BEGIN);
        int afterBegin = readme.indexOf('\n', begin);
        return readme.substring(0, afterBegin + 1) + content + "\n" + readme.substring(end);
    }

    /** Where each line that is just this marker starts. */
    private static List<Integer> markerLines(String text, String marker) {
        List<Integer> starts = new ArrayList<>();
        int start = 0;
        while (start <= text.length()) {
            int newline = text.indexOf('\n', start);
            int stop = newline < 0 ? text.length() : newline;
            if (text.substring(start, stop).strip().equals(marker)) starts.add(start);
            if (newline < 0) break;
            start = newline + 1;
        }
        return starts;
    }
}
