package fwbench.report;

import fwbench.results.ResultsFormat;
import com.fasterxml.jackson.databind.node.ArrayNode;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Results that ran throttled (a thermal or power reason) or below 90% of the maximum SM clock are
 * flagged, read from the JSON's NVML metrics; results without them, as every run before they were
 * recorded, read as before. The fixture's H200 ran at up to 1,980 MHz.
 */
class ClocksTest {

    static final int MAX = 1980;
    static final long POWER_CAP = 0x4;
    static final long IDLE = 0x1;
    static final long APPLICATIONS_CLOCKS = 0x2;
    static final long THERMAL = 0x20;

    @TempDir
    Path dir;

    private RunData read(ArrayNode run) throws Exception {
        return Fixtures.read(Fixtures.write(run, dir.resolve("run.json")));
    }

    private static RunData.Solve solve(RunData data, Variant variant, int n) {
        return data.solves().stream().filter(s -> s.variant().equals(VariantName.of(variant)) && s.n() == n).findFirst().orElseThrow();
    }

    /** blocked at 5000: power capped in 3 of its 5 iterations, its SM clock down to 1,530 MHz. */
    static ArrayNode throttledRun() {
        return Fixtures.withClocks(Fixtures.tree(Fixtures.RUN), Fixtures.at("BLOCKED", 5000), MAX,
                new int[] {1980, 1755, 1530, 1980, 1650}, new long[] {0, POWER_CAP, POWER_CAP, 0, POWER_CAP | IDLE});
    }

    @Test
    void aThrottledResultIsFlaggedWithItsFigures() throws Exception {
        Clocks clocks = solve(read(throttledRun()), Variant.BLOCKED, 5000).clocks().orElseThrow();
        assertEquals(new Clocks(1530, MAX, 0.6, 5, POWER_CAP | IDLE), clocks);
        assertTrue(clocks.throttled() && clocks.slow() && clocks.flagged());
        assertEquals("SM clock 1,530 of 1,980 MHz, power cap in 3 of 5 iterations", clocks.figures());
    }

    /** Throttled at full clock still counts: a power cap or thermal slowdown is flagged whatever the clock it left. */
    @Test
    void aThermalSlowdownAtAHighClockIsFlagged() throws Exception {
        RunData data = read(Fixtures.withClocks(Fixtures.tree(Fixtures.RUN), Fixtures.at("NAIVE", 1000), MAX,
                new int[] {1980, 1980, 1965, 1980, 1980}, new long[] {0, 0, THERMAL, 0, 0}));
        Clocks clocks = solve(data, Variant.NAIVE, 1000).clocks().orElseThrow();
        assertFalse(clocks.slow());
        assertTrue(clocks.flagged());
        assertEquals("SM clock 1,965 of 1,980 MHz, thermal slowdown in 1 of 5 iterations", clocks.figures());
    }

    /** Below 90% of the maximum with no throttle reason (an applications clocks setting, say): flagged, with the reasons NVML gave. */
    @Test
    void aResultBelowNinetyPercentOfTheMaximumIsFlagged() throws Exception {
        RunData data = read(Fixtures.withClocks(Fixtures.tree(Fixtures.RUN), Fixtures.at("BLOCKED", 2500), MAX,
                new int[] {1410, 1410, 1410, 1410, 1410}, new long[] {APPLICATIONS_CLOCKS, APPLICATIONS_CLOCKS, APPLICATIONS_CLOCKS,
                        APPLICATIONS_CLOCKS, APPLICATIONS_CLOCKS}));
        Clocks clocks = solve(data, Variant.BLOCKED, 2500).clocks().orElseThrow();
        assertTrue(clocks.slow() && !clocks.throttled());
        assertEquals("SM clock 1,410 of 1,980 MHz, applications clocks setting", clocks.figures());
    }

    /** At 90% of the maximum and above, idle between iterations or not, a result is fine. */
    @Test
    void aResultAtItsClocksIsNotFlagged() throws Exception {
        RunData data = read(Fixtures.withClocks(Fixtures.tree(Fixtures.RUN), Fixtures.at("BLOCKED", 1000), MAX,
                new int[] {1980, 1782, 1980, 1980, 1980}, new long[] {0, IDLE, 0, 0, IDLE}));
        Clocks clocks = solve(data, Variant.BLOCKED, 1000).clocks().orElseThrow();
        assertFalse(clocks.flagged(), clocks.toString());
        assertEquals(Optional.empty(), Clocks.entry(solve(data, Variant.BLOCKED, 1000), "blocked"));
    }

    /** Every committed results file: no NVML metrics, no clocks, no flag, and no error. */
    @Test
    void resultsWithoutTheMetricsHaveNoClocks() throws Exception {
        RunData data = read(Fixtures.tree(Fixtures.RUN));
        assertTrue(data.solves().stream().allMatch(s -> s.clocks().isEmpty()));
        assertEquals(Optional.empty(), Clocks.legend(List.of()));
        try (var files = Files.list(Path.of("results"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                // the runs made before NVML was read (all but the newest) have no clocks, and no error
                if (Files.readString(file).contains("\"" + ResultsFormat.GPU_CLOCK_SM + "\"")) continue;
                RunData committed = RunData.ofRun(file, JmhJson.read(file));
                assertTrue(committed.solves().stream().allMatch(s -> s.clocks().isEmpty()), file.toString());
            }
        }
    }

    /** A file with the metrics but no rawData (another tool's, or cut down): the scores alone, the share as a percent. */
    @Test
    void scoresAloneGiveTheShareAsAPercent() throws Exception {
        ArrayNode run = throttledRun();
        for (var r : run) {
            for (var metric : r.path("secondaryMetrics")) ((com.fasterxml.jackson.databind.node.ObjectNode) metric).remove("rawData");
        }
        Clocks clocks = solve(read(run), Variant.BLOCKED, 5000).clocks().orElseThrow();
        assertEquals("SM clock 1,530 of 1,980 MHz, power cap in 60% of the iterations", clocks.figures());
    }

    @Test
    void theLegendLineSaysWhatTheMarkMeansAndTheFigures() throws Exception {
        RunData.Solve blocked = solve(read(throttledRun()), Variant.BLOCKED, 5000);
        assertEquals(Optional.of("†: ran throttled (a thermal or power limit) or below 90% of the maximum SM clock in some measured "
                        + "iteration, as NVML read the GPU at each iteration's end: blocked at n = 5,000 (SM clock 1,530 of 1,980 MHz, "
                        + "power cap in 3 of 5 iterations)"),
                Clocks.legend(List.of(Clocks.entry(blocked, Clocks.reportName(blocked, false)).orElseThrow())));
    }
}
