package fwbench.variant;

import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.MatrixGraph;

import java.util.SplittableRandom;

/** The graphs tests of several solver families share: a generator's, or one with zero weights and ties. */
public final class TestGraphs {

    private TestGraphs() {
    }

    /** Not a generator: weights 0, 1 and 2 on 30% of the pairs (zero-weight edges and cycles, ties). */
    public static final String ZERO_WEIGHTS = "weights 0..2";

    public static Graph graph(String name, int n) {
        if (!name.equals(ZERO_WEIGHTS)) return GraphSpec.parse(name).instance(n, 7);
        SplittableRandom random = new SplittableRandom(n);
        int[] w = new int[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) w[i * n + j] = i == j ? 0 : random.nextInt(10) < 3 ? random.nextInt(3) : Distances.INF;
        }
        return new MatrixGraph(n, w, ZERO_WEIGHTS + ", 30% of edges, n=" + n);
    }
}
