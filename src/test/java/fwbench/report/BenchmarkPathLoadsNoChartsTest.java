package fwbench.report;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The GPU machine's Java runtime has no java.desktop module: the benchmark's path through the main
 * (which registers the report subcommand) must not load AWT or JFreeChart. A fresh JVM lists the
 * benchmarks with class loading logged, and no such class may appear.
 */
class BenchmarkPathLoadsNoChartsTest {

    @Test
    void listingTheBenchmarksLoadsNoAwtAndNoJFreeChart() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-Xlog:class+load=info", "-cp", System.getProperty("java.class.path"),
                "fwbench.Main", "-l").redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        assertTrue(output.contains("fwbench.bench.FloydWarshallBenchmark.solve"), "the benchmark path ran");
        assertTrue(output.contains("fwbench.cli.Subcommands "), "the subcommand registry, and so the report's entry, was loaded");
        List<String> loaded = output.lines().filter(l -> l.contains("java.awt.") || l.contains("javax.swing.")
                || l.contains("org.jfree.") || l.contains("source: jrt:/java.desktop")).toList();
        assertEquals(List.of(), loaded);
    }
}
