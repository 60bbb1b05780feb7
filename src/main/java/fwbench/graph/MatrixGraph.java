package fwbench.graph;

/** A graph given as an explicit weight matrix (tests, graph files). */
public final class MatrixGraph implements Graph {
    private final int n;
    private final int[] weights;
    private final String description;
    private final boolean positive;
    private final boolean negative;
    private final int maxWeight;
    private final int minWeight;
    private final boolean complete;

    public MatrixGraph(int n, int[] weights, String description) {
        this(n, weights, description, true);
    }

    /**
     * A graph that takes {@code weights} as its own, without the copy the constructor makes: for
     * matrices of gigabytes read from files. The caller must not change the array afterwards.
     */
    public static MatrixGraph adopt(int n, int[] weights, String description) {
        return new MatrixGraph(n, weights, description, false);
    }

    private MatrixGraph(int n, int[] weights, String description, boolean copy) {
        if (n < 1 || n > Distances.INT_INDEX_MAX_N) throw new IllegalArgumentException("n must be in 1.." + Distances.INT_INDEX_MAX_N + ", got " + n);
        if (weights.length != (long) n * n) throw new IllegalArgumentException("a " + n + "-vertex graph needs " + (long) n * n + " weights, got " + weights.length);
        this.n = n;
        this.weights = copy ? weights.clone() : weights;
        this.description = description;
        boolean allPositive = true, anyNegative = false, allEdges = true;
        int max = 0, min = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int w = weights[i * n + j];
                if (i != j && w <= 0) allPositive = false;
                if (w < 0) anyNegative = true;
                min = Math.min(min, w);
                if (i != j && w >= Distances.INF) allEdges = false;
                if (i != j && w < Distances.INF) max = Math.max(max, w);
            }
        }
        this.positive = allPositive;
        this.negative = anyNegative;
        this.maxWeight = max;
        this.minWeight = min;
        this.complete = allEdges;
    }

    @Override
    public int n() {
        return n;
    }

    @Override
    public int weight(int i, int j) {
        return weights[i * n + j];
    }

    @Override
    public int[] weights() {
        return weights.clone();
    }

    @Override
    public boolean positiveWeights() {
        return positive;
    }

    @Override
    public boolean negativeWeights() {
        return negative;
    }

    @Override
    public int maxWeight() {
        return maxWeight;
    }

    @Override
    public int minWeight() {
        return minWeight;
    }

    @Override
    public boolean complete() {
        return complete;
    }

    @Override
    public String describe() {
        return description;
    }
}
