package fwbench.graph.io;

import java.io.IOException;

/**
 * MatrixMarket coordinate files (.mtx), read as adjacency matrices: entry (i, j, v) is the edge
 * i -> j of weight v.
 * <pre>
 *   %%MatrixMarket matrix coordinate FIELD SYMMETRY
 *   % comments
 *   ROWS COLUMNS ENTRIES
 *   I J [VALUE]
 * </pre>
 * FIELD is {@code integer}, {@code real} or {@code pattern} (every edge weighs 1); SYMMETRY is
 * {@code general} or {@code symmetric} (each entry off the diagonal is an edge both ways). Real
 * values are decimals ({@code 2.5}, {@code 1e-3}); when all are whole ({@code 3}, {@code 3.0},
 * {@code 2e3}) the graph is an integer one. The matrix must be square, and the number of entries
 * must be ENTRIES.
 */
final class MatrixMarketReader {

    private static final String BANNER = "'%%MatrixMarket matrix coordinate FIELD SYMMETRY'";

    private MatrixMarketReader() {
    }

    private enum Field { INTEGER, REAL, PATTERN }

    static EdgeCollector read(LineReader in) throws IOException {
        Fields f = new Fields(false);
        String banner = in.next();
        if (banner == null) throw in.fileError("the file is empty; expected the banner " + BANNER);
        if (!(f.of(banner).next() && f.is("%%MatrixMarket"))) throw in.error("expected the banner " + BANNER + ", got " + LineReader.shown(banner));
        if (!(f.next() && f.is("matrix"))) throw in.error("only 'matrix' MatrixMarket files describe graphs, got " + LineReader.shown(banner));
        if (!f.next()) throw in.error("expected the banner " + BANNER + ", got " + LineReader.shown(banner));
        if (f.is("array")) throw in.error("'array' (dense) MatrixMarket files are not read: use 'coordinate', or the .dense format");
        if (!f.is("coordinate")) throw in.error("expected the format 'coordinate', got '" + f.token() + "'");
        if (!f.next()) throw in.error("expected the banner " + BANNER + ", got " + LineReader.shown(banner));
        Field field;
        if (f.is("integer")) field = Field.INTEGER;
        else if (f.is("real")) field = Field.REAL;
        else if (f.is("pattern")) field = Field.PATTERN;
        else throw in.error("the field '" + f.token() + "' is not read: integer, real or pattern");
        if (!f.next()) throw in.error("expected the banner " + BANNER + ", got " + LineReader.shown(banner));
        boolean symmetric;
        if (f.is("general")) symmetric = false;
        else if (f.is("symmetric")) symmetric = true;
        else throw in.error("the symmetry '" + f.token() + "' is not read: general or symmetric");
        if (f.more()) throw in.error("expected the banner " + BANNER + ", got " + LineReader.shown(banner));

        String line = nextData(in, f);
        if (line == null) throw in.fileError("no size line 'ROWS COLUMNS ENTRIES' after the banner");
        if (!f.of(line).nextLong()) throw badSize(in, line);
        long rows = f.value();
        if (!f.nextLong()) throw badSize(in, line);
        long columns = f.value();
        if (!f.nextLong() || f.value() < 0 || f.more()) throw badSize(in, line);
        long declared = f.value();
        if (rows != columns) throw in.error("the matrix is " + rows + " x " + columns + ": a graph's adjacency matrix is square");
        long sizeLine = in.number();
        EdgeCollector edges = EdgeCollector.forVertices(in, rows, 1, "the size line", true);

        String expected = field == Field.PATTERN ? "'I J' (two integers)" : field == Field.INTEGER ? "'I J VALUE' (three integers)"
                : "'I J VALUE' (two integers and a number)";
        long entries = 0;
        while ((line = nextData(in, f)) != null) {
            if (!f.of(line).nextLong()) throw badEntry(in, expected, line);
            long i = f.value();
            if (!f.nextLong()) throw badEntry(in, expected, line);
            long j = f.value();
            double w;
            String written;
            if (field == Field.PATTERN) {
                w = 1;
                written = "1";
            } else if (!f.next()) {
                throw badEntry(in, expected, line);
            } else {
                w = field == Field.REAL ? edges.weight(f) : f.parseLong() ? f.value() : Double.NaN;
                if (Double.isNaN(w)) throw badEntry(in, expected, line);
                written = f.token();
            }
            if (f.more()) throw badEntry(in, expected, line);
            edges.edge(i, j, w, written);
            if (symmetric && i != j) edges.edge(j, i, w, written);
            entries++;
        }
        if (entries != declared) {
            throw in.fileError("the size line (line " + sizeLine + ") declares " + declared + " entries, the file has " + entries
                    + (entries < declared ? " (is it truncated?)" : ""));
        }
        return edges;
    }

    /** The next line that is neither blank nor a % comment, or null. */
    private static String nextData(LineReader in, Fields f) throws IOException {
        for (String line; (line = in.next()) != null; ) {
            if (f.of(line).next() && !f.token().startsWith("%")) return line;
        }
        return null;
    }

    private static GraphFileException badSize(LineReader in, String line) {
        return in.error("expected the size line 'ROWS COLUMNS ENTRIES' (three integers), got " + LineReader.shown(line));
    }

    private static GraphFileException badEntry(LineReader in, String expected, String line) {
        return in.error("expected an entry " + expected + ", got " + LineReader.shown(line));
    }
}
