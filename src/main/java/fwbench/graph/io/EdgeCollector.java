package fwbench.graph.io;

import fwbench.graph.Distances;
import fwbench.graph.SparseGraph;

import java.util.Arrays;
import java.util.Locale;

/**
 * The edges a reader finds, checked as they come: vertices in the file's numbering (from
 * {@code firstVertex}) within 0..n-1 once renumbered, and |w| < INF. It keeps edges, not the n x n
 * matrix: the graph it makes ({@link SparseGraph}) builds that only when a solver asks, after the
 * heap and device checks. Parallel edges and self-loops are settled there.
 */
final class EdgeCollector {

    /**
     * The most heap an edge needs at once while read: its triple here (12 bytes, twice while the
     * array grows), then its sort key (8) and the graph's cell and weight (8 + 8).
     */
    private static final int PEAK_BYTES_PER_EDGE = 12 * 2 + 8 + 16;

    private final LineReader source;
    private final int firstVertex;
    private int n;
    private int[] edges = new int[3 * 1024];
    private int count;

    private EdgeCollector(LineReader source, int n, int firstVertex) {
        this.source = source;
        this.n = n;
        this.firstVertex = firstVertex;
    }

    /**
     * Edges among n vertices, after checking n: at least 1, at most {@link Distances#MAX_N}.
     *
     * @param givenBy what set n, for messages ("the problem line", "the first row")
     * @param atLine  whether n comes from the line last read (else the message names the file)
     */
    static EdgeCollector forVertices(LineReader source, long n, int firstVertex, String givenBy, boolean atLine) throws GraphFileException {
        EdgeCollector collector = new EdgeCollector(source, 0, firstVertex);
        collector.sizeTo(n, givenBy, atLine);
        return collector;
    }

    /** Edges whose vertex count the file gives only at its end (an edge list's largest vertex + 1): see {@link #sizeTo}. */
    static EdgeCollector sizedAtTheEnd(LineReader source) {
        return new EdgeCollector(source, 0, 0);
    }

    /** Sets n, checked as in {@link #forVertices}; the edges so far must lie within it. */
    void sizeTo(long vertices, String givenBy, boolean atLine) throws GraphFileException {
        String problem = null;
        if (vertices < 1) {
            problem = givenBy + " gives n = " + vertices + ": a graph needs at least one vertex";
        } else if (vertices > Distances.MAX_N) {
            problem = givenBy + " gives n = " + vertices + ": at most " + Distances.MAX_N + " vertices fit (cell indices of the padded matrix must fit an int)";
        }
        if (problem != null) throw atLine ? source.error(problem) : source.fileError(problem);
        n = (int) vertices;
    }

    int n() {
        return n;
    }

    /**
     * Adds edge u -> v of weight w, vertices in the file's numbering (checked against n once it is
     * known; before, the reader checks them); errors name the line last read.
     */
    void edge(long u, long v, long w) throws GraphFileException {
        long i = u - firstVertex, j = v - firstVertex;
        if (n > 0 && (i < 0 || i >= n)) throw source.error(outOfRange(u));
        if (n > 0 && (j < 0 || j >= n)) throw source.error(outOfRange(v));
        if (w <= -Distances.INF || w >= Distances.INF) {
            throw source.error("weight " + w + " is out of range: |w| must be below " + Distances.INF + " (INF, fwbench's 'no edge')");
        }
        if (3 * count == edges.length) grow();
        edges[3 * count] = (int) i;
        edges[3 * count + 1] = (int) j;
        edges[3 * count + 2] = (int) w;
        count++;
    }

    int count() {
        return count;
    }

    /** The graph of the edges (n must be set), its matrix not yet made. */
    SparseGraph graph(String description) {
        return SparseGraph.lightestEdges(n, edges, count, description);
    }

    /** Doubles the room for edges, or refuses the file while the JVM can still say so in one line. */
    private void grow() throws GraphFileException {
        long heap = Runtime.getRuntime().maxMemory();
        long room = 2L * count;
        if (room * PEAK_BYTES_PER_EDGE > heap || 3 * room > Integer.MAX_VALUE) {
            throw source.error(String.format(Locale.ROOT, "more than %,d edges: too many for this JVM's heap of %,d MiB "
                    + "(give java more with -Xmx, e.g. java -Xmx%dg -jar ...)", count, heap >> 20, gibFor(room * PEAK_BYTES_PER_EDGE)));
        }
        edges = Arrays.copyOf(edges, (int) (3 * room));
    }

    private static long gibFor(long bytes) {
        return Math.max(1, (bytes + (1L << 30) - 1) >> 30) + 1;
    }

    private String outOfRange(long vertex) {
        return "vertex " + vertex + " is out of range " + firstVertex + ".." + (firstVertex + n - 1) + " (n = " + n + ")";
    }
}
