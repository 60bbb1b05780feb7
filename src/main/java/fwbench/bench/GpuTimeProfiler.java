package fwbench.bench;

import fwbench.results.ResultsFormat;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;

/**
 * Adds the GPU's own view of each iteration as secondary metrics, from CUDA events around every
 * solve:
 * <ul>
 *   <li>{@value ResultsFormat#GPU_TIME}: mean GPU time of one solve, in the benchmark's time unit; beside JMH's
 *       score it shows what the harness adds on top of the GPU's work;</li>
 *   <li>{@value ResultsFormat#GPU_RATE}: relaxations per second of GPU time (n^3 per solve; for the peak benchmark
 *       the relaxations its kernel performs: the device's ceiling);</li>
 *   <li>{@value ResultsFormat#GPU_MEMORY}: device memory the solver held, in MiB;</li>
 *   <li>{@value ResultsFormat#LAUNCH_PREFIX}tile, restLaunches, blocksPerSm, groupedRounds: the launch
 *       settings the solver runs with, those its variant has ({@code Solver.launchInEffect()});</li>
 *   <li>the device's SM and memory clocks, temperature, power draw and clock event reasons, read
 *       through NVML at the iteration's end, after its last timed solve ({@link ClockMetrics}); none
 *       without NVML ({@link DeviceClocks}).</li>
 * </ul>
 * Iterations without GPU work (CPU variants) report nothing. The suite's main adds this profiler
 * to every run.
 */
public final class GpuTimeProfiler implements InternalProfiler {

    @Override
    public String getDescription() {
        return "GPU time, relaxation rate and device memory per solve, from CUDA events; clocks and throttling through NVML (fwbench)";
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
        List<Result> results = new ArrayList<>();
        double value = millis.getAsDouble() * TimeUnit.MILLISECONDS.toNanos(1) / unit.toNanos(1);
        results.add(new ScalarResult(ResultsFormat.GPU_TIME, value, TimeValue.tuToString(unit) + "/op", AggregationPolicy.AVG));
        GpuTimeLedger.relaxationsPerSecond().ifPresent(rate ->
                results.add(new ScalarResult(ResultsFormat.GPU_RATE, rate, "relaxations/s", AggregationPolicy.AVG)));
        results.add(new ScalarResult(ResultsFormat.GPU_MEMORY, GpuTimeLedger.deviceBytes() / (double) (1 << 20), "MiB", AggregationPolicy.MAX));
        GpuTimeLedger.launchSettings().forEach((name, setting) ->
                results.add(new ScalarResult(ResultsFormat.LAUNCH_PREFIX + name, setting, "setting", AggregationPolicy.MAX)));
        DeviceClocks.sample().ifPresent(sample -> results.addAll(ClockMetrics.of(sample)));
        return results;
    }
}
