package fwbench.variant.core;

/** A solver that also produces report 003's intermediate-node matrix (see fwbench.graph.ShortestPaths). */
public interface PathSolver extends Solver {

    /** A host copy of the intermediate-node matrix of the last solve. */
    int[] intermediates();
}
