package fwbench.bench;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.Collection;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;

/**
 * Adds the secondary metric {@value #LABEL}: the mean GPU time of one solve in each iteration,
 * measured with CUDA events around the solve, in the benchmark's time unit. Beside JMH's score it
 * shows what the harness adds on top of the GPU's own work. Iterations without GPU solves (CPU
 * variants) report nothing. The suite's main adds this profiler to every run.
 */
public final class GpuTimeProfiler implements InternalProfiler {

    public static final String LABEL = "gpu.time";

    @Override
    public String getDescription() {
        return "GPU time per solve from CUDA events (fwbench)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        GpuTimeLedger.reset();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        OptionalDouble millis = GpuTimeLedger.meanMillis();
        if (millis.isEmpty()) return List.of();
        TimeUnit unit = benchmarkParams.getTimeUnit();
        double value = millis.getAsDouble() * TimeUnit.MILLISECONDS.toNanos(1) / unit.toNanos(1);
        return List.of(new ScalarResult(LABEL, value, TimeValue.tuToString(unit) + "/op", AggregationPolicy.AVG));
    }
}
