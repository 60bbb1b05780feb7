package fwbench.report;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.labels.CategoryItemLabelGenerator;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.category.DefaultCategoryDataset;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

import static fwbench.report.ChartParts.DASHED;
import static fwbench.report.ChartParts.FONT;
import static fwbench.report.ChartParts.N_AXIS;
import static fwbench.report.ChartParts.speedupAxisLabel;
import static fwbench.report.ChartParts.style;
import static fwbench.report.ChartParts.subtitle;
import static fwbench.report.ChartParts.titled;

/**
 * Speedup over the baseline as horizontal bars grouped by n, on a log axis from the baseline's 1x,
 * each bar labelled and given a row as high as its label, so that labels never overlap.
 */
final class SpeedupBarChart {

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

    private SpeedupBarChart() {
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
        for (int i = 0; i < shown.size(); i++) renderer.setSeriesPaint(i, VariantStyle.colour(shown.get(i), table.variants()));
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
        return titled("Speedup over " + table.baseline() + " per n " + RunSetup.whereRun(table.setup().device()),
                subtitle(table.setup(), "log scale; bars start at " + table.baseline() + "'s 1x (dashed)"), plot);
    }

    /** The chart's height in pixels: {@link ChartFiles#HEIGHT}, or as much as gives each bar a row at least {@link #BAR_ROW} high. */
    static int height(SpeedupTable table) {
        int bars = table.speedupSizes().size() * table.comparedVariants().size();
        double share = 1 - 2 * BAR_AXIS_MARGIN - (table.speedupSizes().size() > 1 ? BAR_CATEGORY_MARGIN : 0);
        return Math.max(ChartFiles.HEIGHT, BAR_CHROME + (int) Math.ceil(bars * BAR_ROW / share));
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
}
