package fwbench.run;

import fwbench.bench.FloydWarshallBenchmark;
import fwbench.results.ResultsFormat;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A benchmark's defaults as its JMH annotations declare them (@Param values, @Fork, @Warmup,
 * @Measurement), read back so that the planner and the help page never keep a second copy.
 */
public final class BenchmarkDefaults {

    private BenchmarkDefaults() {
    }

    /** The values of the {@code @Param} field {@code name} of {@code benchmark} (empty: set by the suite). */
    public static List<String> paramValues(Class<?> benchmark, String name) {
        try {
            return List.of(benchmark.getField(name).getAnnotation(Param.class).value());
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(benchmark.getSimpleName() + " has no parameter " + name, e);
        }
    }

    /** The sizes a run takes without -p n: the solve benchmark's {@code n} values. */
    public static List<Integer> sizes() {
        return paramValues(FloydWarshallBenchmark.class, ResultsFormat.N).stream().map(Integer::valueOf).toList();
    }

    /** JMH's settings for {@code benchmark} in words, with the options that override each. */
    public static String jmhSettings(Class<?> benchmark) {
        Fork fork = benchmark.getAnnotation(Fork.class);
        Warmup warmup = benchmark.getAnnotation(Warmup.class);
        Measurement measurement = benchmark.getAnnotation(Measurement.class);
        return fork.value() + (fork.value() == 1 ? " fork" : " forks") + " (-f) per variant and n, "
                + warmup.iterations() + " warm-up iterations (-wi) of " + time(warmup.time(), warmup.timeUnit()) + " (-w), "
                + measurement.iterations() + " measured iterations (-i) of " + time(measurement.time(), measurement.timeUnit()) + " (-r)";
    }

    /** As JMH prints a time ("500 ms"). */
    private static String time(int amount, TimeUnit unit) {
        return new TimeValue(amount, unit).toString();
    }
}
