package fwbench.cli;

import fwbench.cell.CellType;
import fwbench.graph.Distances;
import fwbench.graph.LongFloydWarshallTest;
import fwbench.graph.MatrixGraph;
import fwbench.graph.RealGraph;
import fwbench.graph.RealGraphs;
import fwbench.graph.io.GraphFileWriter;
import fwbench.graph.io.GraphFormat;
import fwbench.graph.io.Solution;
import fwbench.graph.io.SolutionFiles;
import org.jgrapht.alg.shortestpath.FloydWarshallShortestPaths;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleDirectedWeightedGraph;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * solve's cell types (--cell, and the default for the graph): int64 for integer graphs whose
 * distances may pass int32, float64 for real weights, each against JGraphT; path on a file of
 * every version; the refusals in one line. On the CPU here (the CPU references), on a GPU the same
 * checks hold for kleene-i64 and kleene-f64.
 */
class SolveCellsTest extends SolveCommandTesting {

    @Test
    void integerDistancesPastInt32AreSolvedInInt64AsJGraphTSolvesThem() throws IOException {
        MatrixGraph graph = LongFloydWarshallTest.heavyGraph(70, 5);
        Path file = GraphFileWriter.write(graph, GraphFormat.EDGE_LIST, dir, "heavy");
        Path solution = dir.resolve("heavy.apsp");
        assertEquals(0, run("solve", "--graph", file.toString(), "--out", solution.toString()), err.toString());
        assertTrue(errLines().stream().anyMatch(l -> l.contains("distances may pass int32") && l.contains("solving in int64")), err.toString());
        Solution s = SolutionFiles.read(solution);
        assertEquals(CellType.INT64, s.cells());
        long[] expected = LongFloydWarshallTest.jgrapht(graph);
        assertArrayEquals(expected, s.distanceMatrix().array(long[].class));
        assertTrue(out().startsWith("wrote " + solution + ": int64 distances of "), out());
        // path prints a distance past 2^31 from the binary file and from the text one
        int far = 0;
        for (int c = 1; c < expected.length; c++) if (expected[c] < Distances.INF64 && expected[c] > expected[far]) far = c;
        assertTrue(expected[far] > Integer.MAX_VALUE, "a distance past 2^31");
        Path text = dir.resolve("heavy.txt");
        assertEquals(0, run("solve", "--graph", file.toString(), "--out", text.toString()), err.toString());
        assertTrue(Files.readString(text).startsWith("# fwbench solution n=70 first=0 intermediates=no cells=int64\n"));
        for (Path p : new Path[] {solution, text}) {
            assertEquals(0, run("path", p.toString(), String.valueOf(far / 70), String.valueOf(far % 70)));
            assertEquals("length " + expected[far] + " (" + p + " holds distances only: solve with --paths to rebuild routes)\n", out());
            assertEquals(0, run("path", p.toString(), "0", "69"));  // vertex 69 has no arc in
            assertEquals("no path from 0 to 69 (unreachable)\n", out());
        }
    }

    @Test
    void int64CanBeAskedForAGraphThatFitsInt32() throws IOException {
        Path file = report003File();
        Path narrow = dir.resolve("narrow.apsp"), wide = dir.resolve("wide.apsp");
        assertEquals(0, run("solve", "--graph", file.toString(), "--out", narrow.toString()), err.toString());
        assertEquals(0, run("solve", "--graph", file.toString(), "--out", wide.toString(), "--cell", "int64"), err.toString());
        int[] int32 = SolutionFiles.read(narrow).distances();
        long[] int64 = SolutionFiles.read(wide).distanceMatrix().array(long[].class);
        for (int c = 0; c < int32.length; c++) assertEquals(int32[c] >= Distances.INF ? Distances.INF64 : int32[c], int64[c], "cell " + c);
    }

    /** JGraphT's Floyd-Warshall in double on a real graph, shared with nothing of ours. */
    private static double[] jgrapht(RealGraph graph) {
        int n = graph.n();
        SimpleDirectedWeightedGraph<Integer, DefaultWeightedEdge> g = new SimpleDirectedWeightedGraph<>(DefaultWeightedEdge.class);
        for (int v = 0; v < n; v++) g.addVertex(v);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double w = graph.weight(i, j);
                if (i != j && w != Double.POSITIVE_INFINITY) g.setEdgeWeight(g.addEdge(i, j), w);
            }
        }
        FloydWarshallShortestPaths<Integer, DefaultWeightedEdge> fw = new FloydWarshallShortestPaths<>(g);
        double[] d = new double[n * n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) d[i * n + j] = fw.getPathWeight(i, j);
        return d;
    }

    @Test
    void realWeightsAreFloat64ByDefaultAsJGraphTSolvesThem() throws IOException {
        RealGraph graph = RealGraphs.random(67, 0.07, 3);
        StringBuilder edges = new StringBuilder();
        for (int i = 0; i < graph.n(); i++) {
            for (int j = 0; j < graph.n(); j++) {
                double w = graph.weight(i, j);
                if (i != j && w != Double.POSITIVE_INFINITY) edges.append(i).append(' ').append(j).append(' ').append(w).append('\n');
            }
        }
        Path file = Files.writeString(dir.resolve("real.edges"), edges.toString());
        Path solution = dir.resolve("real.apsp");
        assertEquals(0, run("solve", "--graph", file.toString(), "--out", solution.toString()), err.toString());
        double[] got = SolutionFiles.read(solution).distanceMatrix().array(double[].class);
        double[] expected = jgrapht(graph);
        int n = graph.n();
        for (int c = 0; c < expected.length; c++) {
            if (expected[c] == Double.POSITIVE_INFINITY) assertEquals(Double.POSITIVE_INFINITY, got[c], "cell " + c);
            else assertEquals(expected[c], got[c], 4.0 * (n + 1) * 0x1p-53 * expected[c], "cell " + c);
        }
    }

    /** path on a file of each version: int32 (1), float32 (2), int64 and float64 (3). */
    @Test
    void pathReadsEveryVersion() throws IOException {
        Path integer = Files.writeString(dir.resolve("int.gr"), "p sp 3 2\na 1 2 7\na 2 3 5\n");
        Path real = Files.writeString(dir.resolve("real.gr"), "p sp 3 2\na 1 2 0.1\na 2 3 0.2\n");
        Object[][] cases = {
                {integer, "int32", 1, "length 12"},
                {integer, "int64", 3, "length 12"},
                {real, "float32", 2, "length " + (0.1f + 0.2f)},
                {real, "float64", 3, "length " + (0.1 + 0.2)},
        };
        for (Object[] c : cases) {
            Path out = dir.resolve(c[1] + ".apsp");
            assertEquals(0, run("solve", "--graph", c[0].toString(), "--out", out.toString(), "--cell", (String) c[1]), err.toString());
            assertEquals(c[2], java.nio.ByteBuffer.wrap(Files.readAllBytes(out)).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(8), c[1] + "'s version");
            assertEquals(0, run("path", out.toString(), "1", "3"));
            assertEquals(c[3] + " (" + out + " holds distances only: solve with --paths to rebuild routes)\n", out());
        }
    }

    @Test
    void cellsThatCannotHoldTheGraphAreRefusedInOneLine() throws IOException {
        MatrixGraph heavyGraph = LongFloydWarshallTest.heavyGraph(40, 5);
        Path heavy = GraphFileWriter.write(heavyGraph, GraphFormat.EDGE_LIST, dir, "heavy");
        Path report = report003File();
        Path real = Files.writeString(dir.resolve("r.edges"), "0 1 0.5\n1 2 1\n");
        Path negative = Files.writeString(dir.resolve("neg.edges"), "0 1 1000000000\n1 2 1000000000\n2 3 1000000000\n3 0 -5\n");
        Path out = dir.resolve("o.apsp");
        Set<Path> before = files();
        String[][] cases = {
                {"--graph", heavy.toString(), "--cell", "int32"},
                {"--graph", heavy.toString(), "--cell", "float64"},
                {"--graph", report.toString(), "--cell", "float32"},
                {"--graph", report.toString(), "--cell", "int8"},
                {"--graph", report.toString(), "--cell", "packed16"},
                {"--graph", real.toString(), "--cell", "int64"},
                {"--graph", heavy.toString(), "--paths"},
                {"--graph", heavy.toString(), "--variant", "cpu-blocked"},
                {"--graph", negative.toString()},
        };
        String[] messages = {
                "--cell int32 cannot hold " + heavy + "'s distances: a simple path of n - 1 = 39 edges of up to |w| = " + heavyGraph.maxWeight()
                        + " could weigh " + 39L * heavyGraph.maxWeight() + ", not below INF = 1073741823; use --cell int64 (or leave out --cell)",
                "--cell float64 is for real weights, and " + heavy + "'s are integers; allowed: int64 (the default: its distances may pass int32)",
                "--cell float32 is for real weights, and " + report + "'s are integers; allowed: int32 (the default), int64",
                "--cell 'int8' is not a cell type; allowed: int32, float32, int64, float64",
                "--cell 'packed16' is not a cell type; allowed: int32, float32, int64, float64",
                "--cell int64 holds integer distances, and " + real + " has real weights (not all whole numbers); allowed: float64 (the default), float32",
                heavy + " is solved in int64 cells, and --paths rebuilds routes from int32 distances only; leave it out",
                heavy + " is solved in int64 cells: --variant kleene-i64 or reference, or leave out --variant",
                negative + " is solved in int64 cells, and int64 cells take weights >= 0 only (kleene's negative-weight step works on int32 cells); "
                        + negative + " has negative ones",
        };
        for (int c = 0; c < cases.length; c++) {
            String[] args = java.util.stream.Stream.concat(java.util.stream.Stream.of("solve", "--out", out.toString()), java.util.Arrays.stream(cases[c]))
                    .toArray(String[]::new);
            assertEquals(2, run(args), String.join(" ", args));
            assertEquals(List.of("fwbench solve: " + messages[c]), errLines().stream().filter(l -> !l.contains(", read in ")).toList(), String.join(" ", args));
            assertEquals(before, files(), "nothing written: " + String.join(" ", args));
        }
    }

    /** The path off the heap writes int32 cells only: another cell, or a graph that needs int64, is refused there in one line. */
    @Test
    void offTheHeapOnlyInt32IsWritten() throws IOException {
        MatrixGraph heavyGraph = LongFloydWarshallTest.heavyGraph(40, 5);
        Path heavy = GraphFileWriter.write(heavyGraph, GraphFormat.EDGE_LIST, dir, "heavy");
        Path report = report003File();
        Path out = dir.resolve("o.apsp");
        Set<Path> before = files();
        SolveCommand.offHeapFromN = 3;
        try {
            assertEquals(2, run("solve", "--graph", report.toString(), "--out", out.toString(), "--cell", "int64"));
            assertEquals(List.of("fwbench solve: " + report + " has n = 6, solved off the Java heap in int32 cells only, and --cell int64 was asked for"),
                    errLines());
            assertEquals(2, run("solve", "--graph", heavy.toString(), "--out", out.toString()));
            assertEquals(List.of("fwbench solve: " + heavy + " has n = 40, solved off the Java heap in int32 cells only, and its distances may pass int32 "
                    + "((n - 1) x max |w| = " + 39L * heavyGraph.maxWeight() + "): scale the weights down"), errLines());
        } finally {
            SolveCommand.offHeapFromN = Distances.INT_INDEX_MAX_N + 1;
        }
        assertEquals(before, files(), "nothing written");
    }
}
