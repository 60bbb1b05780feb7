package fwbench.graph;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GraphSpecTest {

    /** A generated graph takes n past the host's limit (GPU variants make it on the device), but its weights stay on the host's side of it. */
    @Test
    void aGeneratedGraphPastTheHostLimitRefusesItsWeightsInOneLine() {
        GeneratedGraph wide = GraphSpec.RANDOM.instance(65_536, 42);
        assertTrue(wide.weight(65_535, 7) >= 1, "a cell of a complete graph past the host limit");
        IllegalStateException e = assertThrows(IllegalStateException.class, wide::weights);
        assertEquals("the weights of n=65536 do not fit one Java array (n at most 46340): a GPU variant generates them on the device", e.getMessage());
        IllegalArgumentException past = assertThrows(IllegalArgumentException.class, () -> GraphSpec.RANDOM.instance(Distances.GRID_MAX_N + 1, 42));
        assertEquals("n must be in 1..524280, got 524281", past.getMessage());
    }

    @Test
    void randomIsCompleteWithWeightsOneToThousand() {
        int n = 300;
        int[] w = GraphSpec.RANDOM.generate(n, 42);
        int min = Integer.MAX_VALUE, max = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int v = w[i * n + j];
                if (i == j) {
                    assertEquals(0, v);
                } else {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        assertEquals(1, min);
        assertEquals(1000, max);
    }

    @Test
    void sameSeedSameGraphOtherSeedOtherGraph() {
        assertArrayEquals(GraphSpec.RANDOM.generate(50, 1), GraphSpec.RANDOM.generate(50, 1));
        assertNotEquals(GraphSpec.RANDOM.generate(50, 1)[1], GraphSpec.RANDOM.generate(50, 2)[1]);
    }

    @Test
    void sparseKeepsAboutTheAskedFractionOfEdges() {
        int n = 400;
        int[] w = GraphSpec.parse("sparse:0.1").generate(n, 3);
        long edges = 0;
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) if (i != j && w[i * n + j] < Distances.INF) edges++;
        double fraction = edges / (double) (n * (n - 1));
        assertTrue(Math.abs(fraction - 0.1) < 0.01, "fraction " + fraction);
    }

    @Test
    void hopsWeighOne() {
        int[] w = GraphSpec.parse("hops:0.5").generate(20, 3);
        for (int v : w) assertTrue(v == 0 || v == 1 || v == Distances.INF);
    }

    @Test
    void potentialsShiftWeightsButNoCycle() {
        int n = 120;
        GraphSpec base = GraphSpec.parse("sparse:0.3"), shifted = GraphSpec.parse("sparse:0.3+potentials:500");
        assertEquals("sparse:0.3+potentials:500", shifted.toString());
        assertEquals(shifted, GraphSpec.parse(shifted.toString()));
        int[] w = base.generate(n, 7), v = shifted.generate(n, 7);
        boolean negative = false, zero = false;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int c = i * n + j;
                assertEquals(w[c] == Distances.INF, v[c] == Distances.INF, "the same edges");
                if (w[c] == Distances.INF) continue;
                // w(i, j) + p(i) - p(j): the shift of (i, j) and (j, i) cancel, so a 2-cycle keeps its weight
                if (i != j && w[j * n + i] != Distances.INF) assertEquals(w[c] + w[j * n + i], v[c] + v[j * n + i]);
                assertTrue(v[c] >= shifted.minWeight() && v[c] <= shifted.maxEdgeWeight(), "within the bounds: " + v[c]);
                negative |= v[c] < 0;
                zero |= i != j && v[c] == 0;
            }
        }
        assertTrue(negative && zero, "some weights negative, some 0");
        GeneratedGraph g = shifted.instance(n, 7);
        assertTrue(g.negativeWeights() && g.positiveCycles() && !g.positiveWeights());
        assertEquals(-499, g.minWeight());
        assertEquals(1500, g.maxWeight());
        GeneratedGraph plain = base.instance(n, 7);
        assertTrue(!plain.negativeWeights() && plain.positiveCycles() && plain.positiveWeights());
    }

    @ParameterizedTest
    @ValueSource(strings = {"random+potentials:0", "random+potentials:x", "random+shift:3", "sparse:2+potentials:5",
            "random+potentials:1000001"})
    void badPotentialsSayWhatIsAllowed(String spec) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GraphSpec.parse(spec));
        assertTrue(e.getMessage().contains("'" + spec + "'") || e.getMessage().contains(spec.substring(0, spec.indexOf('+'))), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"dense", "sparse", "sparse:0", "sparse:1.5", "sparse:x", "hops:-1"})
    void badSpecsSayWhatIsAllowed(String spec) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GraphSpec.parse(spec));
        assertTrue(e.getMessage().contains(spec), e.getMessage());
    }
}
