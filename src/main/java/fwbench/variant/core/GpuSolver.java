package fwbench.variant.core;


import fwbench.cuda.CompletionFlag;
import fwbench.cuda.CudaContext;
import fwbench.cuda.CudaGraph;
import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Event;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;
import fwbench.cuda.KernelModule;
import fwbench.cuda.TileKernel;
import fwbench.graph.Graph;

import jcuda.Pointer;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * What every GPU variant shares: the input and working matrices on the device, a stream, the
 * events that time each solve, and the launch mode. A variant supplies only
 * {@link #enqueueSolve}: the kernel launches of one solve.
 *
 * <p>Matrices are {@link #ld} x {@link #ld} ints, ld = n rounded up to {@code Variant.padTo()};
 * the cells past n are isolated padding vertices, so tiled kernels need no bounds checks.
 *
 * <p>The timed {@link #solve()} is: record an event, replay the captured graph (or issue the
 * launches), have the stream set a flag in host memory, record an event, wait for the flag
 * ({@link CompletionFlag}: the host learns of the end about 4 us sooner than from the event, which
 * still times the solve). Nothing else runs on the timed path; the input is
 * restored by {@link #reset()}, outside it. A graph with negative weights adds one step to the
 * solve, timed with it ({@link NegativeWeights}), for the variants that take them.
 */
public abstract class GpuSolver implements Solver {

    protected final CudaContext cuda;
    protected final int n;
    /** Ints per matrix row (and rows per matrix): n padded to the variant's tile. */
    protected final int ld;
    protected final CudaStream stream;
    private final VariantTraits variant;
    private final LaunchMode launch;
    private final DeviceBuffer input;
    private DeviceBuffer matrix;  // null until read where the solve keeps its result elsewhere
    private final Event start;
    private final Event stop;
    private final CompletionFlag done;
    private final Optional<NegativeWeights> negativeWeights;
    private CudaGraph graph;
    private boolean solved;

    protected GpuSolver(VariantTraits variant, SolverConfig config) {
        this(variant, config, true);
    }

    /**
     * With {@code solvesInMatrix} false the solve keeps its result in buffers of its own (packed16's
     * packed cells), so the int32 matrix is allocated only when {@link #deviceMatrix()} is first
     * read: a run that only verifies on the device never holds it.
     */
    protected GpuSolver(VariantTraits variant, SolverConfig config, boolean solvesInMatrix) {
        Optional<NegativeWeights.Bounds> bounds = NegativeWeights.bounds(variant, config);  // refuses before allocating
        this.cuda = CudaContext.get();
        this.variant = variant;
        this.n = config.n();
        this.ld = variant.padded(n);
        this.launch = config.launch();
        // highest priority: a variant that runs bulk work on a side stream (LookaheadRounds) keeps
        // its critical path ahead of it
        this.stream = CudaStream.withPriority(true);
        DeviceBuffer in = null, work = null;
        NegativeWeights negative = null;
        Event first = null, last = null;
        CompletionFlag flag = null;
        try {
            first = new Event();
            last = new Event();
            flag = new CompletionFlag();
            in = new DeviceBuffer((long) ld * ld);
            if (config.realWeights()) DeviceGraphs.load(config.realGraph(), in, ld, stream);
            else DeviceGraphs.load(config.graph(), in, ld, stream);
            if (solvesInMatrix) {
                work = new DeviceBuffer((long) ld * ld);
                work.copyFrom(in, stream);
            }
            if (bounds.isPresent()) {
                negative = new NegativeWeights(bounds.get(), n, ld);
                negative.enqueueReset(stream);
            }
            stream.synchronize();
        } catch (RuntimeException e) {
            if (negative != null) negative.close();
            if (work != null) work.close();
            if (in != null) in.close();
            if (flag != null) flag.close();
            if (last != null) last.close();
            if (first != null) first.close();
            stream.close();
            throw e;
        }
        this.input = in;
        this.matrix = work;
        this.negativeWeights = Optional.ofNullable(negative);
        this.start = first;
        this.stop = last;
        this.done = flag;
    }

    /** Enqueues on {@code stream} every launch of one solve of {@code matrix} in place. */
    protected abstract void enqueueSolve(CudaStream stream, DeviceBuffer matrix);

    /**
     * Enqueues the last step of a solve of a graph with negative weights over {@code matrix}: INF
     * back where there is no path ({@link NegativeWeights#enqueueFinish}). A variant that keeps
     * more than a distance in a cell, or an intermediate-node matrix, says so here.
     */
    protected void enqueueFinishNegativeWeights(CudaStream stream, DeviceBuffer matrix, NegativeWeights negative) {
        negative.enqueueFinish(stream, matrix, null, 0);
    }

    /** Enqueues restoring any extra state a variant keeps, after the input is copied into {@code matrix} (within {@link #reset()}). */
    protected void enqueueResetExtras(CudaStream stream, DeviceBuffer matrix) {
    }

    /**
     * Enqueues what a variant needs before a solve that {@link #reset()} did not prepare, such as a
     * result read in between (kleene-paths' route keys); runs before the timed events, and in
     * a benchmark never, since a reset precedes every solve.
     */
    protected void enqueueBeforeSolve(CudaStream stream, DeviceBuffer matrix) {
    }

    /**
     * Enqueues bringing the distances into {@link #deviceMatrix()} when a variant solves in a
     * buffer of its own (packed16); called before the result is read, never on the timed path.
     */
    protected void enqueuePublishResult(CudaStream stream, DeviceBuffer matrix) {
    }

    /** The module of this variant's kernels. */
    protected final KernelModule module() {
        return cuda.module(variant.kernelModule());
    }

    /**
     * The tile kernel FAMILY_tT of this variant's module, e.g. fw_dataflow_t128, with the launch
     * shape it exports; refused when that shape's tile is not the T of its name.
     */
    protected final TileKernel tileKernel(String family, int tile) {
        TileKernel kernel = module().tileKernel(family + "_t" + tile);
        if (kernel.shape().tile() != tile) {
            throw new IllegalStateException(kernel + " exports a launch shape of tile " + kernel.shape().tile() + ", not " + tile);
        }
        return kernel;
    }

    /** The longest distance a graph of weights >= 0 can have: its largest weight if complete, else (n - 1) times it. */
    protected static long distanceBound(Graph g) {
        return g.complete() ? g.maxWeight() : (long) Math.max(g.n() - 1, 1) * g.maxWeight();
    }

    /**
     * Refuses a graph whose distances might reach {@code inf}, the "no path" of a variant's narrower
     * cells: weights must be below it and so must the longest possible shortest path, which is the
     * largest weight in a complete graph and (n - 1) times it otherwise. The message starts with
     * {@code what} and ends naming the variant that takes the graph.
     */
    protected static void requireDistancesBelow(Graph g, int inf, String what, String instead) {
        long maxWeight = g.maxWeight();
        long bound = distanceBound(g);
        if (maxWeight >= inf || bound >= inf) {
            throw new UnsupportedInputException(what + ", below " + inf + "; " + g.describe() + " can have distances up to " + bound
                    + (g.complete() ? " (its largest weight)" : " ((n - 1) x its largest weight " + maxWeight + ")")
                    + ": use " + instead);
        }
    }

    /** An element-wise kernel over the ld x ld matrix d in place, (int* d, int ld): a variant's cell conversions. */
    public record InPlace(DeviceBuffer d, int ld) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(ld));
        }
    }

    /** Launches an {@link InPlace} kernel over {@code d}, blocks of 32 x 8 cells. */
    protected final void launchInPlace(Kernel kernel, CudaStream stream, DeviceBuffer d) {
        kernel.launch(stream, ceilDiv(ld, 32), ceilDiv(ld, 8), 32, 8, 0, new InPlace(d, ld));
    }

    protected static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }

    /**
     * Tiles a side that n vertices need at this tile: ceil(n / tile), not the padded matrix's
     * ld / tile. Tiles wholly past n would be rounds of padding alone (at n = 1025, T = 64 and
     * packed16's padding to 256, 20 tiles where 17 hold every live cell); the kernels skip the
     * padding inside a tile that holds live cells.
     */
    public static int tilesPerSide(int n, int tile) {
        return Math.toIntExact(((long) n + tile - 1) / tile);
    }

    @Override
    public final VariantTraits variant() {
        return variant;
    }

    @Override
    public final int n() {
        return n;
    }

    /** Ints between the starts of two matrix rows. */
    public final int leadingDimension() {
        return ld;
    }

    @Override
    public final void reset() {
        cuda.makeCurrent();
        if (matrix != null) matrix.copyFrom(input, stream);
        enqueueResetExtras(stream, matrix);
        negativeWeights.ifPresent(negative -> negative.enqueueReset(stream));
        stream.synchronize();
    }

    @Override
    public final void solve() {
        if (launch == LaunchMode.GRAPH && graph == null) {
            // captured on first use: a subclass's kernels are not loaded yet while this constructor runs
            graph = CudaGraph.capture(stream, this::enqueueWholeSolve);
        }
        enqueueBeforeSolve(stream, matrix);
        start.record(stream);
        if (graph != null) graph.launch(stream);
        else enqueueWholeSolve();
        int end = done.enqueueWrite(stream);
        stop.record(stream);
        done.await(end, stop);
        solved = true;
    }

    /** The variant's launches, and for a graph with negative weights the step that ends them. */
    private void enqueueWholeSolve() {
        enqueueSolve(stream, matrix);
        negativeWeights.ifPresent(negative -> enqueueFinishNegativeWeights(stream, matrix, negative));
    }

    @Override
    public OptionalLong negativeCycleCell() {
        cuda.makeCurrent();
        return solved && negativeWeights.isPresent() ? negativeWeights.get().negativeCycleCell() : OptionalLong.empty();
    }

    @Override
    public OptionalDouble lastSolveGpuMillis() {
        if (!solved) return OptionalDouble.empty();
        stop.synchronize();  // solve() returns at the flag, which the stream sets just before this event
        return OptionalDouble.of(Event.elapsedMillis(start, stop));
    }

    @Override
    public int[] distances() {
        return deviceMatrix().downloadRows(n, ld);
    }

    /** The input weights on the device, ld x ld (the certificate check reads them). */
    public DeviceBuffer deviceInput() {
        return input;
    }

    /** The distances on the device after a solve, ld x ld. */
    public DeviceBuffer deviceMatrix() {
        cuda.makeCurrent();
        if (matrix == null) matrix = new DeviceBuffer((long) ld * ld);
        enqueuePublishResult(stream, matrix);
        stream.synchronize();
        return matrix;
    }

    @Override
    public long deviceBytes() {
        return variant.deviceBytes(n);
    }

    /** Whether the int32 matrix is allocated (always, unless the solve keeps its result elsewhere and nothing has read it). */
    protected final boolean holdsMatrix() {
        return matrix != null;
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        if (graph != null) graph.close();
        start.close();
        stop.close();
        done.close();
        negativeWeights.ifPresent(NegativeWeights::close);
        if (matrix != null) matrix.close();
        input.close();
        stream.close();
    }
}
