package fwbench.cell;

import fwbench.graph.Distances;

import java.nio.ByteBuffer;

/**
 * The n x n distances of one solve in one {@link CellType} type, row-major: cell (i, j) at
 * index {@code i * n + j}. Everything the host does with distances (say whether a pair has a path,
 * write a cell as text or bytes, read it back) goes through this, so the code around it holds one
 * matrix whatever its cells are; a new cell type is one implementation here.
 */
public sealed interface DistanceMatrix permits Int32Matrix, Float32Matrix, Int64Matrix, Float64Matrix {

    /** Vertices: the matrix is n x n. */
    int n();

    /** The type of the cells. */
    CellType cells();

    /** Whether cell c (i n + j) holds a path: a finite distance below the cells' no-path value. */
    boolean reachable(int cell);

    /** The distance of cell c as a double, +infinity for no path (exact for every int32 distance, and int64 ones below 2^53). */
    double value(int cell);

    /** The raw bits of cell c, as the binary form holds them (int32 sign-extended): equal bits are equal cells. */
    long bits(int cell);

    /** The text of cell c: "INF" for no path, else the number, which {@link #parse} reads back to the same value. */
    String text(int cell);

    /**
     * Sets cell c from {@code token}, "INF" (any case) or a number as {@link #text} writes it; false,
     * leaving the cell as it was, when the number is not one these cells hold (out of range, or infinite).
     * The caller has checked the token's form (digits for integer cells, a decimal for real ones).
     */
    boolean parse(int cell, String token);

    /** What a cell's text must be, for messages: "an integer", "a float32", ... (each also takes INF). */
    String expected();

    /** Writes cells from .. from + count - 1 into {@code littleEndian} from its byte 0, {@link CellType#bytes()} each. */
    void putCells(ByteBuffer littleEndian, int from, int count);

    /** Reads cells from .. from + count - 1 from {@code littleEndian}'s byte 0, {@link CellType#bytes()} each. */
    void getCells(ByteBuffer littleEndian, int from, int count);

    /** The primitive array the matrix wraps (int[], float[], long[] or double[]), not a copy. */
    Object array();

    /** The array the matrix wraps as {@code type} (say {@code int[].class}); IllegalStateException for cells of another type. */
    default <A> A array(Class<A> type) {
        Object values = array();
        if (!type.isInstance(values)) throw new IllegalStateException(cells().word() + " distances, not " + type.getComponentType() + " ones");
        return type.cast(values);
    }

    /** Whether (i, j) holds a path. */
    default boolean reachable(int i, int j) {
        return reachable(index(i, j));
    }

    /** i n + j, for a cell inside the matrix. */
    default int index(int i, int j) {
        int n = n();
        if (i < 0 || i >= n || j < 0 || j >= n) throw new IndexOutOfBoundsException("(" + i + ", " + j + ") outside " + n + " x " + n);
        return i * n + j;
    }

    /** n x n cells of {@code cells} (a host type, {@link CellType#host()}), all 0, to be filled ({@link #getCells}, {@link #parse}). */
    static DistanceMatrix allocate(CellType cells, int n) {
        int size = size(n);
        return switch (cells) {
            case INT32 -> new Int32Matrix(n, new int[size]);
            case FLOAT32 -> new Float32Matrix(n, new float[size]);
            case INT64 -> new Int64Matrix(n, new long[size]);
            case FLOAT64 -> new Float64Matrix(n, new double[size]);
            case PACKED16 -> throw new IllegalArgumentException("packed16 distances are narrowed to int32 on the host: allocate int32 cells");
        };
    }

    /** int32 distances, {@link Distances#INF} for no path. */
    static DistanceMatrix of(int n, int[] distances) {
        return new Int32Matrix(n, distances);
    }

    /** float32 distances, +infinity for no path. */
    static DistanceMatrix of(int n, float[] distances) {
        return new Float32Matrix(n, distances);
    }

    /** int64 distances, {@link Distances#INF64} for no path. */
    static DistanceMatrix of(int n, long[] distances) {
        return new Int64Matrix(n, distances);
    }

    /** float64 distances, +infinity for no path. */
    static DistanceMatrix of(int n, double[] distances) {
        return new Float64Matrix(n, distances);
    }

    /**
     * The real distances of {@code matrix} in the real cells {@code target}, each rounded to the
     * nearest (float64 to float32, as solve writes float64 answers where float32 was asked for);
     * the matrix itself when its cells are already {@code target}.
     */
    static DistanceMatrix rounded(DistanceMatrix matrix, CellType target) {
        if (matrix.cells() == target) return matrix;
        if (!matrix.cells().real() || !target.real()) {
            throw new IllegalArgumentException(matrix.cells().word() + " distances are not rounded to " + target.word() + ": only real cells to real cells");
        }
        int size = size(matrix.n());
        if (target == CellType.FLOAT32) {
            float[] rounded = new float[size];
            for (int c = 0; c < size; c++) rounded[c] = (float) matrix.value(c);
            return of(matrix.n(), rounded);
        }
        double[] values = new double[size];
        for (int c = 0; c < size; c++) values[c] = matrix.value(c);
        return of(matrix.n(), values);
    }

    /** n^2, checked to fit one Java array. */
    private static int size(int n) {
        long size = (long) n * n;
        if (n < 1 || size > Integer.MAX_VALUE) throw new IllegalArgumentException("n x n cells in one array: n must be in 1.." + Distances.INT_INDEX_MAX_N + ", got " + n);
        return (int) size;
    }
}
