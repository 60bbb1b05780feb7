package fwbench.report;

import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.inference.TTest;

import java.util.List;
import java.util.OptionalDouble;

/**
 * Whether the after run's time per solve differs from the before run's by more than the noise of
 * their measured iterations: Welch's two-sided t-test (no assumption of equal variances) on the
 * iterations of both, forks pooled. Faster or slower only when p &lt; {@link #ALPHA}; otherwise no
 * difference was shown (which is not proof that the times are equal). docs/report.md says what the
 * test assumes.
 *
 * @param verdict the after run relative to the before run, the direction of the ratio after / before
 * @param pValue  the test's two-sided p-value; empty where there was no test
 */
public record Significance(Verdict verdict, OptionalDouble pValue) {

    /** The test's level: a difference is called only when chance would give one this large less often than this. */
    public static final double ALPHA = 0.01;

    /** The fewest iterations a side needs: a variance takes two. */
    public static final int MIN_ITERATIONS = 2;

    public enum Verdict {
        FASTER("faster"),
        SLOWER("slower"),
        NO_DIFFERENCE("no difference"),
        TOO_FEW_ITERATIONS("too few iterations");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        /** As the tables print it: "no difference". */
        public String text() {
            return text;
        }
    }

    /** "99%": the confidence of the verdicts, 1 - {@link #ALPHA}. */
    public static String confidence() {
        return Numbers.fixed(100 * (1 - ALPHA), 0) + "%";
    }

    /** The verdict on two timings of one (variant, n), from their measured iterations. */
    public static Significance test(Timing before, Timing after) {
        double[] b = values(before.iterationMillis());
        double[] a = values(after.iterationMillis());
        if (b.length < MIN_ITERATIONS || a.length < MIN_ITERATIONS) {
            return new Significance(Verdict.TOO_FEW_ITERATIONS, OptionalDouble.empty());
        }
        double p = pValue(b, a);
        if (!(p < ALPHA)) return new Significance(Verdict.NO_DIFFERENCE, OptionalDouble.of(p));
        return new Significance(StatUtils.mean(a) < StatUtils.mean(b) ? Verdict.FASTER : Verdict.SLOWER, OptionalDouble.of(p));
    }

    private static double pValue(double[] before, double[] after) {
        // with no spread on either side the t statistic is 0/0 or infinite, and commons-math gives NaN:
        // identical iterations differ by nothing, different ones by more than any noise there is
        if (StatUtils.variance(before) == 0 && StatUtils.variance(after) == 0) {
            return StatUtils.mean(before) == StatUtils.mean(after) ? 1 : 0;
        }
        return new TTest().tTest(before, after);
    }

    /** Whether the test found a difference: faster or slower. */
    public boolean differs() {
        return verdict == Verdict.FASTER || verdict == Verdict.SLOWER;
    }

    private static double[] values(List<Double> iterations) {
        return iterations.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
