package fwbench.report;

import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;

import java.awt.Rectangle;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a chart as PNG (for the README and quick looks) and SVG (scales, and diffs as text). */
final class ChartFiles {

    static final int WIDTH = 960;
    static final int HEIGHT = 600;

    private ChartFiles() {
    }

    static void writePng(JFreeChart chart, Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            ChartUtils.writeChartAsPNG(out, chart, WIDTH, HEIGHT);
        }
    }

    static void writeSvg(JFreeChart chart, Path file, String idPrefix) throws IOException {
        SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, HEIGHT);
        // JFreeSVG prefixes its ids with the time by default, which would change the file on every run
        g2.setDefsKeyPrefix(idPrefix + "-");
        chart.draw(g2, new Rectangle(0, 0, WIDTH, HEIGHT));
        String svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + g2.getSVGElement(idPrefix) + "\n";
        Files.writeString(file, svg, StandardCharsets.UTF_8);
    }
}
