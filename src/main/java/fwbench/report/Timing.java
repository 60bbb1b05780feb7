package fwbench.report;

import java.util.List;

/**
 * A time per solve in milliseconds with JMH's error (the half-width of its 99.9% confidence
 * interval) and the time of each measured iteration it comes from, every fork's in turn; the error
 * is NaN where JMH could not compute one (a single measured iteration), and the iterations are
 * empty where the results file does not hold them.
 */
public record Timing(double millis, double errorMillis, List<Double> iterationMillis) {

    /** The confidence of JMH's error interval, as the report prints it. */
    public static final String CONFIDENCE = "99.9%";

    public Timing {
        iterationMillis = List.copyOf(iterationMillis);
    }

    public Timing(double millis, double errorMillis) {
        this(millis, errorMillis, List.of());
    }

    public boolean hasError() {
        return Double.isFinite(errorMillis);
    }
}
