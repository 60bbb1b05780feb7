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

    /** Largest n: cell indices {@code i * n + j} must fit in an int (46340^2 < 2^31). */
    public static final int MAX_N = 46_340;

    private Distances() {
    }

    /** Text of one distance: the number, or "INF". */
    public static String format(int distance) {
        return distance >= INF ? "INF" : Integer.toString(distance);
    }
}
