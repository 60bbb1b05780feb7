package fwbench.graph.io;

import fwbench.graph.MatrixGraph;

import java.nio.file.Path;

/**
 * A graph read from a file.
 *
 * @param path          the file as the user named it
 * @param format        its format
 * @param graph         the weights, vertices renumbered from 0
 * @param edges         directed edges of the matrix (parallel edges merged, self-loops of weight
 *                      >= 0 dropped; a symmetric MatrixMarket entry gives two)
 * @param maxAbsWeight  the largest |w| of the matrix (after parallel edges kept the lightest)
 */
public record GraphFile(Path path, GraphFormat format, MatrixGraph graph, long edges, long maxAbsWeight) {

    /** Vertices. */
    public int n() {
        return graph.n();
    }

    /** The number the file gives its first vertex: results are printed in the file's numbering. */
    public int firstVertex() {
        return format.firstVertex();
    }

    /** One line for progress messages: "road.gr (DIMACS shortest path): n=5000, 20000 edges, vertices from 1". */
    public String summary() {
        return path + " (" + format.label() + "): n=" + n() + ", " + edges + (edges == 1 ? " edge" : " edges")
                + ", vertices numbered from " + firstVertex();
    }
}
