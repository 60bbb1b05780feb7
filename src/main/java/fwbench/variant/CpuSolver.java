package fwbench.variant;

import java.util.OptionalDouble;

/** What the CPU variants share: the input and a working copy in host memory. */
abstract class CpuSolver implements Solver {
    protected final int n;
    private final Variant variant;
    private final int[] input;
    protected final int[] d;

    CpuSolver(Variant variant, SolverConfig config) {
        NegativeWeights.bounds(variant, config);  // the CPU variants add INF like any other number: weights >= 0 only
        this.variant = variant;
        this.n = config.graph().n();
        this.input = config.graph().weights();
        this.d = input.clone();
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
