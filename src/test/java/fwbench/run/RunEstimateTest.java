package fwbench.run;

import fwbench.tuning.LaunchTuning;
import fwbench.tuning.TuningMode;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
        return new RunEstimate(List.of(new RunEstimate.Fork(SMALL, DEFAULTS), new RunEstimate.Fork(LARGE, DEFAULTS)), known, RunEstimate.Model.NONE);
    }

    @Test
    void aSolveNothingCanAssumeIsLeftOutAndTheEstimateSaysAtLeast() {
        RunEstimate.Left left = twoForks(Map.of()).left();
        assertEquals(2 * RunEstimate.FORK_START_SECONDS + 7.0, left.seconds(), 1e-9, "2 forks: a start and 7 iterations of 0.5 s");
        assertTrue(left.lowerBound());
        assertEquals("at least 9 s", left.text());
        assertEquals(List.of("the time per solve of cpu-blocked"), left.unknown());
    }

    /** A solve of 0.1 s at n=1000 is 0.8 s at n=2000: longer than an iteration, so each iteration is one solve. */
    @Test
    void aTimeMeasuredAtOneSizeIsScaledByNCubed() {
        RunEstimate estimate = twoForks(Map.of(SMALL, 0.1));
        assertEquals(0.8, estimate.solveTime(LARGE).orElseThrow(), 1e-9);
        double small = 7 * (0.5 + 0.05) + 0.1;
        double large = 7 * 0.8 + 0.8;
        assertEquals(2 * RunEstimate.FORK_START_SECONDS + small + large, estimate.left().seconds(), 1e-9);
        assertEquals(List.of(), estimate.left().assumed(), "measured, not assumed");
    }

    /**
     * Without earlier results, the CPU variants' solves and the oracle's check are modelled from n^3:
     * the default run without a GPU (cpu-serial at 1000, cpu-blocked at 1000 and 2500) took 47 s and
     * 86 s on quiet 2-core machines and 142 s to 241 s on a busy one; the first estimate must be within
     * a factor 2 of the quiet runs and of the busy one's shortest (its longest is beyond: busy cores take longer).
     */
    @Test
    void theFirstEstimateOfACpuRunIsModelledFromNCubed() {
        RunEstimate.Model twoThreads = RunEstimate.Model.planned(2);
        RunEstimate estimate = new RunEstimate(List.of(new RunEstimate.Fork(RunEstimate.Key.solve("CPU_SERIAL", 1000), DEFAULTS),
                new RunEstimate.Fork(SMALL, DEFAULTS), new RunEstimate.Fork(RunEstimate.Key.solve("CPU_BLOCKED", 2500), DEFAULTS)),
                Map.of(), twoThreads);
        RunEstimate.Left left = estimate.left();
        assertFalse(left.lowerBound(), left.unknown().toString());
        assertEquals(List.of("cpu-serial", "cpu-blocked"), left.assumed());
        assertTrue(left.seconds() <= 2 * 47.0 && left.seconds() >= 86 / 2.0 && left.seconds() >= 142 / 2.0, left.text());
        assertTrue(RunProgress.before(estimate).startsWith("estimated time for the whole run (3 forks): about "), RunProgress.before(estimate));
        assertTrue(RunProgress.before(estimate).contains("time per solve of cpu-serial, cpu-blocked assumed from n^3 until measured"));
        // cpu-blocked uses every thread, cpu-serial one; the check above the reference's limit is on the device for GPU variants
        assertEquals(2 * twoThreads.solveSeconds(SMALL).getAsDouble(), RunEstimate.Model.planned(1).solveSeconds(SMALL).getAsDouble(), 1e-9);
        RunEstimate.Key serial = RunEstimate.Key.solve("CPU_SERIAL", 1000);
        assertEquals(twoThreads.solveSeconds(serial).getAsDouble(), RunEstimate.Model.planned(16).solveSeconds(serial).getAsDouble(), 1e-9);
        // work spread over threads at twice its planned rate; one thread at its own, which the hour limit states
        assertEquals(1e9 / (RunEstimate.PARALLEL_RATE_OVER_PLANNED * Variant.CPU_BLOCKED.plannedRelaxRate(2).getAsDouble()),
                twoThreads.solveSeconds(SMALL).getAsDouble(), 1e-9);
        assertEquals(1e9 / Variant.CPU_SERIAL.plannedRelaxRate(2).getAsDouble(), twoThreads.solveSeconds(serial).getAsDouble(), 1e-9);
        assertTrue(RunEstimate.Model.spreadsOverThreads(Variant.CPU_BLOCKED));
        assertFalse(RunEstimate.Model.spreadsOverThreads(Variant.CPU_SERIAL));
        assertTrue(twoThreads.solveSeconds(RunEstimate.Key.solve("KLEENE", 1000)).isEmpty(), "a GPU variant's rate depends on the device");
        assertTrue(twoThreads.checkSeconds(RunEstimate.Key.solve("KLEENE", 1000)) > 0, "checked against the CPU reference");
        assertEquals(Math.pow(131072, 3) / RunEstimate.DEVICE_CERTIFICATE_RATE, twoThreads.checkSeconds(RunEstimate.Key.solve("KLEENE", 131072)), 1e-6,
                "checked on the device, at the device certificate's rate whatever the host's threads");
        assertTrue(twoThreads.checkSeconds(RunEstimate.Key.solve("KLEENE", 131072)) > 200, "minutes at n = 131072");
        assertTrue(twoThreads.checkSeconds(RunEstimate.Key.solve("CPU_BLOCKED", 5000)) > 0, "checked by the host certificate");
    }

    /** A measurement replaces the assumption as soon as an iteration ends. */
    @Test
    void aMeasuredTimeReplacesTheAssumedOne() {
        RunEstimate estimate = new RunEstimate(List.of(new RunEstimate.Fork(LARGE, DEFAULTS)), Map.of(), RunEstimate.Model.planned(2));
        estimate.learn(SMALL, 0.2);
        assertEquals(1.6, estimate.solveTime(LARGE).orElseThrow(), 1e-9);
        assertEquals(List.of(), estimate.left().assumed());
        assertEquals("measured on this device at another n, scaled by n^3", estimate.solveTimeSource(LARGE));
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

    /** A run in the harness's JVM (-f 0: under compute-sanitizer, say) leaves its times out, even as the newest file. */
    @Test
    void earlierRunsInTheHarnessJvmTellNothing() throws Exception {
        Files.copy(Path.of("results", "2026-11-22_NVIDIA-H200.json"), dir.resolve("h200.json"));
        String text = Files.readString(Path.of("results", "2026-11-22_NVIDIA-H200.json"));
        String inProcess = text.replaceAll("\"forks\"\\s*:\\s*\\d+", "\"forks\" : 0");
        assertNotEquals(text, inProcess);
        Path newest = Files.writeString(dir.resolve("sanitized.json"), inProcess.replace("3.534569287896314", "3534.569287896314"));
        Files.setLastModifiedTime(newest, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        String h200 = "NVIDIA H200 (sm_90; 132 SMs; 139.8 GiB; driver 13.0)";
        assertEquals(3.534569287896314e-3, RunEstimate.earlierRuns(dir, h200).get(RunEstimate.Key.solve("NAIVE", 1000)), 1e-12);
    }

    @Test
    void durations() {
        assertEquals("0 s", RunEstimate.duration(0.2));
        assertEquals("59 s", RunEstimate.duration(59.4));
        assertEquals("1 min", RunEstimate.duration(60));
        assertEquals("2 min 10 s", RunEstimate.duration(130));
        assertEquals("1 h 5 min", RunEstimate.duration(3900));
        assertEquals("47 h 59 min", RunEstimate.duration(48 * 3600 - 60));
        assertEquals("3 days 1 h", RunEstimate.duration(73 * 3600));
    }

    /** kleene at n = 1000 twice (one range), 700 and 2000 (one each), and a CPU variant, which tunes nothing. */
    private static final List<RunEstimate.Fork> TILE_FORKS = List.of(
            new RunEstimate.Fork(RunEstimate.Key.solve("KLEENE", 1000), DEFAULTS), new RunEstimate.Fork(RunEstimate.Key.solve("KLEENE", 1000), DEFAULTS),
            new RunEstimate.Fork(RunEstimate.Key.solve("KLEENE", 700), DEFAULTS), new RunEstimate.Fork(RunEstimate.Key.solve("KLEENE", 2000), DEFAULTS),
            new RunEstimate.Fork(SMALL, DEFAULTS));

    /** kleene's 3 candidates, a warm-up and 3 timed solves each. */
    private static final int KLEENE_PASS_SOLVES = 3 * (LaunchTuning.WARM_UP_SOLVES + LaunchTuning.TIMED_SOLVES);

    private static List<Integer> tuningSolves(TuningMode mode, boolean cached) {
        return RunEstimate.withTuningPasses(TILE_FORKS, mode, (variant, n) -> cached).stream().map(f -> f.tuning().solves()).toList();
    }

    @Test
    void theFirstForkOfEachRangeTunesWhereNothingIsCached() {
        int p = KLEENE_PASS_SOLVES;
        assertEquals(List.of(p, 0, p, p, 0), tuningSolves(TuningMode.TUNED, false));
        assertEquals(List.of(0, 0, 0, 0, 0), tuningSolves(TuningMode.TUNED, true), "every range cached");
        assertEquals(List.of(p, p, p, p, 0), tuningSolves(TuningMode.RETUNE, true), "retune: every fork");
        assertEquals(List.of(0, 0, 0, 0, 0), tuningSolves(TuningMode.TABLE, false));
    }

    /**
     * dataflow and packed16 count each tile's blocks per SM as candidates: at n = 1000 T = 64 with 1,
     * 2 and all that fit and T = 128 with 1 and all (and packed16's T = 256); from n = 16384, tuned
     * there, dataflow's T = 128 with 1 and all; packed16 at T = 256 alone has one, so no pass.
     */
    @Test
    void dataflowAndPacked16PassesCountTheirBlocksPerSm() {
        int solves = LaunchTuning.WARM_UP_SOLVES + LaunchTuning.TIMED_SOLVES;
        List<RunEstimate.Fork> forks = RunEstimate.withTuningPasses(List.of(
                new RunEstimate.Fork(RunEstimate.Key.solve("DATAFLOW", 1000), DEFAULTS), new RunEstimate.Fork(RunEstimate.Key.solve("PACKED16", 1000), DEFAULTS),
                new RunEstimate.Fork(RunEstimate.Key.solve("DATAFLOW", 65_536), DEFAULTS), new RunEstimate.Fork(RunEstimate.Key.solve("PACKED16", 65_536), DEFAULTS)),
                TuningMode.TUNED, (v, n) -> false);
        assertEquals(List.of(new RunEstimate.Tuning(1000, 5 * solves), new RunEstimate.Tuning(1000, 6 * solves),
                new RunEstimate.Tuning(16_384, 2 * solves), RunEstimate.Tuning.NONE), forks.stream().map(RunEstimate.Fork::tuning).toList());
    }

    /** A trial above 16384 tunes at 16384: its pass costs solves at that n, not at its own. */
    @Test
    void aPassCostsItsSolvesAtTheNItTunesAt() {
        RunEstimate.Key large = RunEstimate.Key.solve("KLEENE", 65_536);
        List<RunEstimate.Fork> forks = RunEstimate.withTuningPasses(List.of(new RunEstimate.Fork(large, DEFAULTS)), TuningMode.TUNED, (v, n) -> false);
        assertEquals(new RunEstimate.Tuning(16_384, KLEENE_PASS_SOLVES), forks.get(0).tuning());
        RunEstimate estimate = new RunEstimate(forks, Map.of(RunEstimate.Key.solve("KLEENE", 16_384), 0.3), RunEstimate.Model.NONE);
        assertEquals(KLEENE_PASS_SOLVES * 0.3, estimate.tuningSeconds(forks.get(0)), 1e-9);
        assertEquals(0, estimate.tuningSeconds(new RunEstimate.Fork(large, DEFAULTS)));
        double withPass = estimate.left().seconds();
        double without = new RunEstimate(List.of(new RunEstimate.Fork(large, DEFAULTS)), Map.of(RunEstimate.Key.solve("KLEENE", 16_384), 0.3),
                RunEstimate.Model.NONE).left().seconds();
        assertEquals(KLEENE_PASS_SOLVES * 0.3, withPass - without, 1e-6);
    }
}
