package fwbench.report;

import fwbench.results.ClockEventReason;
import fwbench.results.ResultsFormat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What NVML recorded of a result's measured iterations, read at each one's end ({@link ResultsFormat}'s
 * gpu.clock metrics): enough to tell a result that ran throttled or slow, whose time is not the
 * device's at its clocks. Results without those metrics (runs before they were recorded, without
 * NVML, CPU variants) have none, and are never flagged.
 *
 * @param lowestSmMhz    the lowest SM clock of the iterations
 * @param maxSmMhz       the device's maximum SM clock
 * @param throttledShare the share of iterations with a thermal or power throttle reason
 * @param iterations     how many iterations that share is of; 0 where the results do not say
 * @param reasons        the clock event reasons of all the iterations together (NVML's bits; 0 where not recorded)
 */
public record Clocks(double lowestSmMhz, double maxSmMhz, double throttledShare, int iterations, long reasons) {

    /** Below this share of its maximum SM clock in some iteration, a result is flagged (nvbench drops samples below 75% of the default clock). */
    public static final double LOW_CLOCK_SHARE = 0.9;

    /** The mark after a flagged result's time, in every table. */
    public static final String MARK = "†";

    /** What the mark means, in every legend. */
    public static final String MEANING = "ran throttled (a thermal or power limit) or below " + Math.round(100 * LOW_CLOCK_SHARE)
            + "% of the maximum SM clock in some measured iteration, as NVML read the GPU at each iteration's end";

    public boolean throttled() {
        return throttledShare > 0;
    }

    /** Whether some iteration's SM clock was below {@link #LOW_CLOCK_SHARE} of the maximum. */
    public boolean slow() {
        return lowestSmMhz < LOW_CLOCK_SHARE * maxSmMhz;
    }

    public boolean flagged() {
        return throttled() || slow();
    }

    /**
     * The figures behind a flag: "SM clock 1,530 of 1,980 MHz, power cap in 3 of 5 iterations": the
     * lowest SM clock of the maximum, then the throttle reasons and in how many iterations; where it
     * ran slow unthrottled, the other reasons NVML gave (an applications clocks setting, say).
     */
    public String figures() {
        List<String> parts = new ArrayList<>();
        parts.add("SM clock " + Numbers.grouped(Math.round(lowestSmMhz)) + " of " + Numbers.grouped(Math.round(maxSmMhz)) + " MHz");
        if (throttled()) {
            List<String> names = ClockEventReason.throttlingIn(reasons).stream().map(ClockEventReason::text).toList();
            parts.add((names.isEmpty() ? "thermal or power throttling" : String.join(" and ", names)) + " in " + share());
        } else {
            List<String> others = ClockEventReason.othersIn(reasons).stream().map(ClockEventReason::text).toList();
            if (!others.isEmpty()) parts.add(String.join(" and ", others));
        }
        return String.join(", ", parts);
    }

    /** "3 of 5 iterations", or "40% of the iterations" where their number is not recorded. */
    private String share() {
        if (iterations == 0) return Numbers.percent(100 * throttledShare).replace(".0%", "%") + " of the iterations";
        return Math.round(throttledShare * iterations) + " of " + iterations + (iterations == 1 ? " iteration" : " iterations");
    }

    /** A table cell with the mark after it where the result is flagged. */
    static String marked(String cell, Optional<Clocks> clocks) {
        return clocks.filter(Clocks::flagged).isPresent() ? cell + " " + MARK : cell;
    }

    /** "kleene at n = 10,000 (SM clock 1,530 of 1,980 MHz, power cap in 3 of 5 iterations)" where the solve is flagged. */
    public static Optional<String> entry(RunData.Solve solve, String name) {
        return solve.clocks().filter(Clocks::flagged).map(c -> name + " (" + c.figures() + ")");
    }

    /** "†: ran throttled ...: ENTRY; ENTRY", each entry once; empty where there is none. */
    public static Optional<String> legend(List<String> entries) {
        if (entries.isEmpty()) return Optional.empty();
        return Optional.of(MARK + ": " + MEANING + ": " + String.join("; ", entries.stream().distinct().toList()));
    }

    /** A solve as the report names it: "kleene at n = 10,000", with its setup where the report has several. */
    static String reportName(RunData.Solve s, boolean severalSetups) {
        return s.variant().id() + " at n = " + Numbers.grouped(s.n()) + (severalSetups ? " on " + s.setup().title() : "");
    }

    /** The clocks of a JMH result, where it holds NVML's metrics. */
    static Optional<Clocks> of(JmhResult r) {
        Optional<JmhResult.Metric> lowest = r.secondary(ResultsFormat.GPU_CLOCK_SM_MIN);
        Optional<JmhResult.Metric> max = r.secondary(ResultsFormat.GPU_CLOCK_SM_MAX);
        if (lowest.isEmpty() || max.isEmpty() || !(max.get().score() > 0) || !(lowest.get().score() >= 0)) return Optional.empty();
        Optional<JmhResult.Metric> throttled = r.secondary(ResultsFormat.GPU_THROTTLED);
        double share = throttled.map(m -> m.iterations().isEmpty() ? m.score()
                : m.iterations().stream().mapToDouble(Double::doubleValue).average().orElse(0)).orElse(0.0);
        int iterations = throttled.map(m -> m.iterations().size()).orElse(0);
        long reasons = r.secondary(ResultsFormat.GPU_CLOCK_REASONS)
                .map(m -> (m.iterations().isEmpty() ? List.of(m.score()) : m.iterations()).stream()
                        .filter(Double::isFinite).mapToLong(Double::longValue).reduce(0, (a, b) -> a | b)).orElse(0L);
        return Optional.of(new Clocks(lowest.get().score(), max.get().score(), Double.isFinite(share) ? share : 0, iterations, reasons));
    }
}
