package fwbench.graph.io;

import fwbench.graph.Distances;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A batch's edge list with a graph column (.gedges): one directed edge {@code g u v w} per line,
 * graph ids 0, 1, 2, ... in order, each graph's lines together; otherwise as an .edges file
 * ({@link EdgeListReader}): vertices from 0, fields separated by spaces, tabs or commas, blank lines
 * and lines starting with {@code #} or {@code %} comments, and a graph's n one more than its largest
 * vertex (a self-loop of weight 0 names a vertex without changing a distance). Integer weights only.
 */
final class GraphColumnReader {

    private final LineReader in;
    private final boolean undirected;
    private final BatchLimits limits;
    private final List<GraphBatch.Member> graphs = new ArrayList<>();
    private EdgeCollector edges;
    private long largest;
    private long cells;

    private GraphColumnReader(LineReader in, boolean undirected, BatchLimits limits) {
        this.in = in;
        this.undirected = undirected;
        this.limits = limits;
    }

    static List<GraphBatch.Member> read(LineReader in, boolean undirected, BatchLimits limits) throws IOException {
        return new GraphColumnReader(in, undirected, limits).read();
    }

    private List<GraphBatch.Member> read() throws IOException {
        Fields f = new Fields(true);
        long current = -1;
        for (String line; (line = in.next()) != null; ) {
            if (!f.of(line).next() || f.token().startsWith("#") || f.token().startsWith("%")) continue;
            if (!f.parseLong()) throw badEdge(line);
            long g = f.value();
            if (g != current) {
                checkOrder(g, current);
                if (current >= 0) finish();
                current = g;
                edges = EdgeCollector.sizedAtTheEnd(in);
                largest = -1;
            }
            if (!f.nextLong()) throw badEdge(line);
            long u = f.value();
            if (!f.nextLong()) throw badEdge(line);
            long v = f.value();
            double w = f.next() ? edges.weight(f) : Double.NaN;
            if (Double.isNaN(w) || f.more()) throw badEdge(line);
            for (long vertex : new long[] {u, v}) {
                if (vertex < 0 || vertex >= Distances.INT_INDEX_MAX_N) {
                    throw in.error("vertex " + vertex + " is out of range 0.." + (Distances.INT_INDEX_MAX_N - 1) + " (vertices are numbered from 0)");
                }
            }
            edges.edge(u, v, w, f.token());
            largest = Math.max(largest, Math.max(u, v));
        }
        if (current < 0) throw in.fileError("no graphs (an empty batch): expected lines 'g u v w' (graph id from 0, source, target, weight)");
        finish();
        return graphs;
    }

    /** Refuses graph id g after {@code current}: ids go 0, 1, 2, ... in order, each graph's lines together. */
    private void checkOrder(long g, long current) throws GraphFileException {
        String rule = ": graph ids go 0, 1, 2, ... in order, each graph's lines together";
        if (g < 0) throw in.error("graph id " + g + " is negative" + rule);
        if (current < 0 && g != 0) throw in.error("the first graph id is " + g + ", not 0" + rule);
        if (g >= 0 && g < current) throw in.error("graph " + g + " again after graph " + current + rule);
        if (g > current + 1) throw in.error("graph " + g + " follows graph " + current + " (graph " + (current + 1) + " is missing)" + rule);
    }

    /** Ends the graph being read: its n, its checks, and the batch's room for its matrix. */
    private void finish() throws GraphFileException {
        int g = graphs.size();
        String name = "graph " + g + " of " + in.name();
        edges.sizeTo(largest + 1, name + "'s largest vertex, " + largest + ",", false);
        limits.checkN(name, edges.n());
        if (undirected) edges.mirror();
        if (edges.realWeights()) {
            throw new GraphFileException(name + BatchFiles.REAL_WEIGHTS_IN_A_BATCH);
        }
        cells += limits.cellsOf(edges.n());
        limits.checkCells(name, g, cells);
        graphs.add(new GraphBatch.Member(name, 0, GraphFiles.checkBound(name, edges.graph(name))));
    }

    private GraphFileException badEdge(String line) {
        return in.error("expected an edge 'g u v w' (integers g, u and v, a number w), got " + LineReader.shown(line));
    }
}
