package fwbench.graph.io;

import java.io.IOException;

/**
 * The 9th DIMACS Implementation Challenge shortest-path format (.gr):
 * <pre>
 *   c any comment
 *   p sp N M        the problem line: N vertices (1..N), M arcs; once, before the arcs
 *   a U V W         an arc U -> V of weight W, an integer or a decimal (2.5, 1e-3)
 * </pre>
 * The number of arcs must be M: a short file is a truncated one, and is refused.
 */
final class DimacsReader {

    private DimacsReader() {
    }

    static EdgeCollector read(LineReader in) throws IOException {
        Fields f = new Fields(false);
        EdgeCollector edges = null;
        long declared = 0, arcs = 0, problemLine = 0;
        for (String line; (line = in.next()) != null; ) {
            if (!f.of(line).next()) continue;  // blank line
            if (f.is("c")) continue;
            if (f.is("p")) {
                if (edges != null) throw in.error("a second problem line (the first is line " + problemLine + ")");
                if (!(f.next() && f.is("sp") && f.nextLong())) throw in.error("expected the problem line 'p sp N M', got " + LineReader.shown(line));
                long n = f.value();
                if (!f.nextLong() || f.value() < 0 || f.more()) throw in.error("expected the problem line 'p sp N M', got " + LineReader.shown(line));
                declared = f.value();
                problemLine = in.number();
                edges = EdgeCollector.forVertices(in, n, 1, "the problem line", true);
            } else if (f.is("a")) {
                if (edges == null) throw in.error("an arc before the problem line 'p sp N M'");
                if (!f.nextLong()) throw badArc(in, line);
                long u = f.value();
                if (!f.nextLong()) throw badArc(in, line);
                long v = f.value();
                double w = f.next() ? edges.weight(f) : Double.NaN;
                if (Double.isNaN(w) || f.more()) throw badArc(in, line);
                edges.edge(u, v, w, f.token());
                arcs++;
            } else {
                throw in.error("expected a comment 'c ...', the problem line 'p sp N M' or an arc 'a U V W', got " + LineReader.shown(line));
            }
        }
        if (edges == null) throw in.fileError("no problem line 'p sp N M' (is this a DIMACS .gr file?)");
        if (arcs != declared) {
            throw in.fileError("the problem line (line " + problemLine + ") declares " + declared + " arcs, the file has " + arcs
                    + (arcs < declared ? " (is it truncated?)" : ""));
        }
        return edges;
    }

    private static GraphFileException badArc(LineReader in, String line) {
        return in.error("expected an arc 'a U V W' (integers U and V, a number W), got " + LineReader.shown(line));
    }
}
