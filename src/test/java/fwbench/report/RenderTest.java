package fwbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Markdown and CSV of the tables, and the number formats they use. */
class RenderTest {

    private static final VariantName NAIVE = VariantName.of(Variant.NAIVE);

    @TempDir
    Path dir;

    private List<SpeedupTable> tables(ArrayNode run) throws Exception {
        return SpeedupTable.build(Fixtures.read(Fixtures.write(run, dir.resolve("run-" + System.nanoTime() + ".json"))), NAIVE);
    }

    @Test
    void theSpeedupMatrixHasVariantsDownAndNAcross() throws Exception {
        SpeedupTable table = tables(Fixtures.tree(Fixtures.RUN)).get(0);
        assertEquals(List.of(
                "| variant | n = 1,000 | n = 2,500 | n = 5,000 |",
                "| --- | ---: | ---: | ---: |",
                "| naive | 3.535 (1.00x) | 40.75 (1.00x) | 574.4 (1.00x) |",
                "| blocked | 0.6057 (5.84x) | 5.189 (7.85x) | 36.24 (15.85x) |"), Markdown.speedupMatrix(table));
    }

    @Test
    void theDetailedTableHasEveryNumber() throws Exception {
        List<String> lines = Markdown.details(tables(Fixtures.tree(Fixtures.RUN)).get(0));
        assertEquals("| n | variant | time (ms) | GPU time (ms) | speedup over naive | G relax/s |", lines.get(0));
        assertEquals("| 1,000 | blocked | 0.6057 ± 0.0029 | 0.5983 | 5.84x | 1,651 |", lines.get(3));
        assertEquals("| 5,000 | blocked | 36.24 ± 0.06 | 36.21 | 15.85x | 3,449 |", lines.get(7));
    }

    @Test
    void missingCellsReadNotAvailableInPlace() throws Exception {
        SpeedupTable table = tables(Fixtures.without(Fixtures.tree(Fixtures.RUN), Fixtures.at("BLOCKED", 2500))).get(0);
        assertEquals("| blocked | 0.6057 (5.84x) | n/a | 36.24 (15.85x) |", Markdown.speedupMatrix(table).get(3));
        assertEquals("| 2,500 | blocked | n/a | n/a | n/a | n/a |", Markdown.details(table).get(5));
        String csv = Csv.speedups(List.of(table));
        assertTrue(csv.contains("\n" + Fixtures.DEVICE + ",random,GRAPH,42,blocked,2500,naive,n/a,n/a,n/a,n/a,n/a,n/a\n"), csv);
    }

    @Test
    void thePeakColumnAppearsOnlyWithACeiling() throws Exception {
        SpeedupTable with = tables(Fixtures.concat(Fixtures.tree(Fixtures.RUN), Fixtures.tree(Fixtures.PEAK))).get(0);
        List<String> lines = Markdown.details(with);
        assertTrue(lines.get(0).endsWith("| G relax/s | % of peak |"), lines.get(0));
        assertEquals("| 5,000 | blocked | 36.24 ± 0.06 | 36.21 | 15.85x | 3,449 | 21.3% |", lines.get(7));
        assertTrue(Csv.speedups(List.of(with)).lines().findFirst().orElseThrow().endsWith(",relaxations_per_s,percent_of_peak"));

        SpeedupTable without = tables(Fixtures.tree(Fixtures.RUN)).get(0);
        assertFalse(String.join("\n", Markdown.details(without)).contains("peak"));
        assertFalse(Csv.speedups(List.of(without)).contains("peak"));
        assertFalse(Markdown.report(List.of(without), List.of("x.json"), "", false).contains("% of peak"));
    }

    @Test
    void csvIsLongFormatWithFullPrecision() throws Exception {
        List<String> lines = Csv.speedups(tables(Fixtures.tree(Fixtures.RUN))).lines().toList();
        assertEquals("device,graph,launch,seed,variant,n,baseline,time_ms,time_error_ms,gpu_time_ms,gpu_time_error_ms,"
                + "speedup,relaxations_per_s", lines.get(0));
        assertEquals(7, lines.size(), "a header and one line per (variant, n)");
        assertEquals(Fixtures.DEVICE + ",random,GRAPH,42,blocked,1000,naive,0.6057357223774357,0.002942105163973501,"
                + "0.5982605014961624,0.002074884959204002,5.835167313599369,1650884970222.8674", lines.get(2));
    }

    @Test
    void csvQuotesCellsWithCommasAndQuotes() {
        assertEquals("\"a,b\"", Csv.quote("a,b"));
        assertEquals("\"say \"\"hi\"\"\"", Csv.quote("say \"hi\""));
        assertEquals("plain", Csv.quote("plain"));
    }

    @Test
    void numbersDoNotDependOnTheMachinesLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);  // would print 1.000,5
            assertEquals("1,000", Numbers.grouped(1000));
            assertEquals("10,000", Numbers.tick(10_000));
            assertEquals("0.5", Numbers.tick(0.5));
            assertEquals("3.535 ± 0.020", Numbers.millisWithError(new Timing(3.534569287896314, 0.02016557673007745)));
            assertEquals("22,616", Numbers.millis(22616.127009));
            assertEquals("0.001235", Numbers.millis(0.00123456));
            assertEquals("5.84x", Numbers.speedup(5.835167313599369));
            assertEquals("0.0044x", Numbers.speedup(0.004351));
            assertEquals("0.35x", Numbers.speedup(0.3512));
            assertEquals("21.3%", Numbers.percent(21.289235103356535));
            assertEquals("3,449", Numbers.gigaRate(3.448856086743759e12));
            assertEquals("1.23", Numbers.gigaRate(1.234e9));
            assertEquals("1650884970222.8674", Numbers.plain(1.6508849702228674e12));
            assertEquals("0.0000001", Numbers.plain(1e-7));
            assertEquals("n/a", Numbers.plain(Double.NaN));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void theReportListsTheChartsOfEachSetup() throws Exception {
        String report = Markdown.report(tables(Fixtures.tree(Fixtures.RUN)), List.of(Fixtures.RUN), "The method.", false);
        assertTrue(report.contains("\n## Method\n\nThe method.\n"), report);
        assertTrue(report.contains("\n## " + Fixtures.DEVICE + ": graph=random, launch=GRAPH, seed=42\n"), report);
        for (String kind : List.of("time", "speedup", "throughput", "bars")) {
            assertTrue(report.contains("](" + kind + "-random-graph-42.png)"), kind);
        }
    }

    @Test
    void readmeSectionReplacesOnlyWhatIsBetweenTheMarkers() {
        String readme = "# Title\n\nbefore\n" + ReadmeSection.BEGIN + "\nold table\n" + ReadmeSection.END + "\nafter\n";
        String updated = ReadmeSection.replace(readme, "new table");
        assertEquals("# Title\n\nbefore\n" + ReadmeSection.BEGIN + "\nnew table\n" + ReadmeSection.END + "\nafter\n", updated);
        assertEquals(updated, ReadmeSection.replace(updated, "new table"), "regenerating changes nothing");
    }

    @Test
    void readmeWithoutMarkersOrWithTwoIsRefused() {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> ReadmeSection.replace("# Title\n", "x"));
        assertEquals("has no results section: add the lines <!-- results:begin --> and <!-- results:end --> where it goes",
                none.getMessage());
        String twice = ReadmeSection.BEGIN + "\n" + ReadmeSection.END + "\n" + ReadmeSection.BEGIN + "\n" + ReadmeSection.END + "\n";
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> ReadmeSection.replace(twice, "x")).getMessage().contains("more than once"));
        String reversed = ReadmeSection.END + "\n" + ReadmeSection.BEGIN + "\n";
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> ReadmeSection.replace(reversed, "x")).getMessage().contains("before"));
    }

    @Test
    void aMarkerMentionedInProseIsNotTheSection() {
        String readme = "Rewrites the text between `" + ReadmeSection.BEGIN + "` and `" + ReadmeSection.END + "`.\n\n"
                + "  " + ReadmeSection.BEGIN + "\nold\n" + ReadmeSection.END + "\n";
        assertEquals("Rewrites the text between `" + ReadmeSection.BEGIN + "` and `" + ReadmeSection.END + "`.\n\n"
                + "  " + ReadmeSection.BEGIN + "\nnew\n" + ReadmeSection.END + "\n", ReadmeSection.replace(readme, "new"));
    }
}
