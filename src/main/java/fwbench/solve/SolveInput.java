package fwbench.solve;

import fwbench.graph.RealGraph;
import fwbench.graph.SparseGraph;
import fwbench.graph.io.GraphFile;

/**
 * A graph to solve, as its edges (the n x n matrix is made only once the heap and device checks
 * pass): a graph file, or a graph a program built. Exactly one of {@code graph} and
 * {@code realGraph} is given.
 *
 * @param name        what messages call it: the file as the user named it, or "the graph"
 * @param firstVertex the number messages give vertex 0 (a file's numbering: 0 or 1)
 * @param graph       integer weights (int32 distances), else null
 * @param realGraph   real weights, else null
 * @param summary     the line said once the variant is chosen, e.g. the file's size and how long reading took
 */
public record SolveInput(String name, int firstVertex, SparseGraph graph, RealGraph realGraph, String summary) {

    public SolveInput {
        if ((graph == null) == (realGraph == null)) throw new IllegalArgumentException("a graph has integer weights or real ones");
    }

    /** A graph file, its summary line ending as {@code summaryEnd} says (e.g. ", read in 0.01 s"). */
    public static SolveInput of(GraphFile file, String summaryEnd) {
        return new SolveInput(file.path().toString(), file.firstVertex(), file.graph(), file.realGraph(), file.summary() + summaryEnd);
    }

    /** Whether the weights are real (some not whole): the graph is {@link #realGraph()}. */
    public boolean realWeights() {
        return realGraph != null;
    }

    /** Vertices. */
    public int n() {
        return realWeights() ? realGraph.n() : graph.n();
    }

    /** Whether some edge weighs less than 0. */
    public boolean negativeWeights() {
        return realWeights() ? realGraph.negativeWeights() : graph.negativeWeights();
    }

    /** What the graph's edges take in the heap. */
    public long heapBytes() {
        return realWeights() ? realGraph.heapBytes() : graph.heapBytes();
    }
}
