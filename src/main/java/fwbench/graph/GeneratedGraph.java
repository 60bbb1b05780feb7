package fwbench.graph;

/** A graph from a {@link GraphSpec} and a seed; its weights are made when asked for. */
public record GeneratedGraph(GraphSpec spec, int n, long seed) implements Graph {

    public GeneratedGraph {
        if (n < 1 || n > Distances.MAX_N) throw new IllegalArgumentException("n must be in 1.." + Distances.MAX_N + ", got " + n);
    }

    @Override
    public int weight(int i, int j) {
        return spec.weight(seed, i, j);
    }

    @Override
    public int[] weights() {
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
