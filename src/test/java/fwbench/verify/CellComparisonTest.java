package fwbench.verify;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.graph.Distances;
import fwbench.graph.LongFloydWarshallTest;
import fwbench.graph.MatrixGraph;
import fwbench.graph.RealGraph;
import fwbench.graph.RealGraphs;
import fwbench.graph.ReferenceFloydWarshall;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The one reference entry and the one comparison: each cell type's oracle, exact integer cells, and mismatched matrices refused. */
class CellComparisonTest {

    @Test
    void eachCellTypeGetsTheOracleOfItsWidth() {
        MatrixGraph graph = LongFloydWarshallTest.heavyGraph(30, 4);
        assertArrayEquals(ReferenceFloydWarshall.distances(graph), ReferenceDistances.of(graph, CellType.INT32).array(int[].class));
        assertArrayEquals(LongFloydWarshallTest.jgrapht(graph), ReferenceDistances.of(graph, CellType.INT64).array(long[].class));
        RealGraph real = RealGraphs.random(20, 0.2, 3);
        for (CellType cells : new CellType[] {CellType.FLOAT32, CellType.FLOAT64}) {
            assertEquals(CellType.FLOAT64, ReferenceDistances.of(real, cells).cells(), "real cells are checked against the float64 oracle");
        }
        assertThrows(IllegalArgumentException.class, () -> ReferenceDistances.of(graph, CellType.FLOAT32));
        assertThrows(IllegalArgumentException.class, () -> ReferenceDistances.of(real, CellType.INT64));
    }

    /** Past INF is still no path, but not the reference's bits: an integer cell is compared exactly. */
    @Test
    void integerCellsMustHoldTheReferencesBits() {
        DistanceMatrix expected = DistanceMatrix.of(2, new int[] {0, Distances.INF, 3, 0});
        DistanceMatrix got = DistanceMatrix.of(2, new int[] {0, Distances.INF + 1, 3, 0});
        VerificationFailure f = assertThrows(VerificationFailure.class, () -> Verification.requireSameCells("past INF", expected, got));
        assertEquals("past INF: wrong distance at (0, 1): expected INF (the CPU reference), got INF", f.getMessage());
    }

    @Test
    void matricesOfAnotherSizeOrIntegerTypeAreRefused() {
        DistanceMatrix int32 = DistanceMatrix.of(1, new int[] {0});
        assertThrows(IllegalArgumentException.class, () -> Verification.requireSameCells("x", int32, DistanceMatrix.of(1, new long[] {0})));
        assertThrows(IllegalArgumentException.class, () -> Verification.requireSameCells("x", int32, DistanceMatrix.of(2, new int[] {0, 1, 1, 0})));
    }
}
