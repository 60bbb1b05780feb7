package fwbench.variant;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.DeviceInfo;
import fwbench.cuda.KernelArgs;
import fwbench.cuda.TileKernel;
import jcuda.Pointer;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * One persistent launch of a kernel built on kernels/dataflow.cuh (dataflow, packed16): the item
 * list ({@link DataflowSchedule}) on the device, the per-tile round counters and the ticket
 * (zeroed before each launch), and a grid of exactly the blocks of the kernel's shape that fit on
 * the device at once.
 */
final class DataflowLaunch implements AutoCloseable {

    /**
     * fw_dataflow_tT and fw_packed16_dataflow_tT(int* d, int ld, int n, const int* schedule,
     * int items, int* sync, int tiles): the whole solve of the matrix d (ld words a row, n live
     * vertices, tiles x tiles tiles) by the item list schedule, with counters and ticket in sync.
     */
    record Args(DeviceBuffer d, int ld, int n, DeviceBuffer schedule, int items, DeviceBuffer sync, int tiles)
            implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(ld), value(n), buffer(schedule), value(items), buffer(sync), value(tiles));
        }
    }

    private final TileKernel kernel;
    private final int tiles;
    private final int grid;
    private final int items;
    private final DeviceBuffer schedule;
    private final DeviceBuffer sync;

    /**
     * @param kernel a dataflow kernel, launched with {@link Args}
     * @param tiles  tiles per matrix side
     */
    DataflowLaunch(TileKernel kernel, int tiles, DeviceInfo device) {
        this.kernel = kernel;
        this.tiles = tiles;
        this.grid = kernel.residentBlocksPerMultiprocessor() * device.multiprocessors();
        int[] list = DataflowSchedule.build(tiles, grid, DataflowSchedule.foldsPivot(kernel.shape().tile()));
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

    /** Device memory of the schedule and counters for n vertices at this tile. */
    static long deviceBytes(int n, int tile) {
        long t = GpuSolver.tilesPerSide(n, tile);
        return 4L * (DataflowSchedule.itemCount(t, DataflowSchedule.foldsPivot(tile)) + t * t + 1);  // then the counters and the ticket
    }

    /** Blocks in the grid (resident at once). */
    int grid() {
        return grid;
    }

    /** Enqueues one whole solve of the matrix d (ld words per row, n live vertices). */
    void enqueue(CudaStream stream, DeviceBuffer d, int ld, int n) {
        sync.fill(0, stream);
        kernel.launch(stream, grid, 1, new Args(d, ld, n, schedule, items, sync, tiles));
    }

    @Override
    public void close() {
        sync.close();
        schedule.close();
    }
}
