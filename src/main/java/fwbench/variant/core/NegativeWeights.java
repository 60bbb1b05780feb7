package fwbench.variant.core;


import fwbench.cuda.CudaContext;
import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;
import fwbench.graph.Graph;
import jcuda.Pointer;

import java.util.Optional;
import java.util.OptionalLong;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.noBuffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * The last step of a GPU solve of a graph with negative weights (kernels/graph.cu,
 * fw_finish_negative_weights), for the variants that take them. Their kernels add INF like any other number, so INF plus a negative weight leaks
 * below INF into cells with no path; the step sets every cell above the longest possible distance
 * back to INF, and looks for a negative cycle: a negative diagonal cell, or a cell below any
 * path's length. Graphs with weights >= 0 never run it: their solve is the variant's launches alone.
 * One instance covers a whole matrix, or one row band of it on its device (kleene-bands).
 */
public final class NegativeWeights implements AutoCloseable {

    /**
     * A graph's distances lie in lo..hi (lo = (n - 1) w_min, hi = the longest possible shortest
     * path); with no path, a cell ends at least inf + 2 (n - 1) w_min, which must stay above hi
     * (also for the two parts of a route: kernels/NOTES.md, negative weights), and lo above -inf, so that
     * no sum of two cells overflows.
     */
    public record Bounds(int lo, int hi, int inf) {
    }

    /**
     * fw_finish_negative_weights(int* d, int* q, int n, int ld, int firstRow, int rows, int shift, int hi, int lo, int inf,
     * unsigned long long* negativeAt).
     */
    public record Finish(DeviceBuffer d, DeviceBuffer q, int n, int ld, int firstRow, int rows, int shift, int hi, int lo, int inf,
                         DeviceBuffer negativeAt) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), q == null ? noBuffer() : buffer(q), value(n), value(ld), value(firstRow), value(rows), value(shift),
                    value(hi), value(lo), value(inf), buffer(negativeAt));
        }
    }

    private final Bounds bounds;
    private final int n;
    private final int ld;
    private final int firstRow;
    private final int rows;
    private final Kernel finish;
    private final DeviceBuffer negativeAt;  // an unsigned long long as two ints; all ones: none found

    NegativeWeights(Bounds bounds, int n, int ld) {
        this(CudaContext.get(), bounds, n, ld, 0, n);
    }

    /**
     * The step over rows firstRow .. firstRow + rows - 1 (1 <= rows <= n - firstRow) of an n x n
     * matrix, held on {@code cuda}'s device in a buffer that starts at row firstRow; it reports cells
     * by their index in the whole matrix. Made, and later used, with {@code cuda} current.
     */
    public NegativeWeights(CudaContext cuda, Bounds bounds, int n, int ld, int firstRow, int rows) {
        if (firstRow < 0 || rows < 1 || rows > n - firstRow) throw new IllegalArgumentException("rows " + firstRow + " + " + rows + " of " + n);
        this.bounds = bounds;
        this.n = n;
        this.ld = ld;
        this.firstRow = firstRow;
        this.rows = rows;
        this.finish = cuda.module("graph").kernel("fw_finish_negative_weights");
        this.negativeAt = new DeviceBuffer(2);
    }

    /**
     * The refusal of a graph with negative weights by a variant that takes weights >= 0 only;
     * {@code instead} names the variants that take them.
     */
    public static UnsupportedInputException refusal(VariantTraits variant, SolverConfig config, String instead) {
        return new UnsupportedInputException(variant + " needs edge weights >= 0 (it adds INF like any other number, and INF plus a "
                + "negative weight is less than INF); " + config.describe() + " has negative weights: use " + instead);
    }

    /**
     * The bounds of a graph with negative weights; empty for weights >= 0. Refuses, before anything
     * is allocated, a variant that does not take negative weights, and a graph whose weights are
     * too far from 0 for the variant's INF.
     */
    public static Optional<Bounds> bounds(VariantTraits variant, SolverConfig config) {
        if (!config.negativeWeights()) return Optional.empty();
        if (!variant.takesNegativeWeights()) throw refusal(variant, config, "a variant that takes them");
        Graph g = config.graph();
        long n1 = Math.max(g.n() - 1, 1);
        long maxWeight = Math.max(0, g.maxWeight());
        long hi = g.complete() ? maxWeight : n1 * maxWeight;
        long lo = n1 * Math.min(0, g.minWeight());
        long inf = variant.inf();
        if (hi >= inf || lo <= -inf || inf + 2 * lo <= hi) {
            throw new UnsupportedInputException(variant + " takes negative weights while INF + 2 (n - 1) x the smallest weight stays above the "
                    + "longest distance (INF = " + inf + "); " + g.describe() + " has weights down to " + g.minWeight() + " and distances up to "
                    + hi + ": its weights are too far from 0 for " + variant);
        }
        return Optional.of(new Bounds((int) lo, (int) hi, (int) inf));
    }

    /** Enqueues forgetting any negative cycle found by an earlier solve (within a reset, not timed). */
    public void enqueueReset(CudaStream stream) {
        negativeAt.fill(-1, stream);
    }

    /**
     * Enqueues the last step of a solve over d (its rows from firstRow on), whose cells are distances shifted left by
     * {@code shift} bits; q, the intermediate-node matrix or null, gets n + 1 (none) where a cell has no path.
     */
    public void enqueueFinish(CudaStream stream, DeviceBuffer d, DeviceBuffer q, int shift) {
        finish.launch(stream, (n + 31) / 32, (rows + 7) / 8, 32, 8, 0,
                new Finish(d, q, n, ld, firstRow, rows, shift, bounds.hi(), bounds.lo(), bounds.inf(), negativeAt));
    }

    /** The cell i * n + j that proves a negative cycle after the last solve, if any (synchronous). */
    public OptionalLong negativeCycleCell() {
        long cell = negativeAt.readLong(0);
        return cell == -1L ? OptionalLong.empty() : OptionalLong.of(cell);
    }

    @Override
    public void close() {
        negativeAt.close();
    }
}
