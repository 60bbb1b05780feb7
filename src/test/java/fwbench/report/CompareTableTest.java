package fwbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompareTableTest {

    private static final VariantName NAIVE = VariantName.of(Variant.NAIVE);
    private static final VariantName BLOCKED = VariantName.of(Variant.BLOCKED);

    @TempDir
    Path dir;

    private RunData data(ArrayNode run, String name) throws Exception {
        return Fixtures.read(Fixtures.write(run, dir.resolve(name)));
    }

    /** After: blocked 20% faster everywhere, naive not run at 5000. */
    private CompareTable compareWithFasterBlocked() throws Exception {
        RunData before = data(Fixtures.tree(Fixtures.RUN), "before.json");
        ArrayNode after = Fixtures.without(Fixtures.scaled(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED"), 0.8),
                Fixtures.at("NAIVE", 5000));
        List<CompareTable> tables = CompareTable.build(before, data(after, "after.json"));
        assertEquals(1, tables.size());
        return tables.get(0);
    }

    /**
     * A run without a GPU has no launch (it means nothing there): it still compares with a run on a
     * GPU of the same graph and seed, over the settings both have.
     */
    @Test
    void aRunWithoutAGpuComparesWithOneOnAGpu() throws Exception {
        RunData cpu = data(Fixtures.cpuRun(), "cpu.json");
        ArrayNode gpu = Fixtures.withParam(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED"), "variant", "CPU_BLOCKED");
        List<CompareTable> tables = CompareTable.build(cpu, data(gpu, "gpu.json"));
        assertEquals(1, tables.size());
        CompareTable table = tables.get(0);
        assertEquals("graph=random, seed=42", RunSetup.settingsText(table.settings()));
        assertEquals(1.0, table.row(VariantName.of(Variant.CPU_BLOCKED), 2500).ratio().getAsDouble(), 1e-12);
        assertEquals(List.of(), CompareTable.unmatched(cpu, data(gpu, "gpu2.json")));
        assertTrue(CompareTable.match(new java.util.TreeMap<>(java.util.Map.of("graph", "random")),
                new java.util.TreeMap<>(java.util.Map.of("graph", "random", "launch", "EAGER"))));
        assertTrue(!CompareTable.match(new java.util.TreeMap<>(java.util.Map.of("graph", "random")),
                new java.util.TreeMap<>(java.util.Map.of("graph", "sparse:0.5"))), "a graph is never left out");
        assertTrue(!CompareTable.match(new java.util.TreeMap<>(java.util.Map.of("graph", "random")),
                new java.util.TreeMap<>(java.util.Map.of("graph", "random", "cell", "INT32"))), "nor a setting a run never leaves out");
    }

    @Test
    void theRatioIsAfterOverBeforePerVariantAndN() throws Exception {
        CompareTable table = compareWithFasterBlocked();
        assertEquals(0.8, table.row(BLOCKED, 1000).ratio().getAsDouble(), 1e-12);
        assertEquals(0.8, table.row(BLOCKED, 5000).ratio().getAsDouble(), 1e-12);
        assertEquals(1.0, table.row(NAIVE, 2500).ratio().getAsDouble());
        assertEquals(0.8 * 36.24390141428571, table.row(BLOCKED, 5000).after().orElseThrow().millis(), 1e-12);
    }

    @Test
    void aCombinationOneRunLacksIsNotAvailable() throws Exception {
        CompareTable table = compareWithFasterBlocked();
        CompareTable.Row naive5000 = table.row(NAIVE, 5000);
        assertTrue(naive5000.ratio().isEmpty());
        assertEquals(574.3913672000001, naive5000.before().orElseThrow().millis());
        assertTrue(naive5000.after().isEmpty());
        assertEquals(List.of(
                "| variant | n = 1,000 | n = 2,500 | n = 5,000 |",
                "| --- | ---: | ---: | ---: |",
                "| naive | 1.000 no difference | 1.000 no difference | n/a |",
                "| blocked | 0.800 faster | 0.800 faster | 0.800 faster |"), Markdown.ratioMatrix(table));
        List<String> details = Markdown.compareDetails(table);
        assertEquals("| n | variant | before (ms) | after (ms) | after / before | p | verdict |", details.get(0));
        assertEquals("| 5,000 | naive | 574.4 ± 0.3 | n/a | n/a | n/a | n/a |", details.get(6));
        assertTrue(naive5000.significance().isEmpty(), "no test without both sides");
        String csv = Csv.compare(List.of(table));
        assertTrue(csv.startsWith("before_device,after_device,graph,launch,seed,variant,n,before_ms,before_error_ms,after_ms,"
                + "after_error_ms,after_over_before,p_value,verdict\n"), csv);
        assertTrue(csv.contains(",random,GRAPH,42,naive,5000,574.3913672000001,0.3102366351194069,n/a,n/a,n/a,n/a,n/a\n"), csv);
    }

    @Test
    void theMarkdownSaysWhichWayTheRatioGoes() throws Exception {
        String md = Markdown.compare(List.of(compareWithFasterBlocked()), List.of("before.json"), List.of("after.json"));
        assertTrue(md.contains("Above 1: after is slower; below 1: after is faster."), md);
        assertTrue(md.contains("Time after / before (> 1: after is slower) and the verdict at 99% confidence:"), md);
        assertTrue(md.contains("by Welch's two-sided t-test at 99% confidence: **faster** or **slower** when p < 0.01"), md);
        assertTrue(md.contains("](compare-random-graph-42.png)"), md);
    }

    /**
     * Where both runs recorded launch settings and they differ, the legend names the (variant, n) and
     * the change; settings that agree, or a run that recorded none (runs before they were), say nothing.
     */
    @Test
    void aChangedLaunchSettingIsNamedInTheLegend() throws Exception {
        ArrayNode before = Fixtures.withLaunch(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED"), Map.of("tile", 128, "restLaunches", 2));
        ArrayNode after = Fixtures.withLaunch(Fixtures.tree(Fixtures.RUN), Fixtures.at("BLOCKED", 2500), Map.of("tile", 64, "restLaunches", 2));
        after = Fixtures.withLaunch(after, Fixtures.at("BLOCKED", 5000), Map.of("tile", 128, "restLaunches", 2));
        CompareTable table = CompareTable.build(data(before, "before.json"), data(after, "after.json")).get(0);
        assertEquals(Optional.of("tile 128 -> 64"), table.row(BLOCKED, 2500).launchChange());
        assertEquals(Optional.empty(), table.row(BLOCKED, 5000).launchChange());
        assertEquals(Optional.empty(), table.row(NAIVE, 2500).launchChange());
        String md = Markdown.compare(List.of(table), List.of("before.json"), List.of("after.json"));
        assertTrue(md.contains("- **launch settings changed** between the runs"), md);
        assertTrue(md.contains(": blocked at n = 2,500: tile 128 -> 64."), md);
        assertFalse(md.contains("n = 5,000: tile"), md);

        CompareTable unrecorded = CompareTable.build(data(Fixtures.tree(Fixtures.RUN), "old.json"), data(after, "after.json")).get(0);
        assertEquals(Optional.empty(), unrecorded.row(BLOCKED, 2500).launchChange());
        assertFalse(Markdown.compare(List.of(unrecorded), List.of("old.json"), List.of("after.json")).contains("launch settings changed"));
    }

    /** Every iteration of blocked 20% faster: faster at every n, from iterations far tighter than 20%. */
    @Test
    void aClearSpeedupIsFaster() throws Exception {
        CompareTable table = compareWithFasterBlocked();
        for (int n : List.of(1000, 2500, 5000)) {
            Significance s = table.row(BLOCKED, n).significance().orElseThrow();
            assertEquals(Significance.Verdict.FASTER, s.verdict(), "n=" + n);
            assertTrue(s.pValue().getAsDouble() < 1e-10, "n=" + n + ": p = " + s.pValue());
        }
        assertEquals("| 1,000 | blocked | 0.6057 ± 0.0029 | 0.4846 ± 0.0024 | 0.800 | < 0.0001 | faster |",
                Markdown.compareDetails(table).get(3));
    }

    /** The same iterations on both sides: nothing to tell apart, p = 1. */
    @Test
    void identicalIterationsShowNoDifference() throws Exception {
        Significance s = compareWithFasterBlocked().row(NAIVE, 1000).significance().orElseThrow();
        assertEquals(Significance.Verdict.NO_DIFFERENCE, s.verdict());
        assertEquals(1.0, s.pValue().getAsDouble(), 1e-12);
    }

    /** blocked at 2,500 one iteration after: 10% slower by the ratio, yet no verdict, and the tables say why. */
    @Test
    void aRunOfOneIterationIsTooFewIterations() throws Exception {
        RunData before = data(Fixtures.tree(Fixtures.RUN), "before.json");
        ArrayNode after = Fixtures.withIterations(Fixtures.tree(Fixtures.RUN), Fixtures.at("BLOCKED", 2500), new double[] {5.709});
        CompareTable table = CompareTable.build(before, data(after, "after.json")).get(0);
        CompareTable.Row row = table.row(BLOCKED, 2500);
        assertEquals(1.1, row.ratio().getAsDouble(), 1e-3);
        assertEquals(Significance.Verdict.TOO_FEW_ITERATIONS, row.significance().orElseThrow().verdict());
        assertTrue(Markdown.compareDetails(table).contains("| 2,500 | blocked | 5.189 ± 0.004 | 5.709 ± 0.004 | 1.100 | n/a | too few iterations |"),
                Markdown.compareDetails(table).toString());
        String csv = Csv.compare(List.of(table));
        assertTrue(csv.contains(",blocked,2500,5.188784304166667,0.003961714319538446,5.709,0.003961714319538446,1.10025"), csv);
        assertTrue(csv.contains(",n/a,too few iterations\n"), csv);
    }

    /** Two forks of one iteration each are two iterations: enough for a test. */
    @Test
    void theIterationsOfAllForksArePooled() throws Exception {
        RunData before = data(Fixtures.tree(Fixtures.RUN), "before.json");
        ArrayNode after = Fixtures.withIterations(Fixtures.tree(Fixtures.RUN), Fixtures.at("NAIVE", 1000),
                new double[] {4.20}, new double[] {4.21});
        Significance s = CompareTable.build(before, data(after, "after.json")).get(0).row(NAIVE, 1000).significance().orElseThrow();
        assertEquals(Significance.Verdict.SLOWER, s.verdict());
    }

    /** A noisy after run around the same mean: the ratio is off 1, but not beyond the noise. */
    @Test
    void overlappingNoisyIterationsShowNoDifference() throws Exception {
        RunData before = data(Fixtures.tree(Fixtures.RUN), "before.json");
        ArrayNode after = Fixtures.withIterations(Fixtures.tree(Fixtures.RUN), Fixtures.at("BLOCKED", 1000),
                new double[] {0.58, 0.64, 0.57, 0.66, 0.60});
        CompareTable table = CompareTable.build(before, data(after, "after.json")).get(0);
        CompareTable.Row row = table.row(BLOCKED, 1000);
        assertEquals(1.007, row.ratio().getAsDouble(), 1e-3);
        Significance s = row.significance().orElseThrow();
        assertEquals(Significance.Verdict.NO_DIFFERENCE, s.verdict());
        assertTrue(s.pValue().getAsDouble() > Significance.ALPHA, "p = " + s.pValue());
        assertEquals(0.8176722020547592, s.pValue().getAsDouble(), 1e-9, "SciPy's Welch p-value");
        assertEquals("1.007 no difference", Markdown.ratioCell(table).apply(BLOCKED, 1000));
    }

    /** blocked: half the time at 1,000, twice at 2,500, 0.8 at 5,000; naive 1.21 at 2,500 and not run at 5,000. */
    @Test
    void theGeometricMeanIsOverTheSizesBothRunsHave() throws Exception {
        RunData before = data(Fixtures.tree(Fixtures.RUN), "before.json");
        ArrayNode after = Fixtures.tree(Fixtures.RUN);
        after = Fixtures.scaled(after, Fixtures.at("BLOCKED", 1000), 0.5);
        after = Fixtures.scaled(after, Fixtures.at("BLOCKED", 2500), 2.0);
        after = Fixtures.scaled(after, Fixtures.at("BLOCKED", 5000), 0.8);
        after = Fixtures.scaled(after, Fixtures.at("NAIVE", 2500), 1.21);
        after = Fixtures.without(after, Fixtures.at("NAIVE", 5000));
        CompareTable table = CompareTable.build(before, data(after, "after.json")).get(0);
        List<CompareTable.GeometricMean> means = table.geometricMeans();
        assertEquals(List.of(NAIVE, BLOCKED), means.stream().map(CompareTable.GeometricMean::variant).toList());
        assertEquals(List.of(1000, 2500), means.get(0).sizes());
        assertEquals(1.1, means.get(0).ratio(), 1e-12, "sqrt(1 * 1.21)");
        assertEquals(List.of(1000, 2500, 5000), means.get(1).sizes());
        assertEquals(Math.cbrt(0.8), means.get(1).ratio(), 1e-12, "0.5 and 2 cancel");
        assertEquals(List.of(
                "| variant | over n = | geometric mean |",
                "| --- | ---: | ---: |",
                "| naive | 1,000; 2,500 | 1.100 |",
                "| blocked | 1,000; 2,500; 5,000 | 0.928 |"), Markdown.geometricMeans(table));
        String md = Markdown.compare(List.of(table), List.of("before.json"), List.of("after.json"));
        assertTrue(md.contains("\nGeometric mean of after / before per variant, over the sizes both runs have:\n\n| variant | over n = |"), md);
    }

    @Test
    void twoDevicesCompareBySettings() throws Exception {
        RunData before = data(Fixtures.withParam(Fixtures.tree(Fixtures.RUN), r -> true, "device", "NVIDIA H100"), "h100.json");
        RunData after = data(Fixtures.tree(Fixtures.RUN), "h200.json");
        CompareTable table = CompareTable.build(before, after).get(0);
        assertEquals("NVIDIA H100", table.beforeDevice());
        assertEquals(Fixtures.DEVICE, table.afterDevice());
        assertEquals(Fixtures.DEVICE + " vs NVIDIA H100", table.devicesText());
    }

    @Test
    void runsWithNoSettingsInCommonAreRefused() throws Exception {
        RunData before = data(Fixtures.tree(Fixtures.RUN), "before.json");
        RunData after = data(Fixtures.withParam(Fixtures.tree(Fixtures.RUN), r -> true, "seed", "7"), "after.json");
        UsageException e = assertThrows(UsageException.class, () -> CompareTable.build(before, after));
        assertEquals("the runs share no settings, nothing to compare: before has (graph=random, launch=GRAPH, seed=42);"
                + " after has (graph=random, launch=GRAPH, seed=7)", e.getMessage());
    }
}
