package fwbench.variant;

import fwbench.graph.Distances;
import fwbench.variant.core.DeviceMemory;
import fwbench.variant.core.HostMemory;

/**
 * What a variant's solve needs in device memory and in the heap at n, and the largest n that fits:
 * the sizing traits of a {@link Variant}, read from its {@link DeviceMemory} and {@link HostMemory}.
 */
public interface VariantMemory {

    /** The variant's device matrices: their count, padding, what it keeps beside them, how they index cells. */
    DeviceMemory deviceMemory();

    /** The n x n matrices a solve holds in the JVM heap. */
    HostMemory hostMemory();

    /** Matrices on the device are padded to a multiple of this (1: no padding; tiled kernels that skip bounds checks pad). */
    default int padTo() {
        return deviceMemory().padTo();
    }

    /**
     * Whether one solve of this variant may span several GPUs of the host (its matrices split into
     * row bands, one a device: kleene-bands). The others run on device 0.
     */
    default boolean spansDevices() {
        return deviceMemory().spansDevices();
    }

    /**
     * Device memory a solve of n vertices needs on each of {@code devices} GPUs (the most any one
     * holds); {@code deviceBytes} for a variant that does not {@linkplain #spansDevices() span devices}.
     */
    default long deviceBytesPerDevice(int n, int devices) {
        return deviceMemory().bytesPerDevice(n, devices);
    }

    /** The largest n (up to {@link #maxN()}) whose solve needs at most {@code bytes} on each of {@code devices} GPUs, 0 if none. */
    default int largestN(long bytes, int devices) {
        return deviceMemory().largestN(bytes, devices);
    }

    /**
     * The largest n this variant takes, device memory apart: {@link Distances#INT_INDEX_MAX_N} where its
     * kernels index cells with an int (or its answer is checked on the host, or it runs on the CPU),
     * more where they index in 64 bits (kleene, dataflow, packed16, kleene-f32: docs/measuring.md, Limits).
     */
    default int maxN() {
        return deviceMemory().maxN();
    }

    /** Why n stops at {@link #maxN()}: "naive takes n up to 46340 (its kernels index a cell with an int)". */
    default String maxNText() {
        return this + " takes n up to " + maxN() + " (" + deviceMemory().maxNWhy() + ")";
    }

    /**
     * The largest n (up to {@link #maxN()}) whose solve needs at most {@code bytes} of device
     * memory, 0 if none.
     */
    default int largestN(long bytes) {
        return deviceMemory().largestN(bytes);
    }

    /**
     * JVM heap a solve of n vertices holds at the most (its n x n matrices: {@link HostMemory}), the
     * graph's own edges apart.
     *
     * @param graphFile whether the graph comes from a file rather than a generator (GPU variants make
     *                  generated graphs on the device)
     */
    default long heapBytes(int n, boolean graphFile) {
        return hostMemory().bytes(n, graphFile);
    }

    /** What a solve holds in the heap at once, for messages ("1 n x n int32 matrix"): see {@link #heapBytes}. */
    default String heapWhat(boolean graphFile) {
        return hostMemory().what(graphFile);
    }

    /** The largest n (up to {@link #maxN()}) whose solve needs at most {@code bytes} of heap, 0 if none. */
    default int largestNInHeap(long bytes, boolean graphFile) {
        return hostMemory().largestN(bytes, graphFile, graphFile ? Math.min(maxN(), Distances.INT_INDEX_MAX_N) : maxN());
    }
}
