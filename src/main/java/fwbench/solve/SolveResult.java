package fwbench.solve;

/**
 * A solve's answer: n x n distances, row-major, in one of four cell types, and with routes asked
 * for the intermediate-node matrix (fwbench.graph.ShortestPaths' convention: the vertex k that last
 * improved d(i, j), n + 1 for none). Exactly one of the four distance arrays is given.
 *
 * @param n              vertices
 * @param variant        who solved it: a variant's id, or "reference" for the CPU oracle
 * @param verified       whether a check ran on the answer (the CPU reference's distances are the
 *                       oracle, not checked again: only its routes are, on a sample)
 * @param verification   how it was checked, or why not
 * @param distances      int32 distances, {@link fwbench.graph.Distances#INF} for no path; else null
 * @param float32        float32 distances (kleene-f32), +infinity for no path; else null
 * @param float64        float64 distances (kleene-f64, or the float64 CPU reference), +infinity for no path; else null
 * @param intermediates  the intermediate-node matrix, or null when routes were not asked for
 * @param int64          int64 distances (kleene-i64, or the int64 CPU reference) of a graph whose distances may pass
 *                       int32, {@link fwbench.graph.Distances#INF64} for no path; else null
 */
public record SolveResult(int n, String variant, boolean verified, String verification, int[] distances, float[] float32, double[] float64,
                          int[] intermediates, long[] int64) {

    /** The cell type of the distances. */
    public enum Cells { INT32, FLOAT32, FLOAT64, INT64 }

    /** An answer in int32, float32 or float64 cells. */
    public SolveResult(int n, String variant, boolean verified, String verification, int[] distances, float[] float32, double[] float64, int[] intermediates) {
        this(n, variant, verified, verification, distances, float32, float64, intermediates, null);
    }

    public SolveResult {
        int given = (distances != null ? 1 : 0) + (float32 != null ? 1 : 0) + (float64 != null ? 1 : 0) + (int64 != null ? 1 : 0);
        if (given != 1) throw new IllegalArgumentException("a result holds one matrix of distances, got " + given);
    }

    public Cells cells() {
        return distances != null ? Cells.INT32 : float32 != null ? Cells.FLOAT32 : float64 != null ? Cells.FLOAT64 : Cells.INT64;
    }
}
