package fwbench.bench;

import java.util.OptionalDouble;

/**
 * GPU milliseconds of the solves of the current iteration, collected by the benchmark (outside the
 * timed method) and read by {@link GpuTimeProfiler} at the iteration's end. Both run in the same
 * (forked) JVM.
 */
final class GpuTimeLedger {
    private static double totalMillis;
    private static long solves;

    private GpuTimeLedger() {
    }

    static synchronized void reset() {
        totalMillis = 0;
        solves = 0;
    }

    static synchronized void add(double millis) {
        totalMillis += millis;
        solves++;
    }

    static synchronized OptionalDouble meanMillis() {
        return solves == 0 ? OptionalDouble.empty() : OptionalDouble.of(totalMillis / solves);
    }
}
