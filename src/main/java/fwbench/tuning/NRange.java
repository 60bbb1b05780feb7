package fwbench.tuning;

/**
 * The sizes one tuned launch choice serves: each n below {@link #ONE_RANGE_FROM} on its own (a pass
 * there is 4 solves of each candidate at that n; a wider range would straddle a switch of the table, as packed16's
 * tile at n = 4500 and 7500, and carry one n's choice to another where it loses), and every n from
 * {@link #ONE_RANGE_FROM} up in one range tuned at that n.
 *
 * @param from  the smallest n of the range
 * @param below the first n past it; {@link Integer#MAX_VALUE} for the last range, which has no end
 */
public record NRange(int from, int below) {

    /**
     * From this n on, one range, tuned at this n on a generated graph: a solve there already fills
     * the device with every candidate's blocks (so the choice holds above), and a pass at the trial's
     * own n would cost minutes (a kleene solve takes about 2.3 s at n = 32768 and 151 s at 131072 on an H200).
     */
    public static final int ONE_RANGE_FROM = 16_384;

    public NRange {
        if (from < 1 || below != from + 1 && below != Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a range is one n, or every n from " + ONE_RANGE_FROM + ", not [" + from + ", " + below + ")");
        }
    }

    /** The range that holds n (n >= 1). */
    public static NRange of(int n) {
        if (n < 1) throw new IllegalArgumentException("n must be positive, not " + n);
        if (n >= ONE_RANGE_FROM) return new NRange(ONE_RANGE_FROM, Integer.MAX_VALUE);
        return new NRange(n, n + 1);
    }

    /** Whether the range has no end (it starts at {@link #ONE_RANGE_FROM}). */
    public boolean open() {
        return below == Integer.MAX_VALUE;
    }

    public boolean contains(int n) {
        return n >= from && n < below;
    }

    /** The n a trial at {@code n} tunes at: its own, or {@link #ONE_RANGE_FROM} in the last range. */
    public int tuningN(int n) {
        return open() ? from : n;
    }

    /** "n=10000", "n from 16384". */
    public String text() {
        return open() ? "n from " + from : "n=" + from;
    }
}
