package fwbench.variant.kleene;

import fwbench.cuda.CudaContext;
import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Event;
import fwbench.cuda.TileKernel;
import fwbench.graph.Graph;
import fwbench.variant.core.DeviceGraphs;
import fwbench.variant.core.NegativeWeights;
import fwbench.variant.schedule.BandLayout;
import fwbench.variant.schedule.BandRounds;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One band of a kleene-bands solve ({@link BandsSolver}) on its device: its rows of the input and
 * working matrices, the two group buffers of pivot rows, its streams and the events other bands wait on; for
 * a graph with negative weights, the last step of the solve over its rows ({@link NegativeWeights}).
 */
final class Band implements AutoCloseable {
    final int index;
    final CudaContext cuda;
    final int firstTile;
    final int tileRows;
    private final BandLayout layout;
    private final int tile;
    private final int ld;
    private final int n;
    final TileKernel close;
    final TileKernel update;
    final CudaStream main;
    final CudaStream side;
    private final List<DeviceBuffer> owned = new ArrayList<>();
    DeviceBuffer input;
    DeviceBuffer work;
    final DeviceBuffer[] groupRows = new DeviceBuffer[2];  // a group's pivot rows, groups alternating
    private NegativeWeights negative;  // null: weights >= 0, or no row of this band is a vertex
    final Event sent = new Event(false);
    final Event tailDone = new Event(false);
    final Event[] nextDone = {new Event(false), new Event(false)};
    final Event[] restDone = {new Event(false), new Event(false)};
    final Event done = new Event(false);

    // The events above are made in the current context, the band's: CudaContext.of made it current.
    Band(int index, CudaContext cuda, BandLayout layout, int tile, int ld, int n, String kernelModule) {
        this.index = index;
        this.cuda = cuda;
        this.firstTile = layout.firstTile()[index];
        this.tileRows = layout.tileRows()[index];
        this.layout = layout;
        this.tile = tile;
        this.ld = ld;
        this.n = n;
        TileKernel closeKernel, updateKernel;
        CudaStream mainStream = null;
        try {
            closeKernel = tileKernel(cuda, kernelModule, "fw_kleene_bands_close", tile);
            updateKernel = tileKernel(cuda, kernelModule, "fw_kleene_bands_update", tile);
            mainStream = CudaStream.withPriority(true);
            this.side = CudaStream.withPriority(false);
        } catch (RuntimeException e) {
            if (mainStream != null) mainStream.close();
            events().forEach(Event::close);  // nobody closes a band that was not made
            throw e;
        }
        this.close = closeKernel;
        this.update = updateKernel;
        this.main = mainStream;
    }

    private static TileKernel tileKernel(CudaContext cuda, String kernelModule, String family, int tile) {
        TileKernel kernel = cuda.module(kernelModule).tileKernel(family + "_t" + tile);
        if (kernel.shape().tile() != tile) {
            throw new IllegalStateException(kernel + " exports a launch shape of tile " + kernel.shape().tile() + ", not " + tile);
        }
        return kernel;
    }

    private List<Event> events() {
        return List.of(sent, tailDone, nextDone[0], nextDone[1], restDone[0], restDone[1], done);
    }

    /** This band's rows that are vertices of the graph, not padding: 0 for a band of padding alone. */
    int liveRows() {
        return Math.max(0, Math.min(tileRows * tile, n - firstTile * tile));
    }

    /**
     * Allocates and loads the band's buffers, with group buffers of {@code groupRounds} pivot rows
     * where {@code groupBuffers}; {@code bounds} present: the graph has negative weights.
     */
    void allocate(Graph graph, boolean groupBuffers, int groupRounds, Optional<NegativeWeights.Bounds> bounds) {
        cuda.makeCurrent();
        long cells = (long) tileRows * tile * ld;
        input = keep(new DeviceBuffer(cells));
        work = keep(new DeviceBuffer(cells));
        if (groupBuffers) {
            groupRows[0] = keep(new DeviceBuffer((long) groupRounds * tile * ld));
            groupRows[1] = keep(new DeviceBuffer((long) groupRounds * tile * ld));
        }
        DeviceGraphs.loadRows(graph, input, ld, firstTile * tile, tileRows * tile, main);
        work.copyFromDevice(input, main);
        if (bounds.isPresent() && liveRows() > 0) {
            negative = new NegativeWeights(cuda, bounds.get(), n, ld, firstTile * tile, liveRows());
            negative.enqueueReset(main);
        }
        main.synchronize();
    }

    /** Enqueues on the main stream forgetting a negative cycle found by an earlier solve (within a reset). */
    void enqueueResetNegativeCycle() {
        if (negative != null) negative.enqueueReset(main);
    }

    /** Enqueues on the main stream, after every update of the band, INF back where there is no path (negative weights only). */
    void enqueueFinishNegativeWeights() {
        if (negative != null) negative.enqueueFinish(main, work, null, 0);
    }

    /** The first cell of this band, by its index in the whole matrix, that proves a negative cycle after the last solve (synchronous). */
    OptionalLong negativeCycleCell() {
        cuda.makeCurrent();
        return negative == null ? OptionalLong.empty() : negative.negativeCycleCell();
    }

    private DeviceBuffer keep(DeviceBuffer buffer) {
        owned.add(buffer);
        return buffer;
    }

    /** Tile row t of this band's working matrix (it must hold it). */
    DeviceBuffer tileRow(int t) {
        int local = layout.localRow(index, t);
        return work.slice((long) local * tile * ld, (long) tile * ld);
    }

    /** The rows an update reads B from: this band's own from tile row bFirst on, or a group buffer. */
    private DeviceBuffer rows(BandRounds.Update u) {
        if (u.buffer() >= 0) return groupRows[u.buffer() & 1];
        long from = (long) layout.localRow(index, u.bFirst()) * tile * ld;
        return work.slice(from, work.cells() - from);
    }

    /** Where the copy of pivot row q goes in group {@code group}'s buffer (the group's first row is groupFirst's). */
    DeviceBuffer groupRow(int group, int q, int groupFirst) {
        return groupRows[group & 1].slice((long) (q - groupFirst) * tile * ld, (long) tile * ld);
    }

    void update(CudaStream stream, BandRounds.Update u) {
        BandRounds.Span r = u.rows(), c = u.columns();
        if (r.count() <= 0 || c.count() <= 0) return;
        update.launch(stream, c.count(), r.count(), new BandsSolver.Update(work, ld, n, rows(u), u.bFirst(), firstTile, r.base(),
                r.skipFrom(), r.skipTo(), c.base(), c.skipFrom(), c.skipTo(), u.first(), u.end()));
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        for (Event e : events()) e.close();
        if (negative != null) negative.close();
        for (DeviceBuffer buffer : owned) buffer.close();
        main.close();
        side.close();
    }
}
