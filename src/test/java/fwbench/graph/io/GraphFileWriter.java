package fwbench.graph.io;

import fwbench.graph.Distances;
import fwbench.graph.Graph;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/** Writes a graph in each format, independently of the readers, for tests. */
public final class GraphFileWriter {

    private GraphFileWriter() {
    }

    /** Writes {@code graph} to folder/name.EXT (plus .gz when asked) and returns the file. */
    public static Path write(Graph graph, GraphFormat format, Path folder, String name, boolean gzip) throws IOException {
        Path file = folder.resolve(name + "." + format.extension() + (gzip ? ".gz" : ""));
        try (OutputStream raw = Files.newOutputStream(file);
             OutputStream stream = gzip ? new GZIPOutputStream(raw) : raw;
             Writer out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.US_ASCII), 1 << 16)) {
            switch (format) {
                case DIMACS -> dimacs(graph, out);
                case MATRIX_MARKET -> matrixMarket(graph, out);
                case EDGE_LIST -> edgeList(graph, out);
                case DENSE -> dense(graph, out);
            }
        }
        return file;
    }

    public static Path write(Graph graph, GraphFormat format, Path folder, String name) throws IOException {
        return write(graph, format, folder, name, false);
    }

    private static long edges(Graph graph) {
        int n = graph.n();
        long m = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (isEdge(graph, i, j)) m++;
        return m;
    }

    private static boolean isEdge(Graph graph, int i, int j) {
        int w = graph.weight(i, j);
        return i == j ? w < 0 : w < Distances.INF;
    }

    private static void dimacs(Graph graph, Writer out) throws IOException {
        int n = graph.n();
        out.write("c written by fwbench's tests\n");
        out.write("p sp " + n + " " + edges(graph) + "\n");
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (isEdge(graph, i, j)) out.write("a " + (i + 1) + " " + (j + 1) + " " + graph.weight(i, j) + "\n");
    }

    private static void matrixMarket(Graph graph, Writer out) throws IOException {
        int n = graph.n();
        out.write("%%MatrixMarket matrix coordinate integer general\n");
        out.write("% written by fwbench's tests\n");
        out.write(n + " " + n + " " + edges(graph) + "\n");
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (isEdge(graph, i, j)) out.write((i + 1) + " " + (j + 1) + " " + graph.weight(i, j) + "\n");
    }

    /** The edge list gets n from its largest vertex: a graph whose last vertex has no edge is written with a self-loop 0 on it. */
    private static void edgeList(Graph graph, Writer out) throws IOException {
        int n = graph.n();
        out.write("# written by fwbench's tests: u v w\n");
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (isEdge(graph, i, j)) out.write(i + " " + j + " " + graph.weight(i, j) + "\n");
        out.write((n - 1) + " " + (n - 1) + " 0\n");
    }

    private static void dense(Graph graph, Writer out) throws IOException {
        int n = graph.n();
        out.write("# written by fwbench's tests\n");
        StringBuilder row = new StringBuilder();
        for (int i = 0; i < n; i++) {
            row.setLength(0);
            for (int j = 0; j < n; j++) {
                if (j > 0) row.append(' ');
                row.append(Distances.format(graph.weight(i, j)));
            }
            row.append('\n');
            out.append(row);
        }
    }
}
