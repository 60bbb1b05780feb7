package fwbench.tuning;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NRangeTest {

    @ParameterizedTest(name = "n={0}")
    @CsvSource({"1", "2", "700", "4499", "4500", "7499", "7500", "16383"})
    void belowTheLastRangeEachNIsItsOwnRange(int n) {
        NRange range = NRange.of(n);
        assertEquals(new NRange(n, n + 1), range);
        assertTrue(range.contains(n));
        assertFalse(range.contains(n + 1));
        assertFalse(n > 1 && range.contains(n - 1));
        assertFalse(range.open());
        assertEquals(n, range.tuningN(n), "tuned at the trial's own n");
    }

    @ParameterizedTest(name = "n={0}")
    @CsvSource({"16384", "16385", "46341", "131072", "524280"})
    void fromTheLastRangeOnEveryNIsOneRangeTunedAt16384(int n) {
        NRange range = NRange.of(n);
        assertTrue(range.open());
        assertEquals(NRange.ONE_RANGE_FROM, range.from());
        assertEquals(16_384, range.tuningN(n));
        assertEquals("n from 16384", range.text());
    }

    @Test
    void textAndLimits() {
        assertEquals("n=10000", NRange.of(10_000).text());
        assertThrows(IllegalArgumentException.class, () -> new NRange(8192, 16384), "a power-of-two range of before");
        assertThrows(IllegalArgumentException.class, () -> NRange.of(0));
        assertThrows(IllegalArgumentException.class, () -> new NRange(8, 8));
    }
}
