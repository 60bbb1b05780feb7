package fwbench.graph;

/** A weighted directed graph as a dense distance matrix (see {@link Distances}). */
public interface Graph {

    int n();

    /** Weight of edge (i, j): 0 when i = j, {@link Distances#INF} when absent. */
    int weight(int i, int j);

    /** A fresh row-major copy of the weights: 0 on the diagonal, {@link Distances#INF} for no edge. */
    int[] weights();

    /**
     * Whether every edge off the diagonal weighs more than 0. The shortest-path certificate
     * (fwbench.verify) proves a result only for such graphs.
     */
    boolean positiveWeights();

    /** Whether some edge weighs less than 0 (GPU variants refuse such graphs). */
    boolean negativeWeights();

    /** The largest finite weight off the diagonal (an upper bound is allowed), 0 without edges. */
    int maxWeight();

    /** Whether every pair i != j has an edge (then no distance exceeds {@link #maxWeight()}). */
    boolean complete();

    /** What this graph is, for messages: its generator and seed, or its file. */
    String describe();
}
