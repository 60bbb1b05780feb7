package fwbench.report;

import java.nio.file.Path;
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

    /** A score, its error (NaN when JMH had too few samples for one) and its unit, e.g. "ms/op". */
    public record Metric(double score, double error, String unit) {
    }

    public Optional<String> param(String name) {
        return Optional.ofNullable(params.get(name));
    }

    public Optional<Metric> secondary(String label) {
        return Optional.ofNullable(secondary.get(label));
    }
}
