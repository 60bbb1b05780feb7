package fwbench.bench;

import fwbench.cuda.DeviceInfo;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@code -p batch=auto}: graphs an SM by size class, capped by one Java array and a quarter of the device's memory. */
class AutoBatchTest {

    private static final long GIB = 1L << 30;

    private static Optional<DeviceInfo> gpu(int sms, long memoryBytes) {
        return Optional.of(new DeviceInfo("GPU", 9, 0, 13000, memoryBytes, sms, 48 * 1024));
    }

    /** A 132-SM GPU of 80 GiB: 64 graphs an SM to n = 128, 16 at 256, 8 at 512 (two blocks an SM past 128). */
    @Test
    void aBatchFillsEachSmBySizeClass() {
        Optional<DeviceInfo> h100 = gpu(132, 80 * GIB);
        for (int n : new int[] {1, 32, 33, 64, 100, 128}) assertEquals(64 * 132, AutoBatch.of(n, h100, 2), "n=" + n);
        assertEquals(16 * 132, AutoBatch.of(129, h100, 2));
        assertEquals(16 * 132, AutoBatch.of(256, h100, 2));
        assertEquals(8 * 132, AutoBatch.of(257, h100, 2));
        assertEquals(8 * 132, AutoBatch.of(512, h100, 2));
        // one graph after another (kleene, CPU variants) may go past 512: the rule of the largest class
        assertEquals(8 * 132, AutoBatch.of(1000, h100, 2));
    }

    /** Without a GPU, a CPU thread stands for an SM. */
    @Test
    void withoutAGpuACpuThreadCounts() {
        assertEquals(64 * 2, AutoBatch.of(64, Optional.empty(), 2));
        assertEquals(8 * 16, AutoBatch.of(512, Optional.empty(), 16));
    }

    /** The weights of a batch are one Java array (2^31 - 9 cells: 8,191 graphs at n = 512), and a quarter of the memory holds weights and scratch. */
    @Test
    void aBatchIsCappedByOneJavaArrayAndByMemory() {
        assertEquals(8191, AutoBatch.of(512, gpu(10_000, 1024 * GIB), 2));
        // 4 GiB: a quarter is 1 GiB, and a graph at 512 takes 1 MiB of weights and 1 MiB of scratch
        assertEquals(512, AutoBatch.of(512, gpu(132, 4 * GIB), 2));
        // at 128 there is no scratch: 64 KiB a graph
        assertEquals(16384, AutoBatch.of(128, gpu(1000, 4 * GIB), 2));
        assertEquals(1, AutoBatch.of(512, gpu(132, 1024 * 1024), 2), "at least one graph");
    }

    @Test
    void aNumberIsTakenAsItIs() {
        assertEquals(1056, AutoBatch.resolve(" 1056", 64));
        assertEquals(AutoBatch.here(64), AutoBatch.resolve("AUTO", 64));
        assertThrows(NumberFormatException.class, () -> AutoBatch.resolve("many", 64));
    }
}
