package fwbench.graph.io;

import fwbench.graph.Distances;
import fwbench.graph.RealGraph;
import fwbench.graph.SparseGraph;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Reads graph files of every {@link GraphFormat} into their edges (the n x n matrix waits until a
 * solver asks for it: {@link SparseGraph}), and refuses, in one line
 * each, what cannot be solved: a missing file, an unknown extension, a malformed line (its number
 * and what was expected), a vertex out of range, n = 0 or beyond {@link Distances#GRID_MAX_N} ({@link Distances#INT_INDEX_MAX_N} for a dense file or real weights), and
 * weights so large that a simple path could reach INF (integer weights) or overflow float32 (real
 * weights: a file with some weight that is not a whole number).
 */
public final class GraphFiles {

    /** A name ending in an extension that starts with a letter ("road.txt", not "sparse:0.01"). */
    private static final Pattern EXTENSION = Pattern.compile("\\.[A-Za-z][A-Za-z0-9]*$");

    private GraphFiles() {
    }

    /**
     * Whether a benchmark {@code -p graph=} value names a file rather than a generator: it has one of
     * our extensions, a folder in it, or any extension (which then gets the unknown-extension message).
     */
    public static boolean looksLikeFile(String graphParameter) {
        String t = graphParameter.trim();
        return GraphFormat.forName(t).isPresent() || t.contains("/") || t.contains(File.separator) || EXTENSION.matcher(t).find();
    }

    /** Reads a graph file; a {@link GraphFileException} says in one line what is wrong with it. */
    public static GraphFile read(Path path) throws GraphFileException {
        return read(path, false);
    }

    /**
     * Reads a graph file, with {@code undirected} each edge both ways (only formats that {@linkplain
     * GraphFormat#readsUndirected() read so}: the caller refuses the others first).
     */
    public static GraphFile read(Path path, boolean undirected) throws GraphFileException {
        return read(path, undirected, false);
    }

    /**
     * Reads a graph file as {@link #read(Path, boolean)} does; with {@code int64} an integer graph
     * whose distances may pass int32 is taken too (solve gives it int64 cells: {@link #fitsInt32}).
     */
    public static GraphFile read(Path path, boolean undirected, boolean int64) throws GraphFileException {
        String name = path.toString();
        GraphTextFiles.requireExists(path);
        if (Files.isDirectory(path)) throw new GraphFileException(name + " is a folder, not a graph file");
        GraphFormat format = GraphFormat.forName(path.getFileName().toString()).orElseThrow(() -> new GraphFileException(
                name + ": unknown graph file extension" + extensionOf(path) + "; known: " + GraphFormat.known()));
        if (undirected && !format.readsUndirected()) throw new IllegalArgumentException(format.label() + " files are not read as undirected graphs");
        EdgeCollector edges = GraphTextFiles.read(path, format.reader()::read);
        if (undirected) edges.mirror();
        if (edges.realWeights()) return realFile(path, format, edges.realGraph(name));
        return new GraphFile(path, format, int64 ? edges.graph(name) : checkBound(name, edges.graph(name)));
    }

    /** The longest a simple path of the graph can weigh: (n - 1) x max |w|. */
    public static long distanceBound(SparseGraph graph) {
        return (long) (graph.n() - 1) * graph.maxAbsWeight();
    }

    /** Whether every distance of the graph stays strictly inside (-INF, INF): int32 cells hold it. */
    public static boolean fitsInt32(SparseGraph graph) {
        return distanceBound(graph) < Distances.INF;
    }

    /** The graph, once no simple path's length can reach INF (int32 distances); else refused, named {@code name}. */
    static SparseGraph checkBound(String name, SparseGraph graph) throws GraphFileException {
        int n = graph.n();
        long maxAbs = graph.maxAbsWeight();
        // a simple path has at most n - 1 edges; its length must stay strictly inside (-INF, INF)
        long bound = distanceBound(graph);
        if (!fitsInt32(graph)) {
            throw new GraphFileException(name + ": weights too large: a simple path of n - 1 = " + (n - 1) + " edges of up to |w| = "
                    + maxAbs + " could weigh " + bound + ", not below INF = " + Distances.INF
                    + " (distances are int32); scale the weights down");
        }
        return graph;
    }

    /**
     * A file of real weights, once no path's float32 sum can overflow: (n - 1) x max |w| stays
     * within half of float32's largest value (the other half is room for rounding).
     */
    private static GraphFile realFile(Path path, GraphFormat format, RealGraph graph) throws GraphFileException {
        double bound = (graph.n() - 1) * graph.maxAbsWeight();
        if (bound > RealGraph.MAX_ABS_WEIGHT / 2) {
            throw new GraphFileException(path + ": weights too large: a simple path of n - 1 = " + (graph.n() - 1) + " edges of up to |w| = "
                    + graph.maxAbsWeight() + " could weigh " + bound + ", above " + (float) (RealGraph.MAX_ABS_WEIGHT / 2)
                    + " (half of float32's largest value; distances are float32); scale the weights down");
        }
        return new GraphFile(path, format, null, graph);
    }

    private static String extensionOf(Path path) {
        String file = path.getFileName().toString();
        int dot = file.lastIndexOf('.');
        return dot <= 0 ? " (none)" : " '" + file.substring(dot) + "'";
    }
}
