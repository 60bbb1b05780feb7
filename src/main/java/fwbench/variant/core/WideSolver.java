package fwbench.variant.core;

/**
 * A solver on 64-bit cells whose distances can be read back as they are, not narrowed to int32:
 * solve's int64 cells (integer graphs whose distances may pass int32) and float64 cells (real
 * weights).
 */
public interface WideSolver extends Solver {

    /** The int64 distances (fwbench.graph.Distances#INF64: no path), n x n row-major, after {@link #solve()}; int64 cells only. */
    long[] int64Distances();

    /** The float64 distances (+infinity: no path), n x n row-major, after {@link #solve()}; float64 cells only. */
    double[] float64Distances();
}
