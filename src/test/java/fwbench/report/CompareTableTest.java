package fwbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
                "| naive | 1.000 | 1.000 | n/a |",
                "| blocked | 0.800 | 0.800 | 0.800 |"), Markdown.ratioMatrix(table));
        List<String> details = Markdown.compareDetails(table);
        assertEquals("| n | variant | before (ms) | after (ms) | after / before |", details.get(0));
        assertEquals("| 5,000 | naive | 574.4 ± 0.3 | n/a | n/a |", details.get(6));
        String csv = Csv.compare(List.of(table));
        assertTrue(csv.startsWith("before_device,after_device,graph,launch,seed,variant,n,before_ms,before_error_ms,after_ms,"
                + "after_error_ms,after_over_before\n"), csv);
        assertTrue(csv.contains(",random,GRAPH,42,naive,5000,574.3913672000001,0.3102366351194069,n/a,n/a,n/a\n"), csv);
    }

    @Test
    void theMarkdownSaysWhichWayTheRatioGoes() throws Exception {
        String md = Markdown.compare(List.of(compareWithFasterBlocked()), List.of("before.json"), List.of("after.json"));
        assertTrue(md.contains("Above 1: after is slower; below 1: after is faster."), md);
        assertTrue(md.contains("Time after / before (> 1: after is slower):"), md);
        assertTrue(md.contains("](compare-random-graph-42.png)"), md);
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
