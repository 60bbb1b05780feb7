package fwbench.variant.kleene;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.graph.Distances;
import fwbench.graph.RealGraph;
import fwbench.variant.core.NegativeWeights;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;
import fwbench.variant.core.VariantTraits;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;

import jcuda.Pointer;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * kernels/15_kleene_i64.cu and 16_kleene_f64.cu: kleene's rounds and launch choice on 64-bit cells
 * (the variant's {@link CellType#INT64} or {@link CellType#FLOAT64}), one round at a time like
 * kleene-f32's.
 *
 * <p>The cells do not fit the suite's int32 matrices, so the solve runs in a work matrix of its
 * own, ld x ld 64-bit words ({@link CellType#intsPerWord()} int matrices): each reset widens the
 * int32 input into it ({@code fw_kleene_X_from_int}, X = i64 or f64), and the distances are
 * narrowed back into the int32 matrix ({@code fw_kleene_X_to_int}) when they are read, so the
 * suite's oracles check it as they check kleene. Both cells hold every int32 distance exactly. A
 * graph with negative weights narrows inside the solve, before the step that ends it
 * (NegativeWeights), which works on int32 cells.
 *
 * <p>For solve, the 64-bit distances themselves are read back ({@link #distanceMatrix()}), past
 * what int32 holds; and kleene-f64 takes a graph of real weights, uploaded as doubles straight
 * into the work matrix at each reset (the int32 input is not used for it). The benchmark reads
 * the narrowed int32 matrix as before.
 */
public final class KleeneWideSolver extends KleeneSolver {

    private final Kernel widen;
    private final Kernel narrow;
    private final DeviceBuffer wide;
    private final boolean narrowedBySolve;  // negative weights: the solve leaves the int32 result itself
    private final RealGraph realGraph;  // real weights (kleene-f64): uploaded as doubles at each reset; else null

    public KleeneWideSolver(VariantTraits variant, SolverConfig config) {
        super(variant, family(variant.cellType()), requireTakes(variant, config));
        narrowedBySolve = config.negativeWeights();
        realGraph = config.realWeights() ? config.realGraph() : null;
        try {
            String family = family(variant.cellType());
            widen = module().kernel(family + "_from_int");
            narrow = module().kernel(family + "_to_int");
            wide = new DeviceBuffer((long) variant.cellType().intsPerWord() * ld * ld);
            reset();  // the 64-bit cells for a first solve
        } catch (RuntimeException e) {
            close();  // nobody closes a solver whose constructor failed
            throw e;
        }
    }

    /** Words uploaded at a time from a graph of real weights: 8 MiB. */
    private static final int UPLOAD_WORDS = 1 << 20;

    /**
     * Refuses, before anything is allocated, real weights in int64 cells and real weights of either
     * sign (the step that ends a solve with negative weights works on int32 cells).
     */
    static SolverConfig requireTakes(VariantTraits variant, SolverConfig config) {
        if (!config.realWeights()) return config;
        if (variant.cellType() != CellType.FLOAT64) throw new UnsupportedInputException("int64 cells take integer weights only; real weights: kleene-f64");
        if (config.negativeWeights()) throw new UnsupportedInputException("kleene-f64 takes real weights >= 0 only");
        return config;
    }

    /**
     * The 64-bit distances themselves, after {@link #solve()}, not narrowed to int32 (so they may
     * pass it): int64 ({@link Distances#INF64} for no path) or float64 (+infinity). With negative
     * weights the solve narrows them in place: then they are the int32 {@link #distances()}.
     */
    @Override
    public DistanceMatrix distanceMatrix() {
        if (narrowedBySolve) return super.distanceMatrix();
        long[] words = downloadWide();
        if (variant().cellType() == CellType.INT64) {
            for (int c = 0; c < words.length; c++) if (words[c] >= Distances.INF64) words[c] = Distances.INF64;  // no path stays at least INF64
            return DistanceMatrix.of(n, words);
        }
        double[] d = new double[words.length];
        for (int c = 0; c < words.length; c++) d[c] = Double.longBitsToDouble(words[c]);
        return DistanceMatrix.of(n, d);
    }

    private long[] downloadWide() {
        cuda.makeCurrent();
        stream.synchronize();
        return wide.downloadLongRows(n, ld);
    }

    /**
     * The real graph's weights as doubles into the ld x ld work matrix, row blocks at a time: 0 on
     * the diagonal, +infinity for no edge, and the padding isolated vertices as DeviceGraphs pads.
     */
    private void uploadRealWeights() {
        double[] w = realGraph.weights();
        long zero = Double.doubleToRawLongBits(0), none = Double.doubleToRawLongBits(Double.POSITIVE_INFINITY);
        int rows = Math.max(1, UPLOAD_WORDS / ld);
        for (int from = 0; from < ld; from += rows) {
            long[] block = new long[Math.min(rows, ld - from) * ld];
            for (int r = 0; r * ld < block.length; r++) {
                int i = from + r;
                for (int j = 0; j < ld; j++) {
                    block[r * ld + j] = i < n && j < n ? Double.doubleToRawLongBits(w[i * n + j]) : i == j ? zero : none;
                }
            }
            wide.uploadLongs(block, (long) from * ld);
        }
    }

    /** The kernels' prefix of 64-bit cells: fw_kleene_i64 for INT64, fw_kleene_f64 for FLOAT64 (integer or float, and the bits). */
    public static String family(CellType cells) {
        if (cells.wordBits() != Long.SIZE) {
            throw new IllegalArgumentException(cells + " cells are not 64-bit: " + cells.word() + " has " + cells.wordBits() + "-bit words");
        }
        return "fw_kleene_" + (cells.real() ? "f" : "i") + cells.bits();
    }

    /** (const int* from, long long* to, int ld), or the other way round: a conversion between the int32 and the 64-bit matrix. */
    record Convert(DeviceBuffer from, DeviceBuffer to, int ld) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(from), buffer(to), value(ld));
        }
    }

    private void convert(Kernel kernel, CudaStream stream, DeviceBuffer from, DeviceBuffer to) {
        kernel.launch(stream, ceilDiv(ld, 32), ceilDiv(ld, 8), 32, 8, 0, new Convert(from, to, ld));
    }

    @Override
    protected void enqueueResetExtras(CudaStream stream, DeviceBuffer matrix) {
        if (wide == null) return;  // only while the superclass's constructor runs
        if (realGraph != null) uploadRealWeights();
        else convert(widen, stream, deviceInput(), wide);
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer matrix) {
        enqueueRounds(stream, wide);
    }

    @Override
    protected void enqueueFinishNegativeWeights(CudaStream stream, DeviceBuffer matrix, NegativeWeights negative) {
        convert(narrow, stream, wide, matrix);
        negative.enqueueFinish(stream, matrix, null, 0);
    }

    @Override
    protected void enqueuePublishResult(CudaStream stream, DeviceBuffer matrix) {
        if (realGraph != null) throw new IllegalStateException("real weights: the distances are float64, distanceMatrix()");
        if (!narrowedBySolve) convert(narrow, stream, wide, matrix);
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        if (wide != null) wide.close();
        super.close();
    }
}
