package fwbench.variant.kleene;

import fwbench.variant.core.VariantTraits;
import fwbench.variant.core.DeviceMemory;
import fwbench.variant.core.LaunchInEffect;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.LaunchPin;
import fwbench.variant.core.LaunchSetting;
import fwbench.variant.core.NegativeWeights;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.TileFit;
import fwbench.variant.core.UnsupportedInputException;
import fwbench.variant.schedule.BandLayout;
import fwbench.variant.schedule.BandRounds;

import fwbench.cuda.CudaContext;
import fwbench.cuda.CudaGraph;
import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Event;
import fwbench.cuda.Gpu;
import fwbench.cuda.KernelArgs;
import fwbench.cuda.LaunchShape;
import jcuda.Pointer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * kernels/12_kleene_bands.cu: kleene's rounds over a matrix split into row bands, one per GPU of
 * the host ({@link BandLayout}), for one solve that spans them.
 *
 * <p>Each band holds its rows of the input and of the working matrix on its device, and (with more
 * than one band) two group buffers of g pivot rows (groups alternate). The rounds run in groups of
 * g ({@link #tableGroupedRounds}, or -Dfwbench.kleeneBands.groupedRounds) as kleene's: the owner of
 * tile row p closes pivot p, computes row p and copies it into the group buffer of every band that
 * does not hold all of the group's rows (cuMemcpyPeerAsync between devices); each band computes its
 * tiles of column p, and once a group every other tile takes the group's rounds in one product.
 * The next group's rows, columns and copies go on each band's main stream (high priority) under
 * this group's bulk on its side stream ({@link BandRounds} has the schedule). The GPU time runs
 * from an event on the first band's main stream to one recorded there after it has waited for
 * every band's last event. With the launch mode GRAPH and every band on one device a solve is
 * captured once into a CUDA graph that each solve replays; across devices its launches are issued
 * from Java (a graph spanning devices is not built yet; kernels/NOTES.md, kleene-bands).
 *
 * <p>A graph with negative weights ends each band's solve with the step GpuSolver ends kleene's
 * with ({@link NegativeWeights}), over the band's rows on its own device, timed with the solve:
 * kleene-bands computes kleene's values, so the same bounds and the same check hold band by band.
 */
public final class BandsSolver implements Solver {

    /** W rows a device brings over at a time for the certificate of its band (verify.BandCertificate). */
    public static final int CERTIFICATE_CHUNK_ROWS = 2048;

    /** What each device holds (Variant.KLEENE_BANDS): see {@link DeviceMemory#inRowBands}. */
    public static final DeviceMemory.RowBands MEMORY = new DeviceMemory.RowBands() {
        @Override
        public int tile(int n) {
            return KleeneSolver.tileFor(n);
        }

        @Override
        public long extraBytes(int n, int paddedN, int bandRows, int devices) {
            int groupRounds = GROUPED_ROUNDS_PIN.valueIfValid().orElse(tableGroupedRounds(n));  // the solver refuses a bad pin
            long groupBuffers = devices > 1 ? 2L * groupRounds * tile(n) * paddedN * 4 : 0;
            long chunk = devices > 1 ? (long) CERTIFICATE_CHUNK_ROWS * paddedN * 4 : 0;
            long witness = ((long) bandRows * paddedN + 31) / 32 * 4;
            return groupBuffers + chunk + witness;
        }
    };

    /** fw_kleene_bands_close_tT(int* band, int ld, int row, int p): close the pivot tile at local tile row row, column p. */
    public record Close(DeviceBuffer band, int ld, int row, int p) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(band), value(ld), value(row), value(p));
        }
    }

    /**
     * fw_kleene_bands_update_tT(int* band, int ld, int n, const int* rows, int bFirst, int firstTile, int rowBase,
     * int skipRowFrom, int skipRowTo, int columnBase, int skipColumnFrom, int skipColumnTo, int first, int end):
     * C(i, j) = min(C(i, j), A(i, first .. end - 1) (x) B(first .. end - 1, j)) over the tiles these name
     * (kernels/12_kleene_bands.cu, BandRounds.Update).
     */
    public record Update(DeviceBuffer band, int ld, int n, DeviceBuffer rows, int bFirst, int firstTile, int rowBase, int skipRowFrom,
                  int skipRowTo, int columnBase, int skipColumnFrom, int skipColumnTo, int first, int end) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(band), value(ld), value(n), buffer(rows), value(bFirst), value(firstTile), value(rowBase),
                    value(skipRowFrom), value(skipRowTo), value(columnBase), value(skipColumnFrom), value(skipColumnTo), value(first), value(end));
        }
    }

    /** The system property that pins kleene-bands' rounds a group (1: one by one) over its table, e.g. -Dfwbench.kleeneBands.groupedRounds=5. */
    public static final LaunchPin GROUPED_ROUNDS_PIN = new LaunchPin("fwbench.kleeneBands.groupedRounds", "1 to " + KleeneSolver.MAX_GROUPED_ROUNDS,
            v -> v >= 1 && v <= KleeneSolver.MAX_GROUPED_ROUNDS);

    /** From this n the rounds run in groups of {@link #GROUP_ROUNDS}: below it a group's chain does not hide behind the bulk (kernels/NOTES.md, kleene-bands). */
    public static final int GROUPS_FROM_N = 12000;

    /** The rounds of the table's groups, kleene's from n = 9000. */
    public static final int GROUP_ROUNDS = 5;

    /** The table's rounds a group at n: one by one below {@link #GROUPS_FROM_N}, then {@link #GROUP_ROUNDS}. */
    public static int tableGroupedRounds(int n) {
        return n >= GROUPS_FROM_N ? GROUP_ROUNDS : 1;
    }

    private final int n;
    private final int ld;
    private final int tile;
    private final LaunchSetting tileSetting;
    private final int tiles;
    private final LaunchSetting groupRounds;
    private final BandLayout layout;
    private final List<Band> bands = new ArrayList<>();
    private final LaunchShape productShape;
    private final VariantTraits variant;
    private final Event start;
    private final Event stop;
    /** Recorded first inside the solve's launches: every band's streams wait on it (a captured graph cannot wait on start). */
    private final Event fork;
    /** Whether solves replay a captured graph ({@link #solve}). */
    private final boolean replaysGraph;
    private CudaGraph graph;
    private final List<String> stagedPairs = new ArrayList<>();
    private boolean solved;

    public BandsSolver(VariantTraits variant, SolverConfig config) {
        this(variant, config, 0, 0, 0, 0);
    }

    /**
     * With {@code bandCount} > 0 that many bands (else one a device), over {@code devices} > 0 devices
     * (else what the configuration's gpus says), {@code forcedTile} 64 or 128 (else kleene's choice
     * for n) and {@code groupRounds} > 0 rounds a group (else the pin or {@link #tableGroupedRounds}): tests run 2
     * and 3 bands on one GPU.
     */
    public BandsSolver(VariantTraits variant, SolverConfig config, int bandCount, int devices, int forcedTile, int groupRounds) {
        this.variant = variant;
        this.groupRounds = groupRounds > 0 ? new LaunchSetting(groupRounds, "as asked")
                : LaunchSetting.of(GROUPED_ROUNDS_PIN, 0, () -> tableGroupedRounds(config.n()));
        Optional<NegativeWeights.Bounds> bounds = NegativeWeights.bounds(variant, config);  // refuses before allocating
        this.n = config.n();
        this.ld = variant.padded(n);
        this.tileSetting = fittingTileSetting(variant, config, forcedTile);
        this.tile = tileSetting.value();
        this.tiles = ld / tile;
        int gpus = devices > 0 ? devices : devicesFor(config.gpus());
        this.layout = BandLayout.of(tiles, bandCount > 0 ? bandCount : gpus, gpus);
        CudaContext first = CudaContext.of(0);
        this.start = new Event();
        this.stop = new Event();
        this.fork = new Event(false);
        this.replaysGraph = config.launch() == LaunchMode.GRAPH && layout.devices() == 1;
        try {
            for (int b = 0; b < layout.bands(); b++) {
                bands.add(new Band(b, CudaContext.of(layout.device()[b]), layout, tile, ld, n, variant.kernelModule()));
            }
            enablePeerAccess();
            for (Band band : bands) band.allocate(config.graph(), layout.bands() > 1, this.groupRounds.value(), bounds);
            productShape = bands.get(0).update.shape();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        first.makeCurrent();
    }

    /**
     * The tile, given (tests) or kleene's, checked against the shared memory a block of the device
     * may have (TileFit) before anything is allocated. Where the table's T = 128 does not fit it falls
     * back to T = 64 as kleene does: the run planned each device's memory with T = 128 (MEMORY), and
     * T = 64 needs no more (group buffers half as large, bands of no more rows).
     */
    private static LaunchSetting fittingTileSetting(VariantTraits variant, SolverConfig config, int forcedTile) {
        TileFit fit = tileFit(variant);
        if (forcedTile == 0) {
            KleeneSolver.TILE_PIN.require(KleeneSolver.tileSetting(config).value(), "kleene-bands tiles");
            return fit.setting(config.choice().tile(), () -> KleeneSolver.tableTile(config.n()));
        }
        KleeneSolver.TILE_PIN.require(forcedTile, "kleene-bands tiles");
        if (!fit.fits(forcedTile)) throw fit.refusal(forcedTile);
        return new LaunchSetting(forcedTile, "given");
    }

    /** Which of kleene's tiles the bands' kernels (closing a pivot, updating tiles) fit a block of the device in use (GPU 0's). */
    public static TileFit tileFit(VariantTraits variant) {
        return TileFit.onDevice(variant, KleeneSolver.TILE_PIN, KleeneSolver.TILES, t -> List.of("fw_kleene_bands_close_t" + t, "fw_kleene_bands_update_t" + t));
    }

    /** The devices a solve uses for the benchmark's gpus value: all the driver lists, or the first {@code gpus}. */
    static int devicesFor(int gpus) {
        Gpu.require();  // without a device: why there is none
        int count = Gpu.deviceCount();
        if (gpus > count) {
            throw new UnsupportedInputException("gpus=" + gpus + " but this host has " + count + " GPU" + (count == 1 ? "" : "s"));
        }
        return gpus == SolverConfig.ALL_GPUS ? count : gpus;
    }

    /** Peer access both ways between every two devices used; a pair without it is named once (its copies go through host memory). */
    private void enablePeerAccess() {
        Map<Integer, CudaContext> devices = new HashMap<>();
        for (Band band : bands) devices.put(band.cuda.ordinal(), band.cuda);
        Set<String> said = new HashSet<>();
        for (CudaContext from : devices.values()) {
            for (CudaContext to : devices.values()) {
                if (from.ordinal() == to.ordinal() || CudaContext.enablePeerAccess(from, to)) continue;
                int a = Math.min(from.ordinal(), to.ordinal()), b = Math.max(from.ordinal(), to.ordinal());
                if (said.add(a + "-" + b)) stagedPairs.add("GPUs " + a + " and " + b);
            }
        }
        if (!stagedPairs.isEmpty()) {
            System.out.println("kleene-bands: no peer access between " + String.join(", ", stagedPairs)
                    + ": the driver stages their pivot-row copies through host memory (slower, same answer)");
        }
    }

    @Override
    public VariantTraits variant() {
        return variant;
    }

    @Override
    public int n() {
        return n;
    }

    /** Ints between the starts of two matrix rows. */
    public int leadingDimension() {
        return ld;
    }

    /** One band as the certificate reads it: rows firstRow .. firstRow + rows - 1 of the distances and the weights, on device. */
    public record BandView(int device, int firstRow, int rows, DeviceBuffer distances, DeviceBuffer weights) {
    }

    /** The bands in row order, after a solve. */
    public List<BandView> bandViews() {
        List<BandView> views = new ArrayList<>();
        for (Band b : bands) views.add(new BandView(b.cuda.ordinal(), b.firstTile * tile, b.tileRows * tile, b.work, b.input));
        return views;
    }

    @Override
    public void reset() {
        for (Band b : bands) {
            b.cuda.makeCurrent();
            b.work.copyFromDevice(b.input, b.main);
            b.enqueueResetNegativeCycle();
        }
        for (Band b : bands) {
            b.cuda.makeCurrent();
            b.main.synchronize();
        }
    }

    @Override
    public void solve() {
        Band first = bands.get(0);
        first.cuda.makeCurrent();
        if (replaysGraph && graph == null) graph = CudaGraph.capture(first.main, this::enqueueSolve);  // on first use, as GpuSolver's
        start.record(first.main);
        if (graph != null) graph.launch(first.main);
        else enqueueSolve();
        stop.record(first.main);
        stop.synchronize();
        solved = true;
    }

    /** One solve's launches, copies and events on every band, forked from and joined back into the first band's main stream. */
    private void enqueueSolve() {
        Band first = bands.get(0);
        first.cuda.makeCurrent();
        fork.record(first.main);
        for (Band b : bands) {
            b.cuda.makeCurrent();
            b.main.waitFor(fork);
            b.side.waitFor(fork);
        }
        BandRounds.enqueue(layout, this.groupRounds.value(), new DeviceOps());
        for (Band b : bands) {
            b.cuda.makeCurrent();
            b.main.waitFor(b.restDone[BandRounds.lastParity(tiles, this.groupRounds.value())]);
            b.enqueueFinishNegativeWeights();  // negative weights only: nothing is enqueued for weights >= 0
            b.done.record(b.main);
        }
        first.cuda.makeCurrent();
        for (Band b : bands) first.main.waitFor(b.done);
    }

    /** The schedule's operations on the bands' devices. */
    private final class DeviceOps implements BandRounds.Ops {
        private Band current(int band) {
            Band b = bands.get(band);
            b.cuda.makeCurrent();
            return b;
        }

        private CudaStream stream(Band b, BandRounds.Lane lane) {
            return lane == BandRounds.Lane.MAIN ? b.main : b.side;
        }

        private Event event(Band b, BandRounds.Mark mark, int parity) {
            return switch (mark) {
                case SENT -> b.sent;
                case TAIL_DONE -> b.tailDone;
                case NEXT_DONE -> b.nextDone[parity];
                case REST_DONE -> b.restDone[parity];
            };
        }

        @Override
        public void update(int band, BandRounds.Lane lane, BandRounds.Update update) {
            Band b = current(band);
            b.update(stream(b, lane), update);
        }

        @Override
        public void close(int band, int row, int p) {
            Band b = current(band);
            b.close.launch(b.main, 1, 1, new Close(b.work, ld, row, p));
        }

        @Override
        public void sendPivotRow(int from, int to, int q, int group, int groupFirst) {
            Band owner = current(from);
            bands.get(to).groupRow(group, q, groupFirst).copyFromDevice(owner.tileRow(q), owner.main);
        }

        @Override
        public void record(int band, BandRounds.Lane lane, BandRounds.Mark mark, int parity) {
            Band b = current(band);
            event(b, mark, parity).record(stream(b, lane));
        }

        @Override
        public void waitFor(int band, BandRounds.Lane lane, int of, BandRounds.Mark mark, int parity) {
            Band b = current(band);
            stream(b, lane).waitFor(event(bands.get(of), mark, parity));
        }
    }

    @Override
    public int[] distances() {
        int[] d = new int[Math.multiplyExact(n, n)];
        for (Band b : bands) {
            int firstRow = b.firstTile * tile, live = Math.min(b.tileRows * tile, n - firstRow);
            if (live <= 0) continue;
            b.cuda.makeCurrent();
            b.work.downloadRows(d, n, ld, firstRow, live);
        }
        bands.get(0).cuda.makeCurrent();
        return d;
    }

    /** The first cell over all bands (the smallest index i * n + j) that proves a negative cycle, as GpuSolver's. */
    @Override
    public OptionalLong negativeCycleCell() {
        if (!solved) return OptionalLong.empty();
        OptionalLong first = OptionalLong.empty();
        for (Band b : bands) {
            OptionalLong cell = b.negativeCycleCell();
            if (cell.isPresent() && (first.isEmpty() || cell.getAsLong() < first.getAsLong())) first = cell;
        }
        bands.get(0).cuda.makeCurrent();
        return first;
    }

    @Override
    public OptionalDouble lastSolveGpuMillis() {
        if (!solved) return OptionalDouble.empty();
        bands.get(0).cuda.makeCurrent();
        return OptionalDouble.of(Event.elapsedMillis(start, stop));
    }

    @Override
    public long deviceBytes() {
        long bytes = 0;
        for (Band b : bands) {
            bytes += 2L * b.tileRows * tile * ld * 4;
            if (b.groupRows[0] != null) bytes += 2L * this.groupRounds.value() * tile * ld * 4;
        }
        return bytes;
    }

    /** Devices the bands use (0 .. this - 1). */
    public int devices() {
        return layout.devices();
    }

    @Override
    public LaunchInEffect launchInEffect() {
        return new LaunchInEffect(tile, 0, 0, this.groupRounds.value());
    }

    @Override
    public String describe() {
        int devices = layout.devices();
        return variant() + " (" + LaunchSetting.describe(tileSetting, n) + ", " + productShape.cellsPerThread() + " cells per thread, "
                + (this.groupRounds.value() == 1 ? "rounds one by one" : "rounds in groups of " + this.groupRounds.value()) + " (" + this.groupRounds.origin() + "), "
                + layout.bands() + " band" + (layout.bands() == 1 ? "" : "s")
                + " on " + (devices == 1 ? "GPU 0" : "GPUs 0-" + (devices - 1))
                + (stagedPairs.isEmpty() ? "" : ", copies through host memory")
                + (replaysGraph ? ", launches replayed as one CUDA graph" : ", launches issued from Java") + ", n padded to " + ld + ")";
    }

    @Override
    public void close() {
        RuntimeException first = null;
        if (graph != null) {  // before the buffers and streams it uses
            try {
                bands.get(0).cuda.makeCurrent();
                graph.close();
            } catch (RuntimeException e) {  // close the bands all the same
                first = e;
            }
            graph = null;
        }
        for (Band b : bands) {
            try {
                b.close();
            } catch (RuntimeException e) {  // close the other bands all the same
                if (first == null) first = e;
            }
        }
        bands.clear();
        CudaContext.of(0);
        start.close();
        stop.close();
        fork.close();
        if (first != null) throw first;
    }
}
