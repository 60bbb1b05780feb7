package fwbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunEstimateTest {

    /** 2 warm-ups and 5 measured iterations of 500 ms: the suite's defaults. */
    private static final RunEstimate.Iterations DEFAULTS = new RunEstimate.Iterations(2, 0.5, 5, 0.5, false);
    private static final RunEstimate.Key SMALL = RunEstimate.Key.solve("CPU_BLOCKED", 1000);
    private static final RunEstimate.Key LARGE = RunEstimate.Key.solve("CPU_BLOCKED", 2000);

    @TempDir
    Path dir;

    private static RunEstimate twoForks(Map<RunEstimate.Key, Double> known) {
        return new RunEstimate(List.of(new RunEstimate.Fork(SMALL, DEFAULTS), new RunEstimate.Fork(LARGE, DEFAULTS)), known);
    }

    @Test
    void beforeAnythingIsKnownTheEstimateIsTheIterationsAndSaysAtLeast() {
        RunEstimate.Left left = twoForks(Map.of()).left();
        assertEquals(7.0, left.seconds(), 1e-9, "2 forks of 7 iterations of 0.5 s");
        assertTrue(left.lowerBound());
        assertEquals("at least 7 s", left.text());
        assertEquals(List.of("what a fork costs beyond its iterations (JVM start, graph, verification)",
                "the time per solve of cpu-blocked"), left.unknown());
    }

    /** A solve of 0.1 s at n=1000 is 0.8 s at n=2000: longer than an iteration, so each iteration is one solve. */
    @Test
    void aTimeMeasuredAtOneSizeIsScaledByNCubed() {
        RunEstimate estimate = twoForks(Map.of(SMALL, 0.1));
        assertEquals(0.8, estimate.solveTime(LARGE).orElseThrow(), 1e-9);
        double small = 7 * (0.5 + 0.05) + 0.1;
        double large = 7 * 0.8 + 0.8;
        assertEquals(small + large, estimate.left().seconds(), 1e-9);
    }

    @Test
    void whatAForkCostsBeyondItsIterationsIsLearnedFromTheForksThatEnded() {
        RunEstimate estimate = twoForks(Map.of());
        estimate.learn(SMALL, 0.1);
        double iterations = RunEstimate.iterationSeconds(new RunEstimate.Fork(SMALL, DEFAULTS), 0.1);
        estimate.forkEnded(SMALL, iterations + 2.0);
        assertEquals(1, estimate.forksEnded());
        RunEstimate.Left left = estimate.left();
        assertFalse(left.lowerBound(), left.unknown().toString());
        assertEquals(2.0 + 7 * 0.8 + 0.8, left.seconds(), 1e-9, "the large fork: 2 s to start and verify, then its iterations");
        assertTrue(left.text().startsWith("about "), left.text());
        estimate.forkEnded(LARGE, 9.0);
        assertEquals(0.0, estimate.left().seconds());
    }

    /** Earlier results count only when they were measured on this device; files the report cannot read are passed over. */
    @Test
    void earlierRunsOnThisDevice() throws Exception {
        Files.copy(Path.of("results", "2026-11-22_NVIDIA-H200.json"), dir.resolve("h200.json"));
        Files.writeString(dir.resolve("broken.json"), "[");
        Files.writeString(dir.resolve("run.csv"), "\"Benchmark\"");
        String h200 = "NVIDIA H200 (sm_90; 132 SMs; 139.8 GiB; driver 13.0)";
        Map<RunEstimate.Key, Double> times = RunEstimate.earlierRuns(dir, h200);
        assertEquals(3.534569287896314e-3, times.get(RunEstimate.Key.solve("NAIVE", 1000)), 1e-12);
        assertTrue(RunEstimate.earlierRuns(dir, "no GPU (CPU: x; 2 threads)").isEmpty());
        assertTrue(RunEstimate.earlierRuns(dir.resolve("none"), h200).isEmpty(), "no results folder yet");
    }

    @Test
    void durations() {
        assertEquals("0 s", RunEstimate.duration(0.2));
        assertEquals("59 s", RunEstimate.duration(59.4));
        assertEquals("1 min", RunEstimate.duration(60));
        assertEquals("2 min 10 s", RunEstimate.duration(130));
        assertEquals("1 h 5 min", RunEstimate.duration(3900));
    }
}
