package fwbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fwbench.cuda.Gpu;
import fwbench.usage.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** One JMH session per fork: the results file is whole after each, a combination's forks merge, and Ctrl-C keeps the finished ones. */
class SessionRunnerTest {

    @TempDir
    Path results;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** A run of {@code args} through the runner, {@code watcher} seeing each session end. */
    private int run(SessionRunner.AfterSession watcher, String... args) throws UsageException {
        RunArguments arguments = RunArguments.parse(args, "--jmh-help");
        return new BenchmarkRun(results, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .afterEachSession(watcher).run(arguments, arguments.adoptForkProperties());
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private static JsonNode readJson(Path file) throws Exception {
        return new ObjectMapper().readTree(file.toFile());
    }

    /** "CPU_SERIAL@8" for each result of a results file, in its order; with {@code forks}, "@forks=F" after it. */
    private static List<String> combinations(JsonNode json, boolean forks) {
        List<String> found = new java.util.ArrayList<>();
        for (JsonNode result : json) {
            JsonNode params = result.get("params");
            found.add(params.get("variant").asText() + "@" + params.get("n").asText() + (forks ? "@forks=" + result.get("forks").asInt() : ""));
        }
        return found;
    }

    private List<Path> resultFiles() throws Exception {
        try (Stream<Path> list = Files.list(results)) {
            return list.sorted().toList();
        }
    }

    /**
     * Ctrl-C after 4 of 6 forks (the seam runs what the shutdown hook runs): the file holds exactly
     * the 4 finished combinations, the lines say so and give the report command, and no summary follows.
     */
    @Test
    void aRunStoppedAfterSomeForksKeepsEveryFinishedFork() throws Exception {
        assumeFalse(Gpu.available(), "the CPU variants alone are planned where there is no GPU");
        int code = run((done, file) -> done == 4,
                "-f", "0", "-wi", "0", "-i", "1", "-r", "20ms", "-p", "variant=cpu-serial,cpu-blocked", "-p", "n=8,9,10");
        assertEquals(SessionRunner.INTERRUPTED, code, err());
        List<Path> files = resultFiles();
        assertEquals(1, files.size(), files.toString());
        assertEquals(List.of("CPU_SERIAL@8", "CPU_SERIAL@9", "CPU_SERIAL@10", "CPU_BLOCKED@8"), combinations(readJson(files.get(0)), false));
        assertEquals(List.of("fwbench: interrupted; kept 4 results of 6 in " + files.get(0),
                "fwbench: tables and charts: java -jar target/benchmarks.jar report " + files.get(0)), err().lines().toList());
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("summary of the run"));
    }

    /** Interrupted before any fork ended: one line says so, and there is no file. */
    @Test
    void aRunStoppedBeforeAnyForkEndedWritesNothing() throws Exception {
        ResultsTarget target = ResultsTarget.choose(results, null, null, "cpu", java.time.LocalDate.of(2026, 1, 2));
        FinishedForks none = new FinishedForks(target, 6);
        assertEquals(List.of("fwbench: interrupted; no fork had finished, so nothing was written"), none.interrupt());
        assertEquals(List.of(), resultFiles());
    }

    /**
     * After each fork the results file is whole JSON holding every fork so far (written beside it and
     * moved over it: no partial file is left), and the run ends with its summary as before.
     */
    @Test
    void theResultsFileIsValidJsonAfterEveryFork() throws Exception {
        assumeFalse(Gpu.available(), "the CPU variants alone are planned where there is no GPU");
        List<Integer> seen = new java.util.ArrayList<>();
        List<String> problems = new java.util.ArrayList<>();
        int code = run((done, file) -> {
            try {
                seen.add(readJson(file).size());
                if (resultFiles().size() != 1) problems.add("after fork " + done + ": " + resultFiles());
            } catch (Exception e) {
                problems.add("after fork " + done + ": " + e);
            }
            return false;
        }, "-f", "0", "-wi", "0", "-i", "1", "-r", "20ms", "-p", "variant=cpu-blocked", "-p", "n=8,9,10");
        assertEquals(0, code, err());
        assertEquals(List.of(), problems);
        assertEquals(List.of(1, 2, 3), seen);
        String stdout = out.toString(StandardCharsets.UTF_8);
        assertTrue(stdout.contains("fwbench: summary of the run"), stdout);
        assertTrue(stdout.contains("fwbench: 3 results in " + resultFiles().get(0)), stdout);
        // JMH's "Run complete" of each one-fork session is left out; its table of every result comes once
        assertFalse(stdout.contains("# Run complete."), stdout);
        assertEquals(1, stdout.lines().filter(l -> l.startsWith("Benchmark ")).count(), stdout);
    }

    /**
     * With -f 2 each fork is a session of its own (forked JVMs here), and a combination's forks are
     * merged into one result as JMH merges them; stopped after 3 forks of 4, the file holds n=8's two
     * forks pooled and n=9's first.
     */
    @Test
    void forksOfOneCombinationAreMergedAsTheyEnd() throws Exception {
        assumeFalse(Gpu.available(), "the CPU variants alone are planned where there is no GPU");
        int code = run((done, file) -> done == 3,
                "-f", "2", "-wi", "0", "-i", "1", "-r", "20ms", "-p", "variant=cpu-serial", "-p", "n=8,9");
        assertEquals(SessionRunner.INTERRUPTED, code, err());
        Path file = resultFiles().get(0);
        JsonNode json = readJson(file);
        assertEquals(List.of("CPU_SERIAL@8@forks=2", "CPU_SERIAL@9@forks=1"), combinations(json, true));
        assertEquals(2, json.get(0).get("primaryMetric").get("rawData").size(), "one array of iterations per fork");
        assertEquals(1, json.get(1).get("primaryMetric").get("rawData").size());
        assertEquals("fwbench: interrupted; kept 2 results of 2 in " + file + " (cpu-serial at n=9 with 1 of its 2 forks)", err().lines().findFirst().orElse(""));
        String stdout = out.toString(StandardCharsets.UTF_8);
        assertTrue(stdout.contains("# Fork: 2 of 2"), stdout);
    }
}
