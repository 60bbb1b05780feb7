package fwbench.solve;

/**
 * A solve's answer: n x n distances, row-major, in one of three cell types, and with routes asked
 * for the intermediate-node matrix (fwbench.graph.ShortestPaths' convention: the vertex k that last
 * improved d(i, j), n + 1 for none). Exactly one of the three distance arrays is given.
 *
 * @param n              vertices
 * @param variant        who solved it: a variant's id, or "reference" for the CPU oracle
 * @param verified       whether a check ran on the answer (the CPU reference's distances are the
 *                       oracle, not checked again: only its routes are, on a sample)
 * @param verification   how it was checked, or why not
 * @param distances      int32 distances, {@link fwbench.graph.Distances#INF} for no path; else null
 * @param float32        float32 distances (kleene-f32), +infinity for no path; else null
 * @param float64        float64 distances (the float64 CPU reference), +infinity for no path; else null
 * @param intermediates  the intermediate-node matrix, or null when routes were not asked for
 */
public record SolveResult(int n, String variant, boolean verified, String verification, int[] distances, float[] float32, double[] float64,
                          int[] intermediates) {

    /** The cell type of the distances. */
    public enum Cells { INT32, FLOAT32, FLOAT64 }

    public SolveResult {
        int given = (distances != null ? 1 : 0) + (float32 != null ? 1 : 0) + (float64 != null ? 1 : 0);
        if (given != 1) throw new IllegalArgumentException("a result holds one matrix of distances, got " + given);
    }

    public Cells cells() {
        return distances != null ? Cells.INT32 : float32 != null ? Cells.FLOAT32 : Cells.FLOAT64;
    }
}
