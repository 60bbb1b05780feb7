package fwbench.cli;

import fwbench.graph.Distances;
import fwbench.graph.Graphs;
import fwbench.graph.MatrixGraph;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.graph.ShortestPaths;
import fwbench.graph.io.GraphFileWriter;
import fwbench.graph.io.GraphFormat;
import fwbench.graph.io.Solution;
import fwbench.graph.io.SolutionFiles;
import fwbench.solve.SolveVariants;
import fwbench.variant.Variant;
import fwbench.verify.PathCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** solve and path end to end on integer graphs, through the jar's subcommand dispatch, on whatever machine runs the tests. */
class SolveCommandTest extends SolveCommandTesting {

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
    void pathWithoutTheIntermediateNodesGivesTheLengthAlone() throws IOException {
        Path solution = dir.resolve("d.apsp");
        assertEquals(0, run("solve", "--graph", report003File().toString(), "--out", solution.toString()), err.toString());
        assertEquals(0, run("path", solution.toString(), "4", "3"));
        assertEquals("length 41 (" + solution + " holds distances only: solve with --paths to rebuild routes)\n", out());
        Path missing = dir.resolve("none.apsp");
        assertEquals(2, run("path", missing.toString(), "1", "2"));
        assertEquals(List.of("fwbench path: no such file: " + missing), errLines());
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
                "cpu-blocked computes distances only; with --paths use " + SolveVariants.pathChoices() + " (or leave out --variant)",
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

    @Test
    void noVerifySaysSo() throws IOException {
        assertEquals(0, run("solve", "--graph", report003File().toString(), "--out", dir.resolve("o.apsp").toString(), "--no-verify"));
        assertTrue(errLines().contains("fwbench solve: not verified (--no-verify)"), err.toString());
    }

    @Test
    void helpListsTheOptions() {
        assertEquals(0, run("solve", "--help"));
        assertTrue(out().contains("--graph=FILE") && out().contains("--paths") && out().contains("--force"), out());
        assertEquals(0, run("path", "--help"));
        assertTrue(out().contains("SOLUTION FROM TO"), out());
    }
}
