package fwbench.graph.io;

import fwbench.graph.Distances;
import fwbench.graph.RealGraph;
import fwbench.graph.SparseGraph;

import java.util.Arrays;
import java.util.Locale;

/**
 * The edges a reader finds, checked as they come: vertices in the file's numbering (from
 * {@code firstVertex}) within 0..n-1 once renumbered, and weights that are whole numbers with
 * |w| < INF (an integer graph) or, once one has a fraction, finite float32 values (a real graph).
 * It keeps edges, not the n x n matrix: the graph it makes ({@link SparseGraph}, {@link RealGraph})
 * builds that only when a solver asks, after the heap and device checks. Parallel edges and
 * self-loops are settled there.
 */
final class EdgeCollector {

    /**
     * The most heap an edge needs at once while read: its triple here (12 bytes, twice while the
     * array grows), then its sort key (8), its row, column and weight (12) and the graph's column
     * and weight (8).
     */
    private static final int PEAK_BYTES_PER_EDGE = 12 * 2 + 8 + 12 + 8;

    /**
     * The same with real weights: the triple, its float64 weight (16, twice while growing), its
     * sort key (8), the ends handed to the graph (8) and the graph's column and weight (12).
     */
    private static final int PEAK_BYTES_PER_REAL_EDGE = 12 * 2 + 16 + 8 + 8 + 12;

    private final LineReader source;
    private final int firstVertex;
    private int n;
    private int[] edges = new int[3 * 1024];
    private int count;
    /** The weights once one is not a whole number below INF (before, they are the triples' third ints); null for an integer graph. */
    private double[] realWeights;
    /** Whether some weight has a fraction: the graph is real. */
    private boolean fractions;
    /** The first whole weight with |w| >= INF: refused at the end if the graph stays an integer one. */
    private GraphFileException wholeOutOfRange;

    /** Why a graph file stops at {@link Distances#GRID_MAX_N} vertices, for messages. */
    static final String MAX_N_WHY = "the largest n a GPU kernel's grid covers; device memory ends long before it";

    private EdgeCollector(LineReader source, int n, int firstVertex) {
        this.source = source;
        this.n = n;
        this.firstVertex = firstVertex;
    }

    /**
     * Edges among n vertices, after checking n: at least 1, at most {@link Distances#GRID_MAX_N}
     * (a solve past {@link Distances#INT_INDEX_MAX_N} keeps its matrices off the Java heap).
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
        } else if (vertices > Distances.GRID_MAX_N) {
            problem = givenBy + " gives n = " + vertices + ": at most " + Distances.GRID_MAX_N + " vertices fit (" + MAX_N_WHY + ")";
        }
        if (problem != null) throw atLine ? source.error(problem) : source.fileError(problem);
        n = (int) vertices;
    }

    int n() {
        return n;
    }

    /**
     * The current field of {@code f} as a weight: a whole number or a decimal (float64 as written).
     * NaN when it is neither, for the reader to say what its format expects; refused here: NaN and
     * infinities written out, and decimals beyond float32's range or too close to 0 for it.
     */
    double weight(Fields f) throws GraphFileException {
        if (f.parseLong()) return f.value();
        if (f.isNotFinite()) {
            throw source.error("weight " + LineReader.shown(f.token()) + " is not a finite number: leave an absent edge out (a .dense file writes INF)");
        }
        if (!f.parseDecimal()) return Double.NaN;
        double w = Math.abs(f.decimal());
        if (w > RealGraph.MAX_ABS_WEIGHT) {
            throw source.error("weight " + LineReader.shown(f.token()) + " is out of range: |w| must be at most " + Float.MAX_VALUE + " (float32's largest value)");
        }
        if (w != 0 && w < RealGraph.MIN_ABS_WEIGHT) {
            throw source.error("weight " + LineReader.shown(f.token()) + " is too close to 0: |w| must be 0 or at least " + Float.MIN_NORMAL
                    + " (float32's smallest normal value)");
        }
        return f.decimal();
    }

    /** Adds edge u -> v of whole weight w (integer fields): see {@link #edge(long, long, double, String)}. */
    void edge(long u, long v, long w) throws GraphFileException {
        edge(u, v, w, Long.toString(w));
    }

    /**
     * Adds edge u -> v of weight w (from {@link #weight}, {@code written} as in the file), vertices in
     * the file's numbering (checked against n once it is known; before, the reader checks them);
     * errors name the line last read. The graph is an integer one while every weight is whole and
     * |w| < INF; a weight with a fraction makes it real. A whole |w| >= INF is refused unless the
     * graph turns out real, so its line is kept until the end.
     */
    void edge(long u, long v, double w, String written) throws GraphFileException {
        long i = u - firstVertex, j = v - firstVertex;
        if (n > 0 && (i < 0 || i >= n)) throw source.error(outOfRange(u));
        if (n > 0 && (j < 0 || j >= n)) throw source.error(outOfRange(v));
        boolean whole = w == Math.rint(w);
        if (whole && Math.abs(w) >= Distances.INF && wholeOutOfRange == null) {
            wholeOutOfRange = source.error("weight " + written + " is out of range: |w| must be below " + Distances.INF + " (INF, fwbench's 'no edge')");
        }
        if (!whole) fractions = true;
        if (realWeights == null && !(whole && Math.abs(w) < Distances.INF)) {
            realWeights = new double[edges.length / 3];
            for (int e = 0; e < count; e++) realWeights[e] = edges[3 * e + 2];
        }
        if (3 * count == edges.length) grow();
        edges[3 * count] = (int) i;
        edges[3 * count + 1] = (int) j;
        if (realWeights == null) edges[3 * count + 2] = (int) w;
        else realWeights[count] = w;
        count++;
    }

    /**
     * Whether the graph has real weights (some not whole); refuses, naming its line, a whole weight
     * beyond INF in an integer graph.
     */
    boolean realWeights() throws GraphFileException {
        if (fractions) return true;
        if (wholeOutOfRange != null) throw wholeOutOfRange;
        return false;
    }

    int count() {
        return count;
    }

    /**
     * Adds each edge u -> v read so far (u != v) as v -> u too, of the same weight: an undirected
     * graph, as scipy's {@code directed=False} reads a matrix. A self-loop stays one edge.
     */
    void mirror() throws GraphFileException {
        int read = count;
        for (int e = 0; e < read; e++) {
            int i = edges[3 * e], j = edges[3 * e + 1];
            if (i == j) continue;
            if (3 * count == edges.length) grow();
            edges[3 * count] = j;
            edges[3 * count + 1] = i;
            edges[3 * count + 2] = edges[3 * e + 2];
            if (realWeights != null) realWeights[count] = realWeights[e];
            count++;
        }
    }

    /** The graph of the edges (n must be set, the weights integers), its matrix not yet made. */
    SparseGraph graph(String description) {
        return SparseGraph.lightestEdges(n, edges, count, description);
    }

    /**
     * The graph of the edges (n must be set, the weights real), its matrix not yet made; refused
     * past {@link Distances#INT_INDEX_MAX_N}, where its float32 answer could not be checked
     * against the float64 CPU reference, which holds the whole matrix.
     */
    RealGraph realGraph(String description) throws GraphFileException {
        if (n > Distances.INT_INDEX_MAX_N) {
            throw source.fileError("n = " + n + " with real weights (not all whole numbers): at most " + Distances.INT_INDEX_MAX_N
                    + " vertices (their float32 distances are checked against the float64 CPU reference, one Java array); integer weights go further");
        }
        int[] ends = new int[2 * count];
        for (int e = 0; e < count; e++) {
            ends[2 * e] = edges[3 * e];
            ends[2 * e + 1] = edges[3 * e + 1];
        }
        return RealGraph.lightestEdges(n, ends, realWeights, count, description);
    }

    /** Doubles the room for edges, or refuses the file while the JVM can still say so in one line. */
    private void grow() throws GraphFileException {
        long heap = Runtime.getRuntime().maxMemory();
        long room = 2L * count;
        int perEdge = realWeights == null ? PEAK_BYTES_PER_EDGE : PEAK_BYTES_PER_REAL_EDGE;
        if (room * perEdge > heap || 3 * room > Integer.MAX_VALUE) {
            throw source.error(String.format(Locale.ROOT, "more than %,d edges: too many for this JVM's heap of %,d MiB "
                    + "(give java more with -Xmx, e.g. java -Xmx%dg -jar ...)", count, heap >> 20, gibFor(room * perEdge)));
        }
        edges = Arrays.copyOf(edges, (int) (3 * room));
        if (realWeights != null) realWeights = Arrays.copyOf(realWeights, (int) room);
    }

    private static long gibFor(long bytes) {
        return Math.max(1, (bytes + (1L << 30) - 1) >> 30) + 1;
    }

    private String outOfRange(long vertex) {
        return "vertex " + vertex + " is out of range " + firstVertex + ".." + (firstVertex + n - 1) + " (n = " + n + ")";
    }
}
