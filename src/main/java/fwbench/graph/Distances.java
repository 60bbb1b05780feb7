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
     * Largest n: 46336 = 181 x 256. Kernels index cells with an int, {@code i * ld + j}, where ld is
     * n padded to the variant's tiles (up to 256, packed16); 46336^2 < 2^31 <= 46592^2, so n = 46337
     * to 46340, whose own n^2 would fit, overflow once padded (KernelRegistryTest checks every
     * variant's padding against this).
     */
    public static final int MAX_N = 46_336;

    private Distances() {
    }

    /** Text of one distance: the number, or "INF". */
    public static String format(int distance) {
        return distance >= INF ? "INF" : Integer.toString(distance);
    }
}
