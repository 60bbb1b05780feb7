package fwbench.report;

import fwbench.report.Significance.Verdict;
import org.apache.commons.math3.stat.inference.TTest;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The verdict on two timings from their iterations. Expected p-values are SciPy's
 * {@code scipy.stats.ttest_ind(before, after, equal_var=False).pvalue} for the same numbers.
 */
class SignificanceTest {

    /** naive at n = 1,000 in the fixture: its five iterations (ms). */
    private static final double[] NAIVE_1000 = {3.54275215, 3.5292361830985914, 3.530839943262411, 3.5349546879432623,
            3.535063475177305};

    /** A timing as the report reads it: the mean of its iterations, no error. */
    private static Timing timing(double... iterations) {
        double mean = Arrays.stream(iterations).average().orElse(Double.NaN);
        return new Timing(mean, Double.NaN, Arrays.stream(iterations).boxed().toList());
    }

    @Test
    void aClearSlowdownIsSlower() {
        Significance s = Significance.test(timing(NAIVE_1000), timing(3.71, 3.72, 3.70, 3.715, 3.705));
        assertEquals(Verdict.SLOWER, s.verdict());
        assertTrue(s.pValue().getAsDouble() < 1e-6, "p = " + s.pValue());
        assertTrue(s.differs());
    }

    @Test
    void aClearSpeedupIsFaster() {
        Significance s = Significance.test(timing(NAIVE_1000), timing(3.20, 3.21, 3.19, 3.205, 3.195));
        assertEquals(Verdict.FASTER, s.verdict());
        assertTrue(s.pValue().getAsDouble() < 1e-6, "p = " + s.pValue());
    }

    @Test
    void overlappingNoisySamplesShowNoDifference() {
        // means 10.5 and 10.83: after is 3% slower on average, well inside the spread of either side
        Significance s = Significance.test(timing(10.0, 12.0, 9.0, 11.0, 10.5), timing(10.5, 9.5, 11.5, 10.0, 11.0, 12.5));
        assertEquals(Verdict.NO_DIFFERENCE, s.verdict());
        assertEquals(0.6297337560730658, s.pValue().getAsDouble(), 1e-9);
        assertFalse(s.differs());
    }

    /**
     * A steady before and a noisy after: Student's t-test, which pools the variances, would call
     * this slower (p = 0.0032); Welch's, which does not, finds p = 0.030, no difference at 99%.
     */
    @Test
    void theTestIsWelchsForUnequalVariances() {
        double[] noisy = {3.61, 3.70, 3.58, 3.66};
        assertTrue(new TTest().homoscedasticTTest(NAIVE_1000, noisy) < Significance.ALPHA, "the case tells the tests apart");
        Significance s = Significance.test(timing(NAIVE_1000), timing(noisy));
        assertEquals(0.029934950432260375, s.pValue().getAsDouble(), 1e-9);
        assertEquals(Verdict.NO_DIFFERENCE, s.verdict());
    }

    /** One iteration has no variance: no test, however far apart the times, and no p-value. */
    @Test
    void fewerThanTwoIterationsOnEitherSideAreTooFew() {
        Significance one = Significance.test(timing(NAIVE_1000), timing(35.0));
        assertEquals(Verdict.TOO_FEW_ITERATIONS, one.verdict());
        assertTrue(one.pValue().isEmpty());
        assertFalse(one.differs());
        Significance none = Significance.test(new Timing(3.5, 0.02), timing(NAIVE_1000));
        assertEquals(Verdict.TOO_FEW_ITERATIONS, none.verdict(), "a result without rawData has no iterations");
        assertEquals(Verdict.SLOWER, Significance.test(timing(1.0, 1.01), timing(2.0, 2.01)).verdict(), "two are enough");
    }

    @Test
    void iterationsWithoutSpreadDifferOrNot() {
        Significance different = Significance.test(timing(1.0, 1.0, 1.0), timing(2.0, 2.0, 2.0));
        assertEquals(Verdict.SLOWER, different.verdict());
        assertEquals(0.0, different.pValue().getAsDouble());
        Significance same = Significance.test(timing(1.0, 1.0), timing(1.0, 1.0, 1.0));
        assertEquals(Verdict.NO_DIFFERENCE, same.verdict());
        assertEquals(1.0, same.pValue().getAsDouble());
    }

    @Test
    void theVerdictsAreAtNinetyNinePercent() {
        assertEquals("99%", Significance.confidence());
        assertEquals(List.of("faster", "slower", "no difference", "too few iterations"),
                Arrays.stream(Verdict.values()).map(Verdict::text).toList());
    }

    @Test
    void pValuesPrintToTwoSignificantDigits() {
        assertEquals("0.63", Numbers.pValue(0.6297337560730658));
        assertEquals("0.030", Numbers.pValue(0.029934950432260375));
        assertEquals("0.0032", Numbers.pValue(0.0032284818719096053));
        assertEquals("1.00", Numbers.pValue(1.0));
        assertEquals("< 0.0001", Numbers.pValue(1.5e-16));
    }
}
