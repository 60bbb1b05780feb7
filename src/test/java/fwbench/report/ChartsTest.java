package fwbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import fwbench.variant.Variant;
import org.jfree.chart.util.ShapeUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import java.awt.Color;
import java.awt.Shape;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
        ChartRendering.draw(kind, table, comparison, png, svg, kind.fileKind());
        BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image, png + " decodes as an image");
        assertEquals(ChartFiles.WIDTH, image.getWidth());
        assertEquals(ChartFiles.HEIGHT, image.getHeight());
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
        assertEquals("svg", doc.getDocumentElement().getTagName(), svg + " parses as SVG");
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

    @Test
    void aComparisonChartDecodes() throws Exception {
        RunData before = Fixtures.read(Fixtures.write(Fixtures.tree(Fixtures.RUN), dir.resolve("before.json")));
        RunData after = Fixtures.read(Fixtures.write(Fixtures.scaled(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED"), 0.8),
                dir.resolve("after.json")));
        String svg = draw(ChartKind.COMPARE, null, CompareTable.build(before, after).get(0));
        assertTrue(svg.contains(">no change</text>"));
        assertTrue(svg.contains("time after / before"));
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
            Color colour = Charts.colour(v, all);
            assertTrue(colours.add(colour), v + " shares colour " + colour);
            assertEquals(colour, Charts.colour(v, List.of(v)), v + ": the same colour alone");
            Shape shape = Charts.shape(v, all);
            assertTrue(shapes.stream().noneMatch(s -> ShapeUtils.equal(s, shape)), v + " shares its marker's shape");
            shapes.add(shape);
        }
        assertEquals(new Color(Variant.PACKED16.chartColour()), Charts.colour(VariantName.of(Variant.PACKED16), all), "the registry's colour");
    }

    @Test
    void everyMarkerHasItsOwnShape() {
        List<Shape> shapes = new ArrayList<>();
        for (Variant.Marker m : Variant.Marker.values()) {
            Shape shape = Charts.shape(m);
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
        assertFalse(known.contains(Charts.colour(older, shown)));
        assertFalse(known.contains(Charts.colour(oldest, shown)));
        assertNotEquals(Charts.colour(older, shown), Charts.colour(oldest, shown));
        assertEquals(Charts.colour(oldest, shown), Charts.colour(oldest, List.copyOf(shown)));
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
        assertEquals("0.3", Numbers.tick(ReadableLogAxis.tickValues(0.25, 0.45, List.of()).get(0)), "no 0.30000000000000004");
    }
}
