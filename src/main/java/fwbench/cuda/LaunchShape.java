package fwbench.cuda;

/**
 * How a tile kernel is launched, as the kernel itself exports it beside its code
 * ({@code extern "C" __constant__ int NAME_shape[5]}, read by {@link KernelModule#tileKernel}),
 * so that Java does not re-derive the kernel's layout.
 *
 * @param threads     threads per block (a 1-D block; for a helped kernel, its helper warp counted)
 * @param sharedBytes dynamic shared memory per block, in bytes
 * @param tile        the tile side T, in cells
 * @param cellRows    rows of cells each thread holds
 * @param cellColumns columns of cells each thread holds
 */
public record LaunchShape(int threads, int sharedBytes, int tile, int cellRows, int cellColumns) {

    /** The ints of the exported array, in the order of this record's components. */
    static final int FIELDS = 5;

    public LaunchShape {
        if (threads <= 0 || sharedBytes < 0 || tile <= 0 || cellRows <= 0 || cellColumns <= 0) {
            throw new IllegalArgumentException("not a launch shape: " + threads + " threads, " + sharedBytes + " shared bytes, T = "
                    + tile + ", " + cellRows + " x " + cellColumns + " cells a thread");
        }
    }

    /** The shape from the exported array's values. */
    static LaunchShape of(int[] fields) {
        if (fields.length != FIELDS) throw new IllegalArgumentException("a launch shape has " + FIELDS + " ints, not " + fields.length);
        return new LaunchShape(fields[0], fields[1], fields[2], fields[3], fields[4]);
    }

    /** Threads beside the grid that holds the tile: a helped kernel's helper warp, else 0. */
    public int helperThreads() {
        return threads - tile * tile / (cellRows * cellColumns);
    }

    /** The cells a thread holds, rows x columns, e.g. "8x8". */
    public String cellsPerThread() {
        return cellRows + "x" + cellColumns;
    }
}
