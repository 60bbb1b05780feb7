package fwbench.bench;

import fwbench.nvml.NvmlSample;
import fwbench.results.ClockEventReason;
import fwbench.results.ResultsFormat;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.util.ArrayList;
import java.util.List;

/**
 * One iteration's NVML reading as JMH secondary metrics (their names: {@link ResultsFormat}). Each
 * metric's policy says how JMH sums up the iterations in its score: the clocks, temperature and power
 * as their mean, the lowest SM clock as the minimum, the throttled iterations as their share; every
 * iteration's own value stays in the metric's rawData. A value the device does not report is left out.
 */
final class ClockMetrics {

    static final String MHZ = "MHz";
    static final String CELSIUS = "C";
    static final String WATTS = "W";
    static final String SHARE = "share of iterations";
    static final String BIT_MASK = "NVML bit mask";

    private ClockMetrics() {
    }

    static List<Result> of(NvmlSample sample) {
        List<Result> metrics = new ArrayList<>();
        sample.smClockMhz().ifPresent(mhz -> {
            metrics.add(new ScalarResult(ResultsFormat.GPU_CLOCK_SM, mhz, MHZ, AggregationPolicy.AVG));
            metrics.add(new ScalarResult(ResultsFormat.GPU_CLOCK_SM_MIN, mhz, MHZ, AggregationPolicy.MIN));
        });
        sample.maxSmClockMhz().ifPresent(mhz -> metrics.add(new ScalarResult(ResultsFormat.GPU_CLOCK_SM_MAX, mhz, MHZ, AggregationPolicy.MAX)));
        sample.memoryClockMhz().ifPresent(mhz -> metrics.add(new ScalarResult(ResultsFormat.GPU_CLOCK_MEM, mhz, MHZ, AggregationPolicy.AVG)));
        sample.temperatureC().ifPresent(c -> metrics.add(new ScalarResult(ResultsFormat.GPU_TEMPERATURE, c, CELSIUS, AggregationPolicy.AVG)));
        sample.powerMilliwatts().ifPresent(mw -> metrics.add(new ScalarResult(ResultsFormat.GPU_POWER, mw / 1e3, WATTS, AggregationPolicy.AVG)));
        sample.clockEventReasons().ifPresent(mask -> {
            metrics.add(new ScalarResult(ResultsFormat.GPU_THROTTLED, ClockEventReason.throttled(mask) ? 1 : 0, SHARE, AggregationPolicy.AVG));
            metrics.add(new ScalarResult(ResultsFormat.GPU_CLOCK_REASONS, mask, BIT_MASK, AggregationPolicy.MAX));
        });
        return metrics;
    }
}
