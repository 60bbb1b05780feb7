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

    /** Generated weights are at least 1. */
    @Override
    public boolean positiveWeights() {
        return true;
    }

    @Override
    public boolean negativeWeights() {
        return false;
    }

    /** The generator's bound: weights are drawn from 1..maxWeight. */
    @Override
    public int maxWeight() {
        return spec.maxWeight();
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
