package fwbench.bench;

import fwbench.cuda.DeviceInfo;
import fwbench.cuda.Gpu;
import fwbench.variant.small.SmallGraphsBatch;

import java.util.Optional;

/**
 * SmallGraphsBenchmark's {@code -p batch=auto} (its default): a batch that fills the device several
 * waves deep, by n's size class. The suite's main resolves it to a number per n before the run, so
 * the results record the batch that ran.
 */
public final class AutoBatch {

    /** The value of {@code batch} that asks for this rule. */
    public static final String AUTO = "auto";

    /** The rule in words, for the help page. */
    public static final String RULE = "per n a batch that fills the device several waves deep: " + AutoBatch.PER_SM_IN_REGISTERS
            + " graphs an SM to n = " + SmallGraphsBatch.LARGEST_IN_REGISTERS + ", " + AutoBatch.PER_SM_AT_256 + " to "
            + 2 * SmallGraphsBatch.LARGEST_IN_REGISTERS + ", " + AutoBatch.PER_SM_ABOVE_256 + " above (without a GPU, a CPU thread)";

    /** Graphs a multiprocessor gets where small-graphs holds a graph in registers (n up to 128). */
    static final int PER_SM_IN_REGISTERS = 64;
    /** At n = 256 and 512 the kernels run two blocks an SM: 16 and 8 graphs an SM are 8 and 4 waves. */
    static final int PER_SM_AT_256 = 16;
    static final int PER_SM_ABOVE_256 = 8;
    /** The share of device memory the batch's weights and scratch may take: the rest for the context and the one-after-another variants. */
    static final int MEMORY_SHARE_DIVISOR = 4;

    private AutoBatch() {
    }

    /** Graphs a multiprocessor (or, without a GPU, a CPU thread) gets at n. */
    static int perSm(int n) {
        if (n <= SmallGraphsBatch.LARGEST_IN_REGISTERS) return PER_SM_IN_REGISTERS;
        return n <= 2 * SmallGraphsBatch.LARGEST_IN_REGISTERS ? PER_SM_AT_256 : PER_SM_ABOVE_256;
    }

    /**
     * The batch at n: {@link #perSm} times the GPU's multiprocessors (without a GPU, times the CPU's
     * threads), at most what one Java array of weights holds and, on a GPU, what a quarter of its
     * memory holds (the weights, and past the register classes a scratch copy a graph); at least 1.
     */
    public static int of(int n, Optional<DeviceInfo> gpu, int cpuThreads) {
        long cells = SmallGraphsBatch.cellsOf(n);
        long batch = (long) perSm(n) * gpu.map(DeviceInfo::multiprocessors).orElse(cpuThreads);
        batch = Math.min(batch, SmallGraphsBatch.MAX_CELLS / cells);
        if (gpu.isPresent()) {
            long bytesPerGraph = cells * Integer.BYTES * (n > SmallGraphsBatch.LARGEST_IN_REGISTERS ? 2 : 1);
            batch = Math.min(batch, gpu.get().totalMemoryBytes() / MEMORY_SHARE_DIVISOR / bytesPerGraph);
        }
        return (int) Math.max(1, batch);
    }

    /** The batch at n on this machine (GPU 0, else the CPU). */
    public static int here(int n) {
        return of(n, Gpu.probe().device(), Runtime.getRuntime().availableProcessors());
    }

    /** A -p batch value as a number of graphs: "auto" resolved on this machine at n, else the number it is. */
    public static int resolve(String batch, int n) {
        return batch.trim().equalsIgnoreCase(AUTO) ? here(n) : Integer.parseInt(batch.trim());
    }
}
