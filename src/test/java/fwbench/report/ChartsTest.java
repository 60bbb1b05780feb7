package fwbench.report;

import fwbench.results.ResultsFormat;
import com.fasterxml.jackson.databind.node.ArrayNode;
import fwbench.variant.Variant;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Document;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.font.FontRenderContext;
import java.awt.font.LineMetrics;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChartsTest {

    @TempDir
    Path dir;

    private SpeedupTable table(ArrayNode run) throws Exception {
        RunData data = Fixtures.read(Fixtures.write(run, dir.resolve("run-" + System.nanoTime() + ".json")));
        return SpeedupTable.build(data, VariantName.of(Variant.NAIVE)).get(0);
    }

    /** Draws one chart; returns the SVG's text after checking that both files are what they claim. */
    private String draw(ChartKind kind, SpeedupTable table, CompareTable comparison) throws Exception {
        Path png = dir.resolve(kind.fileKind() + ".png");
        Path svg = dir.resolve(kind.fileKind() + ".svg");
        String element = ChartRendering.draw(kind, table, comparison, png, svg, kind.fileKind());
        BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image, png + " decodes as an image");
        assertEquals(ChartFiles.WIDTH, image.getWidth());
        assertEquals(table == null ? ChartFiles.HEIGHT : Charts.height(kind, table), image.getHeight());
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
        assertEquals("svg", doc.getDocumentElement().getTagName(), svg + " parses as SVG");
        assertTrue(Files.readString(svg).endsWith(element + "\n"), "the element report.html inlines is the file's");
        return Files.readString(svg);
    }

    @Test
    void everyChartOfARunDecodesAndNamesDeviceUnitsAndVariants() throws Exception {
        SpeedupTable table = table(Fixtures.tree(Fixtures.RUN));
        for (ChartKind kind : ChartKind.RUN) {
            String svg = draw(kind, table, null);
            assertTrue(svg.contains(Fixtures.DEVICE), kind + ": the title names the device");
            assertTrue(svg.contains(">naive</text>") && svg.contains(">blocked</text>"), kind + ": a legend entry per variant");
            assertTrue(svg.contains("n (vertices)"), kind + ": the n axis is labelled");
            // the measured sizes as plain numbers: LogAxis's own labels would be powers of ten only (10^3)
            assertTrue(svg.contains(">1,000</text>") || svg.contains(">n = 1,000</text>"), kind.toString());
            assertTrue(svg.contains(">2,500</text>") || svg.contains(">n = 2,500</text>"), kind.toString());
        }
        assertTrue(draw(ChartKind.TIME, table, null).contains(">time per solve (ms)</text>"));
        assertTrue(draw(ChartKind.THROUGHPUT, table, null).contains(">relaxations per second (G/s)</text>"));
        assertTrue(draw(ChartKind.SPEEDUP, table, null).contains(">speedup over naive (x)</text>"));
    }

    @Test
    void theThroughputChartDrawsTheCeilingOnlyWhenMeasured() throws Exception {
        String with = draw(ChartKind.THROUGHPUT, table(Fixtures.concat(Fixtures.tree(Fixtures.RUN), Fixtures.tree(Fixtures.PEAK))), null);
        assertTrue(with.contains(">INT32 peak 16,200 G/s</text>"), "the synthetic INT32 ceiling");
        assertFalse(with.contains("PACKED16 peak"), "no packed16 variant in the run: no PACKED16 line");
        String without = draw(ChartKind.THROUGHPUT, table(Fixtures.tree(Fixtures.RUN)), null);
        assertFalse(without.contains("peak"));
    }

    /** The time chart names its scale, and its highest point (an error bar's top) lies below a labelled tick. */
    @Test
    void theTimeChartSaysLogLogAndEndsPastATick() throws Exception {
        SpeedupTable table = table(Fixtures.tree(Fixtures.RUN));
        assertTrue(draw(ChartKind.TIME, table, null).contains("log-log scale; error bars"), "the subtitle names the scale");
        double highest = table.rows().stream().flatMap(r -> r.time().stream()).mapToDouble(t -> t.millis() + t.errorMillis()).max().orElseThrow();
        List<Double> ticks = tickValues(Charts.time(table).getXYPlot().getRangeAxis());
        assertTrue(ticks.get(ticks.size() - 1) >= highest, "a tick at or above " + highest + ": " + ticks);
    }

    /** Whatever the values, the log axis's range ends at a tick past the highest (the sequence may change as the range grows). */
    @ParameterizedTest(name = "{0}..{1}, highest {2}")
    @CsvSource({"1, 1100, 1050", "0.45, 650, 640", "150, 480, 470", "0.91, 1.6, 1.58", "0.25, 0.46, 0.455", "0.001, 25000, 24000",
            "3, 3.3, 3.2", "1, 10, 10"})
    void aLogAxisEndsAtOrAboveATickPastItsHighestPoint(double lower, double upper, double highest) {
        ReadableLogAxis axis = ReadableLogAxis.endingPastATick("y", lower, upper, highest);
        List<Double> ticks = tickValues(axis);
        assertTrue(ticks.get(ticks.size() - 1) >= highest, ticks.toString());
        assertTrue(axis.getUpperBound() >= upper);
        assertTrue(axis.getUpperBound() <= 10 * upper, "not far past it: " + axis.getUpperBound());
    }

    /** Rates within a factor of ten of each other: a linear axis from 0, named in the subtitle; wider ones stay on a log axis. */
    @Test
    void theThroughputAxisStartsAtZeroWhereTheRatesAreClose() throws Exception {
        SpeedupTable close = table(Fixtures.without(Fixtures.tree(Fixtures.RUN), Fixtures.variant("NAIVE")));
        org.jfree.chart.axis.ValueAxis y = Charts.throughput(close).getXYPlot().getRangeAxis();
        assertInstanceOf(org.jfree.chart.axis.NumberAxis.class, y);
        assertEquals(0, y.getLowerBound());
        double highest = close.rows().stream().mapToDouble(r -> r.relaxationsPerSecond().orElse(0) / 1e9).max().orElseThrow();
        assertTrue(y.getUpperBound() >= highest, y.getUpperBound() + " below " + highest);
        List<String> labels = tickLabels(y);
        assertEquals("0", labels.get(0), labels.toString());
        assertTrue(labels.size() >= 3 && labels.size() <= 9, labels.toString());
        assertTrue(draw(ChartKind.THROUGHPUT, close, null).contains("the rate on a linear one from 0"));

        SpeedupTable wide = table(Fixtures.tree(Fixtures.RUN));
        assertInstanceOf(LogAxis.class, Charts.throughput(wide).getXYPlot().getRangeAxis(), "naive to blocked: over a decade");
        assertTrue(draw(ChartKind.THROUGHPUT, wide, null).contains("log-log scale"));
    }

    @ParameterizedTest
    @CsvSource({"0.928, 0.2", "1, 0.2", "3449, 500", "16200, 5000", "7.9, 1", "8, 1", "8.1, 2"})
    void aLinearAxisStepsByOneTwoOrFive(double max, double step) {
        assertEquals(step, ChartParts.roundStep(max), 1e-12);
    }

    /** Speedups at one n would be a column of dots: no line chart, the bars, and a line that says why. */
    @Test
    void speedupsAtOneSizeGetBarsAndNoLine() throws Exception {
        SpeedupTable one = table(Fixtures.without(Fixtures.tree(Fixtures.RUN), Fixtures.at("NAIVE", 2500).or(Fixtures.at("NAIVE", 5000))));
        assertEquals(List.of(1000), one.speedupSizes());
        assertEquals(List.of(ChartKind.TIME, ChartKind.THROUGHPUT, ChartKind.BARS), ChartKind.of(one));
        assertEquals(List.of("no speedup line chart: the speedups are at one n (1,000), and the bar chart shows them"), one.chartNotes());
        assertEquals(List.of(), table(Fixtures.tree(Fixtures.RUN)).chartNotes());
    }

    @Test
    void aComparisonChartDecodes() throws Exception {
        RunData before = Fixtures.read(Fixtures.write(Fixtures.tree(Fixtures.RUN), dir.resolve("before.json")));
        RunData after = Fixtures.read(Fixtures.write(Fixtures.scaled(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED"), 0.8),
                dir.resolve("after.json")));
        String svg = draw(ChartKind.COMPARE, null, CompareTable.build(before, after).get(0));
        assertTrue(svg.contains(">no change</text>"));
        assertTrue(svg.contains("time after / before"));
    }

    /** blocked 20% faster at every n, naive unchanged: a ring on each of blocked's points, none on naive's, and the legend says why. */
    @Test
    void aComparisonRingsThePointsThatDiffer() throws Exception {
        RunData before = Fixtures.read(Fixtures.write(Fixtures.tree(Fixtures.RUN), dir.resolve("before.json")));
        RunData after = Fixtures.read(Fixtures.write(Fixtures.scaled(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED"), 0.8),
                dir.resolve("after.json")));
        CompareTable table = CompareTable.build(before, after).get(0);
        XYPlot plot = Charts.compare(table).getXYPlot();
        XYDataset rings = plot.getDataset(1);
        assertEquals(1, rings.getSeriesCount());
        assertEquals(3, rings.getItemCount(0));
        for (int i = 0; i < 3; i++) assertEquals(0.8, rings.getYValue(0, i), 1e-12, "blocked's ratio, not naive's 1");
        assertEquals(List.of(1000.0, 2500.0, 5000.0), List.of(rings.getXValue(0, 0), rings.getXValue(0, 1), rings.getXValue(0, 2)));
        assertTrue(draw(ChartKind.COMPARE, null, table).contains(">faster or slower at 99% confidence</text>"), "the legend names the ring");
    }

    @Test
    void aComparisonWithNoDifferenceHasNoRings() throws Exception {
        RunData run = Fixtures.read(Fixtures.write(Fixtures.tree(Fixtures.RUN), dir.resolve("run.json")));
        CompareTable table = CompareTable.build(run, run).get(0);
        assertNull(Charts.compare(table).getXYPlot().getDataset(1));
        assertFalse(draw(ChartKind.COMPARE, null, table).contains("confidence"), "no legend entry for a ring that is not drawn");
    }

    /** blocked ran in the after run only: it has no ratio, so the chart neither draws nor lists it, nor leaves room for its n. */
    @Test
    void aComparisonsLegendListsOnlyVariantsWithARatio() throws Exception {
        RunData before = Fixtures.read(Fixtures.write(Fixtures.without(Fixtures.tree(Fixtures.RUN),
                Fixtures.variant("BLOCKED").or(Fixtures.at("NAIVE", 5000))), dir.resolve("before.json")));
        RunData after = Fixtures.read(Fixtures.write(Fixtures.tree(Fixtures.RUN), dir.resolve("after.json")));
        CompareTable table = CompareTable.build(before, after).get(0);
        String svg = draw(ChartKind.COMPARE, null, table);
        assertTrue(svg.contains(">naive</text>"), "naive has ratios");
        assertFalse(svg.contains(">blocked</text>"), "blocked has no point: not in the legend");
        assertTrue(Charts.compare(table).getXYPlot().getDomainAxis().getUpperBound() < 5000, "no room for an n without a ratio");
    }

    @Test
    void drawingTwiceGivesTheSameSvg() throws Exception {
        SpeedupTable table = table(Fixtures.tree(Fixtures.RUN));
        String first = draw(ChartKind.TIME, table, null);
        String second = draw(ChartKind.TIME, table, null);
        assertEquals(first, second);
    }

    @Test
    void everyVariantKeepsItsOwnColourAndMarkerWhateverElseIsShown() {
        List<VariantName> all = Arrays.stream(Variant.values()).map(VariantName::of).toList();
        Set<Color> colours = new HashSet<>();
        List<Shape> shapes = new ArrayList<>();
        for (VariantName v : all) {
            Color colour = VariantStyle.colour(v, all);
            assertTrue(colours.add(colour), v + " shares colour " + colour);
            assertEquals(colour, VariantStyle.colour(v, List.of(v)), v + ": the same colour alone");
            Shape shape = VariantStyle.shape(v, all);
            assertTrue(shapes.stream().noneMatch(s -> ShapeUtils.equal(s, shape)), v + " shares its marker's shape");
            shapes.add(shape);
        }
        assertEquals(new Color(Variant.PACKED16.chartColour()), VariantStyle.colour(VariantName.of(Variant.PACKED16), all), "the registry's colour");
    }

    @Test
    void everyMarkerHasItsOwnShape() {
        List<Shape> shapes = new ArrayList<>();
        for (Variant.Marker m : Variant.Marker.values()) {
            Shape shape = VariantStyle.shape(m);
            assertTrue(shapes.stream().noneMatch(s -> ShapeUtils.equal(s, shape)), m + " looks like another marker");
            shapes.add(shape);
        }
    }

    @Test
    void unknownVariantsGetColoursOfTheirOwnTheSameEachTime() {
        VariantName older = new VariantName("OLDER");
        VariantName oldest = new VariantName("OLDEST");
        List<VariantName> shown = List.of(VariantName.of(Variant.NAIVE), older, oldest);
        Set<Color> known = new HashSet<>();
        for (Variant v : Variant.values()) known.add(new Color(v.chartColour()));
        assertFalse(known.contains(VariantStyle.colour(older, shown)));
        assertFalse(known.contains(VariantStyle.colour(oldest, shown)));
        assertNotEquals(VariantStyle.colour(older, shown), VariantStyle.colour(oldest, shown));
        assertEquals(VariantStyle.colour(oldest, shown), VariantStyle.colour(oldest, List.copyOf(shown)));
    }

    @Test
    void logTicksAreTheMeasuredSizesWhenTheyReadWell() {
        assertEquals(List.of(1000.0, 2500.0, 5000.0), ReadableLogAxis.tickValues(900, 5500, List.of(1000.0, 2500.0, 5000.0)));
        // 1000 and 1024 would print on top of each other: the 1-2-5 sequence instead
        assertEquals(List.of(1000.0, 2000.0, 5000.0), ReadableLogAxis.tickValues(900, 5500, List.of(1000.0, 1024.0, 5000.0)));
    }

    @Test
    void otherwiseOneTwoFiveOrDecadesOrEveryDigit() {
        assertEquals(List.of(0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0),
                ReadableLogAxis.tickValues(0.45, 650, List.of()));
        assertEquals(List.of(0.001, 0.01, 0.1, 1.0, 10.0, 100.0, 1000.0, 10_000.0),
                ReadableLogAxis.tickValues(0.001, 20_000, List.of()), "1-2-5 would be 22 ticks");
        assertEquals(List.of(200.0, 300.0, 400.0), ReadableLogAxis.tickValues(150, 450, List.of()), "1-2-5 would be 1 tick");
        assertEquals(List.of(1.0, 1.2, 1.4), ReadableLogAxis.tickValues(0.91, 1.58, List.of()), "1..9 would be 1 tick");
        assertEquals(List.of("0.25", "0.3", "0.35", "0.4", "0.45"),
                ReadableLogAxis.tickValues(0.25, 0.45, List.of()).stream().map(Numbers::tick).toList(), "no 0.30000000000000004");
        assertEquals(List.of(46_336.0), ReadableLogAxis.tickValues(30_000, 70_000, List.of(46_336.0)), "a single n is marked");
    }

    /**
     * A log axis over a narrow or degenerate range (one value, or values a hair apart, at any
     * magnitude) still marks at least two ticks inside its range, and never prints a label twice.
     */
    @ParameterizedTest(name = "{0}..{1}")
    @CsvSource({"1, 1", "0.95, 1.05", "0.999, 1.001", "1, 1.0001", "0.9999999, 1.0000001", "1e-9, 1.00001e-9",
            "3.5e-7, 3.5e-7", "46336, 46336.5", "12345.678, 12345.679", "2e6, 2.000001e6", "0.5, 0.6", "150, 450"})
    void aLogAxisNeverRepeatsALabelOverANarrowRange(double lower, double upper) {
        ReadableLogAxis axis = new ReadableLogAxis("y", lower, upper, List.of());
        assertTrue(axis.getLowerBound() <= lower && axis.getUpperBound() >= upper, "the range holds the values");
        List<String> labels = tickLabels(axis);
        assertTrue(labels.size() >= 2, "ticks to read a value by: " + labels);
        assertEquals(new HashSet<>(labels).size(), labels.size(), "a label printed twice: " + labels);
    }

    private static List<Double> tickValues(org.jfree.chart.axis.ValueAxis axis) {
        return ticks(axis).stream().map(ValueTick::getValue).toList();
    }

    private static List<ValueTick> ticks(org.jfree.chart.axis.ValueAxis axis) {
        BufferedImage image = new BufferedImage(ChartFiles.WIDTH, ChartFiles.HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = image.createGraphics();
        try {
            List<ValueTick> ticks = new ArrayList<>();
            for (Object tick : axis.refreshTicks(g2, new AxisState(), new Rectangle2D.Double(60, 40, 880, 480), RectangleEdge.LEFT)) {
                ticks.add((ValueTick) tick);
            }
            return ticks;
        } finally {
            g2.dispose();
        }
    }

    private static List<String> tickLabels(org.jfree.chart.axis.ValueAxis axis) {
        BufferedImage image = new BufferedImage(ChartFiles.WIDTH, ChartFiles.HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = image.createGraphics();
        try {
            List<?> ticks = axis.refreshTicks(g2, new AxisState(), new Rectangle2D.Double(60, 40, 880, 480), RectangleEdge.LEFT);
            List<String> labels = new ArrayList<>();
            for (Object tick : ticks) {
                double value = ((ValueTick) tick).getValue();
                assertTrue(value >= axis.getLowerBound() && value <= axis.getUpperBound(), value + " is off the axis");
                labels.add(((ValueTick) tick).getText());
            }
            return labels;
        } finally {
            g2.dispose();
        }
    }

    /** A comparison whose ratios lie within a few percent of 1: an axis that reads, not 1.05, 1.05, 1.04, 1.04, ... */
    @Test
    void aComparisonOfCloseRunsPrintsEachRatioTickOnce() throws Exception {
        RunData before = Fixtures.read(Fixtures.write(Fixtures.tree(Fixtures.RUN), dir.resolve("before.json")));
        RunData after = Fixtures.read(Fixtures.write(Fixtures.scaled(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED"), 1.001),
                dir.resolve("after.json")));
        XYPlot plot = Charts.compare(CompareTable.build(before, after).get(0)).getXYPlot();
        assertInstanceOf(LogAxis.class, plot.getRangeAxis(), "ratios on a log axis: 2x slower and 2x faster as far from 1");
        List<String> labels = tickLabels(plot.getRangeAxis());
        assertTrue(labels.size() >= 2, labels.toString());
        assertEquals(new HashSet<>(labels).size(), labels.size(), "a label printed twice: " + labels);
    }

    @Test
    void speedupsAreOnALogAxisAtTheSizesWithABaselineOnly() throws Exception {
        // naive did not run at 5000: that n has no speedup, and the speedup charts leave it out
        SpeedupTable table = table(Fixtures.without(Fixtures.tree(Fixtures.RUN), Fixtures.at("NAIVE", 5000)));
        assertEquals(List.of(1000, 2500, 5000), table.sizes());
        assertEquals(List.of(1000, 2500), table.speedupSizes());
        XYPlot line = Charts.speedup(table).getXYPlot();
        assertInstanceOf(LogAxis.class, line.getRangeAxis(), "speedup on a log axis");
        assertTrue(line.getDomainAxis().getUpperBound() < 5000, "no room for an n without a baseline");
        CategoryPlot bars = SpeedupBarChart.bars(table).getCategoryPlot();
        assertInstanceOf(LogAxis.class, bars.getRangeAxis());
        assertEquals(List.of("n = 1,000", "n = 2,500"), bars.getDataset().getColumnKeys(), "no empty group of bars");
        assertEquals(List.of("blocked"), bars.getDataset().getRowKeys(), "the baseline is the dashed line at 1x, not a bar");
    }

    /** Speedup charts need a variant besides the baseline at one of its sizes: blocked ran only where naive did not. */
    @Test
    void speedupChartsOnlyWhenAnotherVariantSharesASizeWithTheBaseline() throws Exception {
        SpeedupTable apart = table(Fixtures.without(Fixtures.tree(Fixtures.RUN),
                Fixtures.at("NAIVE", 5000).or(Fixtures.at("BLOCKED", 1000)).or(Fixtures.at("BLOCKED", 2500))));
        assertEquals(List.of(ChartKind.TIME, ChartKind.THROUGHPUT), ChartKind.of(apart));
        assertEquals(ChartKind.RUN, ChartKind.of(table(Fixtures.tree(Fixtures.RUN))));
    }

    @Test
    void aRunWithoutAGpuIsTitledWithItsCpu() throws Exception {
        String cpu = "no GPU (CPU: AMD EPYC 9654; 192 threads)";
        SpeedupTable table = table(Fixtures.withParam(Fixtures.tree(Fixtures.RUN), r -> true, "device", cpu));
        for (ChartKind kind : ChartKind.RUN) {
            String svg = draw(kind, table, null);
            assertTrue(svg.contains(" on the CPU (AMD EPYC 9654; 192 threads)</text>"), kind + ": " + svg.substring(0, 2000));
            assertFalse(svg.contains("no GPU"), kind.toString());
        }
    }

    /**
     * Every committed run's bar chart: a label per bar, with two significant digits at least (never
     * "0.0x"), and no two labels overlap (boxes from the label font's metrics, at the positions the
     * SVG gives them).
     */
    @Test
    void barLabelsOfEveryCommittedRunNeverOverlapNorRoundToZero() throws Exception {
        List<Path> runs;
        try (Stream<Path> files = Files.list(Path.of("results"))) {
            runs = files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
        assertFalse(runs.isEmpty());
        Font font = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
        FontRenderContext context = new FontRenderContext(null, true, true);
        LineMetrics metrics = font.getLineMetrics("0.0x", context);
        Pattern label = Pattern.compile("<text x='([-0-9.]+)' y='([-0-9.]+)'[^>]*font-size: 11px;[^>]*>([0-9.,]+x)</text>");
        for (Path run : runs) {
            // a run of the ceiling alone (old and new peak kernels compared) has no solves to chart
            if (JmhJson.read(run).stream().noneMatch(r -> r.benchmark().equals(ResultsFormat.SOLVE_BENCHMARK))) continue;
            RunData data = RunData.read(List.of(run));
            if (data.variants().size() < 2) continue;  // no speedups, so no bar chart (a one-variant run)
            VariantName naive = VariantName.of(Variant.NAIVE);
            VariantName base = data.variants().contains(naive) ? naive : data.variants().get(0);
            for (SpeedupTable table : SpeedupTable.build(data, base)) {
                String svg = draw(ChartKind.BARS, table, null);
                List<Rectangle2D> boxes = new ArrayList<>();
                Matcher m = label.matcher(svg);
                while (m.find()) {
                    assertFalse(m.group(3).matches("[0.,]+x"), run + ": a label rounds to zero: " + m.group(3));
                    double width = font.getStringBounds(m.group(3), context).getWidth();
                    double x = Double.parseDouble(m.group(1));
                    double y = Double.parseDouble(m.group(2));
                    Rectangle2D box = new Rectangle2D.Double(x, y - metrics.getAscent(), width, metrics.getAscent() + metrics.getDescent());
                    for (Rectangle2D other : boxes) assertFalse(box.intersects(other), run + ": " + m.group(3) + " overlaps a label");
                    boxes.add(box);
                }
                long bars = table.rows().stream().filter(r -> r.speedup().isPresent() && !r.variant().equals(base)).count();
                assertEquals(bars, boxes.size(), run + ": a label per bar");
            }
        }
    }
}
