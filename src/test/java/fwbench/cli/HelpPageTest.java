package fwbench.cli;

import fwbench.bench.FloydWarshallBenchmark;
import fwbench.cell.CellType;
import fwbench.results.ResultsFormat;
import fwbench.variant.Variant;
import fwbench.variant.core.LaunchMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Warmup;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HelpPageTest {

    @TempDir
    Path results;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return new BenchmarkCommand(results, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private void assertNothingWritten() throws Exception {
        try (Stream<Path> files = Files.list(results)) {
            assertEquals(0, files.count(), "nothing written");
        }
    }

    @Test
    void helpPageNamesEveryCommandAndVariant() {
        assertEquals(0, run("help"), err());
        String page = out();
        for (String command : List.of("report", "solve", "path", "profile")) {
            assertTrue(page.contains("\n  " + command + " "), command + " missing:\n" + page);
        }
        assertTrue(page.contains("COMMAND --help"), page);
        for (Variant v : Variant.values()) {
            assertTrue(page.contains("  " + v.id() + " "), v.id() + " missing:\n" + page);
            assertTrue(page.contains(v.description()), v.description() + " missing:\n" + page);
        }
        assertTrue(page.contains("results/DATE_DEVICE.json"), page);
        assertTrue(page.contains("--jmh-help"), page);
        assertEquals("", err());
    }

    /** The suite's defaults as its benchmark declares them, never JMH's (5 warm-ups of 10 s). */
    @Test
    void helpPageStatesTheSuitesDefaults() {
        assertEquals(0, run("-h"), err());
        String page = out();
        Fork fork = FloydWarshallBenchmark.class.getAnnotation(Fork.class);
        Warmup warmup = FloydWarshallBenchmark.class.getAnnotation(Warmup.class);
        Measurement measurement = FloydWarshallBenchmark.class.getAnnotation(Measurement.class);
        assertEquals(1, fork.value());
        assertTrue(page.contains("1 fork (-f) per variant and n"), page);
        assertTrue(page.contains(warmup.iterations() + " warm-up iterations (-wi) of 500 ms (-w)"), page);
        assertTrue(page.contains(measurement.iterations() + " measured iterations (-i) of 500 ms (-r)"), page);
        assertTrue(page.contains("above n=46340, 1 warm-up and 1 measured (unless -wi, -i say otherwise)"), page);
        assertFalse(page.contains("10 s"), page);
        String[][] defaults = {
                {ResultsFormat.VARIANT, "every variant"},
                {ResultsFormat.N, "1000,2500,5000,7500,10000"},
                {ResultsFormat.GRAPH, "random"},
                {ResultsFormat.SEED, "42"},
                {ResultsFormat.LAUNCH, "graph"},
                {ResultsFormat.CELL, "int32,packed16,float32,int64,float64"},
        };
        for (String[] d : defaults) {
            assertTrue(page.matches("(?s).*\n  " + d[0] + " +" + java.util.regex.Pattern.quote(d[1]) + " .*"), d[0] + "=" + d[1] + ":\n" + page);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"-h", "--help", "help", "-p n=5 -h", "-p n=5 --help"})
    void everyWayOfAskingGivesThePage(String args) {
        assertEquals(0, run("help"));
        String expected = out();
        out.reset();
        assertEquals(0, run(args.split(" ")), err());
        assertEquals(expected, out());
        assertEquals("", err());
    }

    @ParameterizedTest
    @CsvSource({"reprot, report", "slove, solve", "hepl, help", "pth, path", "Report, report"})
    void aMistypedCommandGetsTheOneMeant(String typed, String meant) throws Exception {
        assertEquals(2, run(typed, "results/x.json"));
        assertEquals("fwbench: unknown command '" + typed + "'; did you mean " + meant + "?" + System.lineSeparator(), err());
        assertEquals("", out());
        assertNothingWritten();
    }

    /** A pattern that matches a benchmark is never taken for a typo: it reaches the parameter checks. */
    @ParameterizedTest
    @ValueSource(strings = {"Peak", "FloydWarshall", "solve$", "relax"})
    void aBenchmarkPatternIsStillAccepted(String pattern) throws Exception {
        assertEquals(2, run(pattern, "-p", "variant=fast"));
        assertEquals("fwbench: unknown variant 'fast'; variants: " + Variant.ids() + "; " + fwbench.variant.kernelfile.KernelFile.CHOICE + System.lineSeparator(), err());
        assertNothingWritten();
    }

    /** A word far from every command keeps the benchmark's own message. */
    @Test
    void aWordFarFromEveryCommandIsAPatternThatMatchesNothing() {
        assertEquals(2, run("dijkstra", "-p", "variant=cpu-serial", "-p", "n=8"));
        assertTrue(err().startsWith("fwbench: no benchmark matches [dijkstra]"), err());
    }

    /** A pattern as the first argument still runs, end to end in this JVM (-f 0). */
    @Test
    void aBenchmarkPatternFirstStillRuns() throws Exception {
        int code = run("FloydWarshall", "-f", "0", "-wi", "0", "-i", "1", "-r", "50ms", "-p", "variant=cpu-serial", "-p", "n=16");
        assertEquals(0, code, err() + out());
        assertTrue(out().contains("fwbench: 1 benchmarks: cpu-serial at n=16"), out());
        try (Stream<Path> files = Files.list(results)) {
            assertEquals(1, files.count());
        }
    }

    @Test
    void listWithParametersNamesEveryValue() {
        assertEquals(0, run("-lp"), err());
        String list = out();
        assertFalse(list.contains("{}"), list);
        for (Variant v : Variant.values()) assertTrue(list.contains(v.id()), v.id() + " missing:\n" + list);
        for (CellType c : CellType.values()) assertTrue(list.contains(c.name().toLowerCase(Locale.ROOT)), c + " missing:\n" + list);
        for (LaunchMode m : LaunchMode.values()) assertTrue(list.contains(m.name().toLowerCase(Locale.ROOT)), m + " missing:\n" + list);
        assertTrue(list.contains(ResultsFormat.SOLVE_BENCHMARK + "\n  param \"variant\" = {" + Variant.ids() + "}"), list);
        assertTrue(list.contains(ResultsFormat.PEAK_BENCHMARK + "\n  param \"cell\" = {" + CellType.names() + "}"), list);
    }

    @Test
    void listWithParametersFollowsThePatterns() {
        assertEquals(0, run("-lp", "Peak"), err());
        assertTrue(out().contains(ResultsFormat.PEAK_BENCHMARK), out());
        assertFalse(out().contains(ResultsFormat.SOLVE_BENCHMARK), out());
    }

    @Test
    void jmhsOwnHelpStaysReachable() {
        PrintStream standard = System.out;
        ByteArrayOutputStream jmh = new ByteArrayOutputStream();
        System.setOut(new PrintStream(jmh, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, run("--jmh-help"));
        } finally {
            System.setOut(standard);
        }
        assertTrue(jmh.toString(StandardCharsets.UTF_8).contains("-jvmArgs"), jmh.toString(StandardCharsets.UTF_8));
    }

    @Test
    void suggestionsFindTheCommandMeantWithinTwoEdits() {
        assertEquals(java.util.Optional.of("report"), CommandSuggestion.closest("reprot", List.of("report", "solve", "path", "help")));
        assertEquals(java.util.Optional.of("help"), CommandSuggestion.closest("hepl", List.of("report", "solve", "path", "help")));
        assertEquals(java.util.Optional.of("path"), CommandSuggestion.closest("pat", List.of("report", "solve", "path", "help")));
        assertEquals(java.util.Optional.empty(), CommandSuggestion.closest("naive", List.of("report", "solve", "path", "help")));
    }
}
