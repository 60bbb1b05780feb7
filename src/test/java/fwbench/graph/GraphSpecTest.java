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

    @ParameterizedTest
    @ValueSource(strings = {"dense", "sparse", "sparse:0", "sparse:1.5", "sparse:x", "hops:-1"})
    void badSpecsSayWhatIsAllowed(String spec) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GraphSpec.parse(spec));
        assertTrue(e.getMessage().contains(spec), e.getMessage());
    }
}
