package fwbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import fwbench.results.ClockEventReason;
import fwbench.results.ResultsFormat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/**
 * The report's test inputs. {@value #RUN} is a verbatim copy of the real H200 run in results/;
 * variations of it (a combination removed, a variant renamed, times scaled or in another unit) are
 * made here, in code, so each test shows what it changed. {@value #PEAK} is synthetic: the shape
 * PeakBenchmark is designed to write, with made-up rates.
 */
final class Fixtures {

    static final String RUN = "2026-11-22_NVIDIA-H200.json";
    static final String PEAK = "peak-SYNTHETIC.json";
    static final String DEVICE = "NVIDIA H200 (sm_90; 132 SMs; 139.8 GiB; driver 13.0)";
    static final ObjectMapper JSON = new ObjectMapper();

    private Fixtures() {
    }

    static ArrayNode tree(String resource) {
        try (InputStream in = Fixtures.class.getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException("no test resource " + resource);
            return (ArrayNode) JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path write(JsonNode tree, Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), tree);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A resource copied byte for byte. */
    static Path copy(String resource, Path file) {
        try (InputStream in = Fixtures.class.getResourceAsStream(resource)) {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.copy(in, file);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Predicate<JsonNode> at(String variant, int n) {
        return r -> r.path("params").path("variant").asText().equals(variant)
                && r.path("params").path("n").asText().equals(String.valueOf(n));
    }

    static Predicate<JsonNode> variant(String variant) {
        return r -> r.path("params").path("variant").asText().equals(variant);
    }

    /** The run without the results that match. */
    static ArrayNode without(ArrayNode run, Predicate<JsonNode> drop) {
        ArrayNode kept = run.deepCopy();
        for (int i = kept.size() - 1; i >= 0; i--) if (drop.test(kept.get(i))) kept.remove(i);
        return kept;
    }

    /** The run with one parameter set to a value in the results that match. */
    static ArrayNode withParam(ArrayNode run, Predicate<JsonNode> which, String name, String value) {
        ArrayNode changed = run.deepCopy();
        for (JsonNode r : changed) if (which.test(r)) ((ObjectNode) r.get("params")).put(name, value);
        return changed;
    }

    /** The run with the matching results' times (score, error, iterations and gpu.time) multiplied by a factor. */
    static ArrayNode scaled(ArrayNode run, Predicate<JsonNode> which, double factor) {
        ArrayNode changed = run.deepCopy();
        for (JsonNode r : changed) {
            if (!which.test(r)) continue;
            for (JsonNode metric : List.of(r.get("primaryMetric"), r.path("secondaryMetrics").path("gpu.time"))) {
                if (metric.isMissingNode()) continue;
                ((ObjectNode) metric).put("score", metric.get("score").asDouble() * factor);
                ((ObjectNode) metric).put("scoreError", metric.get("scoreError").asDouble() * factor);
                for (JsonNode fork : metric.path("rawData")) {
                    for (int i = 0; i < fork.size(); i++) ((ArrayNode) fork).set(i, fork.get(i).asDouble() * factor);
                }
            }
        }
        return changed;
    }

    /**
     * The run with the matching results' measured iterations replaced, one array per fork as JMH
     * writes rawData, and the score their mean (as JMH's average time is).
     */
    static ArrayNode withIterations(ArrayNode run, Predicate<JsonNode> which, double[]... forks) {
        ArrayNode changed = run.deepCopy();
        for (JsonNode r : changed) {
            if (!which.test(r)) continue;
            ObjectNode metric = (ObjectNode) r.get("primaryMetric");
            ArrayNode rawData = metric.putArray("rawData");
            double sum = 0;
            int count = 0;
            for (double[] fork : forks) {
                ArrayNode scores = rawData.addArray();
                for (double score : fork) {
                    scores.add(score);
                    sum += score;
                    count++;
                }
            }
            metric.put("score", sum / count);
        }
        return changed;
    }

    /**
     * The run with NVML's metrics on the matching results, as the profiler writes them in one fork: an
     * iteration per SM clock and reason mask, the device's maximum SM clock, and each metric's score
     * as JMH sums it up (the mean, the lowest, the share of iterations throttled, the largest mask).
     */
    static ArrayNode withClocks(ArrayNode run, Predicate<JsonNode> which, int maxSmMhz, int[] smMhz, long[] reasons) {
        ArrayNode changed = run.deepCopy();
        double[] sm = java.util.Arrays.stream(smMhz).asDoubleStream().toArray();
        double[] max = java.util.Arrays.stream(smMhz).mapToDouble(mhz -> maxSmMhz).toArray();
        double[] throttled = java.util.Arrays.stream(reasons).mapToDouble(m -> (m & ClockEventReason.THROTTLING) != 0 ? 1 : 0).toArray();
        double[] masks = java.util.Arrays.stream(reasons).asDoubleStream().toArray();
        for (JsonNode r : changed) {
            if (!which.test(r)) continue;
            ObjectNode metrics = (ObjectNode) r.get("secondaryMetrics");
            metric(metrics, ResultsFormat.GPU_CLOCK_SM, "MHz", sm, java.util.Arrays.stream(sm).average().orElseThrow());
            metric(metrics, ResultsFormat.GPU_CLOCK_SM_MIN, "MHz", sm, java.util.Arrays.stream(sm).min().orElseThrow());
            metric(metrics, ResultsFormat.GPU_CLOCK_SM_MAX, "MHz", max, maxSmMhz);
            metric(metrics, ResultsFormat.GPU_THROTTLED, "share of iterations", throttled, java.util.Arrays.stream(throttled).average().orElseThrow());
            metric(metrics, ResultsFormat.GPU_CLOCK_REASONS, "NVML bit mask", masks, java.util.Arrays.stream(masks).max().orElseThrow());
        }
        return changed;
    }

    /** The run with launch settings on the matching results, as the profiler writes them: one metric a setting, the same every iteration. */
    static ArrayNode withLaunch(ArrayNode run, Predicate<JsonNode> which, java.util.Map<String, Integer> settings) {
        ArrayNode changed = run.deepCopy();
        for (JsonNode r : changed) {
            if (!which.test(r)) continue;
            ObjectNode metrics = (ObjectNode) r.get("secondaryMetrics");
            settings.forEach((name, value) -> metric(metrics, ResultsFormat.LAUNCH_PREFIX + name, "setting", new double[] {value, value}, value));
        }
        return changed;
    }

    private static void metric(ObjectNode metrics, String label, String unit, double[] iterations, double score) {
        ObjectNode metric = metrics.putObject(label);
        metric.put("score", score);
        metric.put("scoreError", "NaN");
        metric.put("scoreUnit", unit);
        ArrayNode fork = metric.putArray("rawData").addArray();
        for (double value : iterations) fork.add(value);
    }

    /** The run in another time unit (as JMH writes it after -tu), every value converted. */
    static ArrayNode inUnit(ArrayNode run, String unit, double perMillisecond) {
        ArrayNode changed = scaled(run, r -> true, perMillisecond);
        for (JsonNode r : changed) {
            ((ObjectNode) r.get("primaryMetric")).put("scoreUnit", unit);
            ((ObjectNode) r.path("secondaryMetrics").path("gpu.time")).put("scoreUnit", unit);
        }
        return changed;
    }

    /** The run with a field of JMH's beside each result ("jdkVersion", "forks") set to a value in the results that match. */
    static ArrayNode withField(ArrayNode run, Predicate<JsonNode> which, String name, JsonNode value) {
        ArrayNode changed = run.deepCopy();
        for (JsonNode r : changed) if (which.test(r)) ((ObjectNode) r).set(name, value);
        return changed;
    }

    /** The run without these fields of JMH's beside each result, as a file that does not record them. */
    static ArrayNode withoutFields(ArrayNode run, String... names) {
        ArrayNode changed = run.deepCopy();
        for (JsonNode r : changed) ((ObjectNode) r).remove(List.of(names));
        return changed;
    }

    /** The label of a device without a GPU, as the benchmark writes it. */
    static final String CPU_DEVICE = "no GPU (CPU: AMD EPYC; 2 threads)";

    /**
     * The run as a run without a GPU records it: naive's results as cpu-serial's, blocked's as
     * cpu-blocked's, on the CPU, with gpus=all as every result of a run records it now.
     */
    static ArrayNode cpuRun() {
        ArrayNode run = withParam(withParam(tree(RUN), variant("NAIVE"), "variant", "CPU_SERIAL"), variant("BLOCKED"), "variant", "CPU_BLOCKED");
        return withParam(withParam(run, r -> true, "device", CPU_DEVICE), r -> true, "gpus", "all");
    }

    /** The run as if each n had been a graph file of that n: graph=gN.gr. */
    static ArrayNode graphFiles() {
        ArrayNode run = tree(RUN).deepCopy();
        for (JsonNode r : run) ((ObjectNode) r.get("params")).put("graph", "graphs/g" + r.path("params").path("n").asText() + ".gr");
        return run;
    }

    /** Two runs as one array. */
    static ArrayNode concat(ArrayNode first, ArrayNode second) {
        ArrayNode both = first.deepCopy();
        both.addAll(second.deepCopy());
        return both;
    }

    static RunData read(Path... files) throws Exception {
        return RunData.read(List.of(files));
    }
}
