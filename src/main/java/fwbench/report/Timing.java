package fwbench.report;

/**
 * A time per solve in milliseconds with JMH's error (the half-width of its 99.9% confidence
 * interval); the error is NaN where JMH could not compute one (a single measured iteration).
 */
public record Timing(double millis, double errorMillis) {

    public boolean hasError() {
        return Double.isFinite(errorMillis);
    }
}
