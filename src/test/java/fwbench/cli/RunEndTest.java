package fwbench.cli;

import fwbench.report.JmhResult;
import fwbench.report.RunData;
import fwbench.report.RunSummary;
import fwbench.results.ResultsFormat;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
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
}
