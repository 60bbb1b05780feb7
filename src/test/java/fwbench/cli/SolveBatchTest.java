package fwbench.cli;

import fwbench.graph.Distances;
import fwbench.graph.MatrixGraph;
import fwbench.graph.io.BatchSolutionFiles;
import fwbench.graph.io.GraphFileWriter;
import fwbench.graph.io.GraphFormat;
import fwbench.graph.io.Solution;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** solve on a batch of graphs, on the CPU (without a GPU, or with --paths), against JGraphT; path on the batch file; bad batches. */
class SolveBatchTest extends SolveCommandTesting {

    @Test
    void aMixedBatchHoldsJgraphtsDistancesForEveryGraph() throws IOException {
        List<int[]> graphs = BatchTesting.mixed();
        Path in = BatchTesting.writeGraphColumn(dir.resolve("mixed.gedges"), graphs);
        Path out = dir.resolve("mixed.apsp");
        assertEquals(0, run("solve", "--graph", in.toString(), "--out", out.toString(), "--variant", "reference"), err.toString());
        assertTrue(out().startsWith("wrote " + out + ": distances of 5 graphs"), out());
        BatchTesting.assertOracleDistances(out, graphs);
        assertEquals(BatchSolutionFiles.bytes(BatchTesting.MIXED_SIZES, false), Files.size(out));
    }

    @Test
    void withPathsEveryGraphsRoutesAreRebuiltByPath() throws IOException {
        List<int[]> graphs = BatchTesting.mixed();
        Path in = BatchTesting.writeGraphColumn(dir.resolve("mixed.gedges"), graphs);
        Path out = dir.resolve("mixed.apsp");
        assertEquals(0, run("solve", "--graph", in.toString(), "--out", out.toString(), "--paths"), err.toString());
        BatchTesting.assertOracleDistances(out, graphs);
        Solution s = BatchSolutionFiles.readGraph(out, 3);
        assertTrue(s.hasPaths());
        // graph 3 (n = 100): a reachable pair's route, as long as its distance; the last vertex reaches nothing
        int n = 100, from = 0, to = -1;
        for (int j = 1; j < n && to < 0; j++) if (s.distances()[from * n + j] < Distances.INF && s.intermediates()[from * n + j] != n + 1) to = j;
        assertTrue(to > 0, "graph 3 has a route through an intermediate vertex from 0");
        assertEquals(0, run("path", out.toString(), "--graph", "3", "0", Integer.toString(to)), err.toString());
        assertTrue(out().contains("length " + s.distances()[to]), out());
        assertEquals(0, run("path", out.toString(), "--graph", "3", "99", "0"));
        assertEquals("no path from 99 to 0 (unreachable)\n", out());
        assertEquals(2, run("path", out.toString(), "0", "1"));
        assertEquals(List.of("fwbench path: " + out + " holds a batch of 5 graphs: name one with --graph G (0..4)"), errLines());
        assertEquals(2, run("path", out.toString(), "--graph", "5", "0", "1"));
        assertEquals(List.of("fwbench path: graph 5 is out of range: " + out + " holds graphs 0..4"), errLines());
    }

    @Test
    void aFolderIsSolvedInFileNameOrderEachGraphInItsFilesNumbering() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("graphs"));
        int[] w7 = BatchTesting.weights(7, 7), w33 = BatchTesting.weights(33, 33);
        GraphFileWriter.write(new MatrixGraph(33, w33, "b"), GraphFormat.DENSE, folder, "b");
        GraphFileWriter.write(new MatrixGraph(7, w7, "a"), GraphFormat.DIMACS, folder, "a");
        Files.writeString(folder.resolve("README"), "not a graph");
        Path out = dir.resolve("folder.apsp");
        assertEquals(0, run("solve", "--graph", folder.toString(), "--out", out.toString(), "--paths"), err.toString());
        BatchTesting.assertOracleDistances(out, List.of(w7, w33));
        assertEquals(1, BatchSolutionFiles.readGraph(out, 0).firstVertex(), "a.gr numbers its vertices from 1");
        assertEquals(0, BatchSolutionFiles.readGraph(out, 1).firstVertex());
    }

    @Test
    void eachGraphWithANegativeCycleIsNamedInALineAndNothingIsWritten() throws IOException {
        Path in = Files.writeString(dir.resolve("neg.gedges"), "0 0 1 2\n1 0 1 -3\n1 1 0 1\n2 0 1 1\n3 2 1 -1\n3 1 2 0\n");
        Path out = dir.resolve("neg.apsp");
        assertEquals(1, run("solve", "--graph", in.toString(), "--out", out.toString()));
        assertEquals(List.of(
                "fwbench solve: graph 1 of " + in + " has a negative cycle 0 -> 1 -> 0 of length -2 (vertices numbered as in the file)",
                "fwbench solve: graph 3 of " + in + " has a negative cycle 1 -> 2 -> 1 of length -1 (vertices numbered as in the file)",
                "fwbench solve: 2 graphs have a negative cycle: shortest paths are undefined; nothing written"),
                errLines().stream().filter(l -> l.contains("negative cycle")).toList());
        assertFalse(Files.exists(out));
    }

    @Test
    void badBatchesAreRefusedInOneLineWithNothingWritten() throws IOException {
        Path out = dir.resolve("x.apsp");
        refused("0 0 1 1\n2 0 1 1\n", "bad.gedges, line 2: graph 2 follows graph 0 (graph 1 is missing): graph ids go 0, 1, 2, ... in order, each graph's lines together");
        refused("0 0 1 1\n1 0 1 1\n0 1 0 1\n", "bad.gedges, line 3: graph 0 again after graph 1: graph ids go 0, 1, 2, ... in order, each graph's lines together");
        refused("1 0 1 1\n", "bad.gedges, line 1: the first graph id is 1, not 0: graph ids go 0, 1, 2, ... in order, each graph's lines together");
        refused("# nothing\n", "bad.gedges: no graphs (an empty batch): expected lines 'g u v w' (graph id from 0, source, target, weight)");
        refused("0 0 1 1\n0 1 x 2\n", "bad.gedges, line 2: expected an edge 'g u v w' (integers g, u and v, a number w), got '0 1 x 2'");
        refused("0 0 1 1\n1 0 1 2.5\n", "graph 1 of bad.gedges has real weights (a weight with a fraction): a batch takes integer weights only "
                + "(int32 distances); solve such a graph alone, with solve --graph (kleene-f64 on a GPU for weights >= 0, else the float64 CPU reference)");
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Files.writeString(empty.resolve("notes.txt"), "no graph here");
        assertEquals(2, run("solve", "--graph", empty.toString(), "--out", out.toString()));
        assertEquals(List.of("fwbench solve: " + empty + " holds no graph files (an empty batch); a folder's graph files end in .gr, .mtx, .edges or .dense"), errLines());
        Path ok = Files.writeString(dir.resolve("ok.gedges"), "0 0 1 1\n");
        assertEquals(2, run("solve", "--graph", ok.toString(), "--out", out.toString(), "--variant", "kleene"));
        assertEquals(1, errLines().size(), err.toString());
        assertTrue(errLines().get(0).startsWith("fwbench solve: a batch of graphs is solved by small-graphs or reference, not kleene"), err.toString());
        assertEquals(2, run("solve", "--graph", ok.toString(), "--out", dir.resolve("x.txt").toString()));
        assertEquals(1, errLines().size(), err.toString());
        assertEquals(Set.of(dir.resolve("bad.gedges"), empty, ok), files(), "nothing written");
    }

    private void refused(String text, String line) throws IOException {
        Path in = Files.writeString(dir.resolve("bad.gedges"), text);
        assertEquals(2, run("solve", "--graph", in.toString(), "--out", dir.resolve("x.apsp").toString()));
        assertEquals(List.of("fwbench solve: " + line.replace("bad.gedges", in.toString())), errLines());
    }
}
