package fwbench.report;

import fwbench.usage.UsageException;
import fwbench.variant.Variant;

/**
 * The variant speedups are over. Unless the user names one, it is {@link #PREFERRED} when the run
 * has it, else the run's first variant in story order, so that a report works on any run (a run
 * without a GPU has no naive); {@link #line()} says which and why.
 *
 * @param variant the baseline
 * @param named   whether the user named it (--baseline)
 */
public record Baseline(VariantName variant, boolean named) {

    /** Every course report's baseline. */
    public static final Variant PREFERRED = Variant.NAIVE;

    /**
     * The variant {@code requested} names (null: the default rule), among those in {@code data}.
     *
     * @throws UsageException when the user names a variant the results do not hold
     */
    public static Baseline choose(String requested, RunData data) throws UsageException {
        return requested == null ? byDefault(data) : new Baseline(SpeedupTable.baseline(requested, data), true);
    }

    /** {@link #PREFERRED} when the results have it, else their first variant in story order; the results hold solves. */
    public static Baseline byDefault(RunData data) {
        VariantName preferred = VariantName.of(PREFERRED);
        return new Baseline(data.variants().contains(preferred) ? preferred : data.variants().get(0), false);
    }

    /** "speedups are over cpu-serial (the run has no naive: its first variant in story order)". */
    public String line() {
        if (named) return "speedups are over " + variant + " (--baseline)";
        String why = variant.equals(VariantName.of(PREFERRED)) ? "the default"
                : "the run has no " + PREFERRED.id() + ": its first variant in story order";
        return "speedups are over " + variant + " (" + why + ")";
    }
}
