package fwbench.report;

import fwbench.PlotFolders;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What is committed agrees with the report: plot/NAME/ holds the tables the report makes from
 * results/NAME.json today, and the results section of docs/results.md links only to files that exist.
 * (Run from the repository root, as Maven runs tests.)
 */
class CommittedPlotTest {

    private static final Path RESULTS = Path.of("results");
    private static final Path PLOT = Path.of("plot");

    @Test
    void committedTablesAreWhatTheReportMakesFromTheCommittedResults() throws Exception {
        List<Path> folders;
        try (Stream<Path> list = Files.list(PLOT)) {
            folders = list.filter(Files::isDirectory).filter(f -> Files.exists(f.resolve(OutputNames.TABLES + ".md"))).sorted().toList();
        }
        int checked = 0;
        for (Path folder : folders) {
            Path results = RESULTS.resolve(folder.getFileName() + ".json");
            if (!Files.exists(results)) continue;  // made from several files, or with --out: not derivable from one name
            RunData data = RunData.read(List.of(results));
            // a file of batches of small graphs alone has no solves, so no baseline and no CSV or LaTeX table
            List<SpeedupTable> tables = data.solves().isEmpty() ? List.of()
                    : SpeedupTable.build(data, baselineOf(folder.resolve(OutputNames.TABLES + ".csv"), data));
            List<BatchTable> batches = BatchTable.build(data);
            boolean withDevice = Stream.concat(data.setups().stream().map(RunSetup::device), batches.stream().map(BatchTable::device))
                    .distinct().count() > 1;
            List<String> inputs = List.of(results.getFileName().toString());
            assertEquals(Markdown.report(tables, batches, inputs, Method.paragraph(data), withDevice),
                    Files.readString(folder.resolve(OutputNames.TABLES + ".md")), folder + " is stale: run the report again");
            if (!tables.isEmpty()) {
                assertEquals(Csv.speedups(tables), Files.readString(folder.resolve(OutputNames.TABLES + ".csv")), folder + " is stale");
                assertEquals(Latex.report(tables, inputs, withDevice), Files.readString(folder.resolve(OutputNames.TABLES + ".tex")),
                        folder + " is stale");
            }
            String html = Files.readString(folder.resolve(OutputNames.TABLES + ".html"));
            for (BatchTable batch : batches) {
                assertTrue(html.contains("<svg id='" + batch.chartBaseName(withDevice) + "'"), "the batch chart inline in " + folder + "/report.html");
            }
            for (SpeedupTable table : tables) {
                for (ChartKind kind : ChartKind.of(table)) {
                    String chart = kind.baseName(table.setup(), withDevice);
                    assertTrue(Files.exists(folder.resolve(chart + ".png")), kind + " in " + folder);
                    assertTrue(html.contains("<svg id='" + chart + "'"), chart + " inline in " + folder + "/report.html");
                }
            }
            checked++;
        }
        assertTrue(checked > 0, "plot/ holds the report of at least one committed run");
    }

    @Test
    void everyCommittedComparisonHasItsPage() throws Exception {
        List<Path> folders;
        try (Stream<Path> list = Files.list(PLOT)) {
            folders = list.filter(f -> Files.exists(f.resolve(OutputNames.COMPARE + ".md"))).sorted().toList();
        }
        for (Path folder : folders) {
            String html = Files.readString(folder.resolve(OutputNames.COMPARE + ".html"));
            // compare.csv holds the solves' rows: a comparison of batches alone has none, and its page a table, no chart
            boolean solves = Files.readAllLines(folder.resolve(OutputNames.COMPARE + ".csv")).size() > 1;
            if (solves) assertTrue(html.contains("<svg id='compare-"), folder + "/compare.html holds its chart");
            else assertTrue(html.contains("<h2>" + BatchComparison.HEADING + "</h2>"), folder + "/compare.html compares no solves, so it holds the batches' table");
        }
    }

    /**
     * The baseline the committed report was made with (naive unless --baseline named another, as for a
     * run without naive): its CSV's baseline column, the same on every row.
     */
    private static VariantName baselineOf(Path csv, RunData data) throws Exception {
        List<String> lines = Files.readAllLines(csv);
        List<String> header = List.of(lines.get(0).split(","));
        assertTrue(header.contains("baseline"), csv + " has a baseline column");
        int fromRight = header.size() - header.indexOf("baseline");
        // counted from the right: the cells after it are numbers, while a quoted device or graph
        // name before it may hold commas
        List<String> baselines = lines.stream().skip(1).map(l -> l.split(",", -1)).map(f -> f[f.length - fromRight])
                .distinct().toList();
        assertEquals(1, baselines.size(), csv + " names one baseline: " + baselines);
        return SpeedupTable.baseline(baselines.get(0), data);
    }

    /**
     * A comparison the docs name but plot/ does not commit is one plot/regenerate.sh makes again: both
     * of its results files must be committed.
     */
    @Test
    void everyComparisonTheDocsNameCanBeMadeAgain() throws Exception {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs")); Stream<Path> kernels = Files.list(Path.of("kernels"))) {
            Stream.concat(docs, kernels).filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        Pattern named = Pattern.compile("plot/([0-9][^/ `)*]*)-vs-([^/ `)*]*)");
        int found = 0;
        for (Path page : pages) {
            Matcher m = named.matcher(Files.readString(page));
            while (m.find()) {
                assertTrue(PlotFolders.remade(Path.of(m.group())), page + " names " + m.group() + ", but results/" + m.group(1)
                        + ".json or results/" + m.group(2) + ".json is not committed");
                found++;
            }
        }
        assertTrue(found > 0, "the docs name comparisons");
    }

    @Test
    void theResultsSectionLinksOnlyToCommittedFiles() throws Exception {
        // the section `report --readme` rewrites lives in README.md; its paths are relative to it
        Path page = Path.of("README.md");
        String readme = Files.readString(page);
        int begin = readme.indexOf("\n" + ReadmeSection.BEGIN + "\n");
        int end = readme.indexOf("\n" + ReadmeSection.END + "\n");
        assertTrue(begin >= 0 && end > begin, page + " has its results section");
        String section = readme.substring(begin, end);
        List<String> targets = new ArrayList<>();
        Matcher links = Pattern.compile("src=\"([^\"]+)\"|\\]\\(([^)]+)\\)|`((?:\\.\\./)?results/[^`]+)`").matcher(section);
        while (links.find()) {
            for (int g = 1; g <= 3; g++) if (links.group(g) != null) targets.add(links.group(g));
        }
        assertFalse(targets.stream().noneMatch(t -> t.endsWith(".png")), "the section embeds charts: " + targets);
        for (String target : targets) assertTrue(Files.exists(page.resolveSibling(target)), page + " links to a missing " + target);
    }
}
