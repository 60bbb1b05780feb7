package fwbench.variant;

import java.util.OptionalDouble;

/** What the CPU variants share: the input and a working copy in host memory. */
abstract class CpuSolver implements Solver {
    protected final int n;
    private final Variant variant;
    private final int[] input;
    protected final int[] d;

    CpuSolver(Variant variant, SolverConfig config) {
        requireNonNegative(variant, config);
        this.variant = variant;
        this.n = config.graph().n();
        this.input = config.graph().weights();
        this.d = input.clone();
    }

    /** The CPU variants compute min(c, a + b) with INF as a plain number, which is right only for weights >= 0. */
    static void requireNonNegative(Variant variant, SolverConfig config) {
        if (config.negativeWeights()) {
            throw new UnsupportedInputException(variant + " needs edge weights >= 0 (it adds INF like any other number); "
                    + config.describe() + " has negative weights: use " + Variant.negativeWeightVariants() + " on a GPU");
        }
    }

    @Override
    public final Variant variant() {
        return variant;
    }

    @Override
    public final int n() {
        return n;
    }

    @Override
    public final void reset() {
        System.arraycopy(input, 0, d, 0, input.length);
    }

    @Override
    public final int[] distances() {
        return d.clone();
    }

    @Override
    public final OptionalDouble lastSolveGpuMillis() {
        return OptionalDouble.empty();
    }

    @Override
    public void close() {
    }
}
