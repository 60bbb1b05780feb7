package fwbench.graph.io;

import fwbench.graph.Distances;

import java.io.IOException;
import java.util.Arrays;

/**
 * A plain edge list (.edges): one directed edge {@code u v w} per line, fields separated by spaces,
 * tabs or commas; vertices numbered from 0; blank lines and lines starting with {@code #} or
 * {@code %} are comments. The file has no header, so n is one more than the largest vertex number
 * (a 1-based list works too: vertex 0 is then a vertex without edges).
 */
final class EdgeListReader {

    private EdgeListReader() {
    }

    static MatrixBuilder read(LineReader in) throws IOException {
        Fields f = new Fields(true);
        // n is known only at the end, so the edges wait in flat arrays (12 bytes each)
        int[] edges = new int[3 * 1024];
        int count = 0;
        long largest = -1;
        for (String line; (line = in.next()) != null; ) {
            if (!f.of(line).next() || f.token().startsWith("#") || f.token().startsWith("%")) continue;
            if (!f.parseLong()) throw badEdge(in, line);
            long u = f.value();
            if (!f.nextLong()) throw badEdge(in, line);
            long v = f.value();
            if (!f.nextLong() || f.more()) throw badEdge(in, line);
            long w = f.value();
            for (long vertex : new long[] {u, v}) {
                if (vertex < 0 || vertex >= Distances.MAX_N) {
                    throw in.error("vertex " + vertex + " is out of range 0.." + (Distances.MAX_N - 1) + " (vertices are numbered from 0; at most "
                            + Distances.MAX_N + " fit)");
                }
            }
            if (w <= -Distances.INF || w >= Distances.INF) {
                throw in.error("weight " + w + " is out of range: |w| must be below " + Distances.INF + " (INF, fwbench's 'no edge')");
            }
            if (3 * count == edges.length) {
                if (edges.length > Integer.MAX_VALUE / 2) throw in.error("more than " + count + " edges: too many to hold");
                edges = Arrays.copyOf(edges, edges.length * 2);
            }
            edges[3 * count] = (int) u;
            edges[3 * count + 1] = (int) v;
            edges[3 * count + 2] = (int) w;
            count++;
            largest = Math.max(largest, Math.max(u, v));
        }
        if (count == 0) throw in.fileError("no edges, so no vertices (n = 0): expected lines 'u v w'");
        MatrixBuilder matrix = MatrixBuilder.allocate(in, largest + 1, 0, "the largest vertex, " + largest + ",", false);
        for (int e = 0; e < count; e++) matrix.edge(edges[3 * e], edges[3 * e + 1], edges[3 * e + 2]);
        return matrix;
    }

    private static GraphFileException badEdge(LineReader in, String line) {
        return in.error("expected an edge 'u v w' (three integers), got " + LineReader.shown(line));
    }
}
