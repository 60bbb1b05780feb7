package fwbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import fwbench.cli.Subcommands;
import fwbench.usage.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

import javax.imageio.ImageIO;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The subcommand end to end, as the jar runs it (through {@link Subcommands}). */
class ReportCommandTest {

    private static final List<String> RUN_FILES = List.of("report.md", "report.csv", "report.tex", "report.html",
            "time-random-graph-42.png", "time-random-graph-42.svg", "speedup-random-graph-42.png", "speedup-random-graph-42.svg",
            "throughput-random-graph-42.png", "throughput-random-graph-42.svg", "bars-random-graph-42.png", "bars-random-graph-42.svg");

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int report(Object... args) {
        List<String> all = new ArrayList<>(List.of("report"));
        for (Object a : args) all.add(a.toString());
        return Subcommands.run(all.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private Path run() {
        return Fixtures.copy(Fixtures.RUN, dir.resolve("results").resolve(Fixtures.RUN));
    }

    private static List<String> files(Path folder) throws Exception {
        try (Stream<Path> list = Files.list(folder)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aRunGivesTablesAndChartsAndTheSameTablesAgain() throws Exception {
        Path input = run();
        byte[] inputBytes = Files.readAllBytes(input);
        Path folder = dir.resolve("plot").resolve("h200");
        assertEquals(0, report(input, "--out", folder), err.toString());
        assertEquals(RUN_FILES.stream().sorted().toList(), files(folder));
        for (String png : RUN_FILES.stream().filter(f -> f.endsWith(".png")).toList()) {
            assertNotNull(ImageIO.read(folder.resolve(png).toFile()), png);
        }
        assertTrue(Files.readString(folder.resolve("report.md")).contains("| blocked | 0.6057 (5.84x) | 5.189 (7.85x) | 36.24 (15.85x) |"));
        assertEquals("fwbench report: speedups are over naive (the default); --baseline VARIANT chooses another\n"
                + "fwbench report: wrote report.md, report.csv, report.tex, 4 charts (PNG and SVG) and report.html (all in one page) to "
                + folder + "\n", out.toString());

        assertArrayEquals(inputBytes, Files.readAllBytes(input), "the input is untouched");
    }

    /**
     * A report's output depends on its input alone, so that reporting a committed run again leaves
     * plot/ as it was: the same command gives the same bytes in every file, the page included, which
     * carries the run's date from its file's name and not the day it was made.
     */
    @Test
    void theSameInputGivesTheSameBytesInEveryFile() throws Exception {
        Path input = run();
        Path folder = dir.resolve("plot").resolve("h200");
        assertEquals(0, report(input, "--out", folder), err.toString());
        java.util.Map<String, byte[]> first = new java.util.TreeMap<>();
        for (String name : files(folder)) first.put(name, Files.readAllBytes(folder.resolve(name)));
        assertEquals(0, report(input, "--out", folder), err.toString());
        assertEquals(first.keySet().stream().toList(), files(folder));
        for (String name : first.keySet()) assertArrayEquals(first.get(name), Files.readAllBytes(folder.resolve(name)), name);
        String html = Files.readString(folder.resolve("report.html"));
        assertTrue(html.contains("<dt>Run date</dt><dd>2026-11-22</dd>"), "the run's own date");
        if (!java.time.LocalDate.now().toString().equals("2026-11-22")) {
            assertFalse(html.contains(java.time.LocalDate.now().toString()), "not the day the report was made");
        }
    }

    @Test
    void theDefaultFolderIsPlotSlashTheResultsFilesName() throws Exception {
        Path input = run();
        Path plot = dir.resolve("plot");
        // the command's own folders, as the jar has them in the working directory
        int code = new CommandLine(new ReportCommand(dir.resolve("results"), plot)).setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true)).execute(input.toString());
        assertEquals(0, code, err.toString());
        assertEquals(RUN_FILES.stream().sorted().toList(), files(plot.resolve("2026-11-22_NVIDIA-H200")));
        assertEquals(List.of(Fixtures.RUN), files(dir.resolve("results")), "nothing written into results/");
    }

    @Test
    void severalFilesMakeOneReportAndTwoDevicesGetTheirOwnCharts() throws Exception {
        Path h200 = run();
        Path h100 = Fixtures.write(Fixtures.withParam(Fixtures.tree(Fixtures.RUN), r -> true, "device", "NVIDIA H100 80GB HBM3"),
                dir.resolve("2026-11-23_NVIDIA-H100.json"));
        Path plot = dir.resolve("plot");
        int code = new CommandLine(new ReportCommand(dir.resolve("results"), plot)).setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true)).execute(h200.toString(), h100.toString());
        assertEquals(0, code, err.toString());
        Path folder = plot.resolve("2026-11-22_NVIDIA-H200+2026-11-23_NVIDIA-H100");
        List<String> written = files(folder);
        assertTrue(written.contains("time-nvidia-h100-80gb-hbm3-random-graph-42.png"), written.toString());
        assertTrue(written.contains("time-nvidia-h200-sm-90-132-sms-139.8-gib-driver-13.0-random-graph-42.svg"), written.toString());
        assertEquals(20, written.size(), "tables in 3 forms, one page, and 4 charts of 2 files for each of 2 devices");
        String md = Files.readString(folder.resolve("report.md"));
        assertTrue(md.contains("\n## NVIDIA H100 80GB HBM3: graph=random, launch=GRAPH, seed=42\n"), md);
    }

    /** The same file named twice, by any path, is one run: read once, with a line that says so, not refused as a run given twice. */
    @Test
    void aFileNamedTwiceIsReadOnce() throws Exception {
        Path input = run();
        Path again = dir.resolve("results").resolve("..").resolve("results").resolve(Fixtures.RUN);
        Path folder = dir.resolve("out");
        assertEquals(0, report(input, again, "--out", folder), err.toString());
        assertTrue(out.toString().startsWith("fwbench report: " + input + " is named twice; read once\n"), out.toString());
        assertTrue(Files.readString(folder.resolve("report.md")).contains("\nMade by `java -jar target/benchmarks.jar report` from `"
                + Fixtures.RUN + "`.\n"), "one input");
        List<String> notes = new ArrayList<>();
        assertEquals(List.of(input), ReportCommand.namedOnce(List.of(input, input, input), notes));
        assertEquals(List.of(input + " is named 3 times; read once"), notes);
    }

    /** After: every iteration of blocked 20% faster, of naive 25% slower. */
    @Test
    void aComparisonGivesRatiosVerdictsAndTheirChart() throws Exception {
        Path before = run();
        Path after = Fixtures.write(Fixtures.scaled(Fixtures.scaled(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED"), 0.8),
                Fixtures.variant("NAIVE"), 1.25), dir.resolve("after.json"));
        Path folder = dir.resolve("cmp");
        assertEquals(0, report(before, "--compare", after, "--out", folder), err.toString());
        assertEquals(List.of("compare-random-graph-42.png", "compare-random-graph-42.svg", "compare.csv", "compare.html", "compare.md"),
                files(folder));
        String md = Files.readString(folder.resolve("compare.md"));
        assertTrue(md.contains("| naive | 1.250 slower | 1.250 slower | 1.250 slower |"), md);
        assertTrue(md.contains("| blocked | 0.800 faster | 0.800 faster | 0.800 faster |"), md);
        assertTrue(md.contains("| naive | 1,000; 2,500; 5,000 | 1.250 |"), "naive's geometric mean: " + md);
        String csv = Files.readString(folder.resolve("compare.csv"));
        assertTrue(csv.contains(",naive,1000,3.534569287896314,0.02016557673007745,"), csv);
        assertTrue(csv.contains(",1.25,"), "naive's ratio: " + csv);
        assertTrue(csv.lines().skip(1).allMatch(l -> l.endsWith(l.contains(",naive,") ? ",slower" : ",faster")), csv);
    }

    /** Runs of the same settings with no (variant, n) in common: one line saying what each holds, and no empty chart. */
    @Test
    void aComparisonOfRunsThatShareNoSolveSaysSoAndDrawsNoChart() throws Exception {
        Path before = Fixtures.write(Fixtures.without(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED")), dir.resolve("before.json"));
        Path after = Fixtures.write(Fixtures.without(Fixtures.tree(Fixtures.RUN),
                Fixtures.variant("NAIVE").or(Fixtures.at("BLOCKED", 5000))), dir.resolve("after.json"));
        Path folder = dir.resolve("cmp");
        assertEquals(0, report(before, "--compare", after, "--out", folder), err.toString());
        String shareNone = "the runs share no (variant, n): before has naive at n = 1,000, 2,500, 5,000;"
                + " after has blocked at n = 1,000, 2,500";
        assertEquals("fwbench report: " + shareNone + "; no chart\n"
                + "fwbench report: wrote compare.md, compare.csv and compare.html (all in one page) to " + folder + "\n", out.toString());
        assertEquals(List.of("compare.csv", "compare.html", "compare.md"), files(folder), "no empty chart");
        String md = Files.readString(folder.resolve("compare.md"));
        assertTrue(md.endsWith("\nNo chart: " + shareNone + ".\n"), md);
        assertFalse(md.contains(".png"), md);
        String html = Files.readString(folder.resolve("compare.html"));
        assertTrue(html.contains("<p class=\"note\">No chart: " + shareNone + ".</p>"), html);
        assertFalse(html.contains("<svg"), "the page shows no chart");
    }

    @Test
    void theReadmeSectionIsRegeneratedBetweenItsMarkersOnly() throws Exception {
        Path input = run();
        Path readme = Files.writeString(dir.resolve("README.md"),
                "# Project\n\nIntro.\n\n## Results\n\n" + ReadmeSection.BEGIN + "\nold\n" + ReadmeSection.END + "\n\n## Layout\n");
        Path folder = dir.resolve("plot").resolve("2026-11-22_NVIDIA-H200");
        assertEquals(0, report(input, "--out", folder, "--readme", readme), err.toString());
        String text = Files.readString(readme);
        assertTrue(text.startsWith("# Project\n\nIntro.\n\n## Results\n\n" + ReadmeSection.BEGIN + "\n"), text);
        assertTrue(text.endsWith(ReadmeSection.END + "\n\n## Layout\n"), text);
        assertFalse(text.contains("old"));
        assertTrue(text.contains("From `results/2026-11-22_NVIDIA-H200.json`"), text);
        assertTrue(text.contains("| naive | 3.535 (1.00x) | 40.75 (1.00x) | 574.4 (1.00x) |\n| blocked |"), "story order: naive first");
        assertTrue(text.contains("<img src=\"plot/2026-11-22_NVIDIA-H200/speedup-random-graph-42.png\""), text);
        assertEquals(1, HtmlReportTest.count(text, "<img "), "one chart, the speedups: " + text);
        assertTrue(Files.exists(folder.resolve("speedup-random-graph-42.png")), "the README embeds a chart that exists");
        assertEquals(0, report(input, "--out", folder, "--readme", readme), err.toString());
        assertEquals(text, Files.readString(readme), "regenerating gives the same README");
    }

    // --- bad input: one line on stderr, exit code 2, nothing written ---

    private void refused(String message, Object... args) throws Exception {
        int code = report(args);
        assertEquals(2, code, "exit code; stderr: " + err);
        assertEquals("fwbench report: " + message + System.lineSeparator(), err.toString());
        assertFalse(Files.exists(dir.resolve("out")), "nothing written");
    }

    @Test
    void notJson() throws Exception {
        Path file = Files.writeString(dir.resolve("x.json"), "Benchmark results, as text");
        refused(file + " is not JSON (line 1, column 10); the report reads JMH's JSON results (results/DATE_DEVICE.json)",
                file, "--out", dir.resolve("out"));
    }

    @Test
    void anEmptyFile() throws Exception {
        Path file = Files.writeString(dir.resolve("x.json"), "");
        refused(file + " is empty; the report reads JMH's JSON results (results/DATE_DEVICE.json)", file, "--out", dir.resolve("out"));
    }

    @Test
    void jsonThatIsNotJmhOutput() throws Exception {
        Path file = Files.writeString(dir.resolve("x.json"), "{\"benchmark\": \"fwbench\"}");
        refused(file + " is JSON but not JMH results: it holds an object, JMH writes an array of benchmark results",
                file, "--out", dir.resolve("out"));
    }

    @Test
    void outputOfAnotherBenchmark() throws Exception {
        ArrayNode other = Fixtures.tree(Fixtures.RUN);
        other.forEach(r -> ((ObjectNode) r).put("benchmark", "org.example.Other.run"));
        Path file = Fixtures.write(other, dir.resolve("x.json"));
        refused(file + " holds results of org.example.Other.run, not of fwbench.bench.FloydWarshallBenchmark.solve"
                        + " or fwbench.bench.SmallGraphsBenchmark.solve;"
                + " the report reads this suite's runs", file, "--out", dir.resolve("out"));
    }

    /** A run without naive (a run without a GPU has none) takes its first variant in story order, and says so. */
    @Test
    void aRunWithoutNaiveIsOverItsFirstVariant() throws Exception {
        Path file = Fixtures.write(Fixtures.without(Fixtures.tree(Fixtures.RUN), Fixtures.variant("NAIVE")), dir.resolve("x.json"));
        Path folder = dir.resolve("out");
        assertEquals(0, report(file, "--out", folder), err.toString());
        assertTrue(out.toString().startsWith("fwbench report: speedups are over blocked (the run has no naive: its first variant"
                + " in story order); --baseline VARIANT chooses another\n"), out.toString());
        String md = Files.readString(folder.resolve("report.md"));
        assertTrue(md.contains("| blocked | 0.6057 (1.00x) | 5.189 (1.00x) | 36.24 (1.00x) |"), md);
    }

    /**
     * A run of one variant is its own baseline: no speedup besides its own 1x, so no speedup or bar
     * chart (they would hold a flat line at 1 and nothing), a line that says why, and the other two charts.
     */
    @Test
    void aRunOfOneVariantHasNoSpeedupCharts() throws Exception {
        Path file = Fixtures.write(Fixtures.without(Fixtures.tree(Fixtures.RUN), Fixtures.variant("NAIVE")), dir.resolve("x.json"));
        Path readme = Files.writeString(dir.resolve("README.md"), ReadmeSection.BEGIN + "\n" + ReadmeSection.END + "\n");
        Path folder = dir.resolve("out");
        assertEquals(0, report(file, "--out", folder, "--readme", readme), err.toString());
        String why = "no speedup charts: speedups need a second variant beside the baseline blocked at the same n";
        assertEquals(List.of("fwbench report: speedups are over blocked (the run has no naive: its first variant in story order);"
                        + " --baseline VARIANT chooses another",
                "fwbench report: " + why,
                "fwbench report: wrote report.md, report.csv, report.tex, 2 charts (PNG and SVG) and report.html (all in one page) to " + folder,
                "fwbench report: rewrote the results section of " + readme), out.toString().lines().toList());
        assertEquals(List.of("report.csv", "report.html", "report.md", "report.tex", "throughput-random-graph-42.png", "throughput-random-graph-42.svg",
                "time-random-graph-42.png", "time-random-graph-42.svg"), files(folder));
        String md = Files.readString(folder.resolve("report.md"));
        assertTrue(md.contains("](time-random-graph-42.png)\n![relaxations per second vs n](throughput-random-graph-42.png)\n\n"
                + "N" + why.substring(1) + ".\n"), md);
        assertFalse(md.contains("speedup-") || md.contains("bars-"), md);
        String html = Files.readString(folder.resolve("report.html"));
        assertEquals(2, HtmlReportTest.count(html, "<svg "), "the time and throughput charts");
        assertTrue(html.contains("<p class=\"note\">N" + why.substring(1) + ".</p>"), html);
        String section = Files.readString(readme);
        assertFalse(section.contains("speedup-") || section.contains("bars-"), "the README embeds only charts that exist: " + section);
        assertEquals(1, HtmlReportTest.count(section, "<img "), "a README is a page: one chart, " + section);
        assertTrue(section.contains("time-random-graph-42.png"), "the time chart where there is no speedup: " + section);
    }

    @Test
    void aBaselineNamedButNotInTheRun() throws Exception {
        Path file = Fixtures.write(Fixtures.without(Fixtures.tree(Fixtures.RUN), Fixtures.variant("NAIVE")), dir.resolve("x.json"));
        refused(file + " has no results of the baseline naive; its variants: blocked (choose one with --baseline)",
                file, "--baseline", "naive", "--out", dir.resolve("out"));
    }

    @Test
    void anOutputFolderThatCannotBeMade() throws Exception {
        Path input = run();
        Path blocker = Files.writeString(dir.resolve("out"), "a file where a folder would go");
        int code = report(input, "--out", blocker.resolve("charts"));
        assertEquals(2, code);
        assertTrue(err.toString().startsWith("fwbench report: cannot create the output folder " + blocker.resolve("charts") + ": "), err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertEquals("a file where a folder would go", Files.readString(blocker));
    }

    @Test
    void anOutputFolderInsideResults() throws Exception {
        Path input = run();
        Path inside = dir.resolve("results").resolve("plots");
        refused("--out " + inside + " is inside " + dir.resolve("results") + ", which holds raw runs and is never written;"
                + " choose another folder (the default is under plot)", input, "--out", inside);
        assertFalse(Files.exists(inside));
    }

    @Test
    void theWorkingDirectorysResultsFolderIsRefusedToo() throws Exception {
        Path input = Fixtures.copy(Fixtures.RUN, dir.resolve("elsewhere.json"));
        refused("--out results/x is inside results, which holds raw runs and is never written;"
                + " choose another folder (the default is under plot)", input, "--out", "results/x");
    }

    @Test
    void anInputIsNeverOverwritten() throws Exception {
        // a results file that happens to carry the name of an output, in the output folder
        Path folder = Files.createDirectories(dir.resolve("runs"));
        Path input = Fixtures.copy(Fixtures.RUN, folder.resolve("report.csv"));
        byte[] before = Files.readAllBytes(input);
        refused("the report would overwrite its input " + input + "; choose another --out", input, "--out", folder);
        assertArrayEquals(before, Files.readAllBytes(input));
    }

    @Test
    void aMissingFile() throws Exception {
        Path file = dir.resolve("none.json");
        refused(file + ": no such file", file, "--out", dir.resolve("out"));
    }

    @Test
    void aReadmeWithoutMarkers() throws Exception {
        Path input = run();
        Path readme = Files.writeString(dir.resolve("README.md"), "# Project\n");
        refused(readme + " has no results section: add the lines <!-- results:begin --> and <!-- results:end --> where it goes",
                input, "--out", dir.resolve("out"), "--readme", readme);
        assertEquals("# Project\n", Files.readString(readme));
    }

    @Test
    void readmeWithCompare() throws Exception {
        Path input = run();
        refused("--readme shows one run's results; leave it out with --compare",
                input, "--compare", input, "--readme", dir.resolve("README.md"), "--out", dir.resolve("out"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"--bogus", "--baseline"})
    void picocliErrorsAreOneLineToo(String option) throws Exception {
        int code = report(run(), option);
        assertEquals(2, code);
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().startsWith("fwbench report: "), err.toString());
    }

    @Test
    void noInputAtAll() throws Exception {
        assertEquals(2, report());
        assertTrue(err.toString().startsWith("fwbench report: Missing required parameter: 'RESULTS.json"), err.toString());
    }

    /** The exception the command throws is the one Subcommands turns into a line: check it directly once. */
    @Test
    void badInputIsAUsageException() {
        ReportCommand command = new ReportCommand(dir.resolve("results"), dir.resolve("plot"));
        new CommandLine(command).parseArgs(dir.resolve("none.json").toString());
        org.junit.jupiter.api.Assertions.assertThrows(UsageException.class, command::call);
    }

    /**
     * A result that ran throttled (ClocksTest's blocked at 5000, power capped) is marked in the run's
     * tables and page and in a comparison, with one legend line saying what the mark means and the figures.
     */
    @Test
    void aThrottledResultIsMarkedInTheReportAndTheComparison() throws Exception {
        Path throttled = Fixtures.write(ClocksTest.throttledRun(), dir.resolve("results").resolve("2026-11-23_NVIDIA-H200.json"));
        Path folder = dir.resolve("plot").resolve("throttled");
        assertEquals(0, report(throttled, "--out", folder), err.toString());
        String legend = "**†**: ran throttled (a thermal or power limit) or below 90% of the maximum SM clock in some measured iteration, "
                + "as NVML read the GPU at each iteration's end: blocked at n = 5,000 (SM clock 1,530 of 1,980 MHz, power cap in 3 of 5 iterations)";
        String md = Files.readString(folder.resolve("report.md"));
        assertTrue(md.contains("\n- " + legend + ".\n"), md);
        assertTrue(md.contains("| blocked | 0.6057 (5.84x) | 5.189 (7.85x) | 36.24 (15.85x) † |"), md);
        assertTrue(md.contains("| 5,000 | blocked | 36.24 ± 0.06 † | 36.21 |"), md);
        assertEquals(4, md.split("†", -1).length - 1, "the matrix, the detailed row, the legend and the Method: " + md);
        String html = Files.readString(folder.resolve("report.html"));
        assertTrue(html.contains("<li>" + HtmlReport.inline(legend) + ".</li>"), html);
        assertTrue(html.contains(">36.24 &plusmn; 0.06 &dagger;</td>"), html);
        String csv = Files.readString(folder.resolve("report.csv"));
        assertTrue(csv.lines().findFirst().orElseThrow().endsWith(",sm_clock_lowest_mhz,sm_clock_max_mhz,throttled_share,clock_flag"), csv);
        assertTrue(csv.contains(",1530,1980,0.6,\"SM clock 1,530 of 1,980 MHz, power cap in 3 of 5 iterations\""), csv);

        Path compared = dir.resolve("plot").resolve("compared");
        assertEquals(0, report(run(), "--compare", throttled, "--out", compared), err.toString());
        String compareMd = Files.readString(compared.resolve("compare.md"));
        assertTrue(compareMd.contains("| 5,000 | blocked | 36.24 ± 0.06 | 36.24 ± 0.06 † |"), compareMd);
        assertTrue(compareMd.contains("| blocked | 1.000 no difference | 1.000 no difference | 1.000 no difference † |"), compareMd);
        assertTrue(compareMd.contains("\n- " + legend.replace(": blocked at", ": after: blocked at") + ".\n"), compareMd);
        assertTrue(Files.readString(compared.resolve("compare.html")).contains("after: blocked at n = 5,000 (SM clock 1,530 of 1,980 MHz"));
    }
}
