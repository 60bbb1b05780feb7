package fwbench.variant.core;

import fwbench.cell.DistanceMatrix;

import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * One variant bound to one input graph: it holds the input and a working matrix, and solves
 * all-pairs shortest paths in place. The benchmark calls {@link #reset()} before each
 * {@link #solve()} (only the solve is timed), then may read the result.
 */
public interface Solver extends AutoCloseable {

    VariantTraits variant();

    int n();

    /** Restores the working matrix to the input, and waits until that is done. Not timed. */
    void reset();

    /** Solves the working matrix in place; returns when the distances are final. This is what is timed. */
    void solve();

    /** A host copy of the working matrix (the distances, after {@link #solve()}), int32: what the benchmark checks. */
    int[] distances();

    /**
     * The distances of the last {@link #solve()} in the solver's own cells, n x n row-major, read
     * back once: kleene-f32's float32 for a graph of real weights, kleene-i64's and kleene-f64's
     * 64-bit cells as they are (past int32), else the int32 {@link #distances()}. What solve
     * writes and checks for cells other than int32.
     */
    default DistanceMatrix distanceMatrix() {
        return DistanceMatrix.of(n(), distances());
    }

    /** GPU time of the last solve, from CUDA events around it; empty for CPU variants. */
    OptionalDouble lastSolveGpuMillis();

    /**
     * After a solve of a graph with negative weights: the cell i * n + j that proves a negative
     * cycle (a negative diagonal cell, or a distance below any path's), found on the device; empty
     * when there is none, and for solvers that do not look (they refuse negative weights).
     */
    default OptionalLong negativeCycleCell() {
        return OptionalLong.empty();
    }

    /** Device memory this solver holds (0 for CPU variants). */
    default long deviceBytes() {
        return 0;
    }

    /** The launch settings this solve runs with, for the results file; {@link LaunchInEffect#NONE} where the variant has none. */
    default LaunchInEffect launchInEffect() {
        return LaunchInEffect.NONE;
    }

    /** The variant and any configuration it chose for this input (e.g. a tile size), for logs. */
    default String describe() {
        return variant().id();
    }

    @Override
    void close();
}
