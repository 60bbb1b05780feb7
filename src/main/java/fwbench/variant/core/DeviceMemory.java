package fwbench.variant.core;

import fwbench.graph.Distances;

/**
 * What a variant allocates on the device for a graph of n vertices: a number of int32 matrices
 * whose side is n padded to a multiple of {@link #padTo()}, plus what the variant adds beside them
 * (dataflow's work-item list and counters). The planner and {@code solve} size runs from it before
 * anything is allocated; the solvers allocate what it says.
 */
public final class DeviceMemory {

    /** Bytes the variant needs beside its matrices, given n and n padded. */
    @FunctionalInterface
    public interface Extra {
        public long bytes(int n, int paddedN);
    }

    /** A CPU variant's: nothing on the device; its matrices are Java arrays. */
    public static final DeviceMemory NONE = new DeviceMemory(0, 1, (n, padded) -> 0, Distances.INT_INDEX_MAX_N, "its matrices are Java arrays");

    /**
     * A variant split into row bands across devices (kleene-bands): the tile T its bands are cut in
     * for n, and what each device holds beside its band's matrices, given n, n padded, the band's
     * rows and the devices.
     */
    public interface RowBands {
        int tile(int n);

        long extraBytes(int n, int paddedN, int bandRows, int devices);
    }

    private final int matrices;
    private final int padTo;
    private final Extra extra;
    private final int maxN;
    private final String maxNWhy;
    private final RowBands bands;  // null: the whole matrices on one device

    private DeviceMemory(int matrices, int padTo, Extra extra, int maxN, String maxNWhy) {
        this(matrices, padTo, extra, maxN, maxNWhy, null);
    }

    private DeviceMemory(int matrices, int padTo, Extra extra, int maxN, String maxNWhy, RowBands bands) {
        this.matrices = matrices;
        this.padTo = padTo;
        this.extra = extra;
        this.maxN = maxN;
        this.maxNWhy = maxNWhy;
        this.bands = bands;
    }

    /**
     * The same matrices split into row bands of whole tiles, one band per device: each device
     * holds its band's rows of each matrix and {@code perDevice}'s extra (the extra of
     * {@link #plus} does not apply).
     */
    public DeviceMemory inRowBands(RowBands perDevice) {
        return new DeviceMemory(matrices, padTo, extra, maxN, maxNWhy, perDevice);
    }

    /** Whether one solve may span several devices (its matrices split into row bands). */
    public boolean spansDevices() {
        return bands != null;
    }

    /**
     * Device bytes for n vertices on each of {@code devices} devices (the most any one holds):
     * {@link #bytes(int)} for a variant that does not span devices, whatever {@code devices}.
     */
    public long bytesPerDevice(int n, int devices) {
        if (bands == null) return bytes(n);
        int side = padded(n), tile = bands.tile(n), tiles = side / tile;
        int bandRows = (tiles + Math.min(devices, tiles) - 1) / Math.min(devices, tiles) * tile;  // the largest balanced band
        return matrices * 4L * bandRows * side + bands.extraBytes(n, side, bandRows, devices);
    }

    /** The largest n (up to {@link #maxN()}) that needs at most {@code bytes} on each of {@code devices} devices, 0 if none. */
    public int largestN(long bytes, int devices) {
        if (bands == null) return largestN(bytes);
        int n = (int) Math.min(maxN, Math.floor(Math.sqrt(bytes * (double) devices / (matrices * 4.0))));
        while (n > 0 && bytesPerDevice(n, devices) > bytes) n -= Math.max(1, n / 4096);  // coarse steps: bands of whole tiles
        while (n < maxN && bytesPerDevice(n + 1, devices) <= bytes) n++;
        return n;
    }

    /**
     * {@code count} unpadded n x n int32 matrices and nothing else, whose kernels index a cell with
     * an int: n up to {@link Distances#INT_INDEX_MAX_N}.
     */
    public static DeviceMemory matrices(int count) {
        return new DeviceMemory(count, 1, (n, padded) -> 0, Distances.INT_INDEX_MAX_N, "its kernels index a cell with an int");
    }

    /** The same, with the matrices' side padded to a multiple of {@code pad} (kernels that skip bounds checks). */
    public DeviceMemory paddedTo(int pad) {
        return new DeviceMemory(matrices, pad, extra, maxN, maxNWhy, bands);
    }

    /** The same, plus {@code more} bytes beside the matrices. */
    public DeviceMemory plus(Extra more) {
        return new DeviceMemory(matrices, padTo, (n, padded) -> extra.bytes(n, padded) + more.bytes(n, padded), maxN, maxNWhy, bands);
    }

    /**
     * The same, for kernels that index cells in 64 bits (kernels/fw.cuh): n up to what the launch
     * grids cover, {@link Distances#GRID_MAX_N} once padded.
     */
    public DeviceMemory indexedIn64Bits() {
        return new DeviceMemory(matrices, padTo, extra, Distances.GRID_MAX_N / padTo * padTo,
                "its element-wise kernels launch at most 65535 blocks of 8 rows down a grid", bands);
    }

    /** The same, with n at most {@code limit}, a limit of the variant's own, {@code why} (a clause: "its work items ..."). */
    public DeviceMemory upTo(int limit, String why) {
        return limit < maxN ? new DeviceMemory(matrices, padTo, extra, limit, why, bands) : this;
    }

    /** The largest n the variant's kernels (or, for a CPU variant, its Java arrays) take, memory apart. */
    public int maxN() {
        return maxN;
    }

    /** Why n stops at {@link #maxN()}, a clause for messages: "its kernels index a cell with an int". */
    public String maxNWhy() {
        return maxNWhy;
    }

    /** n x n int32 matrices on the device: input, work, extras. */
    public int matrices() {
        return matrices;
    }

    /** Matrices' side is padded to a multiple of this (1: no padding). */
    public int padTo() {
        return padTo;
    }

    /** n rounded up to {@link #padTo()}: the rows (and ints per row) of the matrices. */
    public int padded(int n) {
        return (n + padTo - 1) / padTo * padTo;
    }

    /** Device bytes for n vertices: the padded matrices and the extra. */
    public long bytes(int n) {
        if (bands != null) return bytesPerDevice(n, 1);
        long side = padded(n);
        return matrices * 4L * side * side + extra.bytes(n, padded(n));
    }

    /**
     * The largest n (up to {@link #maxN()}) that needs at most {@code bytes}, 0 if none.
     * Walks down from the unpadded bound, since padding and the extra only add to the matrices (and
     * a tile chosen per n makes the extra not monotone in n).
     */
    public int largestN(long bytes) {
        if (bands != null) return largestN(bytes, 1);
        int n = (int) Math.min(maxN, Math.floor(Math.sqrt(bytes / (matrices * 4.0))));
        while (n > 0 && bytes(n) > bytes) n--;
        return n;
    }
}
