package fwbench.graph;

/** A graph from a {@link GraphSpec} and a seed; its weights are made when asked for. */
public record GeneratedGraph(GraphSpec spec, int n, long seed) implements Graph {

    public GeneratedGraph {
        if (n < 1 || n > Distances.GRID_MAX_N) throw new IllegalArgumentException("n must be in 1.." + Distances.GRID_MAX_N + ", got " + n);
    }

    @Override
    public int weight(int i, int j) {
        return spec.weight(seed, i, j);
    }

    @Override
    public int[] weights() {
        if (n > Distances.INT_INDEX_MAX_N) {
            throw new IllegalStateException("the weights of n=" + n + " do not fit one Java array (n at most " + Distances.INT_INDEX_MAX_N
                    + "): a GPU variant generates them on the device");
        }
        return spec.generate(n, seed);
    }

    /** Generated weights are at least 1, unless potentials shift them. */
    @Override
    public boolean positiveWeights() {
        return spec.potentialRange() == 0;
    }

    /** With potentials some weights may be negative (taken as so: the bound is what counts). */
    @Override
    public boolean negativeWeights() {
        return spec.potentialRange() > 0;
    }

    /** Potentials leave every cycle's weight as it was, at least 1. */
    @Override
    public boolean positiveCycles() {
        return true;
    }

    /** The generator's bound: weights are drawn from 1..maxWeight, then shifted by at most R. */
    @Override
    public int maxWeight() {
        return spec.maxEdgeWeight();
    }

    @Override
    public int minWeight() {
        return Math.min(0, spec.minWeight());
    }

    @Override
    public boolean complete() {
        return spec.edgeProbability() >= 1.0;
    }

    @Override
    public String describe() {
        return spec + " graph, n=" + n + ", seed " + seed;
    }
}
