package fwbench.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One object of JMH's JSON output, as written (scores in the file's units): the benchmark method,
 * its mode, its parameters and its metrics. {@link JmhJson} reads these; {@link RunData} turns them
 * into the suite's own records.
 *
 * @param source    the file it came from (for messages)
 * @param benchmark e.g. "fwbench.bench.FloydWarshallBenchmark.solve"
 * @param mode      JMH's short mode name: avgt, sample, ss, thrpt
 * @param params    the benchmark's parameters (JMH writes every value as a string)
 * @param primary   JMH's score
 * @param secondary secondary metrics by label (e.g. "gpu.time")
 */
public record JmhResult(Path source, String benchmark, String mode, Map<String, String> params, Metric primary,
                        Map<String, Metric> secondary) {

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
