package fwbench.cli;

import fwbench.cell.CellType;
import fwbench.cuda.Gpu;
import fwbench.graph.Distances;
import fwbench.graph.RealGraph;
import fwbench.graph.RealGraphs;
import fwbench.graph.io.GraphFormat;
import fwbench.graph.io.Solution;
import fwbench.graph.io.SolutionFiles;
import fwbench.solve.NegativeCycleFound;
import fwbench.verify.Verification;
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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** solve on graphs of negative or real weights: who takes them, the CPU references, and negative cycles named with their vertices. */
class SolveWeightsTest extends SolveCommandTesting {

    @Test
    void negativeWeightsAreSolvedByTheReferenceWithALineSayingSo() throws IOException {
        Path edges = Files.writeString(dir.resolve("neg.edges"), "0 1 4\n0 2 1\n2 1 -2\n1 3 1\n");
        Path solution = dir.resolve("neg.apsp");
        assertEquals(0, run("solve", "--graph", edges.toString(), "--out", solution.toString()), err.toString());
        // without a GPU the variants that take negative weights cannot run (with one, the first of them solves it)
        if (!Gpu.available()) {
            assertTrue(errLines().stream().anyMatch(l -> l.startsWith("fwbench solve: " + edges + " has negative weights and the variants that take them "
                    + "(kleene, dataflow, kleene-paths, kleene-bands, kleene-i64, kleene-f64) need a CUDA device (") && l.endsWith("): solving with the CPU reference, which tests for INF")), err.toString());
        }
        int[] d = SolutionFiles.read(solution).distances();
        assertEquals(-1, d[1], "0 -> 2 -> 1");
        assertEquals(0, d[3], "0 -> 2 -> 1 -> 3");
        assertEquals(Distances.INF, d[1 * 4 + 0]);
    }

    @Test
    void aNamedVariantRefusesNegativeWeights() throws IOException {
        Path edges = Files.writeString(dir.resolve("neg.edges"), "0 1 -4\n");
        Set<Path> before = files();
        assertEquals(2, run("solve", "--graph", edges.toString(), "--out", dir.resolve("x.apsp").toString(), "--variant", "cpu-blocked"));
        assertEquals("fwbench solve: cpu-blocked needs edge weights >= 0 (it adds INF like any other number) and " + edges
                + " has negative ones; use --variant kleene, dataflow, kleene-paths, kleene-bands, kleene-i64, kleene-f64 (on a GPU), reference, or leave out --variant", errLines().get(errLines().size() - 1));
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
            // found by the CPU reference without a GPU, by the device's solve with one
            String found = Gpu.available() ? "fwbench solve: the solve on the device ends with a distance from vertex 1 below any path's length: looking for the negative cycle"
                    : "fwbench solve: vertex 1 has a negative distance to itself: looking for the negative cycle";
            assertTrue(lines.contains(found), lines.toString());
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
    void longCyclesAreShortenedInTheMessage() {
        assertEquals("3 -> 1 -> 2 -> 3", NegativeCycleFound.describeCycle(List.of(2, 0, 1), 1));
        String longOne = NegativeCycleFound.describeCycle(IntStream.range(0, 20).boxed().toList(), 0);
        assertEquals("0 -> 1 -> 2 -> 3 -> 4 -> 5 -> ... (10 more) -> 16 -> 17 -> 18 -> 19 -> 0", longOne);
    }

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

    /**
     * Every format's decimals are solved in float64 by default (kleene-f64 on a GPU, else the
     * float64 reference) within the float64 tolerance of the reference, and with --cell float32
     * (kleene-f32 on a GPU) within the float32 one.
     */
    @ParameterizedTest
    @EnumSource(GraphFormat.class)
    void realWeightsOfEveryFormatAreSolved(GraphFormat format) throws IOException {
        RealGraph graph = RealGraphs.random(45, 0.08, 17);
        Path solution = dir.resolve("real.apsp");
        assertEquals(0, run("solve", "--graph", realGraphFile(graph, format).toString(), "--out", solution.toString()), err.toString());
        Solution s = SolutionFiles.read(solution);
        assertEquals(CellType.FLOAT64, s.cells());
        Verification.checkCells("solve", graph, s.distanceMatrix());
        assertTrue(out().startsWith("wrote " + solution + ": float64 distances of "), out());
        if (!Gpu.available()) {
            assertTrue(errLines().stream().anyMatch(l -> l.startsWith("fwbench solve: no CUDA device (") && l.endsWith("real weights with the float64 CPU reference")),
                    err.toString());
        }
        Path narrow = dir.resolve("real32.apsp");
        assertEquals(0, run("solve", "--graph", realGraphFile(graph, format).toString(), "--out", narrow.toString(), "--cell", "float32"), err.toString());
        Solution s32 = SolutionFiles.read(narrow);
        assertEquals(CellType.FLOAT32, s32.cells());
        Verification.checkCells("solve", graph, s32.distanceMatrix());
        assertTrue(out().startsWith("wrote " + narrow + ": float32 distances of "), out());
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
        assertTrue(Files.readString(dir.resolve("chain.txt")).startsWith("# fwbench solution n=3 first=1 intermediates=yes cells=float64\n0.0 1.5 3.75\n"));
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
                "cpu-blocked takes integer weights only, and " + real + " has real ones (not all whole numbers): use --variant kleene-f32, kleene-f64, or leave out --variant",
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
        double inf = Double.POSITIVE_INFINITY;
        assertArrayEquals(new double[] {0, 2.5, 1.25, inf, 0, -1.25, inf, inf, 0}, SolutionFiles.read(solution).distanceMatrix().array(double[].class));
        Path cycle = Files.writeString(dir.resolve("cycle.edges"), "0 1 0.5\n1 0 -0.75\n");
        assertEquals(1, run("solve", "--graph", cycle.toString(), "--out", dir.resolve("cycle.apsp").toString()));
        assertEquals("fwbench solve: " + cycle + ": vertex 0 reaches a cycle of negative length (vertices numbered as in the file): "
                + "shortest paths are undefined; nothing written", errLines().get(errLines().size() - 1));
        assertFalse(Files.exists(dir.resolve("cycle.apsp")));
    }
}
