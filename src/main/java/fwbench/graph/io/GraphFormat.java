package fwbench.graph.io;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The graph file formats fwbench reads, told apart by the file's extension (optionally followed by
 * {@code .gz} for a gzip-compressed file). Each gives a graph of n vertices (see
 * {@link fwbench.graph.Distances}); vertices of 1-based formats are renumbered to 0..n-1, and
 * {@link #firstVertex()} remembers the file's numbering so that results can be printed in it.
 */
public enum GraphFormat {
    /** 9th DIMACS Implementation Challenge shortest-path format: {@code p sp N M}, {@code a U V W}, {@code c} comments. */
    DIMACS("gr", 1, "DIMACS shortest path", DimacsReader::read),
    /** MatrixMarket coordinate format, general or symmetric, integer, real (whole numbers) or pattern (weight 1). */
    MATRIX_MARKET("mtx", 1, "MatrixMarket coordinate", MatrixMarketReader::read),
    /** One directed edge {@code u v w} per line, vertices from 0, {@code #} or {@code %} comments. */
    EDGE_LIST("edges", 0, "edge list 'u v w'", EdgeListReader::read),
    /** n rows of n weights, {@code INF} for no edge (report 003's example), {@code #} comments. */
    DENSE("dense", 0, "dense matrix", DenseMatrixReader::read);

    /** Reads one format into its edges; errors name the line. */
    @FunctionalInterface
    interface Reader {
        EdgeCollector read(LineReader in) throws java.io.IOException;
    }

    static final String GZIP = ".gz";

    private final String extension;
    private final int firstVertex;
    private final String label;
    private final Reader reader;

    GraphFormat(String extension, int firstVertex, String label, Reader reader) {
        this.extension = extension;
        this.firstVertex = firstVertex;
        this.label = label;
        this.reader = reader;
    }

    /**
     * Whether a file of this format can be read as an undirected graph, each edge both ways: an
     * edge list can (.gr, .edges); a MatrixMarket file declares its own symmetry and a .dense file
     * writes both directions of every pair, so neither has edges to mirror.
     */
    public boolean readsUndirected() {
        return this == DIMACS || this == EDGE_LIST;
    }

    /** The file extension without its dot, e.g. "gr". */
    public String extension() {
        return extension;
    }

    /** The number of the first vertex in files of this format: 1 (DIMACS, MatrixMarket) or 0. */
    public int firstVertex() {
        return firstVertex;
    }

    /** A short name for messages, e.g. "DIMACS shortest path". */
    public String label() {
        return label;
    }

    Reader reader() {
        return reader;
    }

    /** The format of a file name, ignoring case and a trailing .gz; empty when the extension is not one of ours. */
    public static Optional<GraphFormat> forName(String fileName) {
        String name = stripGzip(fileName.toLowerCase(Locale.ROOT));
        return Arrays.stream(values()).filter(f -> name.endsWith("." + f.extension)).findFirst();
    }

    /** Whether the file name says gzip-compressed. */
    static boolean gzipped(String fileName) {
        return fileName.toLowerCase(Locale.ROOT).endsWith(GZIP);
    }

    private static String stripGzip(String name) {
        return name.endsWith(GZIP) ? name.substring(0, name.length() - GZIP.length()) : name;
    }

    /** The known extensions for messages: ".gr (DIMACS shortest path), .mtx (...), ...; each may be gzipped (.gz)". */
    public static String known() {
        return Arrays.stream(values()).map(f -> "." + f.extension + " (" + f.label + ")").collect(Collectors.joining(", "))
                + "; each may be gzipped (.gz)";
    }

    /** The extensions alone: ".gr, .mtx, .edges or .dense". */
    public static String extensions() {
        String all = Arrays.stream(values()).map(f -> "." + f.extension).collect(Collectors.joining(", "));
        int last = all.lastIndexOf(", ");
        return all.substring(0, last) + " or" + all.substring(last + 1);
    }
}
