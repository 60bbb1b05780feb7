package fwbench.bench;

import fwbench.results.ResultsFormat;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The names the report reads (fwbench.results) are the names JMH writes for these benchmarks: a
 * renamed class, method or {@code @Param} field would otherwise leave the report finding nothing.
 */
class ResultsFormatTest {

    @Test
    void benchmarkNamesAreTheBenchmarkMethods() throws NoSuchMethodException {
        assertEquals(FloydWarshallBenchmark.class.getName() + ".solve", ResultsFormat.SOLVE_BENCHMARK);
        assertTrue(FloydWarshallBenchmark.class.getMethod("solve").isAnnotationPresent(Benchmark.class));
        assertEquals(PeakBenchmark.class.getName() + ".relax", ResultsFormat.PEAK_BENCHMARK);
        assertTrue(PeakBenchmark.class.getMethod("relax").isAnnotationPresent(Benchmark.class));
    }

    @Test
    void parameterNamesAreTheBenchmarksParamFields() {
        assertEquals(Set.of(ResultsFormat.VARIANT, ResultsFormat.N, ResultsFormat.GRAPH, ResultsFormat.SEED,
                ResultsFormat.LAUNCH, ResultsFormat.GPUS, ResultsFormat.DEVICE, ResultsFormat.KERNEL_SHA256), params(FloydWarshallBenchmark.class));
        assertEquals(Set.of(ResultsFormat.CELL, ResultsFormat.DEVICE), params(PeakBenchmark.class));
    }

    private static Set<String> params(Class<?> benchmark) {
        return Arrays.stream(benchmark.getFields()).filter(f -> f.isAnnotationPresent(Param.class))
                .map(Field::getName).collect(Collectors.toSet());
    }
}
