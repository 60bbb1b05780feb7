package fwbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The end-of-run summary: the report's detailed table as aligned text, with the baseline and the ceiling named. */
class RunSummaryTest {

    @TempDir
    Path dir;

    private RunData run(com.fasterxml.jackson.databind.node.ArrayNode tree) throws Exception {
        return Fixtures.read(Fixtures.write(tree, dir.resolve("run.json")));
    }

    /**
     * The committed batch run beside a run with the ceiling: the solves' table, then the batch table's
     * rows, aligned, with the numbers of the report's batch table (checked against the JSON in {@link BatchReportTest}).
     */
    @Test
    void batchesFollowTheSolvesAsTheBatchTable() throws Exception {
        RunData data = RunData.read(List.of(Path.of("results", "2026-11-27_NVIDIA-H200-9.json"), Path.of("results", "2026-11-27_NVIDIA-H200-14.json")));
        List<String> lines = RunSummary.lines(data);
        int title = lines.indexOf("Batches of small graphs on NVIDIA H200 (sm_90; 132 SMs; 139.8 GiB; driver 13.0)");
        assertTrue(title > 0 && lines.get(title - 2).startsWith("batches of small graphs: time per batch in ms"), String.join("\n", lines));
        String header = lines.get(title + 1);
        assertTrue(header.matches("^  n  variant +batch +ms per batch +M graphs/s +G relax/s +% of peak +small-graphs speedup$"), header);
        List<String> rows = lines.subList(title + 2, title + 8);
        for (String row : rows) assertEquals(header.length(), row.length(), "aligned: " + row);
        assertTrue(rows.get(1).matches("^ 32  kleene +1,056 +24\\.64 ± 0\\.86 +0\\.0429 +1\\.40 +0\\.0% +838\\.74x$"), rows.get(1));
        assertTrue(rows.get(4).matches("^128  small-graphs +1,056 +0\\.4127 ± 0\\.0079 +2\\.56 +5,366 +\\d+\\.\\d% +1\\.00x$"), rows.get(4));
    }

    @Test
    void aRunWithItsCeilingGetsEveryColumnAligned() throws Exception {
        List<String> lines = RunSummary.lines(run(Fixtures.concat(Fixtures.tree(Fixtures.RUN), Fixtures.tree(Fixtures.PEAK))));
        assertEquals("speedups are over naive (the default)", lines.get(1));
        assertEquals(Fixtures.DEVICE + ": graph=random, launch=GRAPH, seed=42", lines.get(3));
        String header = lines.get(4);
        assertTrue(header.matches("^    n  variant +time \\(ms\\) +GPU time \\(ms\\) +speedup over naive +G relax/s +% of peak$"), header);
        // the numbers of the report's Markdown row: | 5,000 | blocked | 36.24 ± 0.06 | 36.21 | 15.85x | 3,449 | 21.3% |
        assertTrue(lines.get(10).matches("^5,000  blocked +36\\.24 ± 0\\.06 +36\\.21 +15\\.85x +3,449 +21\\.3%$"), lines.get(10));
        for (String line : lines.subList(4, 11)) assertEquals(header.length(), line.length(), "aligned: " + line);
        assertEquals("the device's min-plus ceiling (PeakBenchmark): int32 16,200 G relax/s, packed16 33,000 G relax/s",
                lines.get(lines.size() - 1));
    }

    @Test
    void aRunWithoutNaiveIsOverItsFirstVariant() throws Exception {
        List<String> lines = RunSummary.lines(run(Fixtures.without(Fixtures.tree(Fixtures.RUN), Fixtures.variant("NAIVE"))));
        assertEquals("speedups are over blocked (the run has no naive: its first variant in story order)", lines.get(1));
        assertTrue(lines.get(4).contains("speedup over blocked"), lines.get(4));
        assertTrue(lines.stream().noneMatch(l -> l.contains("ceiling")), "no ceiling measured, none named");
    }

    /** What a newcomer without a GPU met: no launch=GRAPH nor gpus=all in the title, and no n/a rows for another graph file's n. */
    @Test
    void aRunWithoutAGpuOverGraphFilesShowsOnlyWhatMeansSomething() throws Exception {
        List<String> cpu = RunSummary.lines(run(Fixtures.cpuRun()));
        assertEquals("CPU (AMD EPYC; 2 threads): graph=random, seed=42", cpu.get(3));
        assertTrue(cpu.stream().noneMatch(l -> l.contains("launch") || l.contains("gpus")), cpu.toString());

        ArrayNode files = Fixtures.graphFiles();
        for (com.fasterxml.jackson.databind.JsonNode r : files) ((ObjectNode) r.get("params")).put("device", Fixtures.CPU_DEVICE);
        List<String> lines = RunSummary.lines(run(Fixtures.withParam(Fixtures.withParam(files, Fixtures.variant("NAIVE"), "variant", "CPU_SERIAL"),
                Fixtures.variant("BLOCKED"), "variant", "CPU_BLOCKED")));
        assertTrue(lines.contains("CPU (AMD EPYC; 2 threads): graph=graphs/g2500.gr"), lines.toString());
        assertTrue(lines.stream().noneMatch(l -> l.contains("n/a")), "each file's table has its own n only: " + lines);
    }

    @Test
    void aRunOfTheCeilingAloneGetsTheCeilingLine() throws Exception {
        RunData peak = RunData.ofRun(dir.resolve("peak.json"), JmhJson.parse(dir.resolve("peak.json"),
                Fixtures.tree(Fixtures.PEAK).toString()));
        assertEquals(List.of("the device's min-plus ceiling (PeakBenchmark): int32 16,200 G relax/s, packed16 33,000 G relax/s"),
                RunSummary.lines(peak));
    }

    /** A throttled result is marked after its time, and the columns stay aligned; the others are not marked. */
    @Test
    void aThrottledResultIsMarkedInItsRow() throws Exception {
        List<String> lines = RunSummary.lines(run(ClocksTest.throttledRun()));
        List<String> marked = lines.stream().filter(l -> l.contains("†")).toList();
        assertEquals(1, marked.size(), lines.toString());
        assertTrue(marked.get(0).matches("^5,000  blocked +36\\.24 ± 0\\.06 † +36\\.21 +15\\.85x +3,449$"), marked.get(0));
        String header = lines.get(4);
        for (String line : lines.subList(4, 11)) assertEquals(header.length(), line.length(), "aligned: " + line);
    }
}
