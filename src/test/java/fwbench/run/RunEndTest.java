package fwbench.run;

import fwbench.report.JmhResult;
import fwbench.report.RunData;
import fwbench.report.RunSummary;
import fwbench.results.ClockEventReason;
import fwbench.results.ResultsFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lines under the run's summary: what n/a means, and which results are too noisy to read alone. */
class RunEndTest {

    private static final Path FILE = Path.of("results", "run.json");

    private static JmhResult solve(String variant, int n, double millis, double error) {
        return new JmhResult(FILE, ResultsFormat.SOLVE_BENCHMARK, "avgt",
                Map.of("variant", variant, "n", String.valueOf(n), "graph", "random", "launch", "GRAPH", "seed", "42",
                        "device", "no GPU (CPU: AMD EPYC; 2 threads)"),
                new JmhResult.Metric(millis, error, "ms/op"), Map.of());
    }

    private static List<String> legend(JmhResult... results) throws Exception {
        RunData data = RunData.ofRun(FILE, List.of(results));
        return RunEnd.legend(data, RunSummary.lines(data));
    }

    /** The walkthrough's run: cpu-serial skipped at 2500 by its default limit, cpu-blocked's 6 s solves in 0.5 s iterations. */
    @Test
    void nAIsExplainedAndANoisyResultIsMarkedWithAHint() throws Exception {
        List<String> lines = legend(solve("CPU_SERIAL", 1000, 737.3, 248.6 * 0.5), solve("CPU_BLOCKED", 1000, 794.2, 90),
                solve("CPU_BLOCKED", 2500, 5934, 8543));
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("n/a: not measured at that n (skipped by the variant's default limit, not asked for, or failed"),
                lines.get(0));
        assertEquals("noisy (error over 20% of the time): cpu-blocked at n=2500 (± 144%); steadier with more iterations (-i 10) "
                + "or fewer busy cores", lines.get(1));
    }

    @Test
    void aCompleteQuietRunNeedsNoLegend() throws Exception {
        assertEquals(List.of(), legend(solve("CPU_SERIAL", 1000, 700, 70), solve("CPU_BLOCKED", 1000, 300, 60)));
        assertEquals(List.of(), legend(solve("CPU_BLOCKED", 1000, 300, Double.NaN)), "no error: one measured iteration");
    }

    private static JmhResult batch(String variant, double millis, double error) {
        return new JmhResult(FILE, ResultsFormat.SMALL_GRAPHS_BENCHMARK, "avgt",
                Map.of("variant", variant, "n", "64", "batch", "1056", "seed", "42", "device", "NVIDIA H200 (sm_90; 132 SMs; 139.8 GiB; driver 13.0)"),
                new JmhResult.Metric(millis, error, "ms/op"), Map.of());
    }

    /**
     * A run of batches of small graphs alone: the summary prints the batch table's rows (1,056 graphs in
     * 0.5 ms: 2.11 M graphs/s, 553.6 G relax/s; kleene 40x slower), and the report command is suggested.
     */
    @Test
    void aRunOfSmallGraphBatchesAloneSummarizesItsRows(@TempDir Path dir) throws Exception {
        RunData data = RunData.ofRun(FILE, List.of(batch("kleene", 20, 0.5), batch("small-graphs", 0.5, 0.01)));
        List<String> lines = RunSummary.lines(data);
        assertEquals(List.of("",
                        "Batches of small graphs on NVIDIA H200 (sm_90; 132 SMs; 139.8 GiB; driver 13.0)",
                        " n  variant       batch     ms per batch  M graphs/s  G relax/s  small-graphs speedup",
                        "64  small-graphs  1,056  0.5000 ± 0.0100        2.11        554                 1.00x",
                        "64  kleene        1,056     20.00 ± 0.50      0.0528       13.8                40.00x"),
                lines.subList(1, lines.size()), String.join("\n", lines));
        assertTrue(lines.get(0).startsWith("batches of small graphs: time per batch in ms"), lines.get(0));
        assertEquals(List.of(), RunEnd.legend(data, lines));
        ResultsTarget target = ResultsTarget.choose(dir, null, null, "h200", LocalDate.of(2026, 1, 2));
        assertTrue(RunEnd.nextStep(target, true).startsWith("tables and charts: "), RunEnd.nextStep(target, true));
        assertTrue(RunEnd.nextStep(target, false).startsWith("this run measured only the device's ceiling"));
    }

    /**
     * A result whose iterations ran power capped gets the mark's line under the table, with NVML's
     * figures; a result at its clocks, or without NVML's metrics (a CPU variant), none.
     */
    @Test
    void aThrottledResultIsNamedWithItsFigures() throws Exception {
        JmhResult capped = withClocks(solve("KLEENE", 10000, 67.4, 0.1), new double[] {1980, 1530, 1620}, new double[] {0, 0x4, 0x4 | 0x1});
        JmhResult fine = withClocks(solve("KLEENE", 5000, 8.6, 0.01), new double[] {1980, 1980, 1965}, new double[] {0, 0x1, 0});
        List<String> lines = legend(capped, fine, solve("CPU_BLOCKED", 1000, 300, 60));
        assertEquals(List.of("†: ran throttled (a thermal or power limit) or below 90% of the maximum SM clock in some measured iteration, "
                + "as NVML read the GPU at each iteration's end: kleene at n=10000 (SM clock 1,530 of 1,980 MHz, power cap in 2 of 3 iterations)"),
                lines.subList(1, lines.size()), "after the n/a line");
        assertEquals(List.of(), legend(fine, solve("CPU_BLOCKED", 5000, 300, 60)).stream().filter(l -> l.contains("†")).toList());
    }

    /** A result with NVML's metrics as the profiler records them, one value an iteration, each scored as JMH does. */
    private static JmhResult withClocks(JmhResult r, double[] smMhz, double[] reasons) {
        Map<String, JmhResult.Metric> metrics = new java.util.LinkedHashMap<>(r.secondary());
        List<Double> sm = java.util.Arrays.stream(smMhz).boxed().toList();
        List<Double> throttled = java.util.Arrays.stream(reasons).map(m -> ((long) m & ClockEventReason.THROTTLING) != 0 ? 1 : 0).boxed().toList();
        metrics.put(ResultsFormat.GPU_CLOCK_SM_MIN, new JmhResult.Metric(java.util.Collections.min(sm), Double.NaN, "MHz", sm));
        metrics.put(ResultsFormat.GPU_CLOCK_SM_MAX, new JmhResult.Metric(1980, Double.NaN, "MHz", sm.stream().map(x -> 1980.0).toList()));
        metrics.put(ResultsFormat.GPU_THROTTLED, new JmhResult.Metric(throttled.stream().mapToDouble(Double::doubleValue).average().orElseThrow(),
                Double.NaN, "share of iterations", throttled));
        metrics.put(ResultsFormat.GPU_CLOCK_REASONS, new JmhResult.Metric(java.util.Arrays.stream(reasons).max().orElseThrow(), Double.NaN,
                "NVML bit mask", java.util.Arrays.stream(reasons).boxed().toList()));
        return new JmhResult(r.source(), r.benchmark(), r.mode(), r.params(), r.primary(), metrics);
    }
}
