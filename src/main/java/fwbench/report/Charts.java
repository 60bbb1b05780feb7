package fwbench.report;

import fwbench.variant.CellType;
import fwbench.variant.Variant;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Shape;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Builds the report's charts (JFreeChart) from tables: time vs n (log-log, error bars), speedup
 * vs n, throughput vs n with the device's ceiling, grouped speedup bars per n, and the ratio of two
 * runs. Each has a title naming the device, axis units, a legend and plain tick labels. Only the
 * report loads this class: the benchmark's Java runtime may have no java.desktop module.
 */
final class Charts {

    /**
     * Colours of variants this version does not know (from older or newer results), by their place
     * among the unknown ones shown: the lighter half of Tableau 20, none a known variant's colour.
     */
    private static final int[] UNKNOWN_COLOURS = {0xA0CBE8, 0xFFBE7D, 0x8CD17D, 0xB6992D, 0x499894, 0xF1CE63, 0xD37295,
            0xFABFD2, 0xD4A6C8, 0xD7B5A6};

    private static final String FONT = Font.SANS_SERIF;
    private static final String N_AXIS = "n (vertices)";

    private Charts() {
    }

    static JFreeChart chart(ChartKind kind, SpeedupTable table) {
        switch (kind) {
            case TIME: return time(table);
            case SPEEDUP: return speedup(table);
            case THROUGHPUT: return throughput(table);
            case BARS: return bars(table);
            default: throw new IllegalArgumentException(kind + " is not a chart of one run");
        }
    }

    /** Time per solve vs n, log-log, one line per variant, JMH's error as bars. */
    static JFreeChart time(SpeedupTable table) {
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        List<Double> values = new ArrayList<>();
        for (VariantName variant : table.variants()) {
            YIntervalSeries series = new YIntervalSeries(variant.id());
            for (int n : table.sizes()) {
                table.row(variant, n).time().ifPresent(t -> {
                    double error = t.hasError() ? t.errorMillis() : 0;
                    // a log axis cannot show a low end at or below 0: clip it just above
                    double low = Math.max(t.millis() - error, t.millis() / 10);
                    series.add(n, t.millis(), low, t.millis() + error);
                    values.add(low);
                    values.add(t.millis() + error);
                });
            }
            data.addSeries(series);
        }
        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setDefaultLinesVisible(true);
        renderer.setDefaultShapesVisible(true);
        renderer.setCapLength(6);
        XYPlot plot = xyPlot(data, nAxis(table.sizes()), logAxis("time per solve (ms)", values), renderer, table.variants());
        return chart("Time per solve on " + table.setup().device(),
                subtitle(table.setup(), "error bars: JMH's 99.9% confidence interval"), plot);
    }

    /** Speedup over the baseline vs n (the baseline is the flat line at 1). */
    static JFreeChart speedup(SpeedupTable table) {
        XYSeriesCollection data = new XYSeriesCollection();
        double max = 1;
        for (VariantName variant : table.variants()) {
            XYSeries series = new XYSeries(variant.id(), true, false);
            for (int n : table.sizes()) {
                OptionalDouble s = table.row(variant, n).speedup();
                if (s.isPresent()) {
                    series.add(n, s.getAsDouble());
                    max = Math.max(max, s.getAsDouble());
                }
            }
            data.addSeries(series);
        }
        NumberAxis y = linearAxis("speedup over " + table.baseline() + " (x)", 0, max * 1.1);
        XYPlot plot = xyPlot(data, nAxis(table.sizes()), y, lines(), table.variants());
        return chart("Speedup over " + table.baseline() + " on " + table.setup().device(), subtitle(table.setup(), null), plot);
    }

    /** Relaxations per second vs n (log-log), with the device's ceilings as horizontal lines when measured. */
    static JFreeChart throughput(SpeedupTable table) {
        XYSeriesCollection data = new XYSeriesCollection();
        List<Double> values = new ArrayList<>();
        List<ValueMarker> markers = new ArrayList<>();
        for (VariantName variant : table.variants()) {
            XYSeries series = new XYSeries(variant.id(), true, false);
            for (int n : table.sizes()) {
                OptionalDouble rate = table.row(variant, n).relaxationsPerSecond();
                if (rate.isPresent()) {
                    series.add(n, rate.getAsDouble() / 1e9);
                    values.add(rate.getAsDouble() / 1e9);
                }
            }
            data.addSeries(series);
        }
        // a ceiling only for the cell types the table's variants relax (PACKED16 only with packed16)
        for (CellType cell : CellType.values()) {
            boolean used = table.variants().stream().anyMatch(v -> v.peakCell().equals(Optional.of(cell)));
            Double rate = table.ceilings().get(cell);
            if (!used || rate == null) continue;
            double giga = rate / 1e9;
            values.add(giga);
            markers.add(dashedLine(giga, cell + " peak " + Numbers.gigaRate(rate) + " G/s"));
        }
        XYPlot plot = xyPlot(data, nAxis(table.sizes()), logAxis("relaxations per second (G/s)", values), lines(), table.variants());
        markers.forEach(m -> plot.addRangeMarker(m, Layer.BACKGROUND));
        String note = table.showsPeak() ? "dashed: the device's min-plus ceiling" : null;
        return chart("Relaxations per second (n^3 / time) on " + table.setup().device(), subtitle(table.setup(), note), plot);
    }

    /** Speedup over the baseline as bars grouped by n; a missing combination leaves its slot empty. */
    static JFreeChart bars(SpeedupTable table) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        double max = 1;
        for (VariantName variant : table.variants()) {
            for (int n : table.sizes()) {
                OptionalDouble s = table.row(variant, n).speedup();
                data.addValue(s.isPresent() ? (Double) s.getAsDouble() : null, variant.id(), "n = " + Numbers.grouped(n));
                if (s.isPresent()) max = Math.max(max, s.getAsDouble());
            }
        }
        BarRenderer renderer = new BarRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setItemMargin(0.05);
        renderer.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}x", format("#,##0.0")));
        renderer.setDefaultItemLabelsVisible(true);
        renderer.setDefaultItemLabelFont(new Font(FONT, Font.PLAIN, 11));
        for (int i = 0; i < table.variants().size(); i++) renderer.setSeriesPaint(i, colour(table.variants().get(i), table.variants()));
        CategoryAxis x = new CategoryAxis(N_AXIS);
        NumberAxis y = linearAxis("speedup over " + table.baseline() + " (x)", 0, max * 1.15);
        CategoryPlot plot = new CategoryPlot(data, x, y, renderer);
        plot.setOrientation(PlotOrientation.VERTICAL);
        style(plot.getRangeAxis());
        style(x);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        return chart("Speedup over " + table.baseline() + " per n on " + table.setup().device(), subtitle(table.setup(), null), plot);
    }

    /** The ratio after / before per variant vs n, with the line of no change at 1. */
    static JFreeChart compare(CompareTable table) {
        XYSeriesCollection data = new XYSeriesCollection();
        double min = 1;
        double max = 1;
        for (VariantName variant : table.variants()) {
            XYSeries series = new XYSeries(variant.id(), true, false);
            for (int n : table.sizes()) {
                OptionalDouble r = table.row(variant, n).ratio();
                if (r.isPresent()) {
                    series.add(n, r.getAsDouble());
                    min = Math.min(min, r.getAsDouble());
                    max = Math.max(max, r.getAsDouble());
                }
            }
            data.addSeries(series);
        }
        double pad = Math.max(0.05, (max - min) * 0.1);
        NumberAxis y = linearAxis("time after / before (> 1: after is slower)", Math.max(0, min - pad), max + pad);
        XYPlot plot = xyPlot(data, nAxis(table.sizes()), y, lines(), table.variants());
        plot.addRangeMarker(dashedLine(1.0, "no change"), Layer.BACKGROUND);
        String settings = table.settings().isEmpty() ? "" : RunSetup.settingsText(table.settings());
        String sub = table.beforeDevice().equals(table.afterDevice()) ? settings
                : (settings.isEmpty() ? "" : settings + "; ") + "before: " + table.beforeDevice();
        return chart("Time after / before on " + table.afterDevice(), sub.isEmpty() ? null : sub, plot);
    }

    /** A labelled horizontal reference line (a ceiling, or no change), dashed so it is not read as a variant. */
    private static ValueMarker dashedLine(double value, String label) {
        ValueMarker marker = new ValueMarker(value, Color.DARK_GRAY, new BasicStroke(1.5f, BasicStroke.CAP_BUTT,
                BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        marker.setLabel(label);
        marker.setLabelFont(new Font(FONT, Font.PLAIN, 12));
        marker.setLabelBackgroundColor(new Color(255, 255, 255, 0));
        marker.setLabelOffset(new RectangleInsets(4, 8, 4, 8));
        marker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
        marker.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
        return marker;
    }

    private static XYPlot xyPlot(XYDataset data, ValueAxis x, ValueAxis y, XYLineAndShapeRenderer renderer, List<VariantName> variants) {
        for (int i = 0; i < variants.size(); i++) {
            renderer.setSeriesPaint(i, colour(variants.get(i), variants));
            renderer.setSeriesShape(i, shape(variants.get(i), variants));
            renderer.setSeriesStroke(i, new BasicStroke(2f));
        }
        XYPlot plot = new XYPlot(data, x, y, renderer);
        style(x);
        style(y);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        return plot;
    }

    private static XYLineAndShapeRenderer lines() {
        return new XYLineAndShapeRenderer(true, true);
    }

    /** n on a log axis with a tick at each measured size. */
    private static ReadableLogAxis nAxis(List<Integer> sizes) {
        List<Double> values = sizes.stream().map(Integer::doubleValue).toList();
        double[] range = ReadableLogAxis.paddedRange(values.get(0), values.get(values.size() - 1));
        return new ReadableLogAxis(N_AXIS, range[0], range[1], values);
    }

    private static ReadableLogAxis logAxis(String label, List<Double> values) {
        double min = values.stream().mapToDouble(Double::doubleValue).filter(v -> v > 0).min().orElse(1);
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(10);
        double[] range = ReadableLogAxis.paddedRange(min, Math.max(min, max));
        return new ReadableLogAxis(label, range[0], range[1], List.of());
    }

    private static NumberAxis linearAxis(String label, double lower, double upper) {
        NumberAxis axis = new NumberAxis(label);
        axis.setRange(lower, upper);
        axis.setNumberFormatOverride(format("#,##0.##"));
        return axis;
    }

    private static void style(Axis axis) {
        axis.setLabelFont(new Font(FONT, Font.PLAIN, 14));
        axis.setTickLabelFont(new Font(FONT, Font.PLAIN, 12));
    }

    private static JFreeChart chart(String title, String subtitle, Plot plot) {
        JFreeChart chart = new JFreeChart(title, new Font(FONT, Font.BOLD, 16), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        if (subtitle != null) {
            TextTitle sub = new TextTitle(subtitle, new Font(FONT, Font.PLAIN, 12));
            chart.addSubtitle(sub);
        }
        LegendTitle legend = chart.getLegend();
        legend.setPosition(RectangleEdge.BOTTOM);
        legend.setItemFont(new Font(FONT, Font.PLAIN, 12));
        return chart;
    }

    private static String subtitle(RunSetup setup, String note) {
        String settings = setup.settingsText();
        if (note == null) return settings.isEmpty() ? null : settings;
        return settings.isEmpty() ? note : settings + "; " + note;
    }

    /** A variant's colour, the same in every chart and report: the registry's, or one of {@link #UNKNOWN_COLOURS}. */
    static Color colour(VariantName variant, List<VariantName> shown) {
        return new Color(variant.known().map(Variant::chartColour)
                .orElseGet(() -> UNKNOWN_COLOURS[unknownIndex(variant, shown) % UNKNOWN_COLOURS.length]));
    }

    /** A variant's point marker: the registry's, or for an unknown variant one by its place among the unknown ones. */
    static Shape shape(VariantName variant, List<VariantName> shown) {
        Variant.Marker[] markers = Variant.Marker.values();
        return shape(variant.known().map(Variant::chartMarker).orElseGet(() -> markers[unknownIndex(variant, shown) % markers.length]));
    }

    /**
     * A marker's shape: JFreeChart's standard sequence, which the charts drew by series position
     * before variants had markers of their own, then crosses.
     */
    static Shape shape(Variant.Marker marker) {
        Shape[] standard = DefaultDrawingSupplier.createStandardSeriesShapes();
        return switch (marker) {
            case SQUARE -> standard[0];
            case CIRCLE -> standard[1];
            case TRIANGLE_UP -> standard[2];
            case DIAMOND -> standard[3];
            case RECTANGLE_WIDE -> standard[4];
            case TRIANGLE_DOWN -> standard[5];
            case ELLIPSE_WIDE -> standard[6];
            case TRIANGLE_RIGHT -> standard[7];
            case RECTANGLE_TALL -> standard[8];
            case TRIANGLE_LEFT -> standard[9];
            case CROSS -> ShapeUtils.createDiagonalCross(3f, 1f);
            case PLUS -> ShapeUtils.createRegularCross(3f, 1f);
        };
    }

    /** How many variants this version does not know come before {@code variant} in {@code shown} (rows are sorted: deterministic). */
    private static int unknownIndex(VariantName variant, List<VariantName> shown) {
        return (int) shown.stream().filter(v -> v.known().isEmpty()).takeWhile(v -> !v.equals(variant)).count();
    }

    private static DecimalFormat format(String pattern) {
        return new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT));
    }
}
