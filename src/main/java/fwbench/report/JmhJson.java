package fwbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fwbench.usage.UsageException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Reads a JMH JSON results file (what {@code -rf json} writes, the suite's default) into
 * {@link JmhResult}s. Anything else is refused with one line saying what the file is and what the
 * report expects.
 */
public final class JmhJson {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private static final String EXPECTED = "the report reads JMH's JSON results (results/DATE_DEVICE.json)";

    private JmhJson() {
    }

    public static List<JmhResult> read(Path file) throws UsageException {
        if (!Files.exists(file)) throw new UsageException(file + ": no such file");
        if (Files.isDirectory(file)) throw new UsageException(file + " is a folder; " + EXPECTED);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageException("cannot read " + file + ": " + e.getMessage());
        }
        return parse(file, text);
    }

    static List<JmhResult> parse(Path file, String text) throws UsageException {
        String start = text.strip();
        if (start.isEmpty()) throw new UsageException(file + " is empty; " + EXPECTED);
        // JMH's other formats are a common mix-up: name them rather than report a parse error
        if (start.startsWith("\"Benchmark\"")) {
            throw new UsageException(file + " is JMH's CSV output; " + EXPECTED + ", written with -rf json (the default)");
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
            throw new UsageException(file + " is not JSON" + where + "; " + EXPECTED);
        }
        if (!root.isArray()) {
            throw new UsageException(file + " is JSON but not JMH results: it holds " + kind(root)
                    + ", JMH writes an array of benchmark results");
        }
        if (root.isEmpty()) throw new UsageException(file + " holds no benchmark results (an empty JSON array)");
        List<JmhResult> results = new ArrayList<>();
        int item = 0;
        for (JsonNode node : root) {
            item++;
            results.add(result(file, item, node));
        }
        return results;
    }

    private static JmhResult result(Path file, int item, JsonNode node) throws UsageException {
        String notJmh = file + " is JSON but not JMH results: item " + item + " ";
        if (!node.isObject()) throw new UsageException(notJmh + "is " + kind(node) + ", not a benchmark result");
        for (String field : List.of("benchmark", "mode", "primaryMetric")) {
            if (!node.hasNonNull(field)) throw new UsageException(notJmh + "has no \"" + field + "\"");
        }
        JmhResult.Metric primary = metric(node.get("primaryMetric"))
                .orElseThrow(() -> new UsageException(notJmh + "has no primaryMetric score and scoreUnit"));
        Map<String, String> params = new LinkedHashMap<>();
        JsonNode paramsNode = node.path("params");
        for (Iterator<Map.Entry<String, JsonNode>> it = paramsNode.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            params.put(e.getKey(), e.getValue().asText());
        }
        Map<String, JmhResult.Metric> secondary = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.path("secondaryMetrics").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            metric(e.getValue()).ifPresent(m -> secondary.put(e.getKey(), m));
        }
        return new JmhResult(file, node.get("benchmark").asText(), node.get("mode").asText(), params, primary, secondary, harness(node));
    }

    /** The fields JMH writes beside each result about how it measured it; any of them may be missing. */
    private static JmhResult.Harness harness(JsonNode node) {
        List<String> jvmArgs = new ArrayList<>();
        for (JsonNode arg : node.path("jvmArgs")) if (arg.isTextual()) jvmArgs.add(arg.asText());
        return new JmhResult.Harness(text(node, "jmhVersion"), text(node, "mode"), count(node, "forks"), count(node, "warmupIterations"),
                text(node, "warmupTime"), count(node, "measurementIterations"), text(node, "measurementTime"),
                text(node, "jdkVersion"), text(node, "vmName"), text(node, "vmVersion"), jvmArgs);
    }

    private static Optional<String> text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() && !value.asText().isBlank() ? Optional.of(value.asText().strip()) : Optional.empty();
    }

    private static OptionalInt count(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isIntegralNumber() && value.asInt() >= 0 ? OptionalInt.of(value.asInt()) : OptionalInt.empty();
    }

    private static Optional<JmhResult.Metric> metric(JsonNode node) {
        OptionalDouble score = number(node.get("score"));
        JsonNode unit = node.get("scoreUnit");
        if (score.isEmpty() || unit == null || !unit.isTextual()) return Optional.empty();
        double error = number(node.get("scoreError")).orElse(Double.NaN);
        return Optional.of(new JmhResult.Metric(score.getAsDouble(), error, unit.asText(), iterations(node.get("rawData"))));
    }

    /** rawData, one array of iteration scores per fork, as one list: the forks pooled. */
    private static List<Double> iterations(JsonNode rawData) {
        List<Double> scores = new ArrayList<>();
        if (rawData == null || !rawData.isArray()) return scores;
        for (JsonNode fork : rawData) {
            for (JsonNode iteration : fork) number(iteration).ifPresent(scores::add);
        }
        return scores;
    }

    /** A JSON number, or JMH's "NaN" / "Infinity" strings (JSON has no literal for them). */
    private static OptionalDouble number(JsonNode node) {
        if (node == null) return OptionalDouble.empty();
        if (node.isNumber()) return OptionalDouble.of(node.doubleValue());
        if (node.isTextual()) {
            switch (node.asText()) {
                case "NaN": return OptionalDouble.of(Double.NaN);
                case "Infinity": return OptionalDouble.of(Double.POSITIVE_INFINITY);
                case "-Infinity": return OptionalDouble.of(Double.NEGATIVE_INFINITY);
                default: return OptionalDouble.empty();
            }
        }
        return OptionalDouble.empty();
    }

    private static String kind(JsonNode node) {
        if (node.isObject()) return "an object";
        if (node.isArray()) return "an array";
        if (node.isTextual()) return "a string";
        if (node.isNumber()) return "a number";
        if (node.isBoolean()) return "a boolean";
        return "null";
    }
}
