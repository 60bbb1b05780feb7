package fwbench.cli;

import fwbench.GpuTest;
import fwbench.cell.CellType;
import fwbench.graph.LongFloydWarshallTest;
import fwbench.graph.MatrixGraph;
import fwbench.graph.io.GraphFileWriter;
import fwbench.graph.io.GraphFormat;
import fwbench.graph.io.SolutionFiles;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** solve on a GPU picks kleene-i64 past int32 and kleene-f64 for real weights (kleene-f32 with --cell float32), and checks each. */
@GpuTest
class SolveCellsGpuTest extends SolveCommandTesting {

    private boolean said(String part) {
        return errLines().stream().anyMatch(l -> l.contains(part));
    }

    @Test
    void integerDistancesPastInt32GoToKleeneI64() throws IOException {
        MatrixGraph graph = LongFloydWarshallTest.heavyGraph(201, 9);
        Path file = GraphFileWriter.write(graph, GraphFormat.EDGE_LIST, dir, "heavy");
        Path solution = dir.resolve("heavy.apsp");
        assertEquals(0, run("solve", "--graph", file.toString(), "--out", solution.toString()), err.toString());
        assertTrue(said("solving in int64 with kleene-i64") && said("every cell equals the int64 CPU reference"), err.toString());
        assertArrayEquals(LongFloydWarshallTest.jgrapht(graph), SolutionFiles.read(solution).distanceMatrix().array(long[].class));
    }

    @Test
    void realWeightsGoToKleeneF64AndWithCellFloat32ToKleeneF32() throws IOException {
        Path file = Files.writeString(dir.resolve("real.gr"), "p sp 4 5\na 1 2 0.1\na 2 3 0.2\na 1 3 0.3\na 3 1 0\na 2 4 2.5\n");
        Path wide = dir.resolve("wide.apsp"), narrow = dir.resolve("narrow.apsp");
        assertEquals(0, run("solve", "--graph", file.toString(), "--out", wide.toString()), err.toString());
        assertTrue(said("solving with kleene-f64") && said("every cell within 4 (n + 1) 2^-53"), err.toString());
        assertEquals(CellType.FLOAT64, SolutionFiles.read(wide).cells());
        // 0.1 + 0.2 is 0.30000000000000004 in double: the direct arc of 0.3 is the lighter, and exactly 0.3
        assertEquals(0.3, SolutionFiles.read(wide).distanceMatrix().array(double[].class)[2], 0.0);
        assertEquals(0, run("solve", "--graph", file.toString(), "--out", narrow.toString(), "--cell", "float32"), err.toString());
        assertTrue(said("solving with kleene-f32"), err.toString());
        assertEquals(CellType.FLOAT32, SolutionFiles.read(narrow).cells());
    }

    @Test
    void int64PastTheReferenceLimitIsRefusedUnlessUnverified() throws IOException {
        StringBuilder arcs = new StringBuilder("p sp 2049 2048\n");
        for (int v = 1; v < 2049; v++) arcs.append("a ").append(v).append(' ').append(v + 1).append(" 1000000\n");
        Path file = Files.writeString(dir.resolve("long.gr"), arcs.toString());
        Path out = dir.resolve("long.apsp");
        assertEquals(2, run("solve", "--graph", file.toString(), "--out", out.toString()));
        assertEquals(List.of("fwbench solve: kleene-i64's int64 distances are checked cell by cell against the int64 CPU reference, up to n = 2048, and "
                + file + " has n = 2049: use --no-verify to write them unchecked, or --variant reference (the CPU)"), errLines().stream().filter(l -> !l.contains("read in")).toList());
        assertEquals(0, run("solve", "--graph", file.toString(), "--out", out.toString(), "--no-verify"), err.toString());
        assertEquals(2048L * 1_000_000, SolutionFiles.read(out).distanceMatrix().array(long[].class)[2048]);
    }
}
