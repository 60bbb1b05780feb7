package fwbench.variant.core;

/**
 * A tile variant's launch choice for one solve, as data a solver is built with
 * ({@link SolverConfig#choice()}): its tile T, how many launches a round's bulk is split into
 * (kleene's REST launches, {@code LookaheadRounds}) and how many blocks of a dataflow launch are
 * resident on each multiprocessor ({@code DataflowLaunch}). A field of 0 is not chosen: the solver
 * takes it from its table, measured on an H200. A -D pin still wins over either ({@link LaunchSetting}).
 *
 * @param tile         T, or 0
 * @param restLaunches launches of a round's bulk, or 0 (and 0 for variants without rounds: dataflow, packed16)
 * @param blocksPerSm  resident blocks per multiprocessor of a dataflow launch, at most this many
 *                     ({@link #ALL_THAT_FIT}: as many as fit), or 0 (and 0 for variants without a
 *                     dataflow launch)
 */
public record LaunchChoice(int tile, int restLaunches, int blocksPerSm) {

    /** Where a chosen setting came from, in describe() and the tuning's log. */
    public static final String TUNED = "tuned on this device";

    /**
     * Blocks per multiprocessor: as many as fit (the launch takes the smaller of a choice and what
     * fits). A value of its own, not 0, which is "not chosen": the tuning measures it beside 1 and 2.
     */
    public static final int ALL_THAT_FIT = Integer.MAX_VALUE;

    /** Nothing chosen: every setting from the table. */
    public static final LaunchChoice TABLE = new LaunchChoice(0, 0, 0);

    public LaunchChoice {
        if (tile < 0 || restLaunches < 0 || blocksPerSm < 0) {
            throw new IllegalArgumentException("a launch choice is >= 0, not T=" + tile + ", " + restLaunches + ", " + blocksPerSm);
        }
    }

    /** A tile and REST launches, no blocks per multiprocessor (the kleene family). */
    public LaunchChoice(int tile, int restLaunches) {
        this(tile, restLaunches, 0);
    }

    /** A tile alone, the rest from the table. */
    public static LaunchChoice tile(int tile) {
        return new LaunchChoice(tile, 0, 0);
    }

    /** This choice with {@code blocksPerSm} resident blocks per multiprocessor ({@link #ALL_THAT_FIT}: as many as fit). */
    public LaunchChoice withBlocksPerSm(int blocksPerSm) {
        return new LaunchChoice(tile, restLaunches, blocksPerSm);
    }

    /** Whether anything is chosen (else the table decides everything). */
    public boolean chosen() {
        return !equals(TABLE);
    }

    /**
     * "T=128 and 2 REST launches", "T=64 and 1 REST launch", "T=256", "T=64 and 1 block per SM",
     * "T=64 and all blocks per SM that fit", as describe() words them: for logs and the tuning cache.
     */
    public String text() {
        String rest = restLaunchesText(restLaunches);
        String blocks = blocksPerSm == 0 ? "" : blocksPerSmText(blocksPerSm);
        String settings = rest.isEmpty() ? blocks : blocks.isEmpty() ? rest : rest + " and " + blocks;
        if (tile == 0) return settings.isEmpty() ? "the table's" : settings;
        return "T=" + tile + (settings.isEmpty() ? "" : " and " + settings);
    }

    /** "2 REST launches", "1 REST launch"; empty for 0. */
    static String restLaunchesText(int restLaunches) {
        return restLaunches == 0 ? "" : restLaunches + " REST launch" + (restLaunches == 1 ? "" : "es");
    }

    /** "1 block per SM", "2 blocks per SM", "all blocks per SM that fit" (for {@link #ALL_THAT_FIT}). */
    public static String blocksPerSmText(int blocksPerSm) {
        if (blocksPerSm == ALL_THAT_FIT) return "all blocks per SM that fit";
        return blocksPerSm + " block" + (blocksPerSm == 1 ? "" : "s") + " per SM";
    }
}
