package fwbench.cli;

import fwbench.cuda.Gpu;
import fwbench.graph.Distances;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** profile without a GPU: its one-line refusals, and the command it would run under ncu or nsys. */
class ProfileCommandTest {

    @TempDir
    Path dir;

    /** An empty folder: PATH as the command sees it, when no tool is on it. */
    @TempDir
    Path emptyPath;

    private StringWriter out;
    private StringWriter err;

    /** Runs profile, looking for the tools on {@code searchPath} alone. */
    private int run(String searchPath, String... args) {
        out = new StringWriter();
        err = new StringWriter();
        String[] all = Stream.concat(Stream.of("profile"), Stream.of(args)).toArray(String[]::new);
        return Subcommands.run(new ProfileCommand(searchPath), all, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private List<String> errLines() {
        return err.toString().lines().toList();
    }

    private void assertNothingWritten() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.toList(), "nothing written");
        }
        assertTrue(!Files.exists(ProfileCommand.DEFAULT_FOLDER) || isEmpty(ProfileCommand.DEFAULT_FOLDER), "no report folder made");
    }

    private static boolean isEmpty(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.findAny().isEmpty();
        }
    }

    /** A file named like the tool that the lookup takes for it (never run here). */
    private Path fakeTool(String name) throws IOException {
        Path folder = Files.createDirectories(dir.resolve("bin"));
        Path tool = Files.writeString(folder.resolve(name), "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        return tool;
    }

    @Test
    void aToolNotOnPathIsOneLineSayingWhereItComesFrom() throws IOException {
        assertEquals(2, run(emptyPath.toString(), "--variant", "kleene", "--n", "4096"));
        assertEquals(List.of("fwbench profile: ncu (Nsight Compute) is not on PATH; it comes with the CUDA Toolkit: add its bin folder to PATH "
                + "(export PATH=/usr/local/cuda/bin:$PATH), or give its path: java -Dfwbench.ncu=/path/to/ncu -jar target/benchmarks.jar profile ..."),
                errLines());
        assertEquals(2, run(emptyPath.toString(), "--variant", "kleene", "--n", "4096", "--nsys"));
        assertEquals(List.of("fwbench profile: nsys (Nsight Systems) is not on PATH; it comes with the CUDA Toolkit: add its bin folder to PATH "
                + "(export PATH=/usr/local/cuda/bin:$PATH), or give its path: java -Dfwbench.nsys=/path/to/nsys -jar target/benchmarks.jar profile ..."),
                errLines());
        assertEquals("", out.toString());
        assertNothingWritten();
    }

    @Test
    void aToolPathThatIsNoExecutableIsOneLine() throws IOException {
        String before = System.getProperty("fwbench.ncu");
        try {
            System.setProperty("fwbench.ncu", dir.resolve("no-ncu").toString());
            assertEquals(2, run(emptyPath.toString(), "--variant", "kleene", "--n", "4096"));
            assertEquals(List.of("fwbench profile: -Dfwbench.ncu=" + dir.resolve("no-ncu") + " is not an executable file (the path to ncu)"), errLines());
        } finally {
            if (before == null) System.clearProperty("fwbench.ncu");
            else System.setProperty("fwbench.ncu", before);
        }
        assertNothingWritten();
    }

    /** The tool's lookup: the -D path first, else the first executable of its name on PATH. */
    @Test
    void theToolIsTheDPathElseTheFirstOnPath() throws Exception {
        Path ncu = fakeTool("ncu");
        String path = emptyPath + java.io.File.pathSeparator + ncu.getParent();
        assertEquals(Optional.of(ncu), ProfileCommand.findTool(ProfileCommand.Tool.NCU, null, path));
        assertEquals(Optional.empty(), ProfileCommand.findTool(ProfileCommand.Tool.NSYS, null, path));
        assertEquals(Optional.of(ncu), ProfileCommand.findTool(ProfileCommand.Tool.NCU, ncu.toString(), emptyPath.toString()));
        Path notExecutable = Files.writeString(dir.resolve("nsys"), "");
        assertEquals(Optional.empty(), ProfileCommand.findTool(ProfileCommand.Tool.NSYS, null, dir.toString()), notExecutable + " is no tool");
    }

    /** With the tool found and no GPU: one line, before anything else. */
    @Test
    void withoutAGpuTheLineSaysSo() throws IOException {
        assumeFalse(Gpu.available(), "this machine has a GPU");
        Path ncu = fakeTool("ncu");
        assertEquals(2, run(ncu.getParent().toString(), "--variant", "kleene", "--n", "4096"));
        assertEquals(List.of("fwbench profile: there is no CUDA device to profile on (" + Gpu.probe().reason() + ")"), errLines());
        // the JVM started under the tool says the same
        assertEquals(2, run(emptyPath.toString(), "--inside", "--variant", "kleene", "--n", "4096"));
        assertEquals(List.of("fwbench profile: there is no CUDA device to profile on (" + Gpu.probe().reason() + ")"), errLines());
        try (Stream<Path> files = Files.list(ncu.getParent())) {
            assertEquals(List.of(ncu), files.toList());
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--variant fast --n 10              | unknown variant 'fast'; variants: {registry}; or a CUDA kernel file, FILE.cu (docs/your-kernel.md)",
            "--variant cpu-serial --n 10        | cpu-serial runs on the CPU, and ncu and nsys profile CUDA kernels; GPU variants: {gpu}, or a kernel file",
            "--variant naive --n 50000          | naive takes n up to 46340 (its kernels index a cell with an int), not n=50000",
            "--variant kleene                   | --n is needed: the vertices of the random graph to solve (for example --n 4096)",
            "--variant kleene --n 0             | --n must be in 1..{max}, got 0",
            "--variant kleene --n 600000        | --n must be in 1..{max}, got 600000",
            "--variant kleene --n 10 --graph dense | unknown graph 'dense'; generators: random, sparse:P or hops:P with 0 < P <= 1, each optionally followed by +potentials:R for weights of either sign without a negative cycle (1 <= R <= 1000000), or a graph file: .gr, .mtx, .edges or .dense",
            "--variant blocked --n 10 --graph random+potentials:10 | blocked needs edge weights >= 0, and random+potentials:10 has negative ones; the variants that take them: kleene, dataflow, kleene-paths, kleene-bands, kleene-i64, kleene-f64",
            "--variant no/such.cu --n 10        | kernel file no/such.cu does not exist (a variant ending in .cu is a CUDA source file: docs/your-kernel.md)",
            "--variant kleene --n 10 --ncu --nsys | Error: --ncu, --nsys are mutually exclusive (specify only one) (--help for usage)",
            "--variant kleene --n ten           | Invalid value for option '--n': 'ten' is not an int (--help for usage)",
            "--n 10                             | Missing required option: '--variant=V' (--help for usage)"})
    void badInputIsOneLineAndExitCode2(String args, String message) throws IOException {
        assertEquals(2, run(emptyPath.toString(), args.trim().split("\\s+")));
        String gpu = Stream.of(Variant.values()).filter(Variant::gpu).map(Variant::id).collect(java.util.stream.Collectors.joining(", "));
        assertEquals(List.of("fwbench profile: " + message.trim().replace("{registry}", Variant.ids()).replace("{gpu}", gpu)
                .replace("{max}", String.valueOf(Distances.GRID_MAX_N))), errLines());
        assertNothingWritten();
    }

    @Test
    void aGraphFileSetsNAndAnExistingReportIsNeverOverwritten() throws IOException {
        Path graph = Files.writeString(dir.resolve("ring.edges"), "0 1 2\n1 2 2\n2 0 2\n");
        assertEquals(2, run(emptyPath.toString(), "--variant", "kleene", "--graph", graph.toString(), "--n", "5"));
        assertEquals(List.of("fwbench profile: --n 5 conflicts with " + graph + ", which has 3 vertices: a graph file sets n itself (leave out --n)"),
                errLines());
        Path taken = Files.writeString(dir.resolve("mine.ncu-rep"), "");
        for (String out : List.of(taken.toString(), dir.resolve("mine").toString())) {
            assertEquals(2, run(emptyPath.toString(), "--variant", "kleene", "--n", "10", "--out", out));
            assertEquals(List.of("fwbench profile: " + taken + " already exists; profile never overwrites a file: choose another --out"), errLines());
        }
        assertEquals("", Files.readString(taken));
        // a graph file that passes these checks reaches the tool's lookup
        assertEquals(2, run(emptyPath.toString(), "--variant", "kleene", "--graph", graph.toString()));
        assertTrue(errLines().get(0).startsWith("fwbench profile: ncu (Nsight Compute) is not on PATH"), err.toString());
    }

    /** ncu waits for cuProfilerStart and follows the JVM it starts; nsys records from cuProfilerStart to cuProfilerStop and lets the JVM finish. */
    @Test
    void theCommandUnderEachTool() {
        List<String> jvm = List.of("-Xmx8g", "-Dfwbench.tuning=tuned");
        List<String> args = List.of("--variant", "kleene", "--n", "4096", "--graph", "random", "--seed", "42");
        assertEquals(List.of("/usr/local/cuda/bin/ncu", "--profile-from-start", "off", "--target-processes", "all", "-o", "profiles/kleene_n4096",
                        "/jdk/bin/java", "-Xmx8g", "-Dfwbench.tuning=tuned", "-cp", "target/benchmarks.jar", "fwbench.Main", "profile", "--inside",
                        "--variant", "kleene", "--n", "4096", "--graph", "random", "--seed", "42"),
                ProfileCommand.launchCommand(ProfileCommand.Tool.NCU, Path.of("/usr/local/cuda/bin/ncu"), Path.of("profiles/kleene_n4096"),
                        "/jdk/bin/java", jvm, "target/benchmarks.jar", args));
        assertEquals(List.of("/usr/local/cuda/bin/nsys", "profile", "--capture-range=cudaProfilerApi", "--capture-range-end=stop",
                        "--cuda-graph-trace=node", "-o", "profiles/kleene_n4096",
                        "/jdk/bin/java", "-Xmx8g", "-Dfwbench.tuning=tuned", "-cp", "target/benchmarks.jar", "fwbench.Main", "profile", "--inside",
                        "--variant", "kleene", "--n", "4096", "--graph", "random", "--seed", "42"),
                ProfileCommand.launchCommand(ProfileCommand.Tool.NSYS, Path.of("/usr/local/cuda/bin/nsys"), Path.of("profiles/kleene_n4096"),
                        "/jdk/bin/java", jvm, "target/benchmarks.jar", args));
        // a debugger's port or an agent would clash, or be profiled too
        assertEquals(List.of("-Xmx8g", "-Dfwbench.kleene.tile=64"), ProfileCommand.jvmArgsForProfiledRun(List.of("-Xmx8g",
                "-agentlib:jdwp=transport=dt_socket,server=y,address=5005", "-javaagent:/x.jar", "-Dfwbench.kleene.tile=64")));
    }

    /** The main's entry point reaches it, and its help names the tools. */
    @Test
    void itIsASubcommandWithHelp() {
        assertTrue(Subcommands.isSubcommand("profile"));
        assertTrue(Subcommands.summaries().get("profile").contains("ncu"));
        out = new StringWriter();
        err = new StringWriter();
        assertEquals(0, Subcommands.run(new String[] {"profile", "--help"}, new PrintWriter(out, true), new PrintWriter(err, true)));
        assertTrue(out.toString().contains("--nsys") && out.toString().contains("cuProfilerStart"), out.toString());
    }
}
