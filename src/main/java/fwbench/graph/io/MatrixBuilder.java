package fwbench.graph.io;

import fwbench.graph.Distances;

import java.util.Arrays;
import java.util.Locale;

/**
 * The n x n weight matrix a reader fills, edge by edge, with the rules every format shares:
 * <ul>
 *   <li>vertices are given in the file's numbering (from {@code firstVertex}) and stored from 0;</li>
 *   <li>parallel edges keep the lightest;</li>
 *   <li>a self-loop of weight >= 0 is dropped (no shortest path uses it; the diagonal stays 0), a
 *       negative one is kept on the diagonal: that vertex lies on a negative cycle;</li>
 *   <li>every weight must satisfy |w| < INF.</li>
 * </ul>
 */
final class MatrixBuilder {
    private final LineReader source;
    private final int n;
    private final int firstVertex;
    private final int[] weights;

    private MatrixBuilder(LineReader source, int n, int firstVertex) {
        this.source = source;
        this.n = n;
        this.firstVertex = firstVertex;
        this.weights = new int[n * n];
        Arrays.fill(weights, Distances.INF);
        for (int i = 0; i < n; i++) weights[i * n + i] = 0;
    }

    /**
     * A matrix for n vertices, after checking n: at least 1, at most {@link Distances#MAX_N}, and an
     * n x n int matrix this JVM's heap can hold.
     *
     * @param givenBy what set n, for messages ("the problem line", "the first row")
     * @param atLine  whether n comes from the line last read (else the message names the file)
     */
    static MatrixBuilder allocate(LineReader source, long n, int firstVertex, String givenBy, boolean atLine)
            throws GraphFileException {
        String problem = null;
        if (n < 1) {
            problem = givenBy + " gives n = " + n + ": a graph needs at least one vertex";
        } else if (n > Distances.MAX_N) {
            problem = givenBy + " gives n = " + n + ": at most " + Distances.MAX_N + " vertices fit (cell indices of the padded matrix must fit an int)";
        } else {
            long bytes = 4L * n * n, heap = Runtime.getRuntime().maxMemory();
            if (bytes > heap) {
                problem = String.format(Locale.ROOT, "%s gives n = %d: its n x n int32 matrix needs %,d bytes, more than this JVM's heap of %,d bytes (give java more with -Xmx)",
                        givenBy, n, bytes, heap);
            }
        }
        if (problem != null) throw atLine ? source.error(problem) : source.fileError(problem);
        return new MatrixBuilder(source, (int) n, firstVertex);
    }

    int n() {
        return n;
    }

    /** The matrix (not a copy: the builder is done with it). */
    int[] weights() {
        return weights;
    }

    /** Adds edge u -> v of weight w, vertices in the file's numbering; errors name the line last read. */
    void edge(long u, long v, long w) throws GraphFileException {
        long i = u - firstVertex, j = v - firstVertex;
        if (i < 0 || i >= n) throw source.error(outOfRange(u));
        if (j < 0 || j >= n) throw source.error(outOfRange(v));
        if (w <= -Distances.INF || w >= Distances.INF) {
            throw source.error("weight " + w + " is out of range: |w| must be below " + Distances.INF + " (INF, fwbench's 'no edge')");
        }
        int cell = (int) i * n + (int) j;
        if (i == j && w >= 0) return;  // a self-loop of weight >= 0 never shortens a path
        if (w < weights[cell]) weights[cell] = (int) w;
    }

    private String outOfRange(long vertex) {
        return "vertex " + vertex + " is out of range " + firstVertex + ".." + (firstVertex + n - 1) + " (n = " + n + ")";
    }
}
