package fwbench.verify;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.graph.RealFloydWarshall;
import fwbench.graph.RealGraph;
import fwbench.graph.RealGraphs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The check of float32 distances against the float64 reference: what it accepts, and that it catches a solver that skips one k. */
class RealVerificationTest {

    @Test
    void theToleranceIsTwoNPlusOneUnitRoundoffsOfTheDistance() {
        assertEquals(0x1p-24, CellType.FLOAT32.roundoff());
        assertEquals(2.0 * 101 * 0x1p-24 * 1000, Verification.tolerance(CellType.FLOAT32, 100, 1000));
        assertEquals(0, Verification.tolerance(CellType.FLOAT32, 100, 0), "a distance of 0 (zero-weight edges) must be exact");
    }

    /** A float32 Floyd-Warshall, the device's arithmetic, passes on graphs of several sizes and densities. */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 2, 17, 64, 150})
    void float32FloydWarshallPasses(int n) {
        for (double p : new double[] {0.05, 0.5, 1.0}) {
            RealGraph g = RealGraphs.random(n, p, n);
            float[] got = RealGraphs.float32FloydWarshall(g, -1);
            assertDoesNotThrow(() -> Verification.checkCells("float32 FW", g, DistanceMatrix.of(g.n(), got)), "p=" + p);
        }
    }

    /**
     * The same Floyd-Warshall with one step k left out: on a graph where that leaves some distance
     * beyond the tolerance (checked here first, so the test proves something), the check fails.
     */
    @Test
    void aSolverThatSkipsOneKIsCaught() {
        int n = 120, k = 57;
        RealGraph g = RealGraphs.random(n, 0.04, 3);
        double[] exact = RealFloydWarshall.distances(g);
        float[] skipped = RealGraphs.float32FloydWarshall(g, k);
        long beyond = 0;
        for (int c = 0; c < exact.length; c++) {
            if (exact[c] == Double.POSITIVE_INFINITY ? skipped[c] != Float.POSITIVE_INFINITY
                    : Math.abs(skipped[c] - exact[c]) > Verification.tolerance(CellType.FLOAT32, n, exact[c])) beyond++;
        }
        assertTrue(beyond > 0, "skipping k = " + k + " must change some distance beyond the tolerance on this graph");
        VerificationFailure f = assertThrows(VerificationFailure.class, () -> Verification.checkCells("float32 FW without k=" + k, g, DistanceMatrix.of(g.n(), skipped)));
        assertTrue(f.getMessage().startsWith("float32 FW without k=" + k + ": wrong distance at ("), f.getMessage());
        assertTrue(f.getMessage().contains("(the float64 CPU reference, within "), f.getMessage());
        assertTrue(beyond == 1 || f.getMessage().endsWith("(" + beyond + " wrong cells in all)"), f.getMessage());
    }

    /** The smallest case: 0 -> 1 -> 2 at 3.75 beats 0 -> 2 at 100.75 only through k = 1. */
    @Test
    void skippingTheOnlyBridgeIsCaughtOnAChain() {
        double inf = Double.POSITIVE_INFINITY;
        RealGraph g = RealGraphs.of(3, new double[] {0, 1.5, 100.75, inf, 0, 2.25, inf, inf, 0}, "chain");
        VerificationFailure f = assertThrows(VerificationFailure.class,
                () -> Verification.checkCells("without k=1", g, DistanceMatrix.of(g.n(), RealGraphs.float32FloydWarshall(g, 1))));
        assertEquals("without k=1: wrong distance at (0, 2): expected 3.75 (the float64 CPU reference, within "
                + Verification.tolerance(CellType.FLOAT32, 3, 3.75) + "), got 100.75", f.getMessage());
    }

    /** One cell off by a few tolerances fails; +infinity where there is a path, and a finite value where there is none, fail. */
    @Test
    void anyCellOutsideTheToleranceFails() {
        int n = 40;
        RealGraph g = RealGraphs.random(n, 0.1, 8);
        double[] exact = RealFloydWarshall.distances(g);
        int finite = -1, none = -1;
        for (int c = 0; c < exact.length; c++) {
            if (exact[c] > 1 && exact[c] != Double.POSITIVE_INFINITY && finite < 0) finite = c;
            if (exact[c] == Double.POSITIVE_INFINITY && none < 0) none = c;
        }
        float[] good = RealGraphs.float32FloydWarshall(g, -1);
        float[] off = good.clone();
        off[finite] = (float) (exact[finite] + 4 * Verification.tolerance(CellType.FLOAT32, n, exact[finite]));
        float[] lost = good.clone();
        lost[finite] = Float.POSITIVE_INFINITY;
        float[] invented = good.clone();
        invented[none] = 1;
        for (float[] bad : new float[][] {off, lost, invented}) {
            assertThrows(VerificationFailure.class, () -> Verification.checkCells("bad", g, DistanceMatrix.of(g.n(), bad)));
        }
        assertDoesNotThrow(() -> Verification.checkCells("good", g, DistanceMatrix.of(g.n(), good)));
    }

    @Test
    void negativeWeightsAreOutsideTheBound() {
        double inf = Double.POSITIVE_INFINITY;
        RealGraph g = RealGraphs.of(2, new double[] {0, -0.5, inf, 0}, "negative");
        assertThrows(IllegalArgumentException.class, () -> Verification.checkCells("x", g, DistanceMatrix.of(g.n(), new float[] {0, -0.5f, Float.POSITIVE_INFINITY, 0})));
    }
}
