package fwbench.solve;

import java.util.List;

/** Graphs of a batch that have a negative cycle: each is named, with its cycle, in one line of its own. */
public final class BatchNegativeCycles extends SolveFailure {

    private final List<NegativeCycleFound> cycles;

    BatchNegativeCycles(List<NegativeCycleFound> cycles) {
        super(cycles.get(0).getMessage() + (cycles.size() > 1 ? " (and " + (cycles.size() - 1) + " more graphs)" : ""), null);
        this.cycles = List.copyOf(cycles);
    }

    /** One for each graph with a negative cycle, in batch order. */
    public List<NegativeCycleFound> cycles() {
        return cycles;
    }
}
