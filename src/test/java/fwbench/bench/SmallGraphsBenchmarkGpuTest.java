package fwbench.bench;

import fwbench.GpuTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

/**
 * SmallGraphsBenchmark's trial setup (which solves the batch once and checks every graph against the
 * CPU reference) and one timed solve after a reset, every graph checked again: 50 graphs at n = 33,
 * for small-graphs (one launch) and kleene (one solver per graph).
 */
@GpuTest
class SmallGraphsBenchmarkGpuTest {

    @ParameterizedTest
    @ValueSource(strings = {"small-graphs", "kleene"})
    void setupAndOneSolveVerifyEveryGraph(String variant) {
        SmallGraphsBenchmark benchmark = new SmallGraphsBenchmark();
        benchmark.n = 33;
        benchmark.batch = 50;
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
