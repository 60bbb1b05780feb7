package fwbench.report;

import fwbench.variant.core.CellType;
import fwbench.variant.Variant;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.labels.CategoryItemLabelGenerator;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
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
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Builds the report's charts (JFreeChart) from tables: time vs n (log-log, error bars), speedup
 * vs n, throughput vs n with the device's ceiling, grouped speedup bars per n, and the ratio of two
 * runs. Each has a title naming the device, axis units, a legend and plain tick labels. Only the
 * report loads this class: the benchmark's Java runtime may have no java.desktop module.
 */
final class Charts {

    private static final String FONT = Font.SANS_SERIF;
    private static final BasicStroke DASHED = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
            new float[] {6f, 4f}, 0f);

    // the bar chart's layout: each bar gets a row of BAR_ROW pixels, enough for a label of BAR_LABEL_POINTS
    private static final int BAR_LABEL_POINTS = 11;
    private static final double BAR_ROW = 15;
    private static final double BAR_AXIS_MARGIN = 0.02;
    private static final double BAR_CATEGORY_MARGIN = 0.12;
    /** The thickest a bar gets, as a share of the plot's height. */
    private static final double BAR_MAX_WIDTH = 0.06;
    /** Title, subtitle, legend and the value axis around the bars' plot, in pixels. */
    private static final int BAR_CHROME = 190;
    /** The share of the log axis left beyond the longest bar each way, for its label. */
    private static final double BAR_LABEL_ROOM = 0.14;
    private static final String N_AXIS = "n (vertices)";
    /**
     * Values within this factor of each other go on a linear axis from 0 where a chart allows it (the
     * throughput's): less than a decade on a log axis has few round ticks and magnifies differences.
     */
    private static final double LINEAR_WITHIN = 10;
    /** The most steps a linear axis from 0 is divided into. */
    private static final int LINEAR_MAX_STEPS = 8;
    private static final String LOG_LOG = "log-log scale";
    /** The radius of the ring around a comparison's point that differs significantly: clear of the largest marker. */
    private static final double SIGNIFICANCE_RING = 7;
    /** What the ring means, in the legend. */
    private static final String DIFFERS_LEGEND = "faster or slower at " + Significance.confidence() + " confidence";

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
        XYPlot plot = xyPlot(data, nAxis(table.sizes()), logAxis("time per solve (ms)", values), renderer,
                table.variants(), table.variants());
        return chart("Time per solve " + RunSetup.whereRun(table.setup().device()),
                subtitle(table.setup(), LOG_LOG + "; error bars: JMH's " + Timing.CONFIDENCE + " confidence interval"), plot);
    }

    /**
     * Speedup over the baseline vs n on a log axis, where 100x faster and 100x slower are as far from
     * the baseline's flat line at 1: CPU variants at 0.005x are not squashed onto the axis. Only the
     * sizes at which the baseline ran, and the variants with a speedup there.
     */
    static JFreeChart speedup(SpeedupTable table) {
        if (!table.hasSpeedups()) throw new IllegalArgumentException(table.noSpeedupCharts());
        XYSeriesCollection data = new XYSeriesCollection();
        List<Double> values = new ArrayList<>(List.of(1.0));
        List<VariantName> shown = table.variantsWithSpeedup();
        for (VariantName variant : shown) {
            XYSeries series = new XYSeries(variant.id(), true, false);
            for (int n : table.speedupSizes()) {
                OptionalDouble s = table.row(variant, n).speedup();
                if (s.isPresent()) {
                    series.add(n, s.getAsDouble());
                    values.add(s.getAsDouble());
                }
            }
            data.addSeries(series);
        }
        ReadableLogAxis y = logAxis(speedupAxisLabel(table), values);
        XYPlot plot = xyPlot(data, nAxis(table.speedupSizes()), y, lines(), shown, table.variants());
        return chart("Speedup over " + table.baseline() + " " + RunSetup.whereRun(table.setup().device()),
                subtitle(table.setup(), "log scale"), plot);
    }

    /**
     * Relaxations per second vs n, with the device's ceilings as horizontal lines when measured: on a
     * log axis, or from 0 on a linear one where every value is within {@link #LINEAR_WITHIN} of the others.
     */
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
        String label = "relaxations per second (G/s)";
        boolean linear = readsLinear(values);
        XYPlot plot = xyPlot(data, nAxis(table.sizes()), linear ? linearFromZero(label, values) : logAxis(label, values), lines(),
                table.variants(), table.variants());
        markers.forEach(m -> plot.addRangeMarker(m, Layer.BACKGROUND));
        String scale = linear ? "n on a log scale, the rate on a linear one from 0" : LOG_LOG;
        String note = table.showsPeak() ? scale + "; dashed: the device's min-plus ceiling" : scale;
        return chart("Relaxations per second (n^3 / time) " + RunSetup.whereRun(table.setup().device()), subtitle(table.setup(), note), plot);
    }

    /**
     * Speedup over the baseline as horizontal bars grouped by n, on a log axis from the baseline's 1x
     * (right: faster, left: slower), each labelled with its value. A row per bar, as high as a label,
     * so labels never overlap ({@link #height}); only the sizes at which the baseline ran.
     */
    static JFreeChart bars(SpeedupTable table) {
        if (!table.hasSpeedups()) throw new IllegalArgumentException(table.noSpeedupCharts());
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        List<Double> values = new ArrayList<>(List.of(1.0));
        List<VariantName> shown = table.comparedVariants();
        for (VariantName variant : shown) {
            for (int n : table.speedupSizes()) {
                OptionalDouble s = table.row(variant, n).speedup();
                data.addValue(s.isPresent() ? (Double) s.getAsDouble() : null, variant.id(), "n = " + Numbers.grouped(n));
                if (s.isPresent()) values.add(s.getAsDouble());
            }
        }
        SpeedupBars renderer = new SpeedupBars();
        for (int i = 0; i < shown.size(); i++) renderer.setSeriesPaint(i, colour(shown.get(i), table.variants()));
        CategoryAxis x = new CategoryAxis(N_AXIS);
        x.setLowerMargin(BAR_AXIS_MARGIN);
        x.setUpperMargin(BAR_AXIS_MARGIN);
        x.setCategoryMargin(BAR_CATEGORY_MARGIN);
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(1);
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(1);
        // room for a label beyond the longest bar each way: a fixed share of the axis, whatever its span
        double pad = Math.pow(Math.max(max / min, 2), BAR_LABEL_ROOM);
        ReadableLogAxis y = ReadableLogAxis.endingPastATick(speedupAxisLabel(table), min / pad, max * pad, max);
        CategoryPlot plot = new CategoryPlot(data, x, y, renderer);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setRangeAxisLocation(AxisLocation.BOTTOM_OR_RIGHT);
        style(y);
        style(x);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.addRangeMarker(new ValueMarker(1.0, Color.DARK_GRAY, DASHED), Layer.FOREGROUND);
        // the legend names the baseline too, as its dashed line
        LegendItemCollection legend = new LegendItemCollection();
        legend.add(new LegendItem(table.baseline().id(), null, null, null, new Line2D.Double(-7, 0, 7, 0), DASHED, Color.DARK_GRAY));
        legend.addAll(plot.getLegendItems());
        plot.setFixedLegendItems(legend);
        return chart("Speedup over " + table.baseline() + " per n " + RunSetup.whereRun(table.setup().device()),
                subtitle(table.setup(), "log scale; bars start at " + table.baseline() + "'s 1x (dashed)"), plot);
    }

    /**
     * A chart's height in pixels: {@link ChartFiles#HEIGHT}, or for the bars as much as gives each
     * bar a row at least {@link #BAR_ROW} high.
     */
    static int height(ChartKind kind, SpeedupTable table) {
        if (kind != ChartKind.BARS) return ChartFiles.HEIGHT;
        int bars = table.speedupSizes().size() * table.comparedVariants().size();
        double share = 1 - 2 * BAR_AXIS_MARGIN - (table.speedupSizes().size() > 1 ? BAR_CATEGORY_MARGIN : 0);
        return Math.max(ChartFiles.HEIGHT, BAR_CHROME + (int) Math.ceil(bars * BAR_ROW / share));
    }

    private static String speedupAxisLabel(SpeedupTable table) {
        return "speedup over " + table.baseline() + " (x)";
    }

    /** Bars from the baseline's 1x, labelled with the table's speedup text (two significant digits at least, never "0.0x"). */
    private static final class SpeedupBars extends BarRenderer {

        SpeedupBars() {
            setBase(1.0);
            setBarPainter(new StandardBarPainter());
            setShadowVisible(false);
            setItemMargin(0.0);
            setDrawBarOutline(false);
            // few bars would each fill a wide row: keep them bars
            setMaximumBarWidth(BAR_MAX_WIDTH);
            setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator() {
                @Override
                public String generateLabel(CategoryDataset dataset, int row, int column) {
                    Number value = dataset.getValue(row, column);
                    return value == null ? null : Numbers.speedup(value.doubleValue());
                }
            });
            setDefaultItemLabelsVisible(true);
            setDefaultItemLabelFont(new Font(FONT, Font.PLAIN, BAR_LABEL_POINTS));
            setDefaultPositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.OUTSIDE3, TextAnchor.CENTER_LEFT));
            setDefaultNegativeItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.OUTSIDE9, TextAnchor.CENTER_RIGHT));
        }

        /** A slowdown's bar runs left of 1x though its value is positive: its label goes at its left end. */
        @Override
        protected void drawItemLabel(Graphics2D g2, CategoryDataset data, int row, int column, CategoryPlot plot,
                                     CategoryItemLabelGenerator generator, Rectangle2D bar, boolean negative) {
            super.drawItemLabel(g2, data, row, column, plot, generator, bar, data.getValue(row, column).doubleValue() < getBase());
        }
    }

    /**
     * The ratio after / before per variant vs n on a log axis (2x slower as far from the line of no
     * change at 1 as 2x faster); only the variants and sizes with a ratio, so the legend lists no
     * variant without a point. A ring marks each point whose verdict is faster or slower, and the
     * legend says what the ring means when there is one.
     */
    static JFreeChart compare(CompareTable table) {
        List<VariantName> shown = table.variantsWithRatio();
        if (shown.isEmpty()) throw new IllegalArgumentException("nothing to chart: " + table.noSharedSolves());
        XYSeriesCollection data = new XYSeriesCollection();
        List<Double> values = new ArrayList<>(List.of(1.0));
        for (VariantName variant : shown) {
            XYSeries series = new XYSeries(variant.id(), true, false);
            for (int n : table.sizesWithRatio()) {
                OptionalDouble r = table.row(variant, n).ratio();
                if (r.isPresent()) {
                    series.add(n, r.getAsDouble());
                    values.add(r.getAsDouble());
                }
            }
            data.addSeries(series);
        }
        ReadableLogAxis y = logAxis("time after / before (> 1: after is slower)", values);
        XYPlot plot = xyPlot(data, nAxis(table.sizesWithRatio()), y, lines(), shown, table.variants());
        plot.addRangeMarker(dashedLine(1.0, "no change"), Layer.BACKGROUND);
        XYSeries differing = differing(table);
        if (!differing.isEmpty()) {
            XYLineAndShapeRenderer rings = new XYLineAndShapeRenderer(false, true);
            double radius = SIGNIFICANCE_RING;
            rings.setSeriesShape(0, new Ellipse2D.Double(-radius, -radius, 2 * radius, 2 * radius));
            rings.setSeriesShapesFilled(0, false);
            rings.setSeriesPaint(0, Color.DARK_GRAY);
            rings.setSeriesOutlineStroke(0, new BasicStroke(1.5f));
            plot.setDataset(1, new XYSeriesCollection(differing));
            plot.setRenderer(1, rings);
            plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        }
        String settings = table.settings().isEmpty() ? "" : RunSetup.settingsText(table.settings()) + "; ";
        String devices = table.beforeDevice().equals(table.afterDevice()) ? "" : "; before: " + RunSetup.deviceName(table.beforeDevice());
        return chart("Time after / before " + RunSetup.whereRun(table.afterDevice()), settings + "log scale" + devices, plot);
    }

    /** The points of a comparison whose verdict is faster or slower, as one series (several variants may share an n). */
    static XYSeries differing(CompareTable table) {
        XYSeries points = new XYSeries(DIFFERS_LEGEND, true, true);
        for (CompareTable.Row r : table.rows()) {
            if (r.significance().filter(Significance::differs).isPresent()) points.add(r.n(), r.ratio().getAsDouble());
        }
        return points;
    }

    /** A labelled horizontal reference line (a ceiling, or no change), dashed so it is not read as a variant. */
    private static ValueMarker dashedLine(double value, String label) {
        ValueMarker marker = new ValueMarker(value, Color.DARK_GRAY, DASHED);
        marker.setLabel(label);
        marker.setLabelFont(new Font(FONT, Font.PLAIN, 12));
        marker.setLabelBackgroundColor(new Color(255, 255, 255, 0));
        marker.setLabelOffset(new RectangleInsets(4, 8, 4, 8));
        marker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
        marker.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
        return marker;
    }

    /**
     * @param series the variants of the data's series, in order
     * @param all    every variant of the table: what places an unknown variant's colour, the same in every chart
     */
    private static XYPlot xyPlot(XYDataset data, ValueAxis x, ValueAxis y, XYLineAndShapeRenderer renderer,
                                 List<VariantName> series, List<VariantName> all) {
        for (int i = 0; i < series.size(); i++) {
            renderer.setSeriesPaint(i, colour(series.get(i), all));
            renderer.setSeriesShape(i, shape(series.get(i), all));
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

    /** A log axis around the values whose range ends at or above a tick past the highest. */
    static ReadableLogAxis logAxis(String label, List<Double> values) {
        double min = values.stream().mapToDouble(Double::doubleValue).filter(v -> v > 0).min().orElse(1);
        double max = Math.max(min, values.stream().mapToDouble(Double::doubleValue).max().orElse(10));
        double[] range = ReadableLogAxis.paddedRange(min, max);
        return ReadableLogAxis.endingPastATick(label, range[0], range[1], max);
    }

    /** Whether positive values are within {@link #LINEAR_WITHIN} of each other. */
    static boolean readsLinear(List<Double> values) {
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        return min > 0 && max < LINEAR_WITHIN * min;
    }

    /** A linear axis from 0 to a round tick at or above the highest value, in steps of 1, 2 or 5 times a power of ten. */
    static NumberAxis linearFromZero(String label, List<Double> values) {
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(1);
        double step = roundStep(max);
        NumberAxis axis = new NumberAxis(label);
        // the end as a decimal: 3 * 0.1 as a double product is 0.30000000000000004
        axis.setRange(0, java.math.BigDecimal.valueOf(step).multiply(java.math.BigDecimal.valueOf(Math.ceil(max / step))).doubleValue());
        axis.setTickUnit(new NumberTickUnit(step, Numbers.tickFormat()));
        axis.setMinorTickMarksVisible(false);
        return axis;
    }

    /** The smallest step of 1, 2 or 5 times a power of ten that divides 0..max in at most {@link #LINEAR_MAX_STEPS}. */
    static double roundStep(double max) {
        for (int exponent = (int) Math.floor(Math.log10(max / LINEAR_MAX_STEPS)); ; exponent++) {
            for (int m : new int[] {1, 2, 5}) {
                double step = new java.math.BigDecimal(m).scaleByPowerOfTen(exponent).doubleValue();
                if (Math.ceil(max / step) <= LINEAR_MAX_STEPS) return step;
            }
        }
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

    /** A variant's colour, the same in every chart and table: {@link VariantName#colour}. */
    static Color colour(VariantName variant, List<VariantName> shown) {
        return new Color(variant.colour(shown));
    }

    /** A variant's point marker: {@link VariantName#marker}. */
    static Shape shape(VariantName variant, List<VariantName> shown) {
        return shape(variant.marker(shown));
    }

    /**
     * A marker's shape: JFreeChart's standard sequence, which the charts drew by series position
     * before variants had markers of their own, then crosses.
     */
    /** A five-pointed star of outer and inner radius, centred on the point. */
    private static Shape star(double outer, double inner) {
        java.awt.geom.Path2D.Double p = new java.awt.geom.Path2D.Double();
        for (int k = 0; k < 10; k++) {
            double r = k % 2 == 0 ? outer : inner, a = -Math.PI / 2 + k * Math.PI / 5;
            if (k == 0) p.moveTo(r * Math.cos(a), r * Math.sin(a));
            else p.lineTo(r * Math.cos(a), r * Math.sin(a));
        }
        p.closePath();
        return p;
    }

    /** A regular polygon of {@code sides} corners on a circle of radius r, one corner at angle {@code first}. */
    private static Shape polygon(int sides, double r, double first) {
        java.awt.geom.Path2D.Double p = new java.awt.geom.Path2D.Double();
        for (int k = 0; k < sides; k++) {
            double a = first + k * 2 * Math.PI / sides;
            if (k == 0) p.moveTo(r * Math.cos(a), r * Math.sin(a));
            else p.lineTo(r * Math.cos(a), r * Math.sin(a));
        }
        p.closePath();
        return p;
    }

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
            case STAR -> star(4.0, 1.8);
            case HEXAGON -> polygon(6, 3.5, 0);
            case PENTAGON -> polygon(5, 3.6, -Math.PI / 2);
            case HEPTAGON -> polygon(7, 3.6, -Math.PI / 2);
            case OCTAGON -> polygon(8, 3.5, Math.PI / 8);
        };
    }
}
