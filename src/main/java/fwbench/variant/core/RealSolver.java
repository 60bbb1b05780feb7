package fwbench.variant.core;

/** A solver of float32 distances, which takes graphs of real weights ({@code Variant.takesRealWeights()}). */
public interface RealSolver extends Solver {

    /** Whether the solver holds a graph of real weights: then its distances are {@link #realDistances()} alone. */
    boolean realWeights();

    /** A host copy of the float32 distances (+infinity: no path) of a graph of real weights, after {@link #solve()}. */
    float[] realDistances();
}
