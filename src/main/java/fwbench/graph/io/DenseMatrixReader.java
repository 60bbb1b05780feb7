package fwbench.graph.io;

import fwbench.graph.Distances;

import java.io.IOException;

/**
 * A dense weight matrix as text (.dense), like report 003's example: n rows of n values separated
 * by spaces, tabs or commas (integers or decimals); value j of row i is the edge i -> j, {@code INF} (any case) for no
 * edge. The first row sets n. Blank lines and lines starting with {@code #} are comments. Vertices
 * are numbered from 0, as rows and columns. A diagonal value is a self-loop: 0, INF or any other
 * value >= 0 leaves the diagonal 0; a negative one is a negative cycle.
 */
final class DenseMatrixReader {

    private DenseMatrixReader() {
    }

    static EdgeCollector read(LineReader in) throws IOException {
        Fields f = new Fields(true);
        EdgeCollector edges = null;
        int n = 0, row = 0;
        long firstRowLine = 0;
        for (String line; (line = in.next()) != null; ) {
            if (!f.of(line).next() || f.token().startsWith("#")) continue;
            if (edges == null) {
                int values = 1;
                while (f.next()) values++;
                if (values > Distances.INT_INDEX_MAX_N) {
                    throw in.error("the first row has " + values + " values: a dense matrix file takes n up to " + Distances.INT_INDEX_MAX_N
                            + " (past it, a sparse .gr or .edges file: a dense one would hold n^2 numbers of text)");
                }
                edges = EdgeCollector.forVertices(in, values, 0, "the first row, with " + values + (values == 1 ? " value," : " values,"), true);
                n = values;
                firstRowLine = in.number();
                f.of(line).next();
            }
            if (row == n) {
                throw in.error("more than " + n + " rows: the first row (line " + firstRowLine + ") has " + n + " values, so n = " + n);
            }
            int column = 0;
            do {
                if (column == n) throw badRow(in, line, n, firstRowLine);
                if (!f.is("INF")) {
                    double w = edges.weight(f);
                    if (Double.isNaN(w)) {
                        throw in.error("expected a weight (a number) or INF in column " + column + ", got '" + f.token() + "'");
                    }
                    edges.edge(row, column, w, f.token());
                }
                column++;
            } while (f.next());
            if (column < n) throw badRow(in, line, n, firstRowLine);
            row++;
        }
        if (edges == null) throw in.fileError("no rows: expected n rows of n weights");
        if (row < n) throw in.fileError("the file ends after " + row + " rows, expected " + n + " (one per vertex; the first row has " + n + " values)");
        return edges;
    }

    private static GraphFileException badRow(LineReader in, String line, int n, long firstRowLine) {
        int values = 0;
        Fields count = new Fields(true).of(line);
        while (count.next()) values++;
        return in.error(values + " values, expected " + n + " (one per vertex, as the first row on line " + firstRowLine + ")");
    }
}
