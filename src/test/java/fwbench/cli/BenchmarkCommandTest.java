package fwbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fwbench.bench.DeviceClocks;
import fwbench.cuda.Gpu;
import fwbench.results.ResultsFormat;
import fwbench.tuning.TuningMode;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

class BenchmarkCommandTest {

    @TempDir
    Path results;

    /** Graph files live apart from the results folder, which must stay empty on bad input. */
    @TempDir
    Path graphs;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return new BenchmarkCommand(results, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "-p n=0              | fwbench: n must be in 1..524280 (each variant takes less: -h lists them), got 0",
            "-p n=-5             | fwbench: n must be in 1..524280 (each variant takes less: -h lists them), got -5",
            "-p n=ten            | fwbench: n must be a whole number in 1..524280, got 'ten'",
            "-p n=600000         | fwbench: n must be in 1..524280 (each variant takes less: -h lists them), got 600000",
            "-p variant=cpu-serial -p n=50000 | fwbench: cpu-serial takes n up to 46340 (its matrices are Java arrays), not n=50000",
            "-p variant=fast     | fwbench: unknown variant 'fast'; variants: {registry}; {kernel files}",
            "-p graph=dense      | fwbench: unknown graph 'dense'; generators: random, sparse:P or hops:P with 0 < P <= 1, each optionally followed by +potentials:R for weights of either sign without a negative cycle (1 <= R <= 1000000), or a graph file: .gr, .mtx, .edges or .dense",
            "-p seed=x           | fwbench: seed must be a whole number, got 'x'",
            "-p launch=fast      | fwbench: unknown launch mode 'fast'; modes: graph, stream",
            "-p size=10          | fwbench: unknown parameter 'size'; parameters: cell, gpus, graph, launch, n, seed, variant",
            "-p cell=int8        | fwbench: unknown cell 'int8'; cells: int32, packed16, float32",
            "-p gpus=0           | fwbench: -p gpus takes 'all' or a number of GPUs from 1, not '0'",
            "-p gpus=two         | fwbench: -p gpus takes 'all' or a number of GPUs from 1, not 'two'",
            "-p gpus=1,2         | fwbench: -p gpus takes one value, not 1,2",
            "-p device=mine      | fwbench: -p device is recorded by the suite, not chosen",
            "-p kernelSha256=ab  | fwbench: -p kernelSha256 is recorded by the suite, not chosen",
            "-p variant=no/such.cu | fwbench: kernel file no/such.cu does not exist (a variant ending in .cu is a CUDA source file: docs/your-kernel.md)",
            "--tuning fast       | fwbench: --tuning takes tuned, retune or table, not 'fast'",
            "--tuning            | fwbench: --tuning needs a value",
            "-rf yaml            | fwbench: unknown result format 'yaml'; formats: text, csv, scsv, json, latex",
            "-wi                 | fwbench: Option wi requires an argument (--jmh-help lists the options)",
            "Floyd(               | fwbench: the benchmark pattern 'Floyd(' is not a regular expression: Unclosed group"})
    void badInputGetsOneLineAndExitCode2(String args, String message) throws Exception {
        assertEquals(2, run(args.trim().split(" ")));
        // {registry}: the variant list as registered, so adding a variant does not break this test
        assertEquals(message.trim().replace("{registry}", fwbench.variant.Variant.ids()).replace("{kernel files}", fwbench.variant.kernelfile.KernelFile.CHOICE)
                + System.lineSeparator(), err());
        try (Stream<Path> files = Files.list(results)) {
            assertEquals(0, files.count(), "nothing written");
        }
    }

    /** More GPUs than the host has: one line, whatever the host (none here, some on a GPU machine). */
    @Test
    void moreGpusThanTheHostHasIsOneLine() throws Exception {
        assertEquals(2, run("-p", "variant=kleene-bands", "-p", "gpus=99"));
        int count = fwbench.cuda.Gpu.deviceCount();
        assertTrue(err().startsWith("fwbench: -p gpus=99: this host has " + count + " GPU"), err());
        assertEquals(1, err().lines().count(), err());
    }

    @Test
    void badGraphFilesAreOneLineBeforeAnythingRuns() throws Exception {
        Path malformed = Files.writeString(graphs.resolve("bad.gr"), "p sp 3 1\na 1 9 2\n");
        Path negative = Files.writeString(graphs.resolve("neg.edges"), "0 1 -2\n");
        Path good = Files.writeString(graphs.resolve("good.edges"), "0 1 2\n1 2 2\n");
        String[][] cases = {
                {"-p", "graph=" + malformed},
                {"-p", "graph=" + graphs.resolve("missing.mtx")},
                {"-p", "graph=" + graphs.resolve("g.txt")},
                {"-p", "graph=" + negative},
                {"-p", "graph=" + good, "-p", "n=100"},
        };
        String[] messages = {
                malformed + ", line 2: vertex 9 is out of range 1..3 (n = 3)",
                "no such file: " + graphs.resolve("missing.mtx"),
                "no such file: " + graphs.resolve("g.txt"),
                // this machine has no GPU
                negative + " has negative weights, which the variants that run here do not take (INF plus a negative weight is less than INF): "
                        + "kleene, dataflow, kleene-paths take them on a CUDA device, and there is none here; "
                        + "the CPU reference solves it: java -jar target/benchmarks.jar solve --graph " + negative + " --out FILE",
                "-p n=100 conflicts with " + good + ", which has 3 vertices: a graph file sets n itself (leave out -p n)",
        };
        for (int c = 0; c < cases.length; c++) {
            err.reset();
            assertEquals(2, run(cases[c]), String.join(" ", cases[c]));
            assertEquals("fwbench: " + messages[c] + System.lineSeparator(), err());
        }
        try (Stream<Path> files = Files.list(results)) {
            assertEquals(0, files.count(), "nothing written");
        }
    }

    /** A graph file beside a generator, end to end in this JVM (-f 0): each runs at its own n. */
    @Test
    void graphFilesAreBenchmarkedAtTheirOwnSize() throws Exception {
        Path file = Files.writeString(graphs.resolve("ring.gr"), "p sp 37 37\n" + java.util.stream.IntStream.rangeClosed(1, 37)
                .mapToObj(v -> "a " + v + " " + (v % 37 + 1) + " " + v + "\n").collect(java.util.stream.Collectors.joining()));
        int code = run("-f", "0", "-wi", "0", "-i", "1", "-r", "50ms", "-p", "variant=cpu-blocked", "-p", "graph=" + file + ",sparse:0.2", "-p", "n=20");
        String stdout = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, err() + stdout);
        assertTrue(stdout.contains("fwbench: 2 benchmarks: cpu-blocked on sparse:0.2 at n=20; cpu-blocked on " + file + " at n=37"), stdout);
        List<Path> files;
        try (Stream<Path> list = Files.list(results)) {
            files = list.toList();
        }
        Set<String> runs = new HashSet<>();
        for (JsonNode benchmark : new ObjectMapper().readTree(files.get(0).toFile())) {
            JsonNode params = benchmark.get("params");
            runs.add(params.get("graph").asText() + "@" + params.get("n").asText());
        }
        assertEquals(Set.of("sparse:0.2@20", file + "@37"), runs);
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
        int code = new BenchmarkCommand(results, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .afterEachSession((done, file) -> done == 4)
                .run(new String[] {"-f", "0", "-wi", "0", "-i", "1", "-r", "20ms", "-p", "variant=cpu-serial,cpu-blocked", "-p", "n=8,9,10"});
        assertEquals(BenchmarkCommand.INTERRUPTED, code, err());
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
        int code = new BenchmarkCommand(results, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .afterEachSession((done, file) -> {
                    try {
                        seen.add(readJson(file).size());
                        if (resultFiles().size() != 1) problems.add("after fork " + done + ": " + resultFiles());
                    } catch (Exception e) {
                        problems.add("after fork " + done + ": " + e);
                    }
                    return false;
                })
                .run(new String[] {"-f", "0", "-wi", "0", "-i", "1", "-r", "20ms", "-p", "variant=cpu-blocked", "-p", "n=8,9,10"});
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
        int code = new BenchmarkCommand(results, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .afterEachSession((done, file) -> done == 3)
                .run(new String[] {"-f", "2", "-wi", "0", "-i", "1", "-r", "20ms", "-p", "variant=cpu-serial", "-p", "n=8,9"});
        assertEquals(BenchmarkCommand.INTERRUPTED, code, err());
        Path file = resultFiles().get(0);
        JsonNode json = readJson(file);
        assertEquals(List.of("CPU_SERIAL@8@forks=2", "CPU_SERIAL@9@forks=1"), combinations(json, true));
        assertEquals(2, json.get(0).get("primaryMetric").get("rawData").size(), "one array of iterations per fork");
        assertEquals(1, json.get(1).get("primaryMetric").get("rawData").size());
        assertEquals("fwbench: interrupted; kept 2 results of 2 in " + file + " (cpu-serial at n=9 with 1 of its 2 forks)", err().lines().findFirst().orElse(""));
        String stdout = out.toString(StandardCharsets.UTF_8);
        assertTrue(stdout.contains("# Fork: 2 of 2"), stdout);
    }

    @Test
    void anExistingResultsFileIsNeverOverwritten() throws Exception {
        Path taken = Files.writeString(results.resolve("mine.json"), "[]");
        assertEquals(2, run("-rff", taken.toString(), "-p", "n=8"));
        assertTrue(err().contains("already exists"), err());
        assertEquals("[]", Files.readString(taken));
    }

    @Test
    void defaultNamesSkipTakenFiles() throws Exception {
        Files.writeString(results.resolve("2026-01-02_cpu.json"), "[]");
        ResultsTarget target = ResultsTarget.choose(results, null, null, "cpu", java.time.LocalDate.of(2026, 1, 2));
        assertEquals(results.resolve("2026-01-02_cpu-2.json"), target.file());
    }

    /** The no-GPU path end to end, in this JVM (-f 0), at a tiny n. */
    @Test
    void withoutAGpuTheCpuVariantsRunAndTheirResultsAreWritten() throws Exception {
        assumeFalse(Gpu.available(), "this machine has a GPU; the no-GPU path is tested where there is none");
        int code = run("-f", "0", "-wi", "0", "-i", "1", "-r", "50ms", "-p", "n=40,50");
        String stdout = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, err());
        // one line says where the run is made and why the GPU variants are left out
        List<String> device = stdout.lines().filter(l -> l.startsWith("fwbench: ") && l.contains("GPU")).toList();
        assertEquals(1, device.size(), stdout);
        assertTrue(device.get(0).matches("fwbench: no GPU \\(CPU: .*\\): .+; skipping the GPU variants, running cpu-serial, cpu-blocked"),
                device.get(0));
        // and one line, once a run, that clocks and throttling are not recorded, and why (no NVML here, or no GPU)
        List<String> clocks = stdout.lines().filter(l -> l.contains(DeviceClocks.NOT_RECORDED)).toList();
        assertEquals(1, clocks.size(), stdout);
        assertTrue(clocks.get(0).matches("fwbench: no (NVML|GPU) \\(.+\\): clocks and throttling are not recorded"), clocks.get(0));
        List<Path> files;
        try (Stream<Path> list = Files.list(results)) {
            files = list.toList();
        }
        assertEquals(1, files.size(), files.toString());
        assertTrue(files.get(0).getFileName().toString().matches("\\d{4}-\\d{2}-\\d{2}_cpu\\.json"), files.toString());
        JsonNode json = new ObjectMapper().readTree(files.get(0).toFile());
        Set<String> runs = new HashSet<>();
        for (JsonNode benchmark : json) {
            JsonNode params = benchmark.get("params");
            runs.add(params.get("variant").asText() + "@" + params.get("n").asText());
            assertTrue(params.get("device").asText().startsWith("no GPU (CPU: "));
            assertTrue(benchmark.get("primaryMetric").get("score").asDouble() > 0);
            assertFalse(benchmark.path("secondaryMetrics").has(ResultsFormat.GPU_CLOCK_SM), "no clocks without a GPU");
        }
        assertEquals(Set.of("CPU_SERIAL@40", "CPU_SERIAL@50", "CPU_BLOCKED@40", "CPU_BLOCKED@50"), runs);
    }

    /**
     * A CPU solve estimated over an hour (cpu-serial at n=16000: 4.1 T relaxations at an assumed 1 G/s)
     * is refused in one line naming the estimate and the option; with the option the plan passes that
     * check (and here meets the next one: the -rff file exists).
     */
    @Test
    void aSolveEstimatedOverAnHourIsRefusedUnlessAllowed() throws Exception {
        String[] args = {"-p", "variant=cpu-serial", "-p", "n=16000", "-jvmArgsAppend", "-Xmx6g"};
        assertEquals(2, run(args));
        List<String> lines = err().lines().toList();
        assertEquals(1, lines.size(), err());
        assertTrue(lines.get(0).startsWith("fwbench: cpu-serial at n=16000 is estimated at 1 h 8 min a solve "
                + "(n^3 relaxations at an assumed 1.0 G/s), and the whole run at about "), lines.get(0));
        assertTrue(lines.get(0).endsWith("; the largest n under an hour a solve: 15326; to run it anyway, add --allow-long-solves"), lines.get(0));
        try (Stream<Path> files = Files.list(results)) {
            assertEquals(0, files.count(), "nothing written");
        }
        Path taken = Files.writeString(graphs.resolve("taken.json"), "[]");
        err.reset();
        List<String> allowed = new java.util.ArrayList<>(List.of(args));
        allowed.addAll(List.of("--allow-long-solves", "-rff", taken.toString()));
        assertEquals(2, run(allowed.toArray(String[]::new)));
        assertTrue(err().contains(taken.toString()) && !err().contains("estimated"), err());
    }

    private static BenchmarkCommand.Request request(List<Variant> named, List<String> cells) {
        return new BenchmarkCommand.Request(named, List.of(), List.of(), List.of(), List.of(), cells);
    }

    /** The ceiling joins a default run on a device, or runs when named; the solves run unless a pattern leaves them out. */
    @Test
    void theCeilingRunsWithADefaultRunOrWhenNamed() throws UsageException {
        BenchmarkCommand.Request everything = request(List.of(), List.of());
        assertEquals(new BenchmarkCommand.Benchmarks(true, true), BenchmarkCommand.chooseBenchmarks(List.of(), everything, true));
        assertEquals(new BenchmarkCommand.Benchmarks(true, false), BenchmarkCommand.chooseBenchmarks(List.of(), everything, false));
        BenchmarkCommand.Request kleene = request(List.of(Variant.KLEENE), List.of());
        assertEquals(new BenchmarkCommand.Benchmarks(true, false), BenchmarkCommand.chooseBenchmarks(List.of(), kleene, true));
        BenchmarkCommand.Request kleeneAndCell = request(List.of(Variant.KLEENE), List.of("INT32"));
        assertEquals(new BenchmarkCommand.Benchmarks(true, true), BenchmarkCommand.chooseBenchmarks(List.of(), kleeneAndCell, true));
        assertEquals(new BenchmarkCommand.Benchmarks(false, true), BenchmarkCommand.chooseBenchmarks(List.of("relax"), everything, true));
        UsageException e = assertThrows(UsageException.class, () -> BenchmarkCommand.chooseBenchmarks(List.of("relax"), everything, false));
        assertEquals("no benchmark matches [relax]; benchmarks: fwbench.bench.FloydWarshallBenchmark.solve", e.getMessage());
    }

    /** Sizes above FEW_ITERATIONS_ABOVE_N run one warm-up and one measured iteration unless -wi, -i say otherwise. */
    @Test
    void largeSizesRunFewIterations() throws Exception {
        RunPlan plan = new RunPlan(List.of(new RunPlan.Group(Variant.KLEENE, List.of(10_000, 65_536, 131_072))), List.of());
        BenchmarkCommand.Request request = new BenchmarkCommand.Request(List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
        List<BenchmarkCommand.Combination> combinations = BenchmarkCommand.combinations(new BenchmarkCommand.Benchmarks(true, false), plan, request, "GPU");
        assertEquals(List.of("10000", "65536", "131072"), combinations.stream().map(c -> c.params().get("n")).toList());
        assertEquals(List.of(false, true, true), combinations.stream().map(BenchmarkCommand.Combination::fewIterations).toList());
        CommandLineOptions none = new CommandLineOptions();
        assertEquals(List.of(2, 1, 1), combinations.stream().map(c -> c.warmups(none, 2)).toList());
        assertEquals(List.of(5, 1, 1), combinations.stream().map(c -> c.measurements(none, 5)).toList());
        CommandLineOptions given = new CommandLineOptions("-wi", "3", "-i", "4");
        assertEquals(List.of(3, 3, 3), combinations.stream().map(c -> c.warmups(given, 2)).toList());
        assertEquals(List.of(4, 4, 4), combinations.stream().map(c -> c.measurements(given, 5)).toList());
        // the estimate counts the same iterations
        List<RunEstimate.Fork> forks = RunProgress.plan(combinations, none);
        assertEquals(List.of(7, 2, 2), forks.stream().map(f -> f.iterations().count()).toList());
    }

    /**
     * The ceiling's combinations first, one per cell; then one per (variant, graph, launch, n, seed),
     * each parameter set to one value, so that a JMH session of one runs one fork.
     */
    @Test
    void eachCombinationSetsOneValueOfEveryParameter() throws Exception {
        RunPlan plan = new RunPlan(List.of(new RunPlan.Group(Variant.KLEENE, List.of(1000, 2000)),
                new RunPlan.Group(Variant.BLOCKED, List.of(37), List.of("road.gr"))), List.of());
        BenchmarkCommand.Request request = new BenchmarkCommand.Request(List.of(), List.of(), List.of(), List.of(), List.of("STREAM"),
                List.of("INT32"), List.of(), List.of("1", "2"));
        List<BenchmarkCommand.Combination> combinations = BenchmarkCommand.combinations(new BenchmarkCommand.Benchmarks(true, true), plan, request, "GPU");
        assertEquals(List.of("peak int32", "kleene at n=1000 (seed 1)", "kleene at n=1000 (seed 2)", "kleene at n=2000 (seed 1)",
                "kleene at n=2000 (seed 2)", "blocked on road.gr at n=37 (seed 1)", "blocked on road.gr at n=37 (seed 2)"),
                combinations.stream().map(BenchmarkCommand.Combination::description).toList());
        assertEquals(Map.of("cell", "INT32", "device", "GPU"), combinations.get(0).params());
        assertEquals(ResultsFormat.PEAK_BENCHMARK, combinations.get(0).benchmark());
        assertEquals(Map.of("variant", "KLEENE", "n", "1000", "device", "GPU", "launch", "STREAM", "seed", "2"), combinations.get(2).params());
        assertEquals(Map.of("variant", "BLOCKED", "n", "37", "device", "GPU", "graph", "road.gr", "launch", "STREAM", "seed", "1"),
                combinations.get(5).params());
        assertEquals(List.of(ResultsFormat.SOLVE_BENCHMARK), BenchmarkCommand.combinations(new BenchmarkCommand.Benchmarks(true, false), plan,
                request, "GPU").stream().map(BenchmarkCommand.Combination::benchmark).distinct().toList());
        // -f 3 -wf 1: three sessions of one fork each, the warm-up fork before the first; four forks for the estimate
        BenchmarkCommand.Forks forks = combinations.get(1).forks(new CommandLineOptions("-f", "3", "-wf", "1"));
        assertEquals(3, forks.sessions());
        assertEquals(4, forks.started());
        assertEquals(1, combinations.get(1).forks(new CommandLineOptions("-f", "0", "-wf", "1")).sessions());
        assertEquals(1, combinations.get(1).forks(new CommandLineOptions("-f", "0")).started());
    }

    /** The mode this JVM was started with is checked too: the forks would inherit it. */
    @Test
    void aBadTuningPropertyGetsOneLineAndExitCode2() {
        String before = System.getProperty(TuningMode.PROPERTY);
        try {
            System.setProperty(TuningMode.PROPERTY, "sometimes");
            assertEquals(2, run("-p", "variant=cpu-serial", "-p", "n=10"));
            assertEquals("fwbench: -Dfwbench.tuning takes tuned, retune or table, not 'sometimes'" + System.lineSeparator(), err());
        } finally {
            if (before == null) System.clearProperty(TuningMode.PROPERTY);
            else System.setProperty(TuningMode.PROPERTY, before);
        }
    }

    /** A launch pin this JVM was started with, which the forks inherit, is checked before anything is planned with it. */
    @Test
    void aBadLaunchPinGetsOneLineAndExitCode2() {
        for (String[] pin : new String[][] {{"fwbench.dataflow.blocksPerSm", "0", "a whole number >= 1"},
                {"fwbench.dataflow.blocksPerSm", "many", "a whole number >= 1"}, {"fwbench.packed16.tile", "7", "64, 128 or 256"}}) {
            String before = System.getProperty(pin[0]);
            try {
                System.setProperty(pin[0], pin[1]);
                err.reset();
                assertEquals(2, run("-p", "variant=cpu-serial", "-p", "n=10"), pin[0]);
                assertEquals("fwbench: -D" + pin[0] + " takes " + pin[2] + ", not '" + pin[1] + "'" + System.lineSeparator(), err());
            } finally {
                if (before == null) System.clearProperty(pin[0]);
                else System.setProperty(pin[0], before);
            }
        }
    }

    /** A pin given to the forks alone is refused here too, in one line, before any fork starts. */
    @Test
    void aBadLaunchPinForTheForksGetsOneLineAndExitCode2() {
        String property = "fwbench.packed16.tile";
        String before = System.getProperty(property);
        try {
            err.reset();
            assertEquals(2, run("-p", "variant=cpu-serial", "-p", "n=10", "-jvmArgsAppend", "-Xmx2g -D" + property + "=7"));
            assertEquals("fwbench: -D" + property + " takes 64, 128 or 256, not '7'" + System.lineSeparator(), err());
        } finally {
            if (before == null) System.clearProperty(property);
            else System.setProperty(property, before);
        }
    }

    /** The forks' -Dfwbench.* properties reach this JVM's plan; other arguments are left to the forks. */
    @Test
    void theForksSuitePropertiesAreAdoptedHere() throws Exception {
        String property = "fwbench.kleene.tile";
        String before = System.getProperty(property);
        try {
            BenchmarkCommand.adoptForkProperties(new CommandLineOptions("-jvmArgsAppend", "-Xmx3g -Dfwbench.kleene.tile=128 -Dother.flag=1"));
            assertEquals("128", System.getProperty(property));
            assertEquals(null, System.getProperty("other.flag"));
        } finally {
            if (before == null) System.clearProperty(property);
            else System.setProperty(property, before);
        }
    }

    /** Every fork gets the mode after the user's own -jvmArgsAppend, which stays. */
    @Test
    void theTuningModeIsAppendedToTheForksJvmArguments() throws Exception {
        assertEquals(List.of("-Xmx3g", "-Dfwbench.tuning=retune"), List.of(BenchmarkCommand.forkArgsAppended(
                new CommandLineOptions("-jvmArgsAppend", "-Xmx3g"), BenchmarkCommand.tuningMode("retune"))));
        assertEquals(List.of("-Dfwbench.tuning=table"), List.of(BenchmarkCommand.forkArgsAppended(new CommandLineOptions(), TuningMode.TABLE)));
        // every fork is told the run's command, which JMH records with its results for the report's Method
        assertEquals(List.of("-Dfwbench.tuning=table", "-Dfwbench.command=java -jar target/benchmarks.jar -p n=1000"),
                List.of(BenchmarkCommand.withCommand(new String[] {"-Dfwbench.tuning=table"}, "java -jar target/benchmarks.jar -p n=1000")));
    }
}
