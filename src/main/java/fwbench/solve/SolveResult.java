package fwbench.solve;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;

/**
 * A solve's answer: its n x n distances in one cell type, and with routes asked for the
 * intermediate-node matrix (fwbench.graph.ShortestPaths' convention: the vertex k that last
 * improved d(i, j), n + 1 for none).
 *
 * @param variant        who solved it: a variant's id, or "reference" for the CPU oracle
 * @param verified       whether a check ran on the answer (the CPU reference's distances are the
 *                       oracle, not checked again: only its routes are, on a sample)
 * @param verification   how it was checked, or why not
 * @param distanceMatrix the distances: int32 (a variant on integer weights, the int32 CPU reference), float32 (kleene-f32),
 *                       int64 (kleene-i64, the int64 CPU reference) or float64 (kleene-f64, the float64 CPU reference)
 * @param intermediates  the intermediate-node matrix, or null when routes were not asked for
 */
public record SolveResult(String variant, boolean verified, String verification, DistanceMatrix distanceMatrix, int[] intermediates) {

    /** Vertices. */
    public int n() {
        return distanceMatrix.n();
    }

    /** The cell type of the distances. */
    public CellType cells() {
        return distanceMatrix.cells();
    }

    /** The int32 distances, for what works on int32 alone (a batch file); IllegalStateException for other cells. */
    public int[] distances() {
        return distanceMatrix.array(int[].class);
    }
}
