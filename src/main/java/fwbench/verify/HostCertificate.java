package fwbench.verify;

import fwbench.graph.Distances;
import fwbench.graph.Graph;

import java.util.Arrays;
import java.util.OptionalLong;
import java.util.stream.IntStream;

/**
 * The shortest-path certificate on the CPU, for graphs whose cycles all weigh more than 0 (every
 * graph with weights > 0; a generator's graph with potentials): D is the distance matrix of W
 * exactly when D[i][i] = 0 and, for i != j, D[i][j] = min(INF, min over k != j of D[i][k] + W[k][j]),
 * terms with an INF operand left out. (Every finite D[i][j] then steps back through an edge to a
 * finite D[i][k]; the steps cannot close a cycle, whose weights would sum to 0, so they reach
 * D[i][i]: it is a real path; and no edge improves on any D[i][k], so no path is shorter.) One
 * min-plus product: no second solve, no shared code. Leaving INF terms out matters with negative
 * weights, where INF + w < INF.
 */
public final class HostCertificate {

    private HostCertificate() {
    }

    /** The certificate's value for cell (i, j) of distances d. */
    public static int expected(Graph graph, int[] d, int i, int j) {
        int n = graph.n();
        if (i == j) return 0;
        long best = Distances.INF;
        for (int k = 0; k < n; k++) {
            int dik = d[i * n + k], w = graph.weight(k, j);
            if (k != j && dik != Distances.INF && w != Distances.INF) best = Math.min(best, (long) dik + w);
        }
        return (int) best;
    }

    /** Index i * n + j of the first cell (row-major) that breaks the certificate, if any. */
    public static OptionalLong firstViolation(Graph graph, int[] d) {
        int n = graph.n();
        int[] w = graph.weights();
        return IntStream.range(0, n).parallel()
                .mapToLong(i -> firstViolationInRow(n, w, d, i))
                .filter(index -> index >= 0)
                .min();
    }

    /**
     * Index i * n + j of the first cell of row i that breaks the certificate, or -1 (weights w):
     * row i's certificate reads only row i of d, so a change to one row shows in that row alone.
     */
    static long firstViolationInRow(int n, int[] w, int[] d, int i) {
        long[] best = new long[n];
        Arrays.fill(best, Distances.INF);
        int row = i * n;
        for (int k = 0; k < n; k++) {
            long dik = d[row + k];
            if (dik == Distances.INF) continue;
            int rowK = k * n;
            for (int j = 0; j < n; j++) {
                int wkj = w[rowK + j];
                if (j != k && wkj != Distances.INF) best[j] = Math.min(best[j], dik + wkj);
            }
        }
        for (int j = 0; j < n; j++) {
            long expected = i == j ? 0 : best[j];
            if (d[row + j] != expected) return (long) row + j;
        }
        return -1;
    }
}
