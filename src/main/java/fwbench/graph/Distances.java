package fwbench.graph;

/**
 * The distance conventions every part of the suite shares.
 *
 * <p>A distance matrix is n x n int32, row-major: cell (i, j) at index {@code i * n + j}.
 * An absent edge, and an unreachable pair, is {@link #INF}. The diagonal of an input is 0.
 */
public final class Distances {

    /**
     * Distance of an absent edge: 2^30 - 1. Two of them add to 2^31 - 2, which still fits an int,
     * so kernels compute {@code min(c, a + b)} with no overflow check and INF stays "no path".
     * Every finite distance must be below INF. Must equal FW_INF in kernels/fw.cuh.
     */
    public static final int INF = 0x3FFF_FFFF;

    /**
     * No path among int64 distances (solve's int64 cells, for integer graphs whose distances may
     * reach {@link #INF}): 2^62 - 1, a quarter of the range as INF is of int32's, so two add
     * without overflow. Equals the device's Int64::INF64 (kernels/cells.cuh).
     */
    public static final long INF64 = 0x3FFF_FFFF_FFFF_FFFFL;

    /**
     * The largest n whose n x n cells an int indexes: 46340^2 <= 2^31 - 1 < 46341^2. It bounds what
     * holds a whole matrix on the host (a Java array has at most 2^31 - 1 elements: graph files,
     * solve's output, the CPU variants and reference, a solver's distances()) and the GPU variants
     * whose kernels index a cell with an int, {@code i * n + j} (naive to paths, kleene-paths, whose
     * answer is checked on the host). The tile kernels index in 64 bits and go past it, up to
     * {@link #GRID_MAX_N} and device memory (docs/measuring.md, Limits).
     */
    public static final int INT_INDEX_MAX_N = 46_340;

    /**
     * The largest n a GPU variant can be given at all: the element-wise kernels (the generator,
     * the padding, the cell conversions) launch blocks of 8 rows, and a grid has at most 65535
     * blocks down (CUDA's gridDim.y), so ld <= 524280. Device memory ends far below it (two int32
     * matrices at this n are 2.2 TB).
     */
    public static final int GRID_MAX_N = 65_535 * 8;

    /** The text of "no path" in every cell type's text: solve's text files, path's lines. */
    public static final String NO_PATH_TEXT = "INF";

    private Distances() {
    }

    /** Text of one distance: the number, or "INF". */
    public static String format(int distance) {
        return distance >= INF ? NO_PATH_TEXT : Integer.toString(distance);
    }

    /** Text of one int64 distance: the number, or "INF". */
    public static String format(long distance) {
        return distance >= INF64 ? NO_PATH_TEXT : Long.toString(distance);
    }
}
