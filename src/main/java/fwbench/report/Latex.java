package fwbench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * report.tex: per setup the speedup matrix of report.md (time per solve in ms and the speedup over
 * the baseline, a row per variant and a column per n) as a LaTeX table with booktabs rules, for a
 * course report to \input. Pure string building, like {@link Markdown}; every text from the results
 * (a device, a kernel file's name, a setting) is escaped.
 */
final class Latex {

    /** What a document needs to typeset the tables. */
    static final String PACKAGE = "\\usepackage{booktabs}";

    private Latex() {
    }

    /** The whole report.tex: a comment saying where it comes from, then one table per setup. */
    static String report(List<SpeedupTable> tables, List<String> inputs, boolean withDevice) {
        List<String> out = new ArrayList<>();
        out.add("% fwbench report from " + String.join(", ", inputs) + ", made by java -jar target/benchmarks.jar report");
        out.add("% one table per setup; the preamble needs " + PACKAGE);
        for (SpeedupTable table : tables) {
            out.add("");
            out.addAll(table(table, withDevice));
        }
        return String.join("\n", out) + "\n";
    }

    /** One setup's matrix as a floating table with a caption naming the device and the settings, and a label from them. */
    static List<String> table(SpeedupTable table, boolean withDevice) {
        List<String> lines = new ArrayList<>();
        lines.add("\\begin{table}[htbp]");
        lines.add("\\centering");
        lines.add("\\caption{" + escape(Markdown.matrixCaption(table).replaceFirst(":$", "") + ", " + table.setup().title()) + ".}");
        lines.add("\\label{tab:" + OutputNames.chart("fwbench", table.setup(), withDevice) + "}");
        lines.add("\\begin{tabular}{l" + "r".repeat(table.sizes().size()) + "}");
        lines.add("\\toprule");
        List<String> header = new ArrayList<>(List.of(Markdown.VARIANT));
        for (int n : table.sizes()) header.add("$n$ = " + escape(Numbers.grouped(n)));
        lines.add(String.join(" & ", header) + " \\\\");
        lines.add("\\midrule");
        for (VariantName variant : table.variants()) {
            List<String> cells = new ArrayList<>(List.of(escape(variant.id())));
            for (int n : table.sizes()) cells.add(escape(Markdown.speedupCell(table).apply(variant, n)));
            lines.add(String.join(" & ", cells) + " \\\\");
        }
        lines.add("\\bottomrule");
        lines.add("\\end{tabular}");
        lines.add("\\end{table}");
        return lines;
    }

    /** Text as LaTeX typesets it literally: its ten special characters escaped. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '\\' -> out.append("\\textbackslash{}");
                case '&', '%', '$', '#', '_', '{', '}' -> out.append('\\').append(c);
                case '~' -> out.append("\\textasciitilde{}");
                case '^' -> out.append("\\textasciicircum{}");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
