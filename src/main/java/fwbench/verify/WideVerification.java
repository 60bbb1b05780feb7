package fwbench.verify;

import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.LongFloydWarshall;
import fwbench.graph.RealFloydWarshall;
import fwbench.graph.RealGraph;

/**
 * Checks 64-bit distances read back as they are (solve's int64 and float64 cells) against the CPU
 * oracles of the same width, which share none of the kernels' code: int64 cell by cell against
 * {@link LongFloydWarshall}, exactly; float64 cell by cell against {@link RealFloydWarshall}
 * within {@link #float64Tolerance}.
 */
public final class WideVerification {

    /** u = 2^-53: the largest relative error of one float64 rounding. */
    public static final double FLOAT64_ROUNDOFF = 0x1p-53;

    private WideVerification() {
    }

    /**
     * The largest |got - reference| accepted for a float64 distance whose float64 CPU reference is
     * {@code reference}, in a graph of n vertices with weights >= 0: 4 (n + 1) u |reference|.
     *
     * <p>Why it is sound: as for float32 (Verification#realTolerance), each side is a minimum of
     * sums of the graph's weights built by a chain of at most m rounded additions (kleene-f64:
     * m <= n + 2n/64 + 1; the reference: m <= n, its weights taken as they are), so each lies within
     * a factor (1 +- u)^m of the exact distance, |side - exact| <= 1.01 m u exact. Here both
     * sides round at the same u, so the two errors add: at most 1.01 (2.04 n + 2) u exact, below
     * 4 (n + 1) u |reference| for every n fwbench takes (|reference| and exact differ by a factor
     * within 1 +- 0.001 there). docs/solve.md, "Real weights", says the same.
     */
    public static double float64Tolerance(int n, double reference) {
        return 4.0 * (n + 1) * FLOAT64_ROUNDOFF * Math.abs(reference);
    }

    /** Compares int64 distances with the int64 CPU reference, every cell exactly; returns how it was checked. */
    public static String checkInt64(String subject, Graph graph, long[] got) {
        long[] expected = LongFloydWarshall.distances(graph);
        int n = graph.n(), first = -1;
        long wrong = 0;
        for (int c = 0; c < expected.length; c++) {
            if (got[c] != expected[c]) {
                if (first < 0) first = c;
                wrong++;
            }
        }
        if (first >= 0) {
            String message = subject + ": wrong distance at (" + first / n + ", " + first % n + "): expected " + Distances.format(expected[first])
                    + " (the int64 CPU reference), got " + Distances.format(got[first]);
            throw new VerificationFailure(wrong == 1 ? message : message + " (" + wrong + " wrong cells in all)");
        }
        return "every cell equals the int64 CPU reference";
    }

    /** Compares float64 distances of a graph with weights >= 0 with the float64 CPU reference, cell by cell within {@link #float64Tolerance}. */
    public static String checkFloat64(String subject, RealGraph graph, double[] got) {
        if (graph.negativeWeights()) throw new IllegalArgumentException("the float64 tolerance is derived for weights >= 0; " + graph.describe() + " has negative ones");
        Verification.checkAgainstRealReference(subject, graph, c -> got[c], reference -> float64Tolerance(graph.n(), reference));
        return "every cell within 4 (n + 1) 2^-53 x its distance of the float64 CPU reference";
    }
}
