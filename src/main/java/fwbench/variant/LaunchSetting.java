package fwbench.variant;

import java.util.Optional;
import java.util.function.IntSupplier;

/**
 * One launch setting a solver uses (a tile, or REST launches), and where it came from, for
 * describe(): a -D pin (which wins over everything: an explicit choice for one run), else the
 * choice tuned on this device and carried by the solver's configuration, else the table.
 */
record LaunchSetting(int value, String origin) {

    static final String TABLE = "from the table";

    /**
     * @param pinProperty the system property that pins it
     * @param tuned       the configuration's choice, 0 where none
     * @param table       the table's value
     */
    static LaunchSetting of(String pinProperty, int tuned, IntSupplier table) {
        Optional<Integer> pin = pin(pinProperty);
        if (pin.isPresent()) return new LaunchSetting(pin.get(), "from -D" + pinProperty);
        if (tuned != 0) return new LaunchSetting(tuned, LaunchChoice.TUNED);
        return new LaunchSetting(table.getAsInt(), TABLE);
    }

    /** The pin's value, where the property is set. */
    static Optional<Integer> pin(String property) {
        return Optional.ofNullable(Integer.getInteger(property));
    }

    /**
     * "T=128 and 2 REST launches from the table for n=10000", or, where they came from different
     * places, "T=128 from -Dfwbench.kleene.tile, 2 REST launches from the table for n=10000".
     */
    static String describe(LaunchSetting tile, LaunchSetting restLaunches, int n) {
        String rest = LaunchChoice.restLaunchesText(restLaunches.value());
        if (tile.origin().equals(restLaunches.origin())) return "T=" + tile.value() + " and " + rest + " " + tile.origin() + " for n=" + n;
        return "T=" + tile.value() + " " + tile.origin() + ", " + rest + " " + restLaunches.origin() + " for n=" + n;
    }

    /** "T=128 from the table for n=10000". */
    static String describe(LaunchSetting tile, int n) {
        return "T=" + tile.value() + " " + tile.origin() + " for n=" + n;
    }
}
