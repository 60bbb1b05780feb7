package fwbench.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * How the report prints numbers: Locale.ROOT everywhere (a decimal point and ',' between thousands,
 * whatever the machine's locale), so the same input gives the same bytes anywhere.
 */
public final class Numbers {

    private static final DecimalFormatSymbols ROOT = DecimalFormatSymbols.getInstance(Locale.ROOT);
    /** The smallest p-value printed as a number: below it, how small no longer changes a verdict. */
    private static final double SMALLEST_P_SHOWN = 0.0001;

    private Numbers() {
    }

    /** A count with thousands separators: 10,000. */
    public static String grouped(long value) {
        return fixed(value, 0);
    }

    /** A time in ms to four significant digits (0.6057, 3.535, 40.75, 574.4, 22,616): as precise as JMH's error allows in practice. */
    public static String millis(double millis) {
        return fixed(millis, decimalsFor(millis, 4));
    }

    /** "3.535 ± 0.020": the error with as many decimals as the value; no "±" where JMH has no error. */
    public static String millisWithError(Timing time) {
        int decimals = decimalsFor(time.millis(), 4);
        String value = fixed(time.millis(), decimals);
        return time.hasError() ? value + " ± " + fixed(time.errorMillis(), decimals) : value;
    }

    /** "5.84x". */
    public static String speedup(double ratio) {
        // two decimals, or two significant digits for a slowdown below 0.1 (a CPU variant: 0.0044x, not 0.00x)
        return fixed(ratio, Math.max(2, decimalsFor(ratio, 2))) + "x";
    }

    /** A ratio of two times: "0.800". */
    public static String ratio(double ratio) {
        return fixed(ratio, 3);
    }

    /** A p-value to two significant digits: 0.63, 0.0030; "< 0.0001" below that. */
    public static String pValue(double p) {
        if (p < SMALLEST_P_SHOWN) return "< " + plain(SMALLEST_P_SHOWN);
        return fixed(p, Math.max(2, decimalsFor(p, 2)));
    }

    /** Relaxations per second in G/s to three significant digits at least: 1.23, 283, 3,449. */
    public static String gigaRate(double perSecond) {
        double giga = perSecond / 1e9;
        return fixed(giga, decimalsFor(giga, 3));
    }

    /** A count per second in millions to three significant digits at least: 0.0429, 35.9, 1,234. */
    public static String megaRate(double perSecond) {
        double mega = perSecond / 1e6;
        return fixed(mega, decimalsFor(mega, 3));
    }

    /** "21.3%". */
    public static String percent(double percent) {
        return fixed(percent, 1) + "%";
    }

    /** A value for CSV: every digit Java keeps, never an exponent, "n/a" for NaN. */
    public static String plain(double value) {
        if (!Double.isFinite(value)) return "n/a";
        String text = BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
        return text.equals("-0") ? "0" : text;
    }

    /** Decimals that leave {@code significant} significant digits (none after the point above that). */
    static int decimalsFor(double value, int significant) {
        if (value == 0 || !Double.isFinite(value)) return 0;
        int magnitude = (int) Math.floor(Math.log10(Math.abs(value)));
        return Math.max(0, Math.min(9, significant - 1 - magnitude));
    }

    static String fixed(double value, int decimals) {
        DecimalFormat format = new DecimalFormat(decimals == 0 ? "#,##0" : "#,##0." + "0".repeat(decimals), ROOT);
        format.setRoundingMode(RoundingMode.HALF_UP);
        return format.format(value);
    }

    /** {@link #tick}'s labels as a format, for a linear axis's ticks. */
    static DecimalFormat tickFormat() {
        DecimalFormat format = new DecimalFormat("#,##0.#####", ROOT);
        format.setRoundingMode(RoundingMode.HALF_UP);
        return format;
    }

    /**
     * Tick labels people read: 1,000 and 10,000 (not 10^3), 0.5, 0.02, 0.000000001; six significant
     * digits at most, enough for the ticks of any axis at least {@link ReadableLogAxis#MIN_SPAN} wide.
     */
    public static String tick(double value) {
        int magnitude = value == 0 || !Double.isFinite(value) ? 0 : (int) Math.floor(Math.log10(Math.abs(value)));
        int decimals = Math.max(0, 5 - magnitude);
        DecimalFormat format = new DecimalFormat(decimals == 0 ? "#,##0" : "#,##0." + "#".repeat(decimals), ROOT);
        format.setRoundingMode(RoundingMode.HALF_UP);
        return format.format(value);
    }
}
