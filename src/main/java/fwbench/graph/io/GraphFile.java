package fwbench.graph.io;

import fwbench.graph.RealGraph;
import fwbench.graph.SparseGraph;

import java.nio.file.Path;

/**
 * A graph read from a file: its edges, vertices renumbered from 0 (the n x n matrix is made only
 * when a solver asks for it). Exactly one of {@code graph} and {@code realGraph} is given.
 *
 * @param path      the file as the user named it
 * @param format    its format
 * @param graph     the edges when every weight is a whole number, else null (parallel edges merged
 *                  into the lightest, self-loops of weight >= 0 dropped; a symmetric MatrixMarket
 *                  entry gives two)
 * @param realGraph the edges, by the same rules, when some weight has a fraction, else null
 */
public record GraphFile(Path path, GraphFormat format, SparseGraph graph, RealGraph realGraph) {

    public GraphFile {
        if ((graph == null) == (realGraph == null)) throw new IllegalArgumentException("a graph file holds an integer graph or a real one");
    }

    /** A file of integer weights. */
    public GraphFile(Path path, GraphFormat format, SparseGraph graph) {
        this(path, format, graph, null);
    }

    /** Whether some weight is not a whole number: the graph is {@link #realGraph()}. */
    public boolean realWeights() {
        return realGraph != null;
    }

    /** Vertices. */
    public int n() {
        return realWeights() ? realGraph.n() : graph.n();
    }

    /** Directed edges, a negative self-loop included. */
    public long edges() {
        return realWeights() ? realGraph.edges() : graph.edges();
    }

    /** The largest |w| of an edge (after parallel edges kept the lightest). */
    public double maxAbsWeight() {
        return realWeights() ? realGraph.maxAbsWeight() : graph.maxAbsWeight();
    }

    /** Whether some edge weighs less than 0. */
    public boolean negativeWeights() {
        return realWeights() ? realGraph.negativeWeights() : graph.negativeWeights();
    }

    /** What the graph's edges take in the heap. */
    public long heapBytes() {
        return realWeights() ? realGraph.heapBytes() : graph.heapBytes();
    }

    /** The number the file gives its first vertex: results are printed in the file's numbering. */
    public int firstVertex() {
        return format.firstVertex();
    }

    /** One line for progress messages: "road.gr (DIMACS shortest path): n=5000, 20000 edges, vertices from 1". */
    public String summary() {
        long edges = edges();
        return path + " (" + format.label() + "): n=" + n() + ", " + edges + (edges == 1 ? " edge" : " edges")
                + (realWeights() ? " of real weights" : "") + ", vertices numbered from " + firstVertex();
    }
}
