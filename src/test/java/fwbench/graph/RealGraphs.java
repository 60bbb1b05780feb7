package fwbench.graph;

import java.util.SplittableRandom;

/** Graphs of real weights for tests. */
public final class RealGraphs {

    private RealGraphs() {
    }

    /** The graph of a dense float64 matrix (+infinity: no edge; the diagonal is ignored unless negative). */
    public static RealGraph of(int n, double[] w, String description) {
        int[] ends = new int[2 * n * n];
        double[] weights = new double[n * n];
        int count = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (w[i * n + j] == Double.POSITIVE_INFINITY) continue;
                ends[2 * count] = i;
                ends[2 * count + 1] = j;
                weights[count++] = w[i * n + j];
            }
        }
        return RealGraph.lightestEdges(n, ends, weights, count, description);
    }

    /**
     * A seeded graph: each edge present with probability p, weights uniform in [0.001, 1000) with
     * fractions, and a few of exactly 0; vertex 3 (when there is one) isolated.
     */
    public static RealGraph random(int n, double p, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] w = new double[n * n];
        for (int c = 0; c < w.length; c++) {
            double draw = random.nextDouble();
            w[c] = draw >= p ? Double.POSITIVE_INFINITY : draw < p / 50 ? 0 : 0.001 + random.nextDouble() * 999.999;
        }
        if (n > 3) for (int j = 0; j < n; j++) w[3 * n + j] = w[j * n + 3] = Double.POSITIVE_INFINITY;
        return of(n, w, "random real graph n=" + n + ", p=" + p + ", seed " + seed);
    }

    /** Float32 Floyd-Warshall over k, i, j, as the device would compute it, skipping step {@code skippedK} (-1: none). */
    public static float[] float32FloydWarshall(RealGraph graph, int skippedK) {
        int n = graph.n();
        int[] words = graph.float32Words();
        float[] d = new float[words.length];
        for (int c = 0; c < d.length; c++) d[c] = Float.intBitsToFloat(words[c]);
        for (int k = 0; k < n; k++) {
            if (k == skippedK) continue;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) d[i * n + j] = Math.min(d[i * n + j], d[i * n + k] + d[k * n + j]);
            }
        }
        return d;
    }
}
