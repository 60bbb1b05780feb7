package fwbench.variant.packed16;

import fwbench.cell.CellType;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchInEffect;
import fwbench.variant.core.LaunchPin;
import fwbench.variant.core.LaunchSetting;
import fwbench.variant.core.PackedDistances;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.TileFit;
import fwbench.variant.core.VariantTraits;
import fwbench.variant.dataflow.DataflowLaunch;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;
import fwbench.cuda.TileKernel;
import fwbench.graph.Distances;
import jcuda.Pointer;

import java.util.List;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * kernels/09_packed16.cu: the dataflow kernel on 16-bit cells packed two per word, with a tile T
 * tuned on the device, pinned, or from the table ({@link #tableTile}). The int32 input is packed
 * once; each reset copies the packed input; the result is unpacked into the int32 matrix only when
 * read, and the device certificate checks the packed result itself ({@link PackedDistances}), so a
 * verified run holds the int32 input and the packed pair: two int32 matrices' worth. Graphs whose
 * distances could reach 16-bit INF are refused.
 */
public final class Packed16Solver extends GpuSolver implements PackedDistances {
    /** 16-bit INF, the kernels' FW_INF16 (KernelConstants): every finite distance must be below it. */
    public static final int INF16 = CellType.PACKED16.inf();
    /** Matrices are padded to this, a multiple of every tile. */
    public static final int PAD = 256;

    /**
     * From this n on the table picks T = 128 rather than 64: T = 64 (128 threads, four blocks per
     * SM; 160 with a helper warp, {@link DataflowLaunch#HELPED_MAX_BLOCKS_PER_SM}) halves the closure steps of each
     * pivot, which the chain of pivots waits on at small n; it was faster up to n = 4000 and slower
     * from 5000, so the crossover lies between (kernels/NOTES.md, Launch choices tuned per device).
     * The fallback where nothing is tuned.
     */
    public static final int T128_FROM_N = 4500;

    /**
     * From this n on the table picks T = 256 (one block per SM): faster from n = 7500, slower at 5000
     * (kernels/NOTES.md, Launch choices tuned per device). The fallback
     * where nothing is tuned. Before sm_90 ptxas spills at T = 256 (target/ptxas/09_packed16.txt),
     * but from this n T = 256 is the only candidate (Variant#launchCandidates leaves out tiles
     * below the table's), so such a device runs it untuned.
     */
    public static final int T256_FROM_N = 7500;

    /** The tiles of packed16, smallest first ({@link #TILE_PIN} takes these). */
    public static final List<Integer> TILES = List.of(64, 128, 256);

    /** The system property that pins the tile over everything, e.g. -Dfwbench.packed16.tile=256 (64, 128 or 256). */
    public static final LaunchPin TILE_PIN = new LaunchPin("fwbench.packed16.tile", "64, 128 or 256", TILES::contains);

    /** The launch choices a tuning pass measures (Variant#launchCandidates): each tile with its blocks per SM. */
    public static final List<LaunchChoice> LAUNCH_CANDIDATES = DataflowLaunch.launchCandidates(64, 128, 256);

    /**
     * fw_packed16_pack(const int* src, int ld32, int* dst, int ld16, int rows) and fw_packed16_unpack
     * (src, ld16, dst, ld32, rows): {@code rows} rows of src, srcLd ints apart, into dst, dstLd ints apart.
     */
    public record Repack(DeviceBuffer src, int srcLd, DeviceBuffer dst, int dstLd, int rows) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(src), value(srcLd), buffer(dst), value(dstLd), value(rows));
        }
    }

    private final LaunchSetting tileSetting;
    private final LaunchSetting blocksPerSmSetting;
    private final int words;  // words per packed row: ld / 2
    private final DeviceBuffer packedInput;
    private final DeviceBuffer packedWork;
    private final DataflowLaunch launch;
    private final Kernel unpack;

    public Packed16Solver(VariantTraits variant, SolverConfig config) {
        this(variant, requireRepresentable(config), fittingTileSetting(variant, config));
    }

    private Packed16Solver(VariantTraits variant, SolverConfig config, LaunchSetting tileSetting) {
        super(variant, config, false);
        this.tileSetting = tileSetting;
        words = ld / 2;
        DeviceBuffer in = null, work = null;
        try {
            int tile = tileSetting.value();
            unpack = module().kernel("fw_packed16_unpack");
            in = new DeviceBuffer((long) ld * words);
            work = new DeviceBuffer((long) ld * words);
            blocksPerSmSetting = DataflowLaunch.blocksPerSmSetting(config, variant.cellType(), tile);
            boolean helped = DataflowLaunch.helped(variant.cellType(), tile, blocksPerSmSetting.value());
            TileKernel kernel = tileKernel(helped ? "fw_packed16_dataflow_helped" : "fw_packed16_dataflow", tile);
            launch = new DataflowLaunch(kernel, variant.cellType(), tilesPerSide(n, tile), blocksPerSmSetting.value(), cuda.device());
        } catch (RuntimeException e) {
            if (work != null) work.close();
            if (in != null) in.close();
            super.close();  // nobody closes a solver whose constructor failed
            throw e;
        }
        packedInput = in;
        packedWork = work;
        module().kernel("fw_packed16_pack").launch(stream, ceilDiv(words, 32), ceilDiv(ld, 8), 32, 8, 0,
                new Repack(deviceInput(), ld, packedInput, words, ld));
        packedWork.copyFrom(packedInput, stream);
        stream.synchronize();
    }

    /**
     * The int32 copy of the result, made only when the distances are read (the CPU reference's
     * check, {@code solve}'s output): counted where a host array can hold them, n up to
     * {@link Distances#INT_INDEX_MAX_N}; past it the certificate reads the packed result itself.
     */
    public static long int32ResultBytes(int n, int paddedN) {
        return n <= Distances.INT_INDEX_MAX_N ? 4L * paddedN * paddedN : 0;
    }

    /**
     * The tile, refused before anything is allocated where a block of the device cannot hold its
     * kernels' shared memory: the table's tile too, since the run planned its memory with it.
     */
    private static LaunchSetting fittingTileSetting(VariantTraits variant, SolverConfig config) {
        LaunchSetting setting = LaunchSetting.of(TILE_PIN, config.choice().tile(), () -> tableTile(config.n()));
        TILE_PIN.require(setting.value(), "packed16 tiles");
        return tileFit(variant).requireFits(setting);
    }

    /** Which tiles of packed16's kernels (the helped one at T = 64 too) fit a block of the device in use. */
    public static TileFit tileFit(VariantTraits variant) {
        return TileFit.onDevice(variant, TILE_PIN, TILES,
                t -> t == 64 ? List.of("fw_packed16_dataflow_t64", "fw_packed16_dataflow_helped_t64") : List.of("fw_packed16_dataflow_t" + t));
    }

    /** The tile for n vertices where nothing is tuned: the pin, else the table (what a run's memory is planned with). */
    public static int tileFor(int n) {
        return TILE_PIN.valueIfValid().orElse(tableTile(n));
    }

    /**
     * The table's tile for n vertices, the fallback where nothing is tuned or pinned: 64, 128 from
     * {@link #T128_FROM_N} on, 256 from {@link #T256_FROM_N} on.
     */
    public static int tableTile(int n) {
        return n < T128_FROM_N ? 64 : n < T256_FROM_N ? 128 : 256;
    }

    /** Refuses, before anything is allocated, a graph whose distances might not fit below INF16. */
    public static SolverConfig requireRepresentable(SolverConfig config) {
        requireDistancesBelow(config.graph(), CellType.PACKED16.inf(), "packed16 keeps distances in 16 bits", "kleene");
        return config;
    }

    @Override
    public LaunchInEffect launchInEffect() {
        return launch.launchInEffect();
    }

    @Override
    public String describe() {
        return launch.describe("packed16", tileSetting, blocksPerSmSetting, n, ld);
    }

    @Override
    protected void enqueueResetExtras(CudaStream stream, DeviceBuffer matrix) {
        packedWork.copyFrom(packedInput, stream);
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer unused) {
        launch.enqueue(stream, packedWork, words, n);
    }

    @Override
    protected void enqueuePublishResult(CudaStream stream, DeviceBuffer matrix) {
        unpack.launch(stream, ceilDiv(words, 32), ceilDiv(ld, 8), 32, 8, 0, new Repack(packedWork, words, matrix, ld, ld));
    }

    /** What it holds: the planner's count less the int32 copy of the result where nothing has read the distances. */
    @Override
    public long deviceBytes() {
        return super.deviceBytes() - (holdsMatrix() ? 0 : int32ResultBytes(n, ld));
    }

    @Override
    public DeviceBuffer packedDistances() {
        return packedWork;
    }

    @Override
    public int distance(int i, int j) {
        cuda.makeCurrent();
        return cell(packedWork, words, i, j);
    }

    /**
     * Cell (i, j) of a row-packed 16-bit matrix of {@code words} ints a row (packed16's, and
     * kleene-packed16's first copy) as an int32 distance: read as fw_packed16_unpack reads it.
     */
    static int cell(DeviceBuffer packed, int words, int i, int j) {
        int pair = packed.read((long) i * words + j / 2);
        int cell = (j & 1) == 0 ? (short) pair : pair >> 16;  // sign-extended
        return cell >= INF16 ? Distances.INF : cell;
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        launch.close();
        packedWork.close();
        packedInput.close();
        super.close();
    }
}
