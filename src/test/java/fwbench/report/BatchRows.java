package fwbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The batch table's rows as a report prints them, and what they must hold, computed here from the
 * JMH JSON with Jackson alone (none of the report's code): the check the report's batch table is held to.
 */
final class BatchRows {

    private static final String SMALL_GRAPHS = "fwbench.bench.SmallGraphsBenchmark.solve";

    private BatchRows() {
    }

    /** The cells of every row of report.md's batch tables, split at '|'. */
    static List<List<String>> of(String markdown) {
        List<List<String>> rows = new ArrayList<>();
        boolean inBatches = false;
        for (String line : markdown.split("\n")) {
            if (line.startsWith("## ")) inBatches = line.startsWith("## Batches of small graphs");
            if (inBatches && line.matches("\\| \\d.*")) {
                List<String> cells = new ArrayList<>();
                for (String cell : line.substring(1, line.length() - 1).split("\\|")) cells.add(cell.trim());
                rows.add(cells);
            }
        }
        return rows;
    }

    /**
     * One result's expected row.
     *
     * @param percent the percent of the int32 ceiling, or NaN where the files hold none
     */
    record Expected(int n, String variant, int batch, double millis, double graphsPerSecond, double relaxationsPerSecond,
                    double percent, double speedup) {

        /** The row of {@code rows} for this result holds its numbers, to the digits the report prints. */
        void check(List<List<String>> rows) {
            List<String> row = rows.stream().filter(r -> r.get(0).equals(String.format("%,d", n)) && r.get(1).equals(variant)
                    && r.get(2).equals(String.format("%,d", batch))).findFirst().orElseThrow(() -> new AssertionError("no row " + this));
            String what = variant + " at n=" + n + " batch " + batch + ": " + row;
            assertEquals(millis, number(row.get(3).split(" ± ")[0]), millis * 1e-3, what);
            assertEquals(graphsPerSecond / 1e6, number(row.get(4)), graphsPerSecond / 1e6 * 6e-3, what);
            assertEquals(relaxationsPerSecond / 1e9, number(row.get(5)), relaxationsPerSecond / 1e9 * 6e-3, what);
            int last = row.size() - 1;
            assertTrue(row.get(last).endsWith("x"), what);
            assertEquals(speedup, number(row.get(last)), 0.0051, what);
            if (Double.isNaN(percent)) {
                assertEquals(7, row.size(), "no percent column: " + what);
            } else {
                assertEquals(percent, number(row.get(6)), 0.051, what);
            }
        }
    }

    /** The expected rows of the batches in {@code files}; {@code ceilingFile} (null: none) holds the int32 PeakBenchmark result. */
    static List<Expected> expected(List<Path> files, Path ceilingFile) throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> batches = new ArrayList<>();
        for (Path file : files) {
            for (JsonNode r : json.readTree(file.toFile())) if (r.get("benchmark").asText().equals(SMALL_GRAPHS)) batches.add(r);
        }
        double ceiling = Double.NaN;
        if (ceilingFile != null) {
            for (JsonNode r : json.readTree(ceilingFile.toFile())) {
                if (r.get("benchmark").asText().endsWith("PeakBenchmark.relax") && r.get("params").get("cell").asText().equals("INT32")) {
                    ceiling = r.get("secondaryMetrics").get("gpu.rate").get("score").asDouble();
                }
            }
        }
        List<Expected> expected = new ArrayList<>();
        for (JsonNode r : batches) {
            JsonNode p = r.get("params");
            int n = p.get("n").asInt();
            int batch = p.get("batch").asInt();
            double millis = r.get("primaryMetric").get("score").asDouble();
            double together = batches.stream().filter(t -> t.get("params").get("variant").asText().equals("small-graphs")
                            && t.get("params").get("n").asInt() == n && t.get("params").get("batch").asInt() == batch)
                    .mapToDouble(t -> t.get("primaryMetric").get("score").asDouble()).findFirst().orElseThrow();
            double graphs = batch / (millis / 1e3);
            double relaxations = graphs * n * n * n;
            expected.add(new Expected(n, p.get("variant").asText(), batch, millis, graphs, relaxations, 100 * relaxations / ceiling,
                    millis / together));
        }
        return expected;
    }

    private static double number(String cell) {
        return Double.parseDouble(cell.replace(",", "").replace("x", "").replace("%", ""));
    }
}
