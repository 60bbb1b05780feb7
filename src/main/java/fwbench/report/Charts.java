package fwbench.report;

import fwbench.cell.CellType;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static fwbench.report.ChartParts.dashedLine;
import static fwbench.report.ChartParts.lines;
import static fwbench.report.ChartParts.linearFromZero;
import static fwbench.report.ChartParts.logAxis;
import static fwbench.report.ChartParts.nAxis;
import static fwbench.report.ChartParts.readsLinear;
import static fwbench.report.ChartParts.speedupAxisLabel;
import static fwbench.report.ChartParts.subtitle;
import static fwbench.report.ChartParts.titled;
import static fwbench.report.ChartParts.xyPlot;

/**
 * Builds the report's charts (JFreeChart) from tables: time vs n (log-log, error bars), speedup
 * vs n, throughput vs n with the device's ceiling, grouped speedup bars per n, and the ratio of two
 * runs. Each has a title naming the device, axis units, a legend and plain tick labels. Only the
 * report loads this class: the benchmark's Java runtime may have no java.desktop module. The bars
 * are {@link SpeedupBarChart}'s; what the charts share is {@link ChartParts}'s.
 */
final class Charts {

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
            case BARS: return SpeedupBarChart.bars(table);
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
        return titled("Time per solve " + RunSetup.whereRun(table.setup().device()),
                subtitle(table.setup(), LOG_LOG + "; error bars: JMH's " + Timing.CONFIDENCE + " confidence interval"), plot);
    }

    /** A chart's height in pixels: {@link ChartFiles#HEIGHT}, the bars' as many as they need. */
    static int height(ChartKind kind, SpeedupTable table) {
        return kind == ChartKind.BARS ? SpeedupBarChart.height(table) : ChartFiles.HEIGHT;
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
        return titled("Speedup over " + table.baseline() + " " + RunSetup.whereRun(table.setup().device()),
                subtitle(table.setup(), "log scale"), plot);
    }

    /**
     * Relaxations per second vs n, with the device's ceilings as horizontal lines when measured: on a
     * log axis, or from 0 on a linear one where every value is within {@link ChartParts#LINEAR_WITHIN} of the others.
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
        return titled("Relaxations per second (n^3 / time) " + RunSetup.whereRun(table.setup().device()), subtitle(table.setup(), note), plot);
    }

    /**
     * Graphs per second vs n, log-log, a line per variant: small-graphs' one launch a batch against the
     * variants that solve the graphs one after another. Where a variant ran several batch sizes at one n,
     * the largest batch's point (the rows go by batch ascending).
     */
    static JFreeChart batches(BatchTable table) {
        XYSeriesCollection data = new XYSeriesCollection();
        List<Double> values = new ArrayList<>();
        for (VariantName variant : table.variants()) {
            XYSeries series = new XYSeries(variant.id(), true, false);
            for (BatchTable.Row r : table.rows()) {
                if (!r.variant().equals(variant)) continue;
                series.addOrUpdate(r.batch().n(), r.batch().graphsPerSecond());
                values.add(r.batch().graphsPerSecond());
            }
            data.addSeries(series);
        }
        XYPlot plot = xyPlot(data, nAxis(table.sizes()), logAxis("graphs per second", values), lines(), table.variants(), table.variants());
        return titled("Graphs per second, batches of small graphs " + RunSetup.whereRun(table.device()),
                LOG_LOG + "; " + BatchTable.TOGETHER + ": the batch in one launch, the others one graph after another", plot);
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
        return titled("Time after / before " + RunSetup.whereRun(table.afterDevice()), settings + "log scale" + devices, plot);
    }

    /** The points of a comparison whose verdict is faster or slower, as one series (several variants may share an n). */
    static XYSeries differing(CompareTable table) {
        XYSeries points = new XYSeries(DIFFERS_LEGEND, true, true);
        for (CompareTable.Row r : table.rows()) {
            if (r.significance().filter(Significance::differs).isPresent()) points.add(r.n(), r.ratio().getAsDouble());
        }
        return points;
    }
}
