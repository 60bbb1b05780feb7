package fwbench.cli;

import fwbench.graph.Distances;
import fwbench.graph.MatrixGraph;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.graph.io.GraphFileWriter;
import fwbench.graph.io.GraphFormat;
import fwbench.graph.io.SolutionFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** solve --undirected: each edge of a .gr or .edges file both ways, as scipy's directed=False; refused for .mtx and .dense. */
class SolveUndirectedTest extends SolveCommandTesting {

    /** The graph with each edge both ways, the lighter of the two directions where both are edges. */
    private static MatrixGraph bothWays(MatrixGraph graph) {
        int n = graph.n();
        int[] w = graph.weights();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) w[i * n + j] = w[j * n + i] = Math.min(w[i * n + j], w[j * n + i]);
        }
        return new MatrixGraph(n, w, graph.describe() + ", both ways");
    }

    @ParameterizedTest
    @EnumSource(value = GraphFormat.class, names = {"DIMACS", "EDGE_LIST"})
    void eachEdgeGoesBothWays(GraphFormat format) throws IOException {
        MatrixGraph graph = awkward(45);
        Path input = GraphFileWriter.write(graph, format, dir, "g");
        Path solution = dir.resolve("g.apsp");
        assertEquals(0, run("solve", "--graph", input.toString(), "--out", solution.toString(), "--undirected", "--paths"), err.toString());
        int[] d = SolutionFiles.read(solution).distances();
        assertArrayEquals(ReferenceFloydWarshall.distances(bothWays(graph)), d);
        for (int i = 0; i < 45; i++) for (int j = 0; j < 45; j++) assertEquals(d[i * 45 + j], d[j * 45 + i], i + " <-> " + j);
        assertTrue(errLines().stream().anyMatch(l -> l.contains("(--undirected: each edge both ways)")), err.toString());
    }

    @Test
    void aChainIsWalkedBackwardsAndTheLighterOfTwoOppositeArcsIsKept() throws IOException {
        Path gr = Files.writeString(dir.resolve("chain.gr"), "p sp 3 3\na 1 2 5\na 2 3 7\na 2 1 3\n");
        Path solution = dir.resolve("chain.txt");
        assertEquals(0, run("solve", "--graph", gr.toString(), "--out", solution.toString(), "--undirected"), err.toString());
        assertArrayEquals(new int[] {0, 3, 10, 3, 0, 7, 10, 7, 0}, SolutionFiles.read(solution).distances());
        // without --undirected, 3 reaches nothing
        assertEquals(0, run("solve", "--graph", gr.toString(), "--out", solution.toString(), "--force"), err.toString());
        assertEquals(Distances.INF, SolutionFiles.read(solution).distances()[2 * 3]);
    }

    /** An undirected edge of negative weight is a negative cycle u -> v -> u, as scipy's directed=False finds too. */
    @Test
    void aNegativeUndirectedEdgeIsANegativeCycle() throws IOException {
        Path edges = Files.writeString(dir.resolve("neg.edges"), "0 1 4\n1 2 -1\n");
        Set<Path> before = files();
        assertEquals(1, run("solve", "--graph", edges.toString(), "--out", dir.resolve("neg.apsp").toString(), "--undirected"));
        String last = errLines().get(errLines().size() - 1);
        assertTrue(last.startsWith("fwbench solve: " + edges + " has a negative cycle ") && last.contains(" of length -2 "), last);
        assertEquals(before, files(), "nothing written");
    }

    @Test
    void matrixMarketAndDenseFilesAreRefusedInOneLine() throws IOException {
        Path mtx = Files.writeString(dir.resolve("g.mtx"), "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 2 4\n");
        Path dense = Files.writeString(dir.resolve("g.dense"), "0 4\nINF 0\n");
        Path out = dir.resolve("o.apsp");
        Set<Path> before = files();
        assertEquals(2, run("solve", "--graph", mtx.toString(), "--out", out.toString(), "--undirected"));
        assertEquals(List.of("fwbench solve: --undirected reads .gr and .edges files, whose lines are edges; " + mtx
                + " is MatrixMarket, whose banner says whether the matrix is symmetric (then each entry is an edge both ways)"), errLines());
        assertEquals(2, run("solve", "--graph", dense.toString(), "--out", out.toString(), "--undirected"));
        assertEquals(List.of("fwbench solve: --undirected reads .gr and .edges files, whose lines are edges; " + dense
                + " is a dense matrix, which holds both directions of every pair already"), errLines());
        assertEquals(before, files(), "nothing written");
    }
}
