package fwbench.report;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.text.TextUtils;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The one door from the report to JFreeChart: {@link ReportCommand} calls only this static
 * method, so neither it nor {@code fwbench.cli.Subcommands} (which the benchmark's main loads) makes
 * the JVM load AWT or JFreeChart classes until a chart is drawn.
 */
final class ChartRendering {

    static {
        // for a caller other than ReportCommand; the property must be set before AWT's first use
        System.setProperty("java.awt.headless", "true");
        // JFreeChart draws rotated text (the y-axis label) as glyph outlines by default, a workaround for
        // old JDK bugs: in SVG that is a path nobody can select or search; drawString with a rotation is text
        TextUtils.setUseDrawRotatedStringWorkaround(false);
    }

    private ChartRendering() {
    }

    /** Draws one chart, of {@code table} or of {@code comparison}, to PNG and SVG; returns the SVG element for report.html. */
    static String draw(ChartKind kind, SpeedupTable table, CompareTable comparison, Path png, Path svg, String idPrefix)
            throws IOException {
        return draw(kind, table, comparison, null, png, svg, idPrefix);
    }

    /** As above, or of {@code batches} for {@link ChartKind#BATCHES}. */
    static String draw(ChartKind kind, SpeedupTable table, CompareTable comparison, BatchTable batches, Path png, Path svg,
                       String idPrefix) throws IOException {
        JFreeChart chart = switch (kind) {
            case COMPARE -> Charts.compare(comparison);
            case BATCHES -> Charts.batches(batches);
            default -> Charts.chart(kind, table);
        };
        int height = kind == ChartKind.COMPARE || kind == ChartKind.BATCHES ? ChartFiles.HEIGHT : Charts.height(kind, table);
        ChartFiles.writePng(chart, png, height);
        return ChartFiles.writeSvg(chart, svg, idPrefix, height);
    }
}
