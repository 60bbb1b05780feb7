package fwbench.variant;

/**
 * A tile variant's launch choice for one solve, as data a solver is built with
 * ({@link SolverConfig#choice()}): its tile T and how many launches a round's bulk is split into
 * (kleene's REST launches, {@code LookaheadRounds}). A field of 0 is not chosen: the solver takes
 * it from its table, measured on an H200. A -D pin still wins over either ({@link LaunchSetting}).
 *
 * @param tile         T, or 0
 * @param restLaunches launches of a round's bulk, or 0 (and 0 for variants without rounds: dataflow, packed16)
 */
public record LaunchChoice(int tile, int restLaunches) {

    /** Where a chosen setting came from, in describe() and the tuning's log. */
    public static final String TUNED = "tuned on this device";

    /** Nothing chosen: every setting from the table. */
    public static final LaunchChoice TABLE = new LaunchChoice(0, 0);

    public LaunchChoice {
        if (tile < 0 || restLaunches < 0) throw new IllegalArgumentException("a launch choice is >= 0, not T=" + tile + ", " + restLaunches);
    }

    /** A tile alone, REST launches from the table. */
    public static LaunchChoice tile(int tile) {
        return new LaunchChoice(tile, 0);
    }

    /** Whether anything is chosen (else the table decides everything). */
    public boolean chosen() {
        return !equals(TABLE);
    }

    /** "T=128 and 2 REST launches", "T=64 and 1 REST launch", "T=256", as describe() words them: for logs and the tuning cache. */
    public String text() {
        String rest = restLaunchesText(restLaunches);
        if (tile == 0) return rest.isEmpty() ? "the table's" : rest;
        return "T=" + tile + (rest.isEmpty() ? "" : " and " + rest);
    }

    /** "2 REST launches", "1 REST launch"; empty for 0. */
    static String restLaunchesText(int restLaunches) {
        return restLaunches == 0 ? "" : restLaunches + " REST launch" + (restLaunches == 1 ? "" : "es");
    }
}
