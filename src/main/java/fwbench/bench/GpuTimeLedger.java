package fwbench.bench;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What the solves of the current iteration did on the GPU: their GPU time, the relaxations they
 * performed and the device memory they held; and the launch settings of the trial's solver.
 * Recorded by the benchmarks outside the timed method and read by {@link GpuTimeProfiler} at the
 * iteration's end, in the same (forked) JVM.
 */
final class GpuTimeLedger {
    private static Map<String, Integer> launchSettings = Map.of();  // the trial's, kept across its iterations
    private static double totalMillis;
    private static double totalRelaxations;
    private static long solves;
    private static long deviceBytes;

    private GpuTimeLedger() {
    }

    static synchronized void reset() {
        totalMillis = 0;
        totalRelaxations = 0;
        solves = 0;
        deviceBytes = 0;
    }

    /** One solve (or one peak launch): its GPU time, relaxations, and device memory held. */
    static synchronized void add(double millis, double relaxations, long bytes) {
        totalMillis += millis;
        totalRelaxations += relaxations;
        solves++;
        deviceBytes = Math.max(deviceBytes, bytes);
    }

    static synchronized OptionalDouble meanMillis() {
        return solves == 0 ? OptionalDouble.empty() : OptionalDouble.of(totalMillis / solves);
    }

    /** Relaxations per second of GPU time. */
    static synchronized OptionalDouble relaxationsPerSecond() {
        return solves == 0 || totalMillis <= 0 ? OptionalDouble.empty() : OptionalDouble.of(totalRelaxations / (totalMillis / 1e3));
    }

    static synchronized long deviceBytes() {
        return deviceBytes;
    }

    /**
     * The trial's launch settings by name ({@code LaunchInEffect.named()}), set once its solver is
     * verified and cleared when the next trial starts: JMH runs a trial's teardown before the
     * profiler reads its last iteration.
     */
    static synchronized void launchSettings(Map<String, Integer> settings) {
        launchSettings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    static synchronized Map<String, Integer> launchSettings() {
        return launchSettings;
    }
}
