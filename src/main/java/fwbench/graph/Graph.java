package fwbench.graph;

/** A weighted directed graph as a dense distance matrix (see {@link Distances}). */
public interface Graph {

    int n();

    /** Weight of edge (i, j): 0 when i = j, {@link Distances#INF} when absent. */
    int weight(int i, int j);

    /** A fresh row-major copy of the weights: 0 on the diagonal, {@link Distances#INF} for no edge. */
    int[] weights();

    /** Whether every edge off the diagonal weighs more than 0. */
    boolean positiveWeights();

    /**
     * Whether some edge weighs less than 0 (only the variants that {@linkplain
     * fwbench.variant.Variant#takesNegativeWeights() take them} solve such graphs).
     */
    boolean negativeWeights();

    /**
     * Whether every cycle is known to weigh more than 0: the shortest-path certificate
     * (fwbench.verify) proves a result only for such graphs. True when every weight is; a
     * generator with potentials knows it too.
     */
    default boolean positiveCycles() {
        return positiveWeights();
    }

    /** The largest finite weight off the diagonal (an upper bound is allowed), 0 without edges. */
    int maxWeight();

    /** The smallest weight, a negative self-loop included, or 0 when none is below 0 (a lower bound is allowed). */
    int minWeight();

    /** Whether every pair i != j has an edge (then no distance exceeds {@link #maxWeight()}). */
    boolean complete();

    /** What this graph is, for messages: its generator and seed, or its file. */
    String describe();
}
