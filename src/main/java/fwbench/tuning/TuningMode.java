package fwbench.tuning;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Whether a benchmark trial tunes its variant's launch choice on the device ({@link LaunchTuning}):
 * set by {@link #PROPERTY} in the trial's JVM (the benchmark command's --tuning passes it to the forks).
 */
public enum TuningMode {
    /** A cached choice where there is one, else a tuning pass whose choice is cached: the default. */
    TUNED,
    /** A tuning pass at every trial, overwriting the cached choices it meets. */
    RETUNE,
    /** No tuning and no cache: the table measured on an H200, as before tuning existed. */
    TABLE;

    /** The system property that sets the mode, e.g. -Dfwbench.tuning=retune. */
    public static final String PROPERTY = "fwbench.tuning";

    /** The mode without the property. */
    public static final TuningMode DEFAULT = TUNED;

    /** The name users type: "tuned". */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** "tuned, retune or table". */
    public static String names() {
        String all = Arrays.stream(values()).map(TuningMode::id).collect(Collectors.joining(", "));
        int last = all.lastIndexOf(", ");
        return all.substring(0, last) + " or " + all.substring(last + 2);
    }

    /** The mode named {@code text}, ignoring case; otherwise refused naming the three, as {@code what} ("--tuning") takes them. */
    public static TuningMode parse(String text, String what) {
        for (TuningMode mode : values()) if (mode.id().equalsIgnoreCase(text.trim())) return mode;
        throw new IllegalArgumentException(what + " takes " + names() + ", not '" + text + "'");
    }

    /** The mode {@link #PROPERTY} sets in this JVM, {@link #DEFAULT} where it is not set. */
    public static TuningMode fromProperty() {
        String text = System.getProperty(PROPERTY);
        return text == null ? DEFAULT : parse(text, "-D" + PROPERTY);
    }
}
