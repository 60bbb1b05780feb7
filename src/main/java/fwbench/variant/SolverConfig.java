package fwbench.variant;

import fwbench.graph.Graph;
import fwbench.graph.RealGraph;

/**
 * What a variant needs to build a solver: the input graph and, for GPU variants, the launch mode.
 * The graph has integer weights ({@code graph}) or real ones ({@code realGraph}, for the variants
 * that {@linkplain Variant#takesRealWeights() take them}); exactly one is given.
 */
public record SolverConfig(Graph graph, RealGraph realGraph, LaunchMode launch) {

    public SolverConfig {
        if ((graph == null) == (realGraph == null)) throw new IllegalArgumentException("a solver takes an integer graph or a real one");
    }

    public SolverConfig(Graph graph, LaunchMode launch) {
        this(graph, null, launch);
    }

    public static SolverConfig of(Graph graph) {
        return new SolverConfig(graph, LaunchMode.GRAPH);
    }

    public static SolverConfig of(RealGraph graph) {
        return new SolverConfig(null, graph, LaunchMode.GRAPH);
    }

    /** Whether the weights are real ({@link #realGraph()}). */
    public boolean realWeights() {
        return realGraph != null;
    }

    public int n() {
        return realWeights() ? realGraph.n() : graph.n();
    }

    public boolean negativeWeights() {
        return realWeights() ? realGraph.negativeWeights() : graph.negativeWeights();
    }

    /** What the graph is, for messages. */
    public String describe() {
        return realWeights() ? realGraph.describe() : graph.describe();
    }
}
