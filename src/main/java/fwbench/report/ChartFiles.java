package fwbench.report;

import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;

import java.awt.Rectangle;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a chart as PNG (for the README and quick looks) and SVG (scales, diffs as text, and goes inline into report.html). */
final class ChartFiles {

    static final int WIDTH = 960;
    static final int HEIGHT = 600;

    private ChartFiles() {
    }

    static void writePng(JFreeChart chart, Path file, int height) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            ChartUtils.writeChartAsPNG(out, chart, WIDTH, height);
        }
    }

    /** Writes the chart's SVG file; returns its {@code <svg>} element, whose ids all begin with {@code idPrefix}. */
    static String writeSvg(JFreeChart chart, Path file, String idPrefix, int height) throws IOException {
        String element = svgElement(chart, idPrefix, height);
        Files.writeString(file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + element + "\n", StandardCharsets.UTF_8);
        return element;
    }

    static String svgElement(JFreeChart chart, String idPrefix, int height) {
        SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, height);
        // JFreeSVG prefixes its ids with the time by default, which would change the file on every run;
        // a prefix per chart also keeps ids unique where several charts share one HTML page
        g2.setDefsKeyPrefix(idPrefix + "-");
        chart.draw(g2, new Rectangle(0, 0, WIDTH, height));
        // a viewBox lets the page scale the chart down to its width
        return g2.getSVGElement(idPrefix, true, new ViewBox(0, 0, WIDTH, height), null, null);
    }
}
