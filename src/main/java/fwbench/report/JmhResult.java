package fwbench.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One object of JMH's JSON output, as written (scores in the file's units): the benchmark method,
 * its mode, its parameters, its metrics and how JMH measured it. {@link JmhJson} reads these;
 * {@link RunData} turns them into the suite's own records.
 *
 * @param source    the file it came from (for messages)
 * @param benchmark e.g. "fwbench.bench.FloydWarshallBenchmark.solve"
 * @param mode      JMH's short mode name: avgt, sample, ss, thrpt
 * @param params    the benchmark's parameters (JMH writes every value as a string)
 * @param primary   JMH's score
 * @param secondary secondary metrics by label (e.g. "gpu.time")
 * @param harness   JMH's settings and the JVM, as far as the source records them
 */
public record JmhResult(Path source, String benchmark, String mode, Map<String, String> params, Metric primary,
                        Map<String, Metric> secondary, Harness harness) {

    /** A result whose source records nothing of how it was measured (as the end-of-run summary holds it). */
    public JmhResult(Path source, String benchmark, String mode, Map<String, String> params, Metric primary,
                     Map<String, Metric> secondary) {
        this(source, benchmark, mode, params, primary, secondary, Harness.UNRECORDED);
    }

    /**
     * How JMH measured a result, from the fields it writes beside each one: its version, the mode
     * ("avgt"), the forks, the warm-up and measured iterations with their set times ("500 ms", as JMH
     * writes them), and the JVM. A field the source lacks is empty: the report states only what was recorded.
     */
    public record Harness(Optional<String> jmhVersion, Optional<String> mode, OptionalInt forks, OptionalInt warmupIterations,
                          Optional<String> warmupTime, OptionalInt measurementIterations, Optional<String> measurementTime,
                          Optional<String> jdkVersion, Optional<String> vmName, Optional<String> vmVersion, List<String> jvmArgs) {

        public static final Harness UNRECORDED = new Harness(Optional.empty(), Optional.empty(), OptionalInt.empty(), OptionalInt.empty(),
                Optional.empty(), OptionalInt.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), List.of());

        public Harness {
            jvmArgs = List.copyOf(jvmArgs);
        }

        /** JMH's settings alone, without its version and the JVM: what makes a group of results measured alike. */
        public Harness iterationsOnly() {
            return new Harness(Optional.empty(), mode, forks, warmupIterations, warmupTime, measurementIterations, measurementTime,
                    Optional.empty(), Optional.empty(), Optional.empty(), List.of());
        }
    }

    /**
     * A score, its error (NaN when JMH had too few samples for one), its unit, e.g. "ms/op", and the
     * measured iterations' scores it summarises (JMH's rawData, every fork's in turn; empty where
     * the source has none).
     */
    public record Metric(double score, double error, String unit, List<Double> iterations) {

        public Metric {
            iterations = List.copyOf(iterations);
        }

        /** A metric without its iterations (as the end-of-run summary holds it). */
        public Metric(double score, double error, String unit) {
            this(score, error, unit, List.of());
        }
    }

    public Optional<String> param(String name) {
        return Optional.ofNullable(params.get(name));
    }

    public Optional<Metric> secondary(String label) {
        return Optional.ofNullable(secondary.get(label));
    }
}
