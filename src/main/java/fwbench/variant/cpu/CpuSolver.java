package fwbench.variant.cpu;

import fwbench.variant.core.NegativeWeights;
import fwbench.variant.core.VariantTraits;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;

import java.util.OptionalDouble;

/** What the CPU variants share: the input and a working copy in host memory. */
public abstract class CpuSolver implements Solver {
    protected final int n;
    private final VariantTraits variant;
    private final int[] input;
    protected final int[] d;

    public CpuSolver(VariantTraits variant, SolverConfig config) {
        NegativeWeights.bounds(variant, config);  // the CPU variants add INF like any other number: weights >= 0 only
        this.variant = variant;
        this.n = config.graph().n();
        this.input = config.graph().weights();
        this.d = input.clone();
    }

    @Override
    public final VariantTraits variant() {
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
