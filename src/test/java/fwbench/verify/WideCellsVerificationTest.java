package fwbench.verify;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.graph.Distances;
import fwbench.graph.LongFloydWarshallTest;
import fwbench.graph.MatrixGraph;
import fwbench.graph.RealFloydWarshall;
import fwbench.graph.RealGraph;
import fwbench.graph.RealGraphs;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The checks of 64-bit distances: what they accept, and that they catch a solver that skips one k or errs in one cell. */
class WideCellsVerificationTest {

    /** Float64 Floyd-Warshall over k, i, j in the other summation order (d(k, j) + d(i, k)), skipping step {@code skippedK} (-1: none). */
    private static double[] float64FloydWarshall(RealGraph graph, int skippedK) {
        int n = graph.n();
        double[] d = new double[n * n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) d[i * n + j] = graph.weight(i, j);
        for (int k = 0; k < n; k++) {
            if (k == skippedK) continue;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    double through = d[k * n + j] + d[i * n + k];
                    if (through < d[i * n + j]) d[i * n + j] = through;
                }
            }
        }
        return d;
    }

    @Test
    void float64CheckAcceptsAnotherOrderAndCatchesASkippedK() {
        RealGraph graph = RealGraphs.random(60, 0.06, 8);
        assertTrue(Verification.checkCells("other order", graph, DistanceMatrix.of(graph.n(), float64FloydWarshall(graph, -1))).contains("4 (n + 1) 2^-53"));
        double[] exact = RealFloydWarshall.distances(graph);
        int k = 10;
        double[] skipped = float64FloydWarshall(graph, k);
        long beyond = 0;
        for (int c = 0; c < exact.length; c++) {
            if (exact[c] == Double.POSITIVE_INFINITY ? skipped[c] != Double.POSITIVE_INFINITY
                    : Math.abs(skipped[c] - exact[c]) > Verification.tolerance(CellType.FLOAT64, 60, exact[c])) beyond++;
        }
        assertTrue(beyond > 0, "skipping k = " + k + " must change some distance beyond the tolerance on this graph");
        String message = assertThrows(VerificationFailure.class, () -> Verification.checkCells("skipped", graph, DistanceMatrix.of(graph.n(), skipped))).getMessage();
        assertTrue(message.startsWith("skipped: wrong distance at (") && message.contains("(the float64 CPU reference, within "), message);
    }

    @Test
    void float64ToleranceIsFourNPlusOneUnitsOfItsDistance() {
        assertEquals(4.0 * 101 * 0x1p-53 * 2.5, Verification.tolerance(CellType.FLOAT64, 100, -2.5));
        assertEquals(0.0, Verification.tolerance(CellType.FLOAT64, 100, 0));
    }

    @Test
    void int64CheckNamesTheFirstWrongCellPastInt32() {
        MatrixGraph graph = LongFloydWarshallTest.heavyGraph(40, 2);
        long[] right = LongFloydWarshallTest.jgrapht(graph);
        assertEquals("every cell equals the int64 CPU reference", Verification.checkCells("jgrapht", graph, DistanceMatrix.of(graph.n(), right)));
        int far = 0;
        for (int c = 0; c < right.length; c++) if (right[c] < Distances.INF64 && right[c] > right[far]) far = c;
        long[] wrong = right.clone();
        wrong[far] += 1L << 32;  // what an int32 sum would lose
        int next = far + 1;  // a cell after it (far is never the last, a diagonal 0): no path for a path, or the other way round
        wrong[next] = right[next] == Distances.INF64 ? 0 : Distances.INF64;
        String message = assertThrows(VerificationFailure.class, () -> Verification.checkCells("wrong", graph, DistanceMatrix.of(graph.n(), wrong))).getMessage();
        assertEquals("wrong: wrong distance at (" + far / 40 + ", " + far % 40 + "): expected " + right[far] + " (the int64 CPU reference), got "
                + (right[far] + (1L << 32)) + " (2 wrong cells in all)", message);
    }
}
