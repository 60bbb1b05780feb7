package fwbench.bench;

import fwbench.GpuTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

/**
 * SmallGraphsBenchmark's trial setup (which solves the batch once and checks every graph against the
 * CPU reference) and one timed solve after a reset, every graph checked again: 50 graphs at n = 33,
 * for small-graphs (one launch) and kleene (one solver per graph), and at n = 300 (small-graphs'
 * class 512, in global memory).
 */
@GpuTest
class SmallGraphsBenchmarkGpuTest {

    @ParameterizedTest
    @CsvSource({"small-graphs, 33", "kleene, 33", "small-graphs, 300"})
    void setupAndOneSolveVerifyEveryGraph(String variant, int n) {
        SmallGraphsBenchmark benchmark = new SmallGraphsBenchmark();
        benchmark.n = n;
        benchmark.batch = "50";
        benchmark.seed = 42;
        benchmark.variant = variant;
        benchmark.device = "";
        try {
            benchmark.prepare();
            benchmark.restore();
            benchmark.solve();
            benchmark.recordGpuTime();
            assertDoesNotThrow(benchmark::verifyAll);
        } finally {
            benchmark.release();
        }
    }
}
