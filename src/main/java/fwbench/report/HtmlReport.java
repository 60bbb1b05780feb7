package fwbench.report;

import org.apache.commons.text.StringEscapeUtils;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * report.html and compare.html: what report.md and compare.md hold (the same legend, tables and
 * numbers) with the charts as inline SVG, and where the results come from. One self-contained
 * page: inline style, no script, nothing fetched, so it opens from a file anywhere. Pure string
 * building, like {@link Markdown}: the charts come in as SVG elements by their base names.
 */
final class HtmlReport {

    /**
     * Where a page comes from; never the day the page was made, so that the same input gives the same page.
     *
     * @param command  the report command that made it, as typed
     * @param runDates the days the runs were made, from their files' names (empty where they do not say)
     */
    record Origin(String command, List<LocalDate> runDates) {
        Origin {
            runDates = List.copyOf(runDates);
        }
    }

    private static final String STYLE = String.join("\n",
            "body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;"
                    + " margin: 2em auto; max-width: 1200px; padding: 0 1em; color: #222; }",
            "dl.origin { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }",
            "dl.origin dt { font-weight: bold; }",
            "dl.origin dd { margin: 0; }",
            "table { border-collapse: collapse; margin: 1em 0; font-variant-numeric: tabular-nums; }",
            "caption { text-align: left; padding-bottom: 0.3em; }",
            "th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; white-space: nowrap; }",
            "div.wide { overflow-x: auto; }",
            "th { background: #f2f2f2; }",
            "td.number, th.number { text-align: right; }",
            ".swatch { display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.4em; vertical-align: baseline; }",
            "figure { margin: 1.5em 0; }",
            "figure svg { max-width: 100%; height: auto; }",
            "figcaption, p.note { color: #555; }",
            "code { font-size: 0.95em; }");

    private HtmlReport() {
    }

    /** report.html: the method, then per setup the speedup matrix, the detailed table and the four charts; then the batches' tables and charts. */
    static String report(List<SpeedupTable> tables, List<BatchTable> batches, List<String> inputs, String method, Origin origin,
                         boolean withDevice, Map<String, String> svgByBaseName) {
        Set<String> devices = new LinkedHashSet<>();
        tables.forEach(t -> devices.add(RunSetup.deviceName(t.setup().device())));
        batches.forEach(b -> devices.add(RunSetup.deviceName(b.device())));
        List<String> body = new ArrayList<>();
        body.add("<h1>fwbench report</h1>");
        body.add(originList(List.of(entry(devices.size() == 1 ? "Device" : "Devices", String.join("<br>", escape(devices))),
                entry(inputs.size() == 1 ? "Results" : "Results files", codeList(inputs))), origin));
        body.add(legend(Markdown.legend(tables, batches)));
        body.add("<section>");
        body.add("<h2>" + escape(Method.HEADING) + "</h2>");
        body.add("<p class=\"method\">" + inline(method) + "</p>");
        body.add("</section>");
        for (SpeedupTable table : tables) {
            body.add("<section>");
            body.add("<h2>" + escape(table.setup().title()) + "</h2>");
            body.add(variantsByN(Markdown.matrixCaption(table), table.variants(), table.sizes(), Markdown.speedupCell(table)));
            body.add(rows(Markdown.detailColumns(table), table.rows(), SpeedupTable.Row::variant, table.variants()));
            for (ChartKind kind : ChartKind.of(table)) body.add(figure(kind.caption(), svgByBaseName.get(kind.baseName(table.setup(), withDevice))));
            table.chartNotes().forEach(why -> body.add(note(Markdown.sentence(why))));
            body.add("</section>");
        }
        for (BatchTable batch : batches) {
            body.add("<section>");
            body.add("<h2>" + escape(batch.title()) + "</h2>");
            body.add(rows(BatchTable.columns(batch), batch.rows(), BatchTable.Row::variant, batch.variants()));
            body.add(figure(ChartKind.BATCHES.caption(), svgByBaseName.get(batch.chartBaseName(withDevice))));
            body.add("</section>");
        }
        return page("fwbench report: " + String.join(", ", inputs), body);
    }

    /** compare.html: per shared settings the ratio matrix with the verdicts, the detailed table, the geometric means and the chart. */
    static String compare(List<CompareTable> tables, BatchComparison batches, List<String> before, List<String> after, Origin origin,
                          Map<String, String> svgByBaseName) {
        Set<String> beforeDevices = new LinkedHashSet<>();
        Set<String> afterDevices = new LinkedHashSet<>();
        for (CompareTable t : tables) {
            beforeDevices.add(RunSetup.deviceName(t.beforeDevice()));
            afterDevices.add(RunSetup.deviceName(t.afterDevice()));
        }
        List<String> body = new ArrayList<>();
        body.add("<h1>fwbench comparison</h1>");
        List<String> entries = new ArrayList<>();
        if (beforeDevices.equals(afterDevices)) {
            entries.add(entry("Device", String.join("<br>", escape(beforeDevices))));
        } else {
            entries.add(entry("Before, on", String.join("<br>", escape(beforeDevices))));
            entries.add(entry("After, on", String.join("<br>", escape(afterDevices))));
        }
        entries.add(entry("Before", codeList(before)));
        entries.add(entry("After", codeList(after)));
        body.add(originList(entries, origin));
        body.add(legend(Markdown.compareLegend(tables)));
        for (CompareTable table : tables) {
            body.add("<section>");
            body.add("<h2>" + escape(Markdown.compareHeading(table)) + "</h2>");
            body.add(variantsByN(Markdown.RATIO_CAPTION, table.variants(), table.sizes(), Markdown.ratioCell(table)));
            body.add(rows(Markdown.compareColumns(), table.rows(), CompareTable.Row::variant, table.variants()));
            if (table.hasRatios()) {
                body.add("<p>" + escape(Markdown.GEOMETRIC_MEAN_CAPTION) + "</p>");
                body.add(rows(Markdown.geometricMeanColumns(), table.geometricMeans(), CompareTable.GeometricMean::variant,
                        table.variants()));
            }
            body.add(table.hasRatios() ? figure(ChartKind.COMPARE.caption(), svgByBaseName.get(Markdown.compareChart(table)))
                    : note(Markdown.noCompareChart(table)));
            body.add("</section>");
        }
        if (!batches.isEmpty()) {
            body.add("<section>");
            body.add("<h2>" + escape(BatchComparison.HEADING) + "</h2>");
            body.add("<p>" + escape(BatchComparison.CAPTION) + "</p>");
            body.add(rows(BatchComparison.columns(), batches.rows(), BatchComparison.Row::variant, batches.variants()));
            body.add("</section>");
        }
        return page("fwbench comparison: " + String.join(", ", before) + " vs " + String.join(", ", after), body);
    }

    private static String page(String title, List<String> body) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>" + escape(title) + "</title>\n<style>\n" + STYLE + "\n</style>\n</head>\n<body>\n"
                + String.join("\n", body) + "\n</body>\n</html>\n";
    }

    /** Where the results come from, the days the runs were made, where known, and the command that made the page. */
    private static String originList(List<String> entries, Origin origin) {
        List<String> all = new ArrayList<>(entries);
        if (!origin.runDates().isEmpty()) {
            all.add(entry(origin.runDates().size() == 1 ? "Run date" : "Run dates",
                    String.join(", ", origin.runDates().stream().map(LocalDate::toString).toList())));
        }
        all.add(entry("Command", "<code>" + escape(origin.command()) + "</code>"));
        return "<dl class=\"origin\">\n" + String.join("\n", all) + "\n</dl>";
    }

    private static String entry(String term, String html) {
        return "<dt>" + escape(term) + "</dt><dd>" + html + "</dd>";
    }

    /** The legend's Markdown lines ("- **time**: ... `gpu.time` ...") as a list. */
    private static String legend(List<String> markdownLines) {
        List<String> items = new ArrayList<>();
        for (String line : markdownLines) items.add("<li>" + inline(line.replaceFirst("^- ", "")) + "</li>");
        return "<ul class=\"legend\">\n" + String.join("\n", items) + "\n</ul>";
    }

    /** The two inline forms the legend uses, **strong** and `code`, as HTML. */
    static String inline(String markdown) {
        return escape(markdown).replaceAll("\\*\\*(.+?)\\*\\*", "<strong>$1</strong>").replaceAll("`(.+?)`", "<code>$1</code>");
    }

    /** A matrix with a row per variant and a column per n, like {@link Markdown}'s. */
    private static String variantsByN(String caption, List<VariantName> variants, List<Integer> sizes,
                                      BiFunction<VariantName, Integer, String> cell) {
        List<String> lines = new ArrayList<>();
        lines.add("<div class=\"wide\"><table class=\"matrix\">");
        lines.add("<caption>" + escape(caption) + "</caption>");
        StringBuilder header = new StringBuilder("<tr><th>variant</th>");
        for (int n : sizes) header.append("<th class=\"number\">n = ").append(Numbers.grouped(n)).append("</th>");
        lines.add(header + "</tr>");
        for (VariantName variant : variants) {
            StringBuilder row = new StringBuilder("<tr>").append(variantCell(variant, variants));
            for (int n : sizes) row.append("<td class=\"number\">").append(escape(cell.apply(variant, n))).append("</td>");
            lines.add(row + "</tr>");
        }
        lines.add("</table></div>");
        return String.join("\n", lines);
    }

    /** A table with a row per record, its columns those of the Markdown; the variant column shows the variant's colour. */
    private static <R> String rows(List<Markdown.Column<R>> columns, List<R> rows, Function<R, VariantName> variantOf,
                                   List<VariantName> variants) {
        List<String> lines = new ArrayList<>();
        lines.add("<div class=\"wide\"><table class=\"details\">");
        StringBuilder header = new StringBuilder("<tr>");
        for (Markdown.Column<R> c : columns) header.append(c.numeric() ? "<th class=\"number\">" : "<th>").append(escape(c.header())).append("</th>");
        lines.add(header + "</tr>");
        for (R r : rows) {
            StringBuilder row = new StringBuilder("<tr>");
            for (Markdown.Column<R> c : columns) {
                if (c.header().equals(Markdown.VARIANT)) row.append(variantCell(variantOf.apply(r), variants));
                else row.append(c.numeric() ? "<td class=\"number\">" : "<td>").append(escape(c.cell().apply(r))).append("</td>");
            }
            lines.add(row + "</tr>");
        }
        lines.add("</table></div>");
        return String.join("\n", lines);
    }

    /** The variant's name after a swatch of its colour in the charts. */
    private static String variantCell(VariantName variant, List<VariantName> variants) {
        return "<td><span class=\"swatch\" style=\"background:" + String.format("#%06x", variant.colour(variants))
                + "\"></span>" + escape(variant.id()) + "</td>";
    }

    private static String figure(String caption, String svg) {
        if (svg == null) throw new IllegalArgumentException("no chart drawn for " + caption);
        return "<figure>\n" + svg + "\n<figcaption>" + escape(caption) + "</figcaption>\n</figure>";
    }

    /** A line in place of charts that are not drawn, saying why. */
    private static String note(String text) {
        return "<p class=\"note\">" + escape(text) + "</p>";
    }

    private static String codeList(List<String> names) {
        return String.join(", ", names.stream().map(n -> "<code>" + escape(n) + "</code>").toList());
    }

    private static List<String> escape(Set<String> texts) {
        return texts.stream().map(HtmlReport::escape).toList();
    }

    static String escape(String text) {
        return StringEscapeUtils.escapeHtml4(text);
    }
}
