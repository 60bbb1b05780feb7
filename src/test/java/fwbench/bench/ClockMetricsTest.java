package fwbench.bench;

import fwbench.GpuTest;
import fwbench.cuda.Gpu;
import fwbench.nvml.NvmlSample;
import fwbench.results.ResultsFormat;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** An iteration's NVML reading as the secondary metrics the results hold, and the line a run without NVML prints. */
class ClockMetricsTest {

    private static NvmlSample sample(long reasons) {
        return new NvmlSample(OptionalInt.of(1530), OptionalInt.of(1980), OptionalInt.of(2619), OptionalInt.of(71),
                OptionalInt.of(699_250), OptionalLong.of(reasons));
    }

    private static Map<String, Result> byLabel(List<Result> metrics) {
        Map<String, Result> labels = new LinkedHashMap<>();
        metrics.forEach(m -> labels.put(m.getLabel(), m));
        return labels;
    }

    @Test
    void everyValueIsAMetricInItsUnit() {
        Map<String, Result> metrics = byLabel(ClockMetrics.of(sample(0x4)));
        assertEquals(List.of(ResultsFormat.GPU_CLOCK_SM, ResultsFormat.GPU_CLOCK_SM_MIN, ResultsFormat.GPU_CLOCK_SM_MAX,
                ResultsFormat.GPU_CLOCK_MEM, ResultsFormat.GPU_TEMPERATURE, ResultsFormat.GPU_POWER, ResultsFormat.GPU_THROTTLED,
                ResultsFormat.GPU_CLOCK_REASONS), List.copyOf(metrics.keySet()));
        assertEquals(1530, metrics.get(ResultsFormat.GPU_CLOCK_SM).getScore());
        assertEquals("MHz", metrics.get(ResultsFormat.GPU_CLOCK_SM_MAX).getScoreUnit());
        assertEquals(1980, metrics.get(ResultsFormat.GPU_CLOCK_SM_MAX).getScore());
        assertEquals(2619, metrics.get(ResultsFormat.GPU_CLOCK_MEM).getScore());
        assertEquals(71, metrics.get(ResultsFormat.GPU_TEMPERATURE).getScore());
        assertEquals("W", metrics.get(ResultsFormat.GPU_POWER).getScoreUnit());
        assertEquals(699.25, metrics.get(ResultsFormat.GPU_POWER).getScore(), 1e-9);
        assertEquals(4, metrics.get(ResultsFormat.GPU_CLOCK_REASONS).getScore());
    }

    /** A power cap or thermal slowdown is throttling; an idle GPU, a clocks setting or sync boost are not. */
    @Test
    void anIterationIsThrottledByHeatOrPowerOnly() {
        for (long throttling : new long[] {0x4, 0x8, 0x20, 0x40, 0x80, 0x4 | 0x1}) {
            assertEquals(1, byLabel(ClockMetrics.of(sample(throttling))).get(ResultsFormat.GPU_THROTTLED).getScore(), Long.toHexString(throttling));
        }
        for (long other : new long[] {0, 0x1, 0x2, 0x10, 0x100}) {
            assertEquals(0, byLabel(ClockMetrics.of(sample(other))).get(ResultsFormat.GPU_THROTTLED).getScore(), Long.toHexString(other));
        }
    }

    @Test
    void whatADeviceDoesNotReportIsLeftOut() {
        NvmlSample partial = new NvmlSample(OptionalInt.of(1980), OptionalInt.of(1980), OptionalInt.empty(), OptionalInt.empty(),
                OptionalInt.empty(), OptionalLong.empty());
        assertEquals(List.of(ResultsFormat.GPU_CLOCK_SM, ResultsFormat.GPU_CLOCK_SM_MIN, ResultsFormat.GPU_CLOCK_SM_MAX),
                List.copyOf(byLabel(ClockMetrics.of(partial)).keySet()));
    }

    /** Without the driver's NVML (this machine, CI): why, in the words the benchmark command prints once a run; and no reading. */
    @Test
    void withoutNvmlTheReasonIsOneLineAndNothingIsRead() {
        Optional<String> why = DeviceClocks.whyNotRecorded();
        assumeTrue(why.isPresent(), "this machine records clocks: the NVML path is checked on a GPU");
        assertTrue(why.get().equals("no NVML (libnvidia-ml.so.1 not found)") || !Gpu.available(), why.get());
        assertFalse(why.get().contains("\n"), why.get());
        assertTrue(DeviceClocks.sample().isEmpty());
    }

    /** On a GPU with its driver: NVML knows CUDA's device 0, and a reading holds its clocks within their maximum. */
    @Test
    @GpuTest
    void onAGpuTheDeviceIsReadThroughNvml() {
        assertEquals(Optional.empty(), DeviceClocks.whyNotRecorded());
        NvmlSample sample = DeviceClocks.sample().orElseThrow();
        int max = sample.maxSmClockMhz().orElseThrow();
        assertTrue(max > 0 && sample.smClockMhz().orElseThrow() <= max, sample.toString());
        assertTrue(sample.clockEventReasons().isPresent(), sample.toString());
    }
}
