package fwbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fwbench.bench.DeviceClocks;
import fwbench.cuda.Gpu;
import fwbench.results.ResultsFormat;
import fwbench.tuning.TuningMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** The default command end to end: bad input is one line and exit code 2 with nothing written; a run writes its results. */
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
            "-p size=10          | fwbench: unknown parameter 'size'; parameters: batch, cell, gpus, graph, launch, n, seed, variant",
            "-p cell=int8        | fwbench: unknown cell 'int8'; cells: int32, packed16, float32, int64, float64",
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
        Path real = Files.writeString(graphs.resolve("real.edges"), "0 1 2.5\n1 2 2\n");
        Path realNegative = Files.writeString(graphs.resolve("realneg.edges"), "0 1 2.5\n1 2 -2\n");
        String[][] cases = {
                {"-p", "graph=" + malformed},
                {"-p", "graph=" + graphs.resolve("missing.mtx")},
                {"-p", "graph=" + graphs.resolve("g.txt")},
                {"-p", "graph=" + negative},
                {"-p", "graph=" + good, "-p", "n=100"},
                {"-p", "graph=" + real},
                {"-p", "graph=" + realNegative},
        };
        String[] messages = {
                malformed + ", line 2: vertex 9 is out of range 1..3 (n = 3)",
                "no such file: " + graphs.resolve("missing.mtx"),
                "no such file: " + graphs.resolve("g.txt"),
                // this machine has no GPU
                negative + " has negative weights, which the variants that run here do not take (INF plus a negative weight is less than INF): "
                        + "kleene, dataflow, kleene-paths, kleene-bands, kleene-i64, kleene-f64 take them on a CUDA device, and there is none here; "
                        + "the CPU reference solves it: java -jar target/benchmarks.jar solve --graph " + negative + " --out FILE",
                "-p n=100 conflicts with " + good + ", which has 3 vertices: a graph file sets n itself (leave out -p n)",
                // kleene-f64 takes real weights >= 0 only
                real + " has real weights (not all whole numbers): the benchmark's graphs are integer ones; solve takes it (with kleene-f64 on a GPU): "
                        + "java -jar target/benchmarks.jar solve --graph " + real + " --out FILE",
                realNegative + " has real weights (not all whole numbers): the benchmark's graphs are integer ones; solve takes it (with the float64 "
                        + "CPU reference: no GPU variant takes real weights of either sign): java -jar target/benchmarks.jar solve --graph " + realNegative
                        + " --out FILE",
        };
        for (int c = 0; c < cases.length; c++) {
            if (cases[c][1].equals("graph=" + negative) && Gpu.available()) continue;  // with a GPU the variants that take them run it
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

    @Test
    void anExistingResultsFileIsNeverOverwritten() throws Exception {
        Path taken = Files.writeString(results.resolve("mine.json"), "[]");
        assertEquals(2, run("-rff", taken.toString(), "-p", "n=8"));
        assertTrue(err().contains("already exists"), err());
        assertEquals("[]", Files.readString(taken));
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
}
