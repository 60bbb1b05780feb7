package fwbench.tuning;

import fwbench.variant.core.LaunchChoice;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Which measured launch choice a tuning pass keeps, and why, in words for its log line. */
final class ChoiceSelection {

    /**
     * Another choice replaces the table's only when faster by more than this fraction of the table's
     * time: the noise between medians of a few solves must not flip a choice and leave a regression cached.
     */
    static final double MARGIN = 0.01;

    /** One candidate's median GPU time per solve. */
    record Measured(LaunchChoice choice, double millis) {
    }

    private ChoiceSelection() {
    }

    /**
     * The fastest candidate where it beats {@code table}'s time by more than {@link #MARGIN}, else
     * the table's (ties included); the fastest where the table's was not measured.
     */
    static Measured choose(LaunchChoice table, List<Measured> measured) {
        if (measured.isEmpty()) throw new IllegalArgumentException("nothing was measured");
        Measured fastest = measured.stream().min(Comparator.comparingDouble(Measured::millis)).orElseThrow();
        return measured.stream().filter(m -> m.choice().equals(table)).findFirst()
                .filter(t -> fastest.millis() >= t.millis() * (1 - MARGIN))
                .orElse(fastest);
    }

    /**
     * "T=128 and 2 REST launches (1.31 ms, 19% faster than the table's; T=64 and 1 REST launch: 1.62
     * ms, T=128 and 1 REST launch: 1.33 ms)", or "(1.31 ms, the table's; no other faster by more than 1%; ...)".
     */
    static String explain(LaunchChoice table, Measured chosen, List<Measured> measured) {
        String why;
        if (chosen.choice().equals(table)) {
            why = "the table's; no other faster by more than " + percent(MARGIN);
        } else {
            double tableMillis = measured.stream().filter(m -> m.choice().equals(table)).mapToDouble(Measured::millis).findFirst().orElse(Double.NaN);
            why = Double.isNaN(tableMillis) ? "the fastest" : percent(1 - chosen.millis() / tableMillis) + " faster than the table's";
        }
        String others = measured.stream().filter(m -> m != chosen).map(m -> m.choice().text() + ": " + millis(m.millis()))
                .collect(Collectors.joining(", "));
        return chosen.choice().text() + " (" + millis(chosen.millis()) + ", " + why + (others.isEmpty() ? "" : "; " + others) + ")";
    }

    static String millis(double ms) {
        return String.format(Locale.ROOT, "%.3g ms", ms);
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }
}
