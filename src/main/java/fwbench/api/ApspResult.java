package fwbench.api;

import fwbench.cell.DistanceMatrix;
import fwbench.graph.ShortestPaths;
import fwbench.solve.SolveResult;

import java.util.List;
import java.util.OptionalLong;

/**
 * All-pairs shortest paths of an {@link ApspGraph}: the distance of every pair, and where routes
 * were asked for ({@link ApspOptions#routes(boolean)}) a shortest path of every pair. Vertices are
 * the graph's, 0..n-1; a vertex out of range is an IllegalArgumentException.
 *
 * <p>No path is {@code Double.POSITIVE_INFINITY} from {@link #distance}, an empty
 * {@code OptionalLong} from {@link #integerDistance}, and an empty list from {@link #path}.
 */
public final class ApspResult {

    /** The cell type the distances were computed in. */
    public enum Cells {
        /** Integer weights: exact int32 distances. */
        INT32,
        /** Real weights solved on the GPU in float32 (asked for with {@link ApspOptions#float32(boolean)}). */
        FLOAT32,
        /** Real weights solved by the float64 CPU reference. */
        FLOAT64,
        /** solve's int64 cells, for distances past int32: the library refuses such graphs ({@link ApspGraph#INTEGER_LIMIT}). */
        INT64
    }

    private final SolveResult result;
    private final int n;

    ApspResult(SolveResult result) {
        this.result = result;
        this.n = result.n();
    }

    /** Vertices. */
    public int n() {
        return n;
    }

    /** The length of a shortest path from -> to; {@code Double.POSITIVE_INFINITY} when there is none; 0 from a vertex to itself. */
    public double distance(int from, int to) {
        int cell = cell(from, to);
        return result.distanceMatrix().value(cell);
    }

    /** The exact length of a shortest path of a graph of integer weights; empty when there is none. IllegalStateException for real weights. */
    public OptionalLong integerDistance(int from, int to) {
        if (cells() != Cells.INT32) throw new IllegalStateException("the graph has real weights: its distances are " + cells() + "; use distance(from, to)");
        int cell = cell(from, to);
        return result.distanceMatrix().reachable(cell) ? OptionalLong.of((long) result.distanceMatrix().value(cell)) : OptionalLong.empty();
    }

    /** Whether some path leads from -> to (always from a vertex to itself). */
    public boolean reachable(int from, int to) {
        return result.distanceMatrix().reachable(cell(from, to));
    }

    /** Whether {@link #path} can rebuild routes (they were asked for). */
    public boolean hasRoutes() {
        return result.intermediates() != null;
    }

    /**
     * The vertices of a shortest path from -> to, both included ({@code [from]} when they are the
     * same); an empty list when {@code to} cannot be reached. IllegalStateException when routes
     * were not asked for.
     */
    public List<Integer> path(int from, int to) {
        cell(from, to);  // checks both vertices
        if (!hasRoutes()) throw new IllegalStateException("routes were not asked for: solve with ApspOptions.defaults().routes(true)");
        if (from == to) return List.of(from);
        if (distance(from, to) == Double.POSITIVE_INFINITY) return List.of();
        return List.copyOf(ShortestPaths.route(n, result.intermediates(), from, to));
    }

    /** Who solved it: a variant's name ("kleene", "cpu-blocked", ...), or "reference" for the CPU oracle (int32, or float64 for real weights). */
    public String variant() {
        return result.variant();
    }

    /**
     * Every distance at once, n x n row-major in the cell type they were computed in
     * ({@link DistanceMatrix#cells()}), not a copy: {@link DistanceMatrix#value} of cell
     * {@code from * n + to} is {@link #distance}, and {@link DistanceMatrix#array} gives the array
     * itself (int[], float[] or double[]) to read in bulk.
     */
    public DistanceMatrix distanceMatrix() {
        return result.distanceMatrix();
    }

    /** The cell type of the distances. */
    public Cells cells() {
        return Cells.valueOf(result.cells().name());
    }

    /**
     * Whether a check ran on the answer: a GPU or CPU variant's distances compared with the CPU
     * reference or its certificate, the reference's own routes on a sample. The reference's
     * distances are the oracle itself, not checked again: false for them without routes.
     */
    public boolean verified() {
        return result.verified();
    }

    /** How the answer was checked, or why it was not, in words ("every cell equals the CPU reference"). */
    public String verification() {
        return result.verification();
    }

    @Override
    public String toString() {
        return "ApspResult[n=" + n + ", " + cells() + ", by " + variant() + (hasRoutes() ? ", with routes" : "") + ", " + verification() + "]";
    }

    private int cell(int from, int to) {
        for (int v : new int[] {from, to}) {
            if (v < 0 || v >= n) throw new IllegalArgumentException("vertex " + v + " is out of range 0.." + (n - 1) + " (n = " + n + ")");
        }
        return from * n + to;
    }
}
