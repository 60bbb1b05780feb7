package fwbench.graph;

import org.junit.jupiter.api.Test;

import java.nio.IntBuffer;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A graph's padded matrix made row band by row band from its edges, at small n and past 65536 (where i * n + j passes 2^32). */
class SparseGraphRowsTest {

    /** Random edges with parallel ones (the lightest kept), self-loops of weight >= 0 (dropped) and zero weights. */
    private static int[] edges(int n, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] e = new int[3 * count];
        for (int k = 0; k < count; k++) {
            e[3 * k] = random.nextInt(n);
            e[3 * k + 1] = k % 7 == 0 ? e[3 * k] : random.nextInt(n);
            e[3 * k + 2] = random.nextInt(0, 50);
        }
        // a parallel edge lighter than the first
        e[3] = e[0];
        e[4] = e[1] == e[0] ? (e[0] + 1) % n : e[1];
        e[5] = 0;
        return e;
    }

    @Test
    void rowBandsMatchTheWholeMatrixWithPadding() {
        int n = 53, ld = 64;
        SparseGraph g = SparseGraph.lightestEdges(n, edges(n, 400, 3), 400, "random");
        int[] whole = g.weights();
        IntBuffer rows = IntBuffer.allocate(ld * ld);
        for (int from = 0; from < ld; from += 5) g.fillRows(from, Math.min(5, ld - from), ld, rows);
        for (int i = 0; i < ld; i++) {
            for (int j = 0; j < ld; j++) {
                int expected = i < n && j < n ? whole[i * n + j] : i == j ? 0 : Distances.INF;
                assertEquals(expected, rows.get(i * ld + j), "cell (" + i + ", " + j + ")");
            }
        }
    }

    @Test
    void lightestEdgesPastTwoToTheThirtyTwoCells() {
        int n = 70_000;
        int[] e = {n - 1, n - 2, 9, n - 1, n - 2, 4, n - 1, n - 1, 3, 0, n - 1, 7, 5, 5, -2};
        SparseGraph g = SparseGraph.lightestEdges(n, e, 5, "far");
        assertEquals(4, g.weight(n - 1, n - 2), "the lighter parallel edge");
        assertEquals(0, g.weight(n - 1, n - 1), "a self-loop >= 0 leaves the diagonal 0");
        assertEquals(-2, g.weight(5, 5), "a negative self-loop is kept");
        assertEquals(7, g.weight(0, n - 1));
        assertEquals(3, g.edges(), "n-1 -> n-2 once, 0 -> n-1, the negative self-loop");
        IntBuffer row = IntBuffer.allocate(n);
        g.fillRows(n - 1, 1, n, row);
        assertEquals(4, row.get(n - 2));
        assertEquals(0, row.get(n - 1));
        assertEquals(Distances.INF, row.get(0));
        assertThrows(ArithmeticException.class, g::weights, "no Java array holds its n^2 cells");
    }

    @Test
    void theSameGraphAsBeforeAtSmallN() {
        int n = 31;
        int[] e = edges(n, 200, 11);
        SparseGraph g = SparseGraph.lightestEdges(n, e, 200, "random");
        int[] expected = new int[n * n];
        java.util.Arrays.fill(expected, Distances.INF);
        for (int i = 0; i < n; i++) expected[i * n + i] = 0;
        boolean[] seen = new boolean[n * n];
        for (int k = 0; k < 200; k++) {
            int i = e[3 * k], j = e[3 * k + 1], w = e[3 * k + 2];
            if (i == j && w >= 0) continue;
            int c = i * n + j;
            expected[c] = seen[c] ? Math.min(expected[c], w) : w;
            seen[c] = true;
        }
        assertArrayEquals(expected, g.weights());
    }
}
