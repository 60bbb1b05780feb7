package fwbench.report;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * JMH's time units as its results write them ("ms/op", or "us/op" after -tu us): the report
 * converts every time to milliseconds before comparing or printing.
 */
final class TimeUnits {

    /** JMH's abbreviations (TimeValue.tuToString) to milliseconds. */
    private static final Map<String, Double> MILLIS = Map.of(
            "ns", 1e-6, "us", 1e-3, "ms", 1.0, "s", 1e3, "min", 60e3, "hr", 3_600e3, "day", 86_400e3);

    private TimeUnits() {
    }

    /** Milliseconds per one of a time-per-operation unit ("us/op" gives 0.001); empty for any other unit (e.g. "ops/ms"). */
    static OptionalDouble millisPer(String unit) {
        if (!unit.endsWith("/op")) return OptionalDouble.empty();
        Double millis = MILLIS.get(unit.substring(0, unit.length() - "/op".length()));
        return millis == null ? OptionalDouble.empty() : OptionalDouble.of(millis);
    }
}
