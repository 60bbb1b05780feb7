package fwbench.graph.io;

import fwbench.graph.SparseGraph;

import java.nio.file.Path;

/**
 * A graph read from a file: its edges, vertices renumbered from 0 (the n x n matrix is made only
 * when a solver asks for it).
 *
 * @param path   the file as the user named it
 * @param format its format
 * @param graph  the edges (parallel edges merged into the lightest, self-loops of weight >= 0
 *               dropped; a symmetric MatrixMarket entry gives two)
 */
public record GraphFile(Path path, GraphFormat format, SparseGraph graph) {

    /** Vertices. */
    public int n() {
        return graph.n();
    }

    /** Directed edges, a negative self-loop included. */
    public long edges() {
        return graph.edges();
    }

    /** The largest |w| of an edge (after parallel edges kept the lightest). */
    public long maxAbsWeight() {
        return graph.maxAbsWeight();
    }

    /** The number the file gives its first vertex: results are printed in the file's numbering. */
    public int firstVertex() {
        return format.firstVertex();
    }

    /** One line for progress messages: "road.gr (DIMACS shortest path): n=5000, 20000 edges, vertices from 1". */
    public String summary() {
        long edges = edges();
        return path + " (" + format.label() + "): n=" + n() + ", " + edges + (edges == 1 ? " edge" : " edges")
                + ", vertices numbered from " + firstVertex();
    }
}
