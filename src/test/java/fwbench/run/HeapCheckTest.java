package fwbench.run;

import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The heap a solve needs, against the heap a JVM has: the forks' heap read from their options, the
 * line that refuses a solve naming the largest n that fits, and what each variant holds in the heap.
 */
class HeapCheckTest {

    /** A heap larger than the machine's memory is never suggested: the line names the largest n the machine holds, and that n fits. */
    @Test
    void aHeapBeyondTheMachinesMemoryIsNotSuggested() throws Exception {
        long machine = 23L << 30;
        HeapCheck.Heap heap = new HeapCheck.Heap(2L << 30, "java -Xmx%dg -jar target/benchmarks.jar ...", machine);
        fwbench.usage.UsageException e = org.junit.jupiter.api.Assertions.assertThrows(fwbench.usage.UsageException.class,
                () -> HeapCheck.requireFits(Variant.CPU_SERIAL, 46_336, "", 0, heap));
        String line = e.getMessage();
        assertTrue(line.startsWith("n=46336 does not fit in the Java heap on this machine: cpu-serial holds 4 n x n int32 matrices at once "
                + "(31.99 GiB), which needs a heap of 38 GiB, more than the machine's 23.00 GiB of memory; the largest n for cpu-serial "
                + "on this machine: "), line);
        assertFalse(line.contains("-Xmx"), line);
        int largest = Integer.parseInt(line.replaceAll(".*on this machine: (\\d+) .*", "$1"));
        // that n fits a heap the machine can back, and its refusal in a small heap suggests one
        HeapCheck.requireFits(Variant.CPU_SERIAL, largest, "", 0, new HeapCheck.Heap(23L << 30, "-Xmx%dg", machine));
        fwbench.usage.UsageException small = org.junit.jupiter.api.Assertions.assertThrows(fwbench.usage.UsageException.class,
                () -> HeapCheck.requireFits(Variant.CPU_SERIAL, largest, "", 0, heap));
        assertTrue(small.getMessage().endsWith("give it more heap: java -Xmx23g -jar target/benchmarks.jar ..."), small.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(fwbench.usage.UsageException.class,
                () -> HeapCheck.requireFits(Variant.CPU_SERIAL, largest + 1, "", 0, new HeapCheck.Heap(23L << 30, "-Xmx%dg", machine)));
    }

    @Test
    void theForksHeapComesFromTheirJvmOptions() throws Exception {
        assertEquals(Optional.of(3L << 30), HeapCheck.maxHeap(List.of("-Xmx1g", "-Dx=y", "-Xmx3g")), "the last -Xmx wins");
        assertEquals(Optional.of(512L << 20), HeapCheck.maxHeap(List.of("-XX:MaxHeapSize=512m")));
        assertEquals(Optional.empty(), HeapCheck.maxHeap(List.of("-Xms1g", "-Xss2m")));
        assertEquals(3L << 30, HeapCheck.forks(new CommandLineOptions("-jvmArgsAppend", "-Xmx3g")).orElseThrow().bytes());
        assertEquals(1L << 30, HeapCheck.forks(new CommandLineOptions("-jvmArgs", "-Dx=y -Xmx1g")).orElseThrow().bytes());
        assertEquals(Runtime.getRuntime().maxMemory(), HeapCheck.forks(new CommandLineOptions("-f", "0")).orElseThrow().bytes(), "-f 0 runs here");
        assertFalse(HeapCheck.forks(new CommandLineOptions("-jvmArgsAppend", "-XX:MaxRAMPercentage=10")).isPresent(), "a default it cannot know");
    }

    /**
     * The count of the registry: four matrices for a CPU solver, none on the host for a GPU variant's
     * generated graph but dataflow's and packed16's work-item schedule (an int per round and tile).
     */
    @Test
    void eachVariantStatesWhatItHoldsInTheHeap() {
        long matrix = 4L * 10_000 * 10_000;
        for (Variant v : Variant.values()) {
            if (v.gpu()) {
                long tiles = v == Variant.DATAFLOW ? 10_112 / 128 : v == Variant.PACKED16 ? 10_240 / 256 : 0;
                // an int a (round, tile), but packed16's T = 256 folds no pivot: at dataflow's T = 128 the
                // chain runs every pivot and a cross tile a round, and no item applies a round to the next pivot
                long schedule = tiles == 0 ? 0 : 4 * (tiles * tiles * tiles - (v == Variant.DATAFLOW ? 3 * tiles - 2 : 0));
                assertEquals(schedule, v.heapBytes(10_000, false), v + ": a generated graph is made and checked on the device");
                assertEquals((v.producesPaths() ? 2 : 1) * matrix + schedule, v.heapBytes(10_000, true), v + ": the answer read back");
            } else {
                assertEquals(4 * matrix, v.heapBytes(10_000, false), v + ": input, work, and the answer and weights while checked");
            }
            long room = 3L << 30;
            int largest = v.largestNInHeap(room, true);
            // or the variant's own largest n, where that is below what the heap holds (small-graphs: 512)
            assertTrue(v.heapBytes(largest, true) <= room && (largest == v.maxN() || v.heapBytes(largest + 1, true) > room), v + " at " + largest);
        }
    }
}
