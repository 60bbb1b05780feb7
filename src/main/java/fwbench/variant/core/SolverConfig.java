package fwbench.variant.core;

import fwbench.graph.Graph;
import fwbench.graph.RealGraph;

/**
 * What a variant needs to build a solver: the input graph and, for GPU variants, the launch mode
 * and the GPUs a variant that spans devices splits the solve
 * across (devices 0 .. gpus - 1; {@link #ALL_GPUS}: every device of the host; the others run on
 * device 0). The graph has integer weights ({@code graph}) or real ones ({@code realGraph}, for
 * the variants that take them); exactly one is given. A tile
 * variant takes its launch choice from {@code choice} where set (tuned on this device), else from its table.
 */
public record SolverConfig(Graph graph, RealGraph realGraph, LaunchMode launch, int gpus, LaunchChoice choice) {

    /** {@link #gpus()}: every device the driver lists. */
    public static final int ALL_GPUS = 0;

    /** How the benchmark's gpus parameter says {@link #ALL_GPUS} (its default). */
    public static final String ALL_GPUS_TEXT = "all";

    public SolverConfig {
        if ((graph == null) == (realGraph == null)) throw new IllegalArgumentException("a solver takes an integer graph or a real one");
        if (gpus < 0) throw new IllegalArgumentException("gpus is a count of devices or ALL_GPUS, not " + gpus);
        if (choice == null) throw new IllegalArgumentException("a launch choice, LaunchChoice.TABLE for none");
    }

    public SolverConfig(Graph graph, RealGraph realGraph, LaunchMode launch, int gpus) {
        this(graph, realGraph, launch, gpus, LaunchChoice.TABLE);
    }

    public SolverConfig(Graph graph, RealGraph realGraph, LaunchMode launch) {
        this(graph, realGraph, launch, ALL_GPUS);
    }

    public SolverConfig(Graph graph, LaunchMode launch) {
        this(graph, null, launch);
    }

    /**
     * The benchmark's gpus value as a count: "all" is {@link #ALL_GPUS}, else a number from 1;
     * anything else is refused naming what it takes.
     */
    public static int parseGpus(String text) {
        String t = text.trim();
        if (t.equalsIgnoreCase(ALL_GPUS_TEXT)) return ALL_GPUS;
        try {
            int count = Integer.parseInt(t);
            if (count >= 1) return count;
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("-p gpus takes '" + ALL_GPUS_TEXT + "' or a number of GPUs from 1, not '" + text + "'");
    }

    /** The same graph, launch mode and launch choice on the first {@code count} GPUs ({@link #ALL_GPUS}: all). */
    public SolverConfig withGpus(int count) {
        return new SolverConfig(graph, realGraph, launch, count, choice);
    }

    /** The same graph, launch mode and GPUs with this launch choice ({@link LaunchChoice#TABLE}: the table's). */
    public SolverConfig withChoice(LaunchChoice launchChoice) {
        return new SolverConfig(graph, realGraph, launch, gpus, launchChoice);
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
