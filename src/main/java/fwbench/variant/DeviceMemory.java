package fwbench.variant;

import fwbench.graph.Distances;

/**
 * What a variant allocates on the device for a graph of n vertices: a number of int32 matrices
 * whose side is n padded to a multiple of {@link #padTo()}, plus what the variant adds beside them
 * (dataflow's work-item list and counters). The planner and {@code solve} size runs from it before
 * anything is allocated; the solvers allocate what it says.
 */
final class DeviceMemory {

    /** Bytes the variant needs beside its matrices, given n and n padded. */
    @FunctionalInterface
    interface Extra {
        long bytes(int n, int paddedN);
    }

    /** A CPU variant's: nothing on the device; its matrices are Java arrays. */
    static final DeviceMemory NONE = new DeviceMemory(0, 1, (n, padded) -> 0, Distances.INT_INDEX_MAX_N, "its matrices are Java arrays");

    private final int matrices;
    private final int padTo;
    private final Extra extra;
    private final int maxN;
    private final String maxNWhy;

    private DeviceMemory(int matrices, int padTo, Extra extra, int maxN, String maxNWhy) {
        this.matrices = matrices;
        this.padTo = padTo;
        this.extra = extra;
        this.maxN = maxN;
        this.maxNWhy = maxNWhy;
    }

    /**
     * {@code count} unpadded n x n int32 matrices and nothing else, whose kernels index a cell with
     * an int: n up to {@link Distances#INT_INDEX_MAX_N}.
     */
    static DeviceMemory matrices(int count) {
        return new DeviceMemory(count, 1, (n, padded) -> 0, Distances.INT_INDEX_MAX_N, "its kernels index a cell with an int");
    }

    /** The same, with the matrices' side padded to a multiple of {@code pad} (kernels that skip bounds checks). */
    DeviceMemory paddedTo(int pad) {
        return new DeviceMemory(matrices, pad, extra, maxN, maxNWhy);
    }

    /** The same, plus {@code more} bytes beside the matrices. */
    DeviceMemory plus(Extra more) {
        return new DeviceMemory(matrices, padTo, (n, padded) -> extra.bytes(n, padded) + more.bytes(n, padded), maxN, maxNWhy);
    }

    /**
     * The same, for kernels that index cells in 64 bits (kernels/fw.cuh): n up to what the launch
     * grids cover, {@link Distances#GRID_MAX_N} once padded.
     */
    DeviceMemory indexedIn64Bits() {
        return new DeviceMemory(matrices, padTo, extra, Distances.GRID_MAX_N / padTo * padTo,
                "its element-wise kernels launch at most 65535 blocks of 8 rows down a grid");
    }

    /** The same, with n at most {@code limit}, a limit of the variant's own, {@code why} (a clause: "its work items ..."). */
    DeviceMemory upTo(int limit, String why) {
        return limit < maxN ? new DeviceMemory(matrices, padTo, extra, limit, why) : this;
    }

    /** The largest n the variant's kernels (or, for a CPU variant, its Java arrays) take, memory apart. */
    int maxN() {
        return maxN;
    }

    /** Why n stops at {@link #maxN()}, a clause for messages: "its kernels index a cell with an int". */
    String maxNWhy() {
        return maxNWhy;
    }

    /** n x n int32 matrices on the device: input, work, extras. */
    int matrices() {
        return matrices;
    }

    /** Matrices' side is padded to a multiple of this (1: no padding). */
    int padTo() {
        return padTo;
    }

    /** n rounded up to {@link #padTo()}: the rows (and ints per row) of the matrices. */
    int padded(int n) {
        return (n + padTo - 1) / padTo * padTo;
    }

    /** Device bytes for n vertices: the padded matrices and the extra. */
    long bytes(int n) {
        long side = padded(n);
        return matrices * 4L * side * side + extra.bytes(n, padded(n));
    }

    /**
     * The largest n (up to {@link #maxN()}) that needs at most {@code bytes}, 0 if none.
     * Walks down from the unpadded bound, since padding and the extra only add to the matrices (and
     * a tile chosen per n makes the extra not monotone in n).
     */
    int largestN(long bytes) {
        int n = (int) Math.min(maxN, Math.floor(Math.sqrt(bytes / (matrices * 4.0))));
        while (n > 0 && bytes(n) > bytes) n--;
        return n;
    }
}
