package fwbench.solve;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The graph has a cycle of negative length: shortest paths are undefined. The message names the
 * cycle in the input's numbering ("road.gr has a negative cycle 2 -> 3 -> 2 of length -4"), or
 * where it was not looked for (real weights) a vertex that reaches one.
 */
public final class NegativeCycleFound extends SolveFailure {

    private final int vertex;
    private final List<Integer> cycle;
    private final long length;

    /**
     * @param vertex a vertex (from 0) whose distance to itself is negative: it reaches the cycle, and lies on it when the cycle is not known
     * @param cycle  the cycle's vertices in order (from 0, the first not repeated), when it was found
     * @param length the cycle's length (0 when it is not known)
     */
    NegativeCycleFound(SolveInput input, int vertex, Optional<List<Integer>> cycle, long length) {
        super(input.name() + cycle.map(c -> " has a negative cycle " + describeCycle(c, input.firstVertex()) + " of length " + length)
                .orElse(": vertex " + (vertex + input.firstVertex()) + " reaches a cycle of negative length"), null);
        this.vertex = vertex;
        this.cycle = cycle.map(List::copyOf).orElse(null);
        this.length = length;
    }

    /** A vertex (from 0) that reaches the cycle. */
    public int vertex() {
        return vertex;
    }

    /** The cycle's vertices in order (from 0), when it was found: the integer weights' solves look for it. */
    public Optional<List<Integer>> cycle() {
        return Optional.ofNullable(cycle);
    }

    /** The cycle's length; 0 when {@link #cycle()} is empty. */
    public long length() {
        return length;
    }

    /** "3 -> 1 -> 2 -> 3", in a numbering from {@code firstVertex}; a long cycle is shortened in the middle. */
    public static String describeCycle(List<Integer> cycle, int firstVertex) {
        List<String> shown = new ArrayList<>();
        int size = cycle.size();
        for (int s = 0; s <= size; s++) {
            if (size > 12 && s == 6) {
                shown.add("... (" + (size - 10) + " more)");
                s = size - 4;
            }
            shown.add(String.valueOf(cycle.get(s % size) + firstVertex));
        }
        return String.join(" -> ", shown);
    }
}
