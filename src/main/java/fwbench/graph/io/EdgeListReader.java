package fwbench.graph.io;

import fwbench.graph.Distances;

import java.io.IOException;

/**
 * A plain edge list (.edges): one directed edge {@code u v w} per line (w an integer or a decimal), fields separated by spaces,
 * tabs or commas; vertices numbered from 0; blank lines and lines starting with {@code #} or
 * {@code %} are comments. The file has no header, so n is one more than the largest vertex number
 * (a 1-based list works too: vertex 0 is then a vertex without edges).
 */
final class EdgeListReader {

    private EdgeListReader() {
    }

    static EdgeCollector read(LineReader in) throws IOException {
        Fields f = new Fields(true);
        EdgeCollector edges = EdgeCollector.sizedAtTheEnd(in);  // n is known only at the end
        long largest = -1;
        for (String line; (line = in.next()) != null; ) {
            if (!f.of(line).next() || f.token().startsWith("#") || f.token().startsWith("%")) continue;
            if (!f.parseLong()) throw badEdge(in, line);
            long u = f.value();
            if (!f.nextLong()) throw badEdge(in, line);
            long v = f.value();
            double w = f.next() ? edges.weight(f) : Double.NaN;
            if (Double.isNaN(w) || f.more()) throw badEdge(in, line);
            String written = f.token();
            for (long vertex : new long[] {u, v}) {
                if (vertex < 0 || vertex >= Distances.GRID_MAX_N) {
                    throw in.error("vertex " + vertex + " is out of range 0.." + (Distances.GRID_MAX_N - 1) + " (vertices are numbered from 0; at most "
                            + Distances.GRID_MAX_N + " fit: " + EdgeCollector.MAX_N_WHY + ")");
                }
            }
            edges.edge(u, v, w, written);
            largest = Math.max(largest, Math.max(u, v));
        }
        if (edges.count() == 0) throw in.fileError("no edges, so no vertices (n = 0): expected lines 'u v w'");
        edges.sizeTo(largest + 1, "the largest vertex, " + largest + ",", false);
        return edges;
    }

    private static GraphFileException badEdge(LineReader in, String line) {
        return in.error("expected an edge 'u v w' (integers u and v, a number w), got " + LineReader.shown(line));
    }
}
