package fwbench.variant.core;

import java.util.Optional;
import java.util.function.IntSupplier;

/**
 * One launch setting a solver uses (a tile, REST launches, blocks per SM), and where it came from,
 * for describe(): a -D pin (which wins over everything: an explicit choice for one run), else the
 * choice tuned on this device and carried by the solver's configuration, else the table, or the
 * largest tile that fits in place of the table's where the device's shared memory cannot hold it
 * ({@link TileFit#setting}, whose origin says so).
 */
public record LaunchSetting(int value, String origin) {

    public static final String TABLE = "from the table";

    /**
     * @param pin   the system property that pins it
     * @param tuned the configuration's choice, 0 where none
     * @param table the table's value
     */
    public static LaunchSetting of(LaunchPin pin, int tuned, IntSupplier table) {
        Optional<Integer> pinned = pin.value();
        if (pinned.isPresent()) return new LaunchSetting(pinned.get(), "from -D" + pin.property());
        if (tuned != 0) return new LaunchSetting(tuned, LaunchChoice.TUNED);
        return new LaunchSetting(table.getAsInt(), TABLE);
    }

    /** Whether the table chose it: nothing pinned or tuned it, so what the device allows may still replace it (TileFit). */
    public boolean fromTable() {
        return origin.equals(TABLE);
    }

    /**
     * "T=128 and 2 REST launches from the table for n=10000", or, where they came from different
     * places, "T=128 from -Dfwbench.kleene.tile, 2 REST launches from the table for n=10000".
     */
    public static String describe(LaunchSetting tile, LaunchSetting restLaunches, int n) {
        return describe(tile, restLaunches, LaunchChoice.restLaunchesText(restLaunches.value()), n);
    }

    /**
     * The tile and another setting, worded as {@code otherText}: "T=64 and 1 block per SM from the
     * table for n=1000", or "T=64 from the table, 1 block per SM from -Dfwbench.dataflow.blocksPerSm for n=1000".
     */
    public static String describe(LaunchSetting tile, LaunchSetting other, String otherText, int n) {
        if (tile.origin().equals(other.origin())) return "T=" + tile.value() + " and " + otherText + " " + tile.origin() + " for n=" + n;
        return "T=" + tile.value() + " " + tile.origin() + ", " + otherText + " " + other.origin() + " for n=" + n;
    }

    /** "T=128 from the table for n=10000". */
    public static String describe(LaunchSetting tile, int n) {
        return "T=" + tile.value() + " " + tile.origin() + " for n=" + n;
    }
}
