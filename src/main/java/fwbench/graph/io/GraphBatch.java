package fwbench.graph.io;

import fwbench.graph.SparseGraph;

import java.nio.file.Path;
import java.util.List;

/**
 * Graphs read to be solved together ({@link BatchFiles}): graph g is {@code graphs().get(g)}, its
 * edges only (its n x n matrix is made when a solver asks). Integer weights only.
 *
 * @param source the file or folder as the user named it
 * @param graphs at least one
 */
public record GraphBatch(Path source, List<Member> graphs) {

    /**
     * One graph of the batch.
     *
     * @param name        what messages call it: "graph 3 of mols.gedges", "graph 3 (mols/c.gr)"
     * @param firstVertex the number its file gives vertex 0 (0, or 1 for .gr and .mtx)
     * @param graph       its edges, vertices from 0
     */
    public record Member(String name, int firstVertex, SparseGraph graph) {
    }

    public GraphBatch {
        if (graphs.isEmpty()) throw new IllegalArgumentException("a batch holds at least one graph");
        graphs = List.copyOf(graphs);
    }

    /** The graphs' n x n cells, summed. */
    public long cells() {
        return graphs.stream().mapToLong(m -> (long) m.graph().n() * m.graph().n()).sum();
    }

    /** The graphs' edges, summed. */
    public long edges() {
        return graphs.stream().mapToLong(m -> m.graph().edges()).sum();
    }

    /** The largest n. */
    public int maxN() {
        return graphs.stream().mapToInt(m -> m.graph().n()).max().orElseThrow();
    }

    /** What the edges take in the heap. */
    public long heapBytes() {
        return graphs.stream().mapToLong(m -> m.graph().heapBytes()).sum();
    }

    /** "mols.gedges: 1000 graphs, n from 3 to 128, 25000 edges". */
    public String summary() {
        int min = graphs.stream().mapToInt(m -> m.graph().n()).min().orElseThrow();
        return source + ": " + graphs.size() + (graphs.size() == 1 ? " graph" : " graphs") + ", n from " + min + " to " + maxN() + ", " + edges() + " edges";
    }
}
