package fwbench.variant.core;

import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * A system property that pins one launch setting over the tuned choice and the table, e.g.
 * -Dfwbench.kleene.tile=128, and the values it takes: any other is refused in one line, before a
 * run plans anything with it ({@code Variant.checkLaunchPins()}).
 *
 * @param property the property's name, "fwbench.kleene.tile"
 * @param takes    its values in words, for the refusal: "64 or 128"
 * @param valid    whether it takes a value
 */
public record LaunchPin(String property, String takes, IntPredicate valid) {

    /** A pin of a count: a whole number >= 1. */
    public static LaunchPin count(String property) {
        return new LaunchPin(property, "a whole number >= 1", v -> v >= 1);
    }

    /** The pinned value, where the property is set; a value it does not take is refused ("-Dfwbench.kleene.tile takes 64 or 128, not '7'"). */
    public Optional<Integer> value() {
        String text = System.getProperty(property);
        if (text == null) return Optional.empty();
        try {
            int value = Integer.parseInt(text.trim());
            if (valid.test(value)) return Optional.of(value);
        } catch (NumberFormatException e) {
            // refused below, as a value out of range is
        }
        throw new IllegalArgumentException("-D" + property + " takes " + takes + ", not '" + text + "'");
    }

    /**
     * The pinned value where the property is set to one it takes, else empty: for the memory a
     * plan counts, which the registry computes as it loads, before {@code Variant.checkLaunchPins()}
     * can refuse the pin (the solver refuses it too, through {@link #value()}).
     */
    public Optional<Integer> valueIfValid() {
        try {
            return value();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * A value of this setting however it was chosen (pinned, tuned or the table's), checked against
     * the values the pin takes: a solver refuses any other ("kleene tiles are 64 or 128, not 7").
     */
    public int require(int value, String what) {
        if (!valid.test(value)) throw new IllegalArgumentException(what + " are " + takes + ", not " + value);
        return value;
    }

    /** "-Dfwbench.kleene.tile=128" where the property is set, as typed. */
    public Optional<String> typed() {
        return value().map(v -> "-D" + property + "=" + v);
    }
}
