package fwbench.report;

import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * A log axis whose ticks people read: labels like 1,000 and 10,000 (LogAxis would print 10^3),
 * at the sizes measured (for n) or at 1, 2 and 5 times powers of ten (LogAxis would put one tick
 * per decade, so a range like 1,000..5,000 would get a single label).
 */
final class ReadableLogAxis extends LogAxis {

    /**
     * The narrowest range an axis spans, as upper / lower: about 5% each way of a single value, so that
     * ticks a step of 1, 2 or 5 apart in the second digit mark it and none prints like its neighbour.
     */
    static final double MIN_SPAN = 1.1;

    /** How often {@link #upperPastATick} widens by ten before it gives up (once is enough for any sequence of ticks). */
    private static final int MAX_WIDENINGS = 4;

    private final List<Double> fixedTicks;

    /**
     * @param lower      greater than 0; a range narrower than {@link #MIN_SPAN} (even a single value) is widened around its middle
     * @param fixedTicks values to mark if they read well (not too many, not too close), e.g. the
     *                   measured n; empty for the 1-2-5 sequence
     */
    ReadableLogAxis(String label, double lower, double upper, List<Double> fixedTicks) {
        super(label);
        if (!(lower > 0) || !(upper >= lower) || Double.isInfinite(upper)) {
            throw new IllegalArgumentException("a log axis needs 0 < lower <= upper, got " + lower + ".." + upper);
        }
        this.fixedTicks = List.copyOf(fixedTicks);
        double widen = Math.sqrt(Math.max(1, MIN_SPAN / (upper / lower)));
        setRange(lower / widen, upper * widen);
        setMinorTickMarksVisible(false);
    }

    /**
     * An axis from lower to upper whose range ends at or above a tick past {@code highest}, so that the
     * highest point lies below a labelled value, not above the last one.
     */
    static ReadableLogAxis endingPastATick(String label, double lower, double upper, double highest) {
        ReadableLogAxis axis = new ReadableLogAxis(label, lower, upper, List.of());
        axis.setRange(axis.getLowerBound(), upperPastATick(axis.getLowerBound(), axis.getUpperBound(), highest));
        return axis;
    }

    /**
     * The least upper end from {@code upper} up whose ticks ({@link #tickValues}) reach {@code highest}:
     * {@code upper} itself when they do, else the first tick past {@code highest} of a wider range's
     * sequence that, as the end, keeps itself a tick (a wider range may choose a coarser sequence).
     */
    static double upperPastATick(double lower, double upper, double highest) {
        double end = upper;
        for (int widen = 0; widen < MAX_WIDENINGS; widen++) {
            if (reaches(lower, end, highest)) return end;
            for (double candidate : tickValues(lower, end * 10, List.of())) {
                if (candidate >= highest && reaches(lower, Math.max(end, candidate), highest)) return Math.max(end, candidate);
            }
            end *= 10;
        }
        return end;
    }

    private static boolean reaches(double lower, double upper, double highest) {
        List<Double> ticks = tickValues(lower, upper, List.of());
        return !ticks.isEmpty() && ticks.get(ticks.size() - 1) >= highest;
    }

    @Override
    public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        TextAnchor anchor;
        if (edge == RectangleEdge.BOTTOM) anchor = TextAnchor.TOP_CENTER;
        else if (edge == RectangleEdge.TOP) anchor = TextAnchor.BOTTOM_CENTER;
        else if (edge == RectangleEdge.LEFT) anchor = TextAnchor.CENTER_RIGHT;
        else anchor = TextAnchor.CENTER_LEFT;
        List<NumberTick> ticks = new ArrayList<>();
        for (double value : tickValues(getLowerBound(), getUpperBound(), fixedTicks)) {
            ticks.add(new NumberTick(value, Numbers.tick(value), anchor, anchor, 0.0));
        }
        return ticks;
    }

    /**
     * Where the ticks go between lower and upper: the fixed values inside the range when there are
     * 1 to 10 of them at least 1.2x apart (so labels do not overlap), else 1-2-5 times powers of ten,
     * else powers of ten alone when those are too many, else 1..9 times powers of ten when too few,
     * else (a range within a factor of two or so) evenly spaced round values, as on a linear axis.
     */
    static List<Double> tickValues(double lower, double upper, List<Double> fixed) {
        List<Double> inside = fixed.stream().filter(v -> v >= lower && v <= upper).sorted().distinct().toList();
        boolean spaced = true;
        for (int i = 1; i < inside.size(); i++) spaced &= inside.get(i) >= 1.2 * inside.get(i - 1);
        if (!inside.isEmpty() && inside.size() <= 10 && spaced) return inside;
        List<Double> ticks = sequence(lower, upper, new int[] {1, 2, 5});
        if (ticks.size() > 10) ticks = sequence(lower, upper, new int[] {1});
        if (ticks.size() < 3) ticks = sequence(lower, upper, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
        if (ticks.size() < 3) ticks = evenlySpaced(lower, upper);
        return ticks;
    }

    /** Multiples of the largest step of 1, 2 or 5 times a power of ten that gives at least three of them. */
    private static List<Double> evenlySpaced(double lower, double upper) {
        for (int exponent = (int) Math.floor(Math.log10(upper - lower)); ; exponent--) {
            for (int m : new int[] {5, 2, 1}) {
                BigDecimal step = new BigDecimal(m).scaleByPowerOfTen(exponent);
                List<Double> values = new ArrayList<>();
                BigDecimal first = new BigDecimal(lower).divide(step, 0, RoundingMode.CEILING).multiply(step);
                for (BigDecimal v = first; v.doubleValue() <= upper; v = v.add(step)) values.add(v.doubleValue());
                if (values.size() >= 3) return values;
            }
        }
    }

    private static List<Double> sequence(double lower, double upper, int[] mantissas) {
        List<Double> values = new ArrayList<>();
        for (int exponent = (int) Math.floor(Math.log10(lower)); exponent <= (int) Math.ceil(Math.log10(upper)); exponent++) {
            for (int m : mantissas) {
                // m * 10^e through BigDecimal: 3 * 0.1 as a double product is 0.30000000000000004
                double value = new BigDecimal(m).scaleByPowerOfTen(exponent).doubleValue();
                if (value >= lower && value <= upper) values.add(value);
            }
        }
        return values;
    }

    /** A range around the values, padded by 6% of its width on the log scale (a factor of 1.5 each way for a single value). */
    static double[] paddedRange(double min, double max) {
        if (!(min > 0) || !(max >= min)) throw new IllegalArgumentException("a log axis needs positive values, got " + min + ".." + max);
        if (max / min < 1.0001) return new double[] {min / 1.5, max * 1.5};
        double pad = Math.pow(max / min, 0.06);
        return new double[] {min / pad, max * pad};
    }
}
