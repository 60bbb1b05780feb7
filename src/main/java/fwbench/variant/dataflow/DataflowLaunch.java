package fwbench.variant.dataflow;

import fwbench.cell.CellType;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchInEffect;
import fwbench.variant.core.LaunchPin;
import fwbench.variant.core.LaunchSetting;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.schedule.DataflowSchedule;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.DeviceInfo;
import fwbench.cuda.KernelArgs;
import fwbench.cuda.TileKernel;
import jcuda.Pointer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * One persistent launch of a kernel built on kernels/dataflow.cuh (dataflow, packed16): the item
 * list ({@link DataflowSchedule}) on the device, the per-tile round counters, the ticket and the
 * blocks' exit count (zero at each launch: kernels of tiles up to {@link #SELF_RESET_MAX_TILE}
 * leave them so, the others get a memset before it), and a grid of blocks all resident at once: the blocks per
 * multiprocessor chosen (tuned, pinned or {@linkplain #tableBlocksPerSm from the table}), at most
 * as many as fit, times the multiprocessors.
 */
public final class DataflowLaunch implements AutoCloseable {

    /**
     * One row of the table's blocks per SM: a launch of these cells at this tile with n below
     * {@code belowN} runs {@code blocks} blocks per SM.
     */
    public record TableRow(CellType cells, int tile, int belowN, int blocks) {}

    /**
     * The table's blocks per SM, the first row that matches; all that fit where none does. Fewer
     * blocks let the chain of pivot items, which small n waits on, share its SM with fewer
     * products; from these n on the other blocks' products outweigh that (kernels/NOTES.md, Launch
     * choices tuned per device). The fallback where nothing is tuned.
     */
    public static final List<TableRow> BLOCKS_PER_SM_TABLE = List.of(
            new TableRow(CellType.INT32, 64, 1500, 1),
            new TableRow(CellType.INT32, 64, 2500, 2),
            new TableRow(CellType.INT32, 128, 5000, 1),
            new TableRow(CellType.PACKED16, 64, 1250, 1),
            new TableRow(CellType.PACKED16, 64, 1750, 2));

    /**
     * The system property that pins the blocks per SM of dataflow's and packed16's launch over
     * everything, e.g. -Dfwbench.dataflow.blocksPerSm=1; more than fit is capped to those that do.
     */
    public static final LaunchPin BLOCKS_PER_SM_PIN = LaunchPin.count("fwbench.dataflow.blocksPerSm");

    /**
     * Up to this many blocks per SM a T = 64 solve of these cells runs its helped kernel (a helper
     * warp beside block 0's grid, kernels/dataflow.cuh), which shortens the chain of pivots:
     * packed16 with one or two (three of its 160-thread blocks fit an SM where four of the plain
     * one do, and with all that fit it was slower), int32 with one (with two, the helped block's SM
     * runs a product besides and it was slower) (kernels/NOTES.md, The pivot chain at small n).
     */
    public static final Map<CellType, Integer> HELPED_MAX_BLOCKS_PER_SM = Map.of(CellType.PACKED16, 2, CellType.INT32, 1);

    /** Whether a solve of these cells at this tile and blocks per SM ({@link LaunchChoice#ALL_THAT_FIT} included) runs the helped kernel. */
    public static boolean helped(CellType cells, int tile, int blocksPerSm) {
        return tile == 64 && blocksPerSm <= HELPED_MAX_BLOCKS_PER_SM.getOrDefault(cells, 0);
    }

    /**
     * Kernels of tiles up to this leave their counters zero when they end (the last block out
     * zeroes them, kernels/dataflow.cuh), so the host zeroes them once, not before each launch: a
     * memset less a solve. The T = 128 kernels were slower with the same exit and keep the memset
     * (kernels/NOTES.md, The host's notice of a solve's end).
     */
    public static final int SELF_RESET_MAX_TILE = 64;

    /**
     * fw_dataflow_tT, fw_dataflow_wide_tT, fw_packed16_dataflow_tT and their helped twins (int* d, int ld, int n, const int* schedule,
     * int items, int* sync, int tiles): the whole solve of the matrix d (ld words a row, n live
     * vertices, tiles x tiles tiles) by the item list schedule, with counters and ticket in sync.
     */
    public record Args(DeviceBuffer d, int ld, int n, DeviceBuffer schedule, int items, DeviceBuffer sync, int tiles)
            implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(ld), value(n), buffer(schedule), value(items), buffer(sync), value(tiles));
        }
    }

    private final TileKernel kernel;
    private final int tiles;
    private final int resident;
    private final int blocksPerSm;  // resident blocks per multiprocessor the grid asks for
    private final int grid;
    private final int items;
    private final DeviceBuffer schedule;
    private final DeviceBuffer sync;

    /**
     * @param kernel      a dataflow kernel, launched with {@link Args}
     * @param cells       its cells (packed16's T = 64 kernel runs the second chain, {@link DataflowSchedule#runsSecondChain})
     * @param tiles       tiles per matrix side
     * @param blocksPerSm the blocks per multiprocessor chosen (>= 1, {@link LaunchChoice#ALL_THAT_FIT}):
     *                    the grid has as many, or all that fit where fewer do
     */
    public DataflowLaunch(TileKernel kernel, CellType cells, int tiles, int blocksPerSm, DeviceInfo device) {
        if (blocksPerSm < 1) throw new IllegalArgumentException("blocks per SM must be positive, not " + blocksPerSm);
        this.kernel = kernel;
        this.tiles = tiles;
        this.resident = kernel.residentBlocksPerMultiprocessor();
        this.blocksPerSm = Math.min(blocksPerSm, resident);
        int tile = kernel.shape().tile();
        boolean folded = DataflowSchedule.foldsPivot(tile), secondChain = DataflowSchedule.runsSecondChain(cells, tile);
        // block 0 runs the chain (folded pivots), block 1 the second chain, before any listed item: the list needs another block
        int least = secondChain ? 3 : folded ? 2 : 1;
        this.grid = Math.max(least, this.blocksPerSm * device.multiprocessors());
        if (grid > resident * device.multiprocessors()) {
            throw new IllegalStateException("the dataflow kernel needs " + least + " resident blocks and this device holds "
                    + resident * device.multiprocessors());
        }
        int[] list = DataflowSchedule.build(tiles, grid, folded, secondChain);
        this.items = list.length;
        DeviceBuffer s = new DeviceBuffer(Math.max(1, list.length));  // none at one tile with folded pivots: the chain is all
        try {
            if (list.length > 0) s.upload(list);
            this.sync = new DeviceBuffer(tiles * tiles + 2);  // done counters, the ticket, the blocks exited
            sync.upload(new int[tiles * tiles + 2]);  // zero before any launch, captured or not
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
        this.schedule = s;
    }

    /** The table's blocks per SM for these cells at this tile and n ({@link #BLOCKS_PER_SM_TABLE}), the fallback where nothing is tuned or pinned. */
    public static int tableBlocksPerSm(CellType cells, int tile, int n) {
        return BLOCKS_PER_SM_TABLE.stream().filter(r -> r.cells() == cells && r.tile() == tile && n < r.belowN())
                .mapToInt(TableRow::blocks).findFirst().orElse(LaunchChoice.ALL_THAT_FIT);
    }

    /**
     * The launch choices a tuning pass measures (Variant#launchCandidates) at these tiles: each with
     * the blocks per SM worth measuring at it. At T = 64, where 3 (int32) or 4 (packed16) fit on an
     * H200, 1, 2 and all that fit; at T = 128, where 2 fit, 1 and all; at T = 256, where one fits, all.
     */
    public static List<LaunchChoice> launchCandidates(int... tiles) {
        List<LaunchChoice> candidates = new ArrayList<>();
        for (int tile : tiles) {
            List<Integer> blocks = switch (tile) {
                case 64 -> List.of(1, 2, LaunchChoice.ALL_THAT_FIT);
                case 128 -> List.of(1, LaunchChoice.ALL_THAT_FIT);
                default -> List.of(LaunchChoice.ALL_THAT_FIT);
            };
            for (int b : blocks) candidates.add(LaunchChoice.tile(tile).withBlocksPerSm(b));
        }
        return List.copyOf(candidates);
    }

    /** The blocks per SM of a solve of these cells at {@code tile}: the pin, else the configuration's choice, else the table. */
    public static LaunchSetting blocksPerSmSetting(SolverConfig config, CellType cells, int tile) {
        return LaunchSetting.of(BLOCKS_PER_SM_PIN, config.choice().blocksPerSm(), () -> tableBlocksPerSm(cells, tile, config.n()));
    }

    /**
     * A dataflow solver's describe(): "dataflow (T=64 and 1 block per SM from the table for n=1000,
     * 4x4 cells per thread, a helper warp, 132 persistent blocks, n padded to 1024)", the helper
     * warp read from the kernel's exported shape.
     */
    public String describe(String variant, LaunchSetting tile, LaunchSetting blocksPerSm, int n, int ld) {
        return variant + " (" + launchText(tile, blocksPerSm, n) + ", " + kernel.shape().cellsPerThread() + " cells per thread, "
                + (kernel.shape().helperThreads() > 0 ? "a helper warp, " : "")
                + grid + " persistent blocks, n padded to " + ld + ")";
    }

    /**
     * The tile and the blocks per SM of this launch and where they came from, for describe(): "T=64
     * and 1 block per SM from the table for n=1000", "T=128 and 2 blocks per SM (all that fit) tuned
     * on this device for n=3000".
     */
    private String launchText(LaunchSetting tile, LaunchSetting blocksPerSm, int n) {
        return launchText(tile, blocksPerSm, resident, n);
    }

    /**
     * {@link #launchText(LaunchSetting, LaunchSetting, int)} where {@code resident} blocks fit on a
     * multiprocessor: the blocks chosen, "(all that fit)" for {@link LaunchChoice#ALL_THAT_FIT}, and
     * "3 blocks per SM (all that fit, not 8)" where more were chosen than fit.
     */
    public static String launchText(LaunchSetting tile, LaunchSetting blocksPerSm, int resident, int n) {
        int chosen = blocksPerSm.value();
        String blocks = LaunchChoice.blocksPerSmText(Math.min(chosen, resident))
                + (chosen == LaunchChoice.ALL_THAT_FIT ? " (all that fit)" : chosen > resident ? " (all that fit, not " + chosen + ")" : "");
        return LaunchSetting.describe(tile, blocksPerSm, blocks, n);
    }

    /** Device memory of the schedule and counters for n vertices at this tile. */
    public static long deviceBytes(int n, int tile) {
        long t = GpuSolver.tilesPerSide(n, tile);
        // at most this: the second chain lists fewer items; then the counters, the ticket, the exit count
        return 4L * (DataflowSchedule.itemCount(t, DataflowSchedule.foldsPivot(tile), false) + t * t + 2);
    }

    /** Its tile and resident blocks per multiprocessor (the choice, or all that fit where fewer do), for the results file. */
    public LaunchInEffect launchInEffect() {
        return new LaunchInEffect(kernel.shape().tile(), 0, blocksPerSm, 0);
    }

    /** Enqueues one whole solve of the matrix d (ld words per row, n live vertices). */
    public void enqueue(CudaStream stream, DeviceBuffer d, int ld, int n) {
        if (kernel.shape().tile() > SELF_RESET_MAX_TILE) sync.fill(0, stream);
        kernel.launch(stream, grid, 1, new Args(d, ld, n, schedule, items, sync, tiles));
    }

    @Override
    public void close() {
        sync.close();
        schedule.close();
    }
}
