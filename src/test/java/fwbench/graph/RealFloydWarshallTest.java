package fwbench.graph;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RealFloydWarshallTest {

    private static final double INF = Double.POSITIVE_INFINITY;

    /** 0 -> 1 -> 2 beats the direct 0 -> 2; 2 -> 0 is absent, so is everything into 0. */
    @Test
    void aSmallGraphByHand() {
        RealGraph g = RealGraphs.of(3, new double[] {0, 1.5, 100.75, INF, 0, 2.25, INF, INF, 0}, "chain");
        assertArrayEquals(new double[] {0, 1.5, 3.75, INF, 0, 2.25, INF, INF, 0}, RealFloydWarshall.distances(g));
        int[] via = new int[9];
        RealFloydWarshall.distances(g, via);
        assertEquals(1, via[2], "0 -> 2 goes through 1");
        assertEquals(List.of(0, 1, 2), ShortestPaths.route(3, via, 0, 2));
        assertEquals(4, via[1], "the direct edge: n + 1");
    }

    /** On whole weights, of any sign, it agrees with the integer reference cell by cell. */
    @Test
    void wholeWeightsGiveTheIntegerReferencesDistances() {
        int n = 60;
        int[] w = GraphSpec.parse("sparse:0.1").instance(n, 5).weights();
        // potentials p(v) = v keep every cycle's length, so no negative cycle appears: w'(u, v) = w(u, v) + u - v
        for (int u = 0; u < n; u++) for (int v = 0; v < n; v++) if (u != v && w[u * n + v] < Distances.INF) w[u * n + v] += u - v;
        MatrixGraph integer = new MatrixGraph(n, w, "potentials");
        assertTrue(integer.negativeWeights());
        double[] real = new double[n * n];
        for (int c = 0; c < real.length; c++) real[c] = w[c] >= Distances.INF ? INF : w[c];
        int[] expected = ReferenceFloydWarshall.distances(integer);
        double[] got = RealFloydWarshall.distances(RealGraphs.of(n, real, "potentials, as reals"));
        for (int c = 0; c < expected.length; c++) assertEquals(expected[c] >= Distances.INF ? INF : expected[c], got[c], "cell " + c);
    }

    /** Every route rebuilt from its intermediate nodes sums to its distance (up to float64 rounding). */
    @Test
    void routesSumToTheirDistances() {
        int n = 50;
        RealGraph g = RealGraphs.random(n, 0.1, 9);
        int[] via = new int[n * n];
        double[] d = RealFloydWarshall.distances(g, via);
        assertArrayEquals(RealFloydWarshall.distances(g), d, "the same distances with or without intermediates");
        long reachable = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (d[i * n + j] == INF) continue;
                reachable++;
                List<Integer> route = ShortestPaths.route(n, via, i, j);
                double length = 0;
                for (int s = 1; s < route.size(); s++) length += g.weight(route.get(s - 1), route.get(s));
                assertEquals(d[i * n + j], length, 1e-9 * Math.max(1, length), i + " -> " + j + " " + route);
            }
        }
        assertTrue(reachable > n * 5L, "a graph with routes to rebuild: " + reachable);
        assertTrue(Arrays.stream(d).anyMatch(x -> x == INF), "and unreachable pairs");
    }

    @Test
    void parallelEdgesKeepTheLightestAndNonNegativeSelfLoopsAreDropped() {
        RealGraph g = RealGraph.lightestEdges(2, new int[] {0, 1, 0, 1, 1, 1, 0, 0}, new double[] {2.5, 0.5, 3, -1}, 4, "parallel");
        assertEquals(0.5, g.weight(0, 1));
        assertEquals(0, g.weight(1, 1), "a self-loop of weight >= 0 is dropped");
        assertEquals(-1, g.weight(0, 0), "a negative one is a negative cycle");
        assertEquals(2, g.edges(), "0 -> 1 once, and the negative self-loop");
        assertTrue(g.negativeWeights());
    }

    /** The device's float32 products take a distance's bits for its order, where -0 would sort below every other. */
    @Test
    void aWeightOfMinusZeroIsStoredAsPlusZero() {
        RealGraph g = RealGraph.lightestEdges(2, new int[] {0, 1, 1, 0}, new double[] {-0.0, 1}, 2, "minus zero");
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(g.weight(0, 1)));
        assertEquals(Float.floatToRawIntBits(0f), g.float32Words()[1]);
        assertFalse(g.negativeWeights());
    }
}
