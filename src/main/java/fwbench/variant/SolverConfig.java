package fwbench.variant;

import fwbench.graph.Graph;

/** What a variant needs to build a solver: the input graph and, for GPU variants, the launch mode. */
public record SolverConfig(Graph graph, LaunchMode launch) {

    public static SolverConfig of(Graph graph) {
        return new SolverConfig(graph, LaunchMode.GRAPH);
    }
}
