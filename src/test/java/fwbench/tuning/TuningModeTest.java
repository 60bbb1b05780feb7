package fwbench.tuning;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TuningModeTest {

    @Test
    void parsesTheThreeModesIgnoringCase() {
        assertEquals(TuningMode.TUNED, TuningMode.parse("tuned", "--tuning"));
        assertEquals(TuningMode.RETUNE, TuningMode.parse(" ReTune ", "--tuning"));
        assertEquals(TuningMode.TABLE, TuningMode.parse("TABLE", "--tuning"));
        assertEquals(TuningMode.TUNED, TuningMode.DEFAULT);
    }

    @Test
    void aBadModeIsRefusedNamingTheThree() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TuningMode.parse("fast", "-Dfwbench.tuning"));
        assertEquals("-Dfwbench.tuning takes tuned, retune or table, not 'fast'", e.getMessage());
    }

    @Test
    void thePropertySetsTheMode() {
        String before = System.getProperty(TuningMode.PROPERTY);
        try {
            System.clearProperty(TuningMode.PROPERTY);
            assertEquals(TuningMode.DEFAULT, TuningMode.fromProperty());
            System.setProperty(TuningMode.PROPERTY, "table");
            assertEquals(TuningMode.TABLE, TuningMode.fromProperty());
            System.setProperty(TuningMode.PROPERTY, "often");
            assertEquals("-Dfwbench.tuning takes tuned, retune or table, not 'often'",
                    assertThrows(IllegalArgumentException.class, TuningMode::fromProperty).getMessage());
        } finally {
            if (before == null) System.clearProperty(TuningMode.PROPERTY);
            else System.setProperty(TuningMode.PROPERTY, before);
        }
    }
}
