package fwbench.api;

import java.util.List;
import java.util.Optional;

/**
 * The graph has a cycle of negative length, so shortest paths are undefined. With integer weights
 * the cycle is found and named ("the graph has a negative cycle 3 -> 5 -> 3 of length -2"); with
 * real weights only a vertex that reaches one is known (the float64 solve does not look for the
 * cycle).
 */
public final class NegativeCycleException extends ApspException {

    private final int vertex;
    private final List<Integer> cycle;

    NegativeCycleException(String message, int vertex, Optional<List<Integer>> cycle, Throwable cause) {
        super(message, cause);
        this.vertex = vertex;
        this.cycle = cycle.orElse(null);
    }

    /** A vertex on the cycle where {@link #cycle()} is known, else one that reaches a negative cycle (and comes back). */
    public int vertex() {
        return vertex;
    }

    /** The cycle's vertices in order, the first not repeated at the end, where it was found (integer weights). */
    public Optional<List<Integer>> cycle() {
        return Optional.ofNullable(cycle);
    }
}
