package fwbench.variant;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.DeviceInfo;
import fwbench.cuda.Kernel;

/**
 * One persistent launch of a kernel built on kernels/dataflow.cuh (dataflow, packed16): the item
 * list ({@link DataflowSchedule}) on the device, the per-tile round counters and the ticket
 * (zeroed before each launch), and a grid of exactly the blocks that fit on the device at once.
 */
final class DataflowLaunch implements AutoCloseable {
    /** Threads per block of every dataflow kernel. */
    static final int THREADS = 256;

    private final Kernel kernel;
    private final int sharedBytes;
    private final int tiles;
    private final int grid;
    private final int items;
    private final DeviceBuffer schedule;
    private final DeviceBuffer sync;

    /**
     * @param kernel      a dataflow kernel: (matrix, ld, n, schedule, items, sync, tiles)
     * @param sharedBytes its dynamic shared memory (minplus::shared_words with dataflow::STAGES)
     * @param tiles       tiles per matrix side
     */
    DataflowLaunch(Kernel kernel, int sharedBytes, int tiles, DeviceInfo device) {
        this.kernel = kernel.allowDynamicSharedMemory(sharedBytes);
        this.sharedBytes = sharedBytes;
        this.tiles = tiles;
        this.grid = kernel.residentBlocksPerMultiprocessor(THREADS, sharedBytes) * device.multiprocessors();
        int[] list = DataflowSchedule.build(tiles, grid);
        this.items = list.length;
        DeviceBuffer s = new DeviceBuffer(list.length);
        try {
            s.upload(list);
            this.sync = new DeviceBuffer((long) tiles * tiles + 1);  // done counters, then the ticket
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
        this.schedule = s;
    }

    /** Device memory of the schedule and counters for a matrix of {@code tiles} x {@code tiles} tiles. */
    static long deviceBytes(int tiles) {
        long t = tiles;
        return 4L * (t * t * t + t * t + 1);
    }

    /** Blocks in the grid (resident at once). */
    int grid() {
        return grid;
    }

    /** Enqueues one whole solve of the matrix d (ld words per row, n live vertices). */
    void enqueue(CudaStream stream, DeviceBuffer d, int ld, int n) {
        sync.fill(0, stream);
        kernel.launch(stream, grid, 1, THREADS, 1, sharedBytes, d, ld, n, schedule, items, sync, tiles);
    }

    @Override
    public void close() {
        sync.close();
        schedule.close();
    }
}
