package fwbench.tuning;

import fwbench.tuning.ChoiceSelection.Measured;
import fwbench.variant.core.LaunchChoice;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChoiceSelectionTest {

    private static final LaunchChoice T64 = new LaunchChoice(64, 1);
    private static final LaunchChoice T128_1 = new LaunchChoice(128, 1);
    private static final LaunchChoice T128_2 = new LaunchChoice(128, 2);

    private static LaunchChoice choose(LaunchChoice table, double t64, double t128x1, double t128x2) {
        return ChoiceSelection.choose(table, List.of(new Measured(T64, t64), new Measured(T128_1, t128x1), new Measured(T128_2, t128x2))).choice();
    }

    @Test
    void theTableIsKeptOnATie() {
        assertEquals(T128_2, choose(T128_2, 2.0, 1.0, 1.0));
        assertEquals(T64, choose(T64, 1.0, 1.0, 1.0));
    }

    /** Noise of a fraction of a percent must not flip the choice: only more than 1% faster replaces the table's. */
    @Test
    void anotherReplacesTheTableOnlyWhenFasterByMoreThanOnePercent() {
        assertEquals(T64, choose(T64, 10.0, 9.95, 20.0), "0.5% faster: the table's kept");
        assertEquals(T64, choose(T64, 10.0, 9.901, 20.0), "just under 1% faster: the table's kept");
        assertEquals(T128_1, choose(T64, 10.0, 9.85, 20.0), "1.5% faster");
        assertEquals(T128_2, choose(T64, 10.0, 9.0, 8.0), "the fastest of those that beat the table");
    }

    @Test
    void theFastestWhereTheTablesWasNotMeasured() {
        assertEquals(T128_1, ChoiceSelection.choose(T128_2, List.of(new Measured(T64, 3.0), new Measured(T128_1, 2.0))).choice());
        assertThrows(IllegalArgumentException.class, () -> ChoiceSelection.choose(T64, List.of()));
    }

    @Test
    void theExplanationNamesTheChoiceItsReasonAndTheOthers() {
        List<Measured> times = List.of(new Measured(T64, 1.62), new Measured(T128_1, 1.33), new Measured(T128_2, 1.31));
        Measured chosen = ChoiceSelection.choose(T64, times);
        assertEquals("T=128 and 2 REST launches (1.31 ms, 19.1% faster than the table's; T=64 and 1 REST launch: 1.62 ms, "
                + "T=128 and 1 REST launch: 1.33 ms)", ChoiceSelection.explain(T64, chosen, times));
        String kept = ChoiceSelection.explain(T128_2, ChoiceSelection.choose(T128_2, times), times);
        assertTrue(kept.startsWith("T=128 and 2 REST launches (1.31 ms, the table's; no other faster by more than 1.0%; "), kept);
    }
}
