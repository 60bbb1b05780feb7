package fwbench.run;

import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DeviceMemoryCheckTest {

    static final String H100 = "NVIDIA H100 80GB HBM3";

    @Test
    void solveIsToldTheBytes() {
        UsageException e = assertThrows(UsageException.class, () -> DeviceMemoryCheck.requireFits(Variant.BLOCKED, 40_000, "big.gr", H100,
                8_000_000_000L, DeviceMemoryCheck.Units.BYTES));
        assertEquals("big.gr (n=40000) does not fit in device memory: blocked needs 13,068,435,456 bytes (12,800,000,000 for its matrices, "
                + "268,435,456 kept for the context), the NVIDIA H100 80GB HBM3 has 8,000,000,000 bytes free", e.getMessage());
    }

    @Test
    void thePlannerIsToldTheGibAndTheLargestNThatFits() {
        UsageException generated = assertThrows(UsageException.class, () -> DeviceMemoryCheck.requireFits(Variant.BLOCKED, 46_000, "", H100,
                8L << 30, DeviceMemoryCheck.Units.GIB));
        assertEquals("n=46000 does not fit in device memory: blocked needs 16.02 GiB, the NVIDIA H100 80GB HBM3 has 8.00 GiB free "
                + "(largest n for blocked: 32251)", generated.getMessage());
        UsageException file = assertThrows(UsageException.class, () -> DeviceMemoryCheck.requireFits(Variant.BLOCKED, 46_000, "huge.gr", H100,
                8L << 30, DeviceMemoryCheck.Units.GIB));
        assertEquals("huge.gr (n=46000) does not fit in device memory: blocked needs 16.02 GiB, the NVIDIA H100 80GB HBM3 has 8.00 GiB free "
                + "(largest n for blocked: 32251)", file.getMessage());
    }

    /** A first GPU variant that does not fit gives way to the next that does, said in a note; when none fits the order stands. */
    @Test
    void aFasterVariantThatDoesNotFitGivesWayToTheNext() {
        int n = 20_000;
        List<Variant> order = List.of(Variant.KLEENE_PACKED16, Variant.PACKED16, Variant.KLEENE, Variant.CPU_BLOCKED);
        long lanes = Variant.KLEENE_PACKED16.deviceBytes(n) + Variant.DEVICE_RESERVE_BYTES, packed = Variant.PACKED16.deviceBytes(n) + Variant.DEVICE_RESERVE_BYTES;
        assertTrue(packed < lanes, "packed16 needs less than kleene-packed16");
        List<String> notes = new ArrayList<>();
        assertEquals(order, DeviceMemoryCheck.fromFirstThatFits(order, n, lanes, notes));
        assertEquals(List.of(), notes);
        assertEquals(order.subList(1, 4), DeviceMemoryCheck.fromFirstThatFits(order, n, lanes - 1, notes));
        assertEquals(List.of(String.format(Locale.ROOT, "kleene-packed16 needs %,d bytes of device memory at n=20000 and %,d are free: trying packed16 first",
                lanes, lanes - 1)), notes);
        notes.clear();
        assertEquals(order, DeviceMemoryCheck.fromFirstThatFits(order, n, 1, notes), "none fits: the first one's refusal says what it needs");
        assertEquals(List.of(), notes);
    }

    /** The matrices and the reserve together: exactly enough fits, a byte less does not. */
    @Test
    void theReserveCountsAndExactlyEnoughFits() {
        for (Variant v : Variant.values()) {
            if (!v.gpu()) continue;
            long need = v.deviceBytes(5_000) + Variant.DEVICE_RESERVE_BYTES;
            for (DeviceMemoryCheck.Units units : DeviceMemoryCheck.Units.values()) {
                assertDoesNotThrow(() -> DeviceMemoryCheck.requireFits(v, 5_000, "", H100, need, units), v + " " + units);
                assertThrows(UsageException.class, () -> DeviceMemoryCheck.requireFits(v, 5_000, "", H100, need - 1, units), v + " " + units);
            }
        }
    }
}
