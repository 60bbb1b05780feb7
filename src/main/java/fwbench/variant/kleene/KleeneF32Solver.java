package fwbench.variant.kleene;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.VariantTraits;

import fwbench.variant.schedule.KleeneKernelArgs;
import fwbench.variant.schedule.LookaheadRounds;
import fwbench.variant.schedule.LookaheadRounds.Reads;
import fwbench.variant.schedule.LookaheadRounds.RestMode;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;
import jcuda.Pointer;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * kernels/11_kleene_f32.cu: kleene's rounds and launch choice on float32 distances.
 *
 * <p>A graph of real weights is uploaded as float32 bits (DeviceGraphs) and read back as floats
 * ({@link #distanceMatrix()}). An integer graph's weights become floats on the device at each reset
 * and the distances integers again when read (exact below {@link CellType#FLOAT32}'s bound, 2^24,
 * which the solver requires), so the suite's oracles check it as they check kleene: its matrix
 * holds floats from a reset (or a solve) until the result is read, integers after.
 *
 * <p>No launch reads a tile that another is writing, so every solve of a graph gives the same float32
 * bits. Where one could ({@link Reads#FIXED}: two bulk launches a round, or rounds in groups, which
 * run from {@link KleeneSolver#FLOAT32_GROUPS_FROM_N}) products read operands from a third matrix on
 * the device: one round at a time, phase 2 stores the pivot row there too and phase 3 reads it
 * there; in groups the host copies a group's tile rows and columns there after its chain.
 */
public final class KleeneF32Solver extends KleeneSolver {

    /** The prefix of kleene-f32's kernels, {@code fw_kleene_f32_phaseN_tT}, {@code _group_tT} and {@code _group_rest_tT}. */
    public static final String FAMILY = "fw_kleene_f32";

    private final Kernel toFloat;
    private final Kernel toInt;
    private final boolean realWeights;
    private boolean floats;  // whether the matrix holds float bits (always, for real weights)
    private final DeviceBuffer operandCopy;  // the products' operands where they read fixed ones (Reads.FIXED), else null

    public KleeneF32Solver(VariantTraits variant, SolverConfig config) {
        this(variant, config, float32GroupedRounds(config.n()));
    }

    /** kleene-f32 with its rounds in groups of {@code groupRounds} (1: one by one), whatever n (tests). */
    public KleeneF32Solver(VariantTraits variant, SolverConfig config, int groupRounds) {
        super(variant, FAMILY, requireExact(config), groupRounds, Reads.FIXED);
        realWeights = config.realWeights();
        floats = realWeights;
        try {
            operandCopy = reads() == Reads.FIXED ? new DeviceBuffer((long) ld * ld) : null;
            toFloat = module().kernel("fw_kleene_f32_from_int");
            toInt = module().kernel("fw_kleene_f32_to_int");
            reset();  // floats for a first solve
        } catch (RuntimeException e) {
            close();  // nobody closes a solver whose constructor failed
            throw e;
        }
    }

    /** Refuses, before anything is allocated, an integer graph whose distances float32 might not hold exactly. */
    static SolverConfig requireExact(SolverConfig config) {
        if (config.realWeights()) return config;  // real weights are float32 on the device as they are
        requireDistancesBelow(config.graph(), CellType.FLOAT32.inf(), "kleene-f32 holds integer distances exactly only", "kleene");
        return config;
    }

    /** The float32 distances (+infinity: no path) of a graph of real weights; an integer graph's int32 ones. */
    @Override
    public DistanceMatrix distanceMatrix() {
        if (!realWeights) return super.distanceMatrix();
        int[] bits = deviceMatrix().downloadRows(n, ld);
        float[] d = new float[bits.length];
        for (int c = 0; c < bits.length; c++) d[c] = Float.intBitsToFloat(bits[c]);
        return DistanceMatrix.of(n, d);
    }

    /** Integer distances, of an integer graph; a graph of real weights has its float32 {@link #distanceMatrix()} instead. */
    @Override
    public int[] distances() {
        if (realWeights) throw new IllegalStateException("real weights: the distances are float32, distanceMatrix()");
        return super.distances();
    }

    @Override
    protected LookaheadRounds.RoundArgs roundArgs(DeviceBuffer d) {
        if (operandCopy == null) return new Rounds(d, d, d, ld, n, tile());
        return groupRounds() > 1 ? new Rounds(d, d, operandCopy, ld, n, tile()) : new Rounds(d, operandCopy, d, ld, n, tile());
    }

    /**
     * kleene's launches over d: phase 2 stores the pivot row in {@code rows} too and phase 3 reads it
     * there (rounds one at a time); GROUP_NEXT and GROUP_REST read their operands in {@code panels},
     * where {@link #copyOperands} puts a group's tile rows and columns after its chain (GROUP_CHAIN
     * and GROUP_CATCH_UP run before it and read d). Either is d itself where it is not needed.
     */
    record Rounds(DeviceBuffer d, DeviceBuffer rows, DeviceBuffer panels, int ld, int n, int tile) implements LookaheadRounds.RoundArgs {
        @Override
        public KernelArgs closePivot(int p) {
            return new KleeneKernelArgs.ClosePivot(d, ld, p);
        }

        @Override
        public KernelArgs cross(int p) {
            return new Cross(d, rows, ld, n, p);
        }

        @Override
        public KernelArgs rest(int p, RestMode mode, int firstRow) {
            return new Rest(d, rows, ld, n, p, mode, firstRow);
        }

        @Override
        public KernelArgs group(int p, int last, RestMode mode, int firstRow) {
            return new Group(d, mode == RestMode.GROUP_NEXT ? panels : d, ld, n, p, last, mode, firstRow);
        }

        @Override
        public KernelArgs groupRest(int p, int last, int firstRow) {
            return new GroupRest(d, panels, ld, n, p, last, firstRow);
        }

        /** A group's tile columns p .. last of every row, and its tile rows, from d into the panels' matrix. */
        @Override
        public void copyOperands(CudaStream stream, int p, int last) {
            int first = p * tile, width = (last + 1 - p) * tile;
            panels.copyColumnsFrom(d, ld, first, width, stream);
            long firstCell = (long) first * ld, cells = (long) width * ld;  // its tile rows, whole
            panels.slice(firstCell, cells).copyFromDevice(d.slice(firstCell, cells), stream);
        }
    }

    /** fw_kleene_f32_phase2_tT(int* d, int* operands, int ld, int n, int p): kleene's phase 2, pivot row p stored in {@code operands} too. */
    public record Cross(DeviceBuffer d, DeviceBuffer operands, int ld, int n, int p) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), buffer(operands), value(ld), value(n), value(p));
        }
    }

    /** fw_kleene_f32_phase3_tT(int* d, const int* operands, int ld, int n, int p, int mode, int firstRow): kleene's phase 3, pivot row p read from {@code operands}. */
    public record Rest(DeviceBuffer d, DeviceBuffer operands, int ld, int n, int p, RestMode mode, int firstRow) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), buffer(operands), value(ld), value(n), value(p), value(mode.code), value(firstRow));
        }
    }

    /**
     * fw_kleene_f32_group_tT(int* d, const int* operands, int ld, int n, int p, int last, int mode, int
     * firstRow): kleene's group launch whose products read A and B from {@code operands}.
     */
    public record Group(DeviceBuffer d, DeviceBuffer operands, int ld, int n, int p, int last, RestMode mode, int firstRow) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), buffer(operands), value(ld), value(n), value(p), value(last), value(mode.code), value(firstRow));
        }
    }

    /** fw_kleene_f32_group_rest_tT(int* d, const int* operands, int ld, int n, int p, int last, int firstRow): GROUP_REST over the copy. */
    public record GroupRest(DeviceBuffer d, DeviceBuffer operands, int ld, int n, int p, int last, int firstRow) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), buffer(operands), value(ld), value(n), value(p), value(last), value(firstRow));
        }
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        if (operandCopy != null) operandCopy.close();  // null where the constructor failed before it
        super.close();
    }

    @Override
    protected void enqueueResetExtras(CudaStream stream, DeviceBuffer matrix) {
        if (!realWeights) launchInPlace(toFloat, stream, matrix);
        floats = true;
    }

    /** A result read since the reset left integers in the matrix: floats again. */
    @Override
    protected void enqueueBeforeSolve(CudaStream stream, DeviceBuffer matrix) {
        if (!floats) launchInPlace(toFloat, stream, matrix);
        floats = true;
    }

    @Override
    protected void enqueuePublishResult(CudaStream stream, DeviceBuffer matrix) {
        if (realWeights) return;  // float32 is the answer
        if (floats) launchInPlace(toInt, stream, matrix);
        floats = false;
    }
}
