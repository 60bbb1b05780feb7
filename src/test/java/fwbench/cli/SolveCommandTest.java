package fwbench.cli;

import fwbench.cuda.Gpu;
import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.Graphs;
import fwbench.graph.MatrixGraph;
import fwbench.graph.RealGraph;
import fwbench.graph.RealGraphs;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.graph.ShortestPaths;
import fwbench.graph.GraphSpec;
import fwbench.graph.io.GraphFileWriter;
import fwbench.graph.io.GraphFormat;
import fwbench.graph.io.Solution;
import fwbench.graph.io.SolutionFiles;
import fwbench.variant.SolveOrder;
import fwbench.variant.Variant;
import fwbench.verify.PathCheck;
import fwbench.verify.Verification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** solve and path end to end, through the jar's subcommand dispatch, on whatever machine runs the tests. */
class SolveCommandTest {

    @TempDir
    Path dir;

    private StringWriter out;
    private StringWriter err;

    int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        return Subcommands.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    String out() {
        return out.toString().replace(System.lineSeparator(), "\n");
    }

    List<String> errLines() {
        return err.toString().lines().toList();
    }

    private Set<Path> files() throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.collect(Collectors.toSet());
        }
    }

    private Path report003File() throws IOException {
        return GraphFileWriter.write(Graphs.report003(), GraphFormat.DENSE, dir, "report003");
    }

    /** Unreachable pairs, zero weights, an isolated vertex, n not a multiple of any tile. */
    static MatrixGraph awkward(int n) {
        int[] w = GraphSpec.parse("sparse:0.06").instance(n, 21).weights();
        w[1 * n + 4] = 0;
        w[4 * n + 7] = 0;
        for (int j = 0; j < n; j++) if (j != 3) w[3 * n + j] = w[j * n + 3] = Distances.INF;
        return new MatrixGraph(n, w, "awkward");
    }

    @Test
    void report003ByTheReferenceWritesItsTablesAndPathRebuildsTheRoute() throws IOException {
        Path solution = dir.resolve("s.apsp");
        assertEquals(0, run("solve", "--graph", report003File().toString(), "--out", solution.toString(), "--variant", "reference", "--paths"), err.toString());
        Solution s = SolutionFiles.read(solution);
        assertArrayEquals(Graphs.flatten(Graphs.REPORT_003_DISTANCES), s.distances());
        assertArrayEquals(Graphs.flatten(Graphs.REPORT_003_INTERMEDIATES), s.intermediates());
        assertEquals(0, s.firstVertex());
        assertTrue(out().startsWith("wrote " + solution + ": distances and intermediate nodes of "), out());

        assertEquals(0, run("path", solution.toString(), "4", "3"));
        assertEquals("4 -> 2 -> 0 -> 3\nlength 41 (3 edges)\n", out());
        assertEquals(0, run("path", solution.toString(), "5", "5"));
        assertEquals("5\nlength 0 (0 edges)\n", out());
    }

    /** The path check of solve --paths: solve each format with --paths, and every rebuilt path is a real path as long as its distance. */
    @ParameterizedTest
    @EnumSource(GraphFormat.class)
    void everyRebuiltPathOfEveryFormatIsAsLongAsItsDistance(GraphFormat format) throws IOException {
        MatrixGraph graph = awkward(45);
        Path input = GraphFileWriter.write(graph, format, dir, "g");
        Path solution = dir.resolve("g.apsp");
        assertEquals(0, run("solve", "--graph", input.toString(), "--out", solution.toString(), "--paths"), err.toString());
        Solution s = SolutionFiles.read(solution);
        assertArrayEquals(ReferenceFloydWarshall.distances(graph), s.distances());
        ShortestPaths paths = s.shortestPaths();
        for (int i = 0; i < 45; i++) {
            for (int j = 0; j < 45; j++) assertEquals(java.util.Optional.empty(), PathCheck.problem(graph, paths, i, j), i + " -> " + j);
        }
        // and the path command prints the same route, in the file's numbering
        int first = format.firstVertex();
        int from = 0, to = IntStream.range(1, 45).filter(j -> s.distances()[j] < Distances.INF && paths.path(0, j).orElseThrow().size() > 2)
                .findFirst().orElseThrow();
        assertEquals(0, run("path", solution.toString(), String.valueOf(from + first), String.valueOf(to + first)));
        List<Integer> printed = Arrays.stream(out().lines().findFirst().orElseThrow().split(" -> ")).map(v -> Integer.parseInt(v) - first).toList();
        assertEquals(paths.path(from, to).orElseThrow(), printed);
        long length = 0;
        for (int e = 1; e < printed.size(); e++) length += graph.weight(printed.get(e - 1), printed.get(e));
        assertTrue(out().contains("\nlength " + length + " ("), out());
        assertEquals(s.distances()[to], length);
    }

    @ParameterizedTest
    @EnumSource(GraphFormat.class)
    void everyFormatSolvesToTheReferenceDistances(GraphFormat format) throws IOException {
        MatrixGraph graph = awkward(70);
        Path input = GraphFileWriter.write(graph, format, dir, "g", true);
        Path solution = dir.resolve("g.txt");
        assertEquals(0, run("solve", "--graph", input.toString(), "--out", solution.toString()), err.toString());
        assertArrayEquals(ReferenceFloydWarshall.distances(graph), SolutionFiles.read(solution).distances());
        assertTrue(Files.readString(solution).startsWith("# fwbench solution n=70 first=" + format.firstVertex() + " intermediates=no\n"));
        assertTrue(errLines().stream().anyMatch(l -> l.startsWith("fwbench solve: verified in ")), err.toString());
    }

    @Test
    void pathUsesTheGraphFilesNumbering() throws IOException {
        Path gr = Files.writeString(dir.resolve("chain.gr"), "p sp 3 2\na 1 2 5\na 2 3 7\n");
        Path solution = dir.resolve("chain.apsp");
        assertEquals(0, run("solve", "--graph", gr.toString(), "--out", solution.toString(), "--paths"), err.toString());
        assertEquals(0, run("path", solution.toString(), "1", "3"));
        assertEquals("1 -> 2 -> 3\nlength 12 (2 edges)\n", out());
        assertEquals(0, run("path", solution.toString(), "3", "1"));
        assertEquals("no path from 3 to 1 (unreachable)\n", out());
        assertEquals(2, run("path", solution.toString(), "0", "1"));
        assertEquals(List.of("fwbench path: vertex 0 is out of range: " + solution + " numbers its vertices 1..3 (as its graph file did)"), errLines());
        assertEquals(2, run("path", solution.toString(), "one", "2"));
        assertEquals(List.of("fwbench path: 'one' is not a vertex: expected a whole number in 1..3"), errLines());
    }

    @Test
    void pathNeedsTheIntermediateNodes() throws IOException {
        Path solution = dir.resolve("d.apsp");
        assertEquals(0, run("solve", "--graph", report003File().toString(), "--out", solution.toString()), err.toString());
        assertEquals(2, run("path", solution.toString(), "1", "2"));
        assertEquals(List.of("fwbench path: " + solution + " holds distances only: solve with --paths to be able to rebuild paths"), errLines());
        Path missing = dir.resolve("none.apsp");
        assertEquals(2, run("path", missing.toString(), "1", "2"));
        assertEquals(List.of("fwbench path: no such file: " + missing), errLines());
    }

    @Test
    void negativeWeightsAreSolvedByTheReferenceWithALineSayingSo() throws IOException {
        Path edges = Files.writeString(dir.resolve("neg.edges"), "0 1 4\n0 2 1\n2 1 -2\n1 3 1\n");
        Path solution = dir.resolve("neg.apsp");
        assertEquals(0, run("solve", "--graph", edges.toString(), "--out", solution.toString()), err.toString());
        // this machine has no GPU: the variants that take negative weights cannot run
        assertTrue(errLines().stream().anyMatch(l -> l.startsWith("fwbench solve: " + edges + " has negative weights and the variants that take them "
                + "(kleene, dataflow, kleene-paths) need a CUDA device (") && l.endsWith("): solving with the CPU reference, which tests for INF")), err.toString());
        int[] d = SolutionFiles.read(solution).distances();
        assertEquals(-1, d[1], "0 -> 2 -> 1");
        assertEquals(0, d[3], "0 -> 2 -> 1 -> 3");
        assertEquals(Distances.INF, d[1 * 4 + 0]);
    }

    /** A launch pin of no value it takes is one line and exit 2, before the graph is read; nothing is written. */
    @Test
    void aBadLaunchPinIsOneLineAndExitCode2() throws IOException {
        Path edges = Files.writeString(dir.resolve("g.edges"), "0 1 4\n");
        Set<Path> before = files();
        System.setProperty("fwbench.dataflow.blocksPerSm", "-1");
        try {
            assertEquals(2, run("solve", "--graph", edges.toString(), "--out", dir.resolve("x.apsp").toString()));
        } finally {
            System.clearProperty("fwbench.dataflow.blocksPerSm");
        }
        assertEquals(List.of("fwbench solve: -Dfwbench.dataflow.blocksPerSm takes a whole number >= 1, not '-1'"), errLines());
        assertEquals(before, files());
    }

    @Test
    void aNamedVariantRefusesNegativeWeights() throws IOException {
        Path edges = Files.writeString(dir.resolve("neg.edges"), "0 1 -4\n");
        Set<Path> before = files();
        assertEquals(2, run("solve", "--graph", edges.toString(), "--out", dir.resolve("x.apsp").toString(), "--variant", "cpu-blocked"));
        assertEquals("fwbench solve: cpu-blocked needs edge weights >= 0 (it adds INF like any other number) and " + edges
                + " has negative ones; use --variant kleene, dataflow, kleene-paths (on a GPU), reference, or leave out --variant", errLines().get(errLines().size() - 1));
        assertEquals(before, files());
    }

    @Test
    void aNegativeCycleIsReportedWithItsVerticesAndNothingIsWritten() throws IOException {
        // 1 <-> 2 weighs 2; 2 -> 3 -> 2 weighs -4; vertex 1 reaches that cycle but is not on it
        Path gr = Files.writeString(dir.resolve("cycle.gr"), "p sp 3 4\na 1 2 1\na 2 1 1\na 2 3 1\na 3 2 -5\n");
        Set<Path> before = files();
        for (String paths : new String[] {"--paths", "--no-verify"}) {
            assertEquals(1, run("solve", "--graph", gr.toString(), "--out", dir.resolve("cycle.apsp").toString(), paths));
            List<String> lines = errLines();
            assertEquals("fwbench solve: " + gr + " has a negative cycle 2 -> 3 -> 2 of length -4 (vertices numbered as in the file): "
                    + "shortest paths are undefined; nothing written", lines.get(lines.size() - 1));
            assertTrue(lines.contains("fwbench solve: vertex 1 has a negative distance to itself: looking for the negative cycle"), lines.toString());
            assertEquals(before, files(), "nothing written, no temporary file left");
        }
        assertEquals("", out());
    }

    @Test
    void aNegativeSelfLoopIsANegativeCycle() throws IOException {
        Path dense = Files.writeString(dir.resolve("loop.dense"), "0 1\n1 -1\n");
        assertEquals(1, run("solve", "--graph", dense.toString(), "--out", dir.resolve("loop.apsp").toString()));
        assertTrue(errLines().get(errLines().size() - 1).contains("has a negative cycle 1 -> 1 of length -1"), err.toString());
    }

    @Test
    void anExistingOutputIsKeptUnlessForced() throws IOException {
        Path graph = report003File();
        Path taken = Files.writeString(dir.resolve("taken.apsp"), "precious");
        assertEquals(2, run("solve", "--graph", graph.toString(), "--out", taken.toString()));
        assertEquals(List.of("fwbench solve: " + taken + " already exists; solve never overwrites a file unless given --force"), errLines());
        assertEquals("precious", Files.readString(taken));
        assertEquals(0, run("solve", "--graph", graph.toString(), "--out", taken.toString(), "--force"), err.toString());
        assertArrayEquals(Graphs.flatten(Graphs.REPORT_003_DISTANCES), SolutionFiles.read(taken).distances());
        assertEquals(Set.of(graph, taken), files(), "no temporary file left");
        assertEquals(2, run("solve", "--graph", graph.toString(), "--out", graph.toString(), "--force"));
        assertEquals(List.of("fwbench solve: --out " + graph + " is the graph file itself"), errLines());
    }

    /** A missing folder of --out is made, as -rff makes a run's, once there is a result to write. */
    @Test
    void aMissingFolderOfTheOutputIsMade() throws IOException {
        Path solution = dir.resolve("new").resolve("deeper").resolve("s.apsp");
        assertEquals(0, run("solve", "--graph", report003File().toString(), "--out", solution.toString(), "--variant", "reference"),
                err.toString());
        assertArrayEquals(Graphs.flatten(Graphs.REPORT_003_DISTANCES), SolutionFiles.read(solution).distances());
    }

    /** Each mistake: exit code 2, exactly one line, nothing written. */
    @Test
    void badInputIsOneLineAndWritesNothing() throws IOException {
        Path good = report003File();
        Path out = dir.resolve("o.apsp");
        Path malformed = Files.writeString(dir.resolve("bad.gr"), "p sp 2 1\na 1 2\n");
        Path outOfRange = Files.writeString(dir.resolve("range.mtx"), "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 3 4\n");
        Path empty = Files.writeString(dir.resolve("empty.edges"), "# nothing\n");
        Path unknown = Files.writeString(dir.resolve("g.txt"), "0 1\n");
        Set<Path> before = files();
        String[][] cases = {
                {"--graph", dir.resolve("nope.gr").toString(), "--out", out.toString()},
                {"--graph", unknown.toString(), "--out", out.toString()},
                {"--graph", malformed.toString(), "--out", out.toString()},
                {"--graph", outOfRange.toString(), "--out", out.toString()},
                {"--graph", empty.toString(), "--out", out.toString()},
                {"--graph", good.toString(), "--out", out.toString(), "--variant", "fast"},
                {"--graph", good.toString(), "--out", out.toString(), "--variant", "cpu-blocked", "--paths"},
                {"--graph", good.toString(), "--out", good.resolve("sub/o.apsp").toString()},
                {"--graph", dir.resolve("nope.gr").toString(), "--out", dir.resolve("new/o.apsp").toString()},
                {"--graph", good.toString(), "--out", dir.toString()},
                {"--graph", good.toString()},
        };
        String[] messages = {
                "no such file: " + dir.resolve("nope.gr"),
                unknown + ": unknown graph file extension '.txt'; known: " + GraphFormat.known(),
                malformed + ", line 2: expected an arc 'a U V W' (integers U and V, a number W), got 'a 1 2'",
                outOfRange + ", line 3: vertex 3 is out of range 1..2 (n = 2)",
                empty + ": no edges, so no vertices (n = 0): expected lines 'u v w'",
                "unknown variant 'fast'; variants: " + Variant.ids() + ", reference; " + fwbench.variant.kernelfile.KernelFile.CHOICE,
                "cpu-blocked computes distances only; with --paths use " + SolveCommand.pathChoices() + " (or leave out --variant)",
                "the folder of --out, " + good.resolve("sub") + ", cannot be made: " + good + " is a file",
                "no such file: " + dir.resolve("nope.gr"),
                dir + " is a folder; --out names the file to write",
                "Missing required option: '--out=FILE' (--help for usage)",
        };
        for (int c = 0; c < cases.length; c++) {
            String[] args = Stream.concat(Stream.of("solve"), Arrays.stream(cases[c])).toArray(String[]::new);
            assertEquals(2, run(args), String.join(" ", args));
            assertEquals(List.of("fwbench solve: " + messages[c]), errLines(), String.join(" ", args));
            assertEquals(before, files(), "nothing written: " + String.join(" ", args));
        }
    }

    // ---- real weights ----

    /** A graph of real weights, n not a multiple of any tile, written in a format. */
    private Path realGraphFile(RealGraph graph, GraphFormat format) throws IOException {
        int n = graph.n(), first = format.firstVertex();
        StringBuilder text = new StringBuilder();
        int edges = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double w = graph.weight(i, j);
                if (i == j || w == Double.POSITIVE_INFINITY) continue;
                edges++;
                text.append(format == GraphFormat.DIMACS ? "a " : "").append(i + first).append(' ').append(j + first).append(' ').append(w).append('\n');
            }
        }
        String header = switch (format) {
            case DIMACS -> "p sp " + n + " " + edges + "\n";
            case MATRIX_MARKET -> "%%MatrixMarket matrix coordinate real general\n" + n + " " + n + " " + edges + "\n";
            default -> "";
        };
        if (format == GraphFormat.DENSE) {
            text.setLength(0);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    double w = graph.weight(i, j);
                    text.append(j > 0 ? " " : "").append(w == Double.POSITIVE_INFINITY ? "INF" : Double.toString(w));
                }
                text.append('\n');
            }
        }
        return Files.writeString(dir.resolve("real." + format.extension()), header + text);
    }

    /** Every format's decimals are solved (kleene-f32 on a GPU, else the float64 reference) within the float32 tolerance of the reference. */
    @ParameterizedTest
    @EnumSource(GraphFormat.class)
    void realWeightsOfEveryFormatAreSolved(GraphFormat format) throws IOException {
        RealGraph graph = RealGraphs.random(45, 0.08, 17);
        Path solution = dir.resolve("real.apsp");
        assertEquals(0, run("solve", "--graph", realGraphFile(graph, format).toString(), "--out", solution.toString()), err.toString());
        Solution s = SolutionFiles.read(solution);
        assertTrue(s.isReal());
        Verification.checkRealDistances("solve", graph, s.realDistances());
        assertTrue(out().startsWith("wrote " + solution + ": float32 distances of "), out());
        if (!Gpu.available()) {
            assertTrue(errLines().stream().anyMatch(l -> l.startsWith("fwbench solve: no CUDA device (") && l.endsWith("real weights with the float64 CPU reference")),
                    err.toString());
        }
    }

    /** --paths on real weights: the float64 reference's routes, and path prints the length as a float. */
    @Test
    void pathRebuildsARouteFromAFloatFile() throws IOException {
        Path gr = Files.writeString(dir.resolve("chain.gr"), "p sp 3 3\na 1 2 1.5\na 2 3 2.25\na 1 3 100.75\n");
        for (String name : new String[] {"chain.apsp", "chain.txt"}) {
            Path solution = dir.resolve(name);
            assertEquals(0, run("solve", "--graph", gr.toString(), "--out", solution.toString(), "--paths"), err.toString());
            assertTrue(errLines().stream().anyMatch(l -> l.contains("rebuilt paths are real paths as long as their distances")), err.toString());
            assertEquals(0, run("path", solution.toString(), "1", "3"));
            assertEquals("1 -> 2 -> 3\nlength 3.75 (2 edges)\n", out());
            assertEquals(0, run("path", solution.toString(), "3", "1"));
            assertEquals("no path from 3 to 1 (unreachable)\n", out());
        }
        assertTrue(Files.readString(dir.resolve("chain.txt")).startsWith("# fwbench solution n=3 first=1 intermediates=yes cells=float32\n0.0 1.5 3.75\n"));
    }

    @Test
    void realWeightsAreRefusedByIntegerVariantsAndBadNumbersInOneLine() throws IOException {
        Path real = Files.writeString(dir.resolve("r.edges"), "0 1 0.5\n1 2 1\n");
        Path nan = Files.writeString(dir.resolve("nan.gr"), "p sp 2 1\na 1 2 NaN\n");
        Path huge = Files.writeString(dir.resolve("huge.dense"), "0 1e39\n1 0\n");
        Path out = dir.resolve("o.apsp");
        Set<Path> before = files();
        String[][] cases = {
                {"--graph", real.toString(), "--out", out.toString(), "--variant", "cpu-blocked"},
                {"--graph", nan.toString(), "--out", out.toString()},
                {"--graph", huge.toString(), "--out", out.toString()},
        };
        String[] messages = {
                "cpu-blocked takes integer weights only, and " + real + " has real ones (not all whole numbers): use --variant kleene-f32, or leave out --variant",
                nan + ", line 2: weight 'NaN' is not a finite number: leave an absent edge out (a .dense file writes INF)",
                huge + ", line 1: weight '1e39' is out of range: |w| must be at most 3.4028235E38 (float32's largest value)",
        };
        for (int c = 0; c < cases.length; c++) {
            String[] args = Stream.concat(Stream.of("solve"), Arrays.stream(cases[c])).toArray(String[]::new);
            assertEquals(2, run(args), String.join(" ", args));
            assertEquals(List.of("fwbench solve: " + messages[c]), errLines(), String.join(" ", args));
            assertEquals(before, files(), "nothing written: " + String.join(" ", args));
        }
    }

    /** Negative real weights go to the float64 reference, as negative integers go to the integer one; a negative cycle writes nothing. */
    @Test
    void negativeRealWeightsGoToTheFloat64Reference() throws IOException {
        Path negative = Files.writeString(dir.resolve("neg.edges"), "0 1 2.5\n1 2 -1.25\n0 2 2\n");
        Path solution = dir.resolve("neg.apsp");
        assertEquals(0, run("solve", "--graph", negative.toString(), "--out", solution.toString()), err.toString());
        assertTrue(errLines().stream().anyMatch(l -> l.contains("has negative weights") && l.endsWith("solving with the float64 CPU reference, which tests for INF")),
                err.toString());
        float inf = Float.POSITIVE_INFINITY;
        assertArrayEquals(new float[] {0, 2.5f, 1.25f, inf, 0, -1.25f, inf, inf, 0}, SolutionFiles.read(solution).realDistances());
        Path cycle = Files.writeString(dir.resolve("cycle.edges"), "0 1 0.5\n1 0 -0.75\n");
        assertEquals(1, run("solve", "--graph", cycle.toString(), "--out", dir.resolve("cycle.apsp").toString()));
        assertEquals("fwbench solve: " + cycle + ": vertex 0 reaches a cycle of negative length (vertices numbered as in the file): "
                + "shortest paths are undefined; nothing written", errLines().get(errLines().size() - 1));
        assertFalse(Files.exists(dir.resolve("cycle.apsp")));
    }

    @Test
    void withoutAGpuAGpuVariantIsRefusedAndTheDefaultIsCpuBlocked() throws IOException {
        assumeFalse(Gpu.available(), "this machine has a GPU");
        Path graph = report003File();
        assertEquals(2, run("solve", "--graph", graph.toString(), "--out", dir.resolve("o.apsp").toString(), "--variant", "blocked"));
        assertEquals(List.of("fwbench solve: blocked needs a CUDA device, and there is none (" + Gpu.probe().reason()
                + "); leave out --variant to solve on the CPU"), errLines());
        assertEquals(0, run("solve", "--graph", graph.toString(), "--out", dir.resolve("o.apsp").toString()));
        assertTrue(errLines().contains("fwbench solve: solving with cpu-blocked"), err.toString());
        assertTrue(errLines().stream().anyMatch(l -> l.startsWith("fwbench solve: verified in ") && l.endsWith(" s: every cell equals the CPU reference")),
                err.toString());
    }

    @Test
    void noVerifySaysSo() throws IOException {
        assertEquals(0, run("solve", "--graph", report003File().toString(), "--out", dir.resolve("o.apsp").toString(), "--no-verify"));
        assertTrue(errLines().contains("fwbench solve: not verified (--no-verify)"), err.toString());
    }

    @Test
    void theDefaultTriesGpuVariantsFastestFirstThenCpuVariants() {
        int below = SolveOrder.KLEENE_PACKED16_FIRST_FROM_N - 1, from = SolveOrder.KLEENE_PACKED16_FIRST_FROM_N;
        assertEquals(List.of(Variant.PACKED16, Variant.KLEENE_PACKED16, Variant.KLEENE, Variant.DATAFLOW, Variant.KLEENE_BANDS, Variant.KLEENE_F32, Variant.TILED_4X4, Variant.BATCHED,
                Variant.BLOCKED_REG, Variant.BLOCKED, Variant.NAIVE, Variant.CPU_BLOCKED, Variant.CPU_SERIAL), SolveCommand.defaultOrder(false, true, below));
        assertEquals(List.of(Variant.KLEENE_PACKED16, Variant.PACKED16, Variant.KLEENE, Variant.DATAFLOW, Variant.KLEENE_BANDS, Variant.KLEENE_F32, Variant.TILED_4X4, Variant.BATCHED,
                Variant.BLOCKED_REG, Variant.BLOCKED, Variant.NAIVE, Variant.CPU_BLOCKED, Variant.CPU_SERIAL), SolveCommand.defaultOrder(false, true, from),
                "kleene-packed16 is the faster from its threshold on");
        for (int n : new int[] {below, from}) {
            assertEquals(List.of(Variant.CPU_BLOCKED, Variant.CPU_SERIAL), SolveCommand.defaultOrder(false, false, n));
            assertEquals(List.of(Variant.KLEENE_PATHS, Variant.PATHS), SolveCommand.defaultOrder(true, true, n));
            assertEquals(List.of(), SolveCommand.defaultOrder(true, false, n), "no CPU variant records intermediates: the reference does");
        }
    }

    @Test
    void longCyclesAreShortenedInTheMessage() {
        assertEquals("3 -> 1 -> 2 -> 3", SolveCommand.describeCycle(List.of(2, 0, 1), 1));
        String longOne = SolveCommand.describeCycle(IntStream.range(0, 20).boxed().toList(), 0);
        assertEquals("0 -> 1 -> 2 -> 3 -> 4 -> 5 -> ... (10 more) -> 16 -> 17 -> 18 -> 19 -> 0", longOne);
    }

    @Test
    void longStagesSayTheyAreStillRunning() throws Exception {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text, true), "p: ", 20);
        int result = progress.timed("waiting", () -> {
            Thread.sleep(200);
            return 7;
        });
        assertEquals(7, result);
        List<String> lines = text.toString().lines().toList();
        assertEquals("p: waiting", lines.get(0));
        assertTrue(lines.size() >= 3 && lines.get(1).startsWith("p:   still waiting: "), lines.toString());
        assertTrue(progress.lastSeconds() >= 0.2);
        int after = lines.size();
        Thread.sleep(100);
        assertEquals(after, text.toString().lines().count(), "the timer stops with the stage");
        StringWriter quiet = new StringWriter();
        new Progress(new PrintWriter(quiet, true), "p: ", 1000).timed("reading", false, () -> 1);
        assertFalse(quiet.toString().contains("reading"), "an unannounced quick stage prints nothing");
    }

    @Test
    void helpListsTheOptions() {
        assertEquals(0, run("solve", "--help"));
        assertTrue(out().contains("--graph=FILE") && out().contains("--paths") && out().contains("--force"), out());
        assertEquals(0, run("path", "--help"));
        assertTrue(out().contains("SOLUTION FROM TO"), out());
    }

}
