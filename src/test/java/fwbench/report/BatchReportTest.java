package fwbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import fwbench.cli.Subcommands;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

/** The report of SmallGraphsBenchmark's batches, end to end as the jar runs it, from the committed batch runs (read, never written). */
class BatchReportTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int report(Object... args) {
        List<String> all = new ArrayList<>(List.of("report"));
        for (Object a : args) all.add(a.toString());
        return Subcommands.run(all.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private void refused(String message, Object... args) throws Exception {
        assertEquals(2, report(args), "exit code; stderr: " + err);
        assertEquals("fwbench report: " + message + System.lineSeparator(), err.toString());
        assertFalse(Files.exists(dir.resolve("out")), "nothing written");
    }

    private static List<String> files(Path folder) throws Exception {
        try (Stream<Path> list = Files.list(folder)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /**
     * The committed batch runs (small-graphs and kleene at n = 32, 64, 128, a batch of 1,056; small-graphs
     * alone at 8,448): a batch table whose every row is checked against the JSON read here on its own,
     * the chart, and no CSV or LaTeX table (those are of solves); the inputs untouched.
     */
    @Test
    void theCommittedBatchRunsGetABatchTableAndChart() throws Exception {
        Path fourteen = Path.of("results", "2026-11-27_NVIDIA-H200-14.json");
        Path fifteen = Path.of("results", "2026-11-27_NVIDIA-H200-15.json");
        byte[] before = Files.readAllBytes(fourteen);
        Path folder = dir.resolve("out");
        assertEquals(0, report(fourteen, fifteen, "--out", folder), err.toString());
        assertEquals(List.of("batches.png", "batches.svg", "report.html", "report.md"), files(folder));
        assertEquals("fwbench report: wrote report.md, 1 chart (PNG and SVG) and report.html (all in one page) to " + folder + "\n", out.toString());
        String md = Files.readString(folder.resolve("report.md"));
        List<List<String>> rows = BatchRows.of(md);
        List<BatchRows.Expected> expected = BatchRows.expected(List.of(fourteen, fifteen), null);
        assertEquals(9, expected.size());
        assertEquals(expected.size(), rows.size(), md);
        for (BatchRows.Expected e : expected) e.check(rows);
        // the speedups of small-graphs over kleene, from the scores: hundreds of times at n = 32, over 100 at n = 128
        assertTrue(md.contains("| 32 | kleene | 1,056 | 24.64 ± 0.86 | 0.0429 | 1.40 | 838.74x |"), md);
        assertFalse(md.contains("% of peak"), "no ceiling in these files");
        String html = Files.readString(folder.resolve("report.html"));
        assertTrue(html.contains("<svg id='batches'"), "the chart inline");
        assertTrue(html.contains("<h2>Batches of small graphs on NVIDIA H200"), "the batch section");
        assertNotNull(ImageIO.read(folder.resolve("batches.png").toFile()));
        assertArrayEquals(before, Files.readAllBytes(fourteen), "the input is untouched");
    }

    /** Beside a run's solves and the device's ceiling, the batch section follows the solves' and takes percent of the int32 ceiling. */
    @Test
    void batchesBesideSolvesAndTheCeilingTakePercentOfPeak() throws Exception {
        Path batches = Path.of("results", "2026-11-27_NVIDIA-H200-14.json");
        Path run = Path.of("results", "2026-11-27_NVIDIA-H200-9.json");
        Path folder = dir.resolve("out");
        assertEquals(0, report(batches, run, "--out", folder), err.toString());
        String md = Files.readString(folder.resolve("report.md"));
        assertTrue(md.indexOf("## Batches of small graphs") > md.indexOf("Time per solve in ms"), "after the solves' tables");
        assertTrue(Files.exists(folder.resolve("report.csv")), "the solves' CSV");
        List<BatchRows.Expected> expected = BatchRows.expected(List.of(batches), run);
        List<List<String>> rows = BatchRows.of(md);
        assertEquals(expected.size(), rows.size(), md);
        for (BatchRows.Expected e : expected) e.check(rows);
    }

    /**
     * --compare on batches: a row per batch both runs have, after / before and the verdict; here the
     * after run is the committed -14 with every time 10% lower (written to a temporary file), so every
     * ratio is 0.900 and, the iterations' noise being the same, faster.
     */
    @Test
    void batchesAreComparedRowByRow() throws Exception {
        Path before = Path.of("results", "2026-11-27_NVIDIA-H200-14.json");
        ArrayNode faster = (ArrayNode) new ObjectMapper().readTree(before.toFile());
        for (JsonNode r : faster) {
            ObjectNode primary = (ObjectNode) r.get("primaryMetric");
            primary.put("score", primary.get("score").asDouble() * 0.9);
            for (JsonNode fork : primary.get("rawData")) {
                for (int i = 0; i < fork.size(); i++) ((ArrayNode) fork).set(i, fork.get(i).asDouble() * 0.9);
            }
        }
        Path after = Fixtures.write(faster, dir.resolve("after.json"));
        Path folder = dir.resolve("out");
        assertEquals(0, report(before, "--compare", after, "--out", folder), err.toString());
        String md = Files.readString(folder.resolve("compare.md"));
        List<String> rows = md.lines().filter(l -> l.matches("\\| \\d.*")).toList();
        assertEquals(6, rows.size(), md);
        for (String row : rows) assertTrue(row.contains(" | 1,056 | ") && row.contains(" | 0.900 | ") && row.endsWith(" | faster |"), row);
        assertTrue(md.contains("| 32 | kleene | 1,056 | 24.64 ± 0.86 | 22.17 ± 0.86 | 0.900 |"), md);
        assertTrue(Files.readString(folder.resolve("compare.html")).contains("<h2>Batches of small graphs</h2>"));
    }

    /** Runs with no batch in common (-14 a batch of 1,056, -15 of 8,448) and no solves: one line, nothing written. */
    @Test
    void batchesInCommonOrNothingToCompare() throws Exception {
        refused("the runs share neither solves nor batches of small graphs (the same variant, n, batch and seed); nothing to compare",
                Path.of("results", "2026-11-27_NVIDIA-H200-14.json"), "--compare", Path.of("results", "2026-11-27_NVIDIA-H200-15.json"),
                "--out", dir.resolve("out"));
    }

    /** --readme shows the solves' tables: refused for a file of batches alone. */
    @Test
    void batchesAloneHaveNoReadmeSection() throws Exception {
        Path readme = Files.writeString(dir.resolve("README.md"), ReadmeSection.BEGIN + "\n" + ReadmeSection.END + "\n");
        refused("--readme shows the tables of solves, and 2026-11-27_NVIDIA-H200-14.json holds batches of small graphs alone;"
                + " leave --readme out", Path.of("results", "2026-11-27_NVIDIA-H200-14.json"), "--readme", readme, "--out", dir.resolve("out"));
    }
}
