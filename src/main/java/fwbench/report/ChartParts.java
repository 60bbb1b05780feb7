package fwbench.report;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYDataset;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.List;

/**
 * What the report's charts share: fonts, the dashed reference line, an XY plot in the variants'
 * colours and markers, log and linear axes with round ticks, and the titles and legend around a plot.
 */
final class ChartParts {

    static final String FONT = Font.SANS_SERIF;
    static final BasicStroke DASHED = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
            new float[] {6f, 4f}, 0f);
    static final String N_AXIS = "n (vertices)";
    /**
     * Values within this factor of each other go on a linear axis from 0 where a chart allows it (the
     * throughput's): less than a decade on a log axis has few round ticks and magnifies differences.
     */
    static final double LINEAR_WITHIN = 10;
    /** The most steps a linear axis from 0 is divided into. */
    private static final int LINEAR_MAX_STEPS = 8;

    private ChartParts() {
    }

    static String speedupAxisLabel(SpeedupTable table) {
        return "speedup over " + table.baseline() + " (x)";
    }

    /** A labelled horizontal reference line (a ceiling, or no change), dashed so it is not read as a variant. */
    static ValueMarker dashedLine(double value, String label) {
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
     * An XY plot of the data, each series in its variant's colour and marker.
     *
     * @param series the variants of the data's series, in order
     * @param all    every variant of the table: what places an unknown variant's colour, the same in every chart
     */
    static XYPlot xyPlot(XYDataset data, ValueAxis x, ValueAxis y, XYLineAndShapeRenderer renderer,
                         List<VariantName> series, List<VariantName> all) {
        for (int i = 0; i < series.size(); i++) {
            renderer.setSeriesPaint(i, VariantStyle.colour(series.get(i), all));
            renderer.setSeriesShape(i, VariantStyle.shape(series.get(i), all));
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

    /** Lines between the points, and the points marked. */
    static XYLineAndShapeRenderer lines() {
        return new XYLineAndShapeRenderer(true, true);
    }

    /** n on a log axis with a tick at each measured size. */
    static ReadableLogAxis nAxis(List<Integer> sizes) {
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

    /** The axis label and tick fonts every chart uses. */
    static void style(Axis axis) {
        axis.setLabelFont(new Font(FONT, Font.PLAIN, 14));
        axis.setTickLabelFont(new Font(FONT, Font.PLAIN, 12));
    }

    /** The chart around a plot: its title, its subtitle (none where null) and the legend below. */
    static JFreeChart titled(String title, String subtitle, Plot plot) {
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

    /** A run's settings and a chart's note, either of which may be missing. */
    static String subtitle(RunSetup setup, String note) {
        String settings = setup.settingsText();
        if (note == null) return settings.isEmpty() ? null : settings;
        return settings.isEmpty() ? note : settings + "; " + note;
    }
}
