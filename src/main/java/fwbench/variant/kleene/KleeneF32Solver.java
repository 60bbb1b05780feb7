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
 * <p>No launch reads a tile that another is writing ({@link Reads#FIXED}): products read their operands
 * from a third matrix on the device, where phase 2 stores the pivot row and a group's tile rows and
 * columns are copied after its chain, so every solve of a graph gives the same float32 bits. From {@link #GROUPS_FROM_N} its rounds run in groups
 * of five, as kleene's do.
 */
public final class KleeneF32Solver extends KleeneSolver {

    /** The prefix of kleene-f32's kernels, {@code fw_kleene_f32_phaseN_tT}. */
    public static final String FAMILY = "fw_kleene_f32";

    /**
     * From this n the rounds run in groups of {@link #GROUP_ROUNDS} (kernels/NOTES.md, kleene-f32):
     * faster at n = 10000, slower at 5000, where the group's chain does not hide behind the bulk.
     */
    public static final int GROUPS_FROM_N = 9000;

    /** The rounds a group from {@link #GROUPS_FROM_N}. */
    public static final int GROUP_ROUNDS = 5;

    private final Kernel toFloat;
    private final Kernel toInt;
    private final boolean realWeights;
    private boolean floats;  // whether the matrix holds float bits (always, for real weights)
    private final DeviceBuffer operandCopy;  // the pivot rows and the groups' tile rows and columns as the products read them

    public KleeneF32Solver(VariantTraits variant, SolverConfig config) {
        this(variant, config, groupedRounds(config.n()));
    }

    /** kleene-f32 with its rounds in groups of {@code groupRounds} (1: one by one), whatever n (tests). */
    public KleeneF32Solver(VariantTraits variant, SolverConfig config, int groupRounds) {
        super(variant, FAMILY, requireExact(config), groupRounds, Reads.FIXED);
        realWeights = config.realWeights();
        floats = realWeights;
        try {
            operandCopy = new DeviceBuffer((long) ld * ld);
            toFloat = module().kernel("fw_kleene_f32_from_int");
            toInt = module().kernel("fw_kleene_f32_to_int");
            reset();  // floats for a first solve
        } catch (RuntimeException e) {
            close();  // nobody closes a solver whose constructor failed
            throw e;
        }
    }

    /** The rounds a group at n: the pin ({@link KleeneSolver#GROUPED_ROUNDS_PIN}), else the table's. */
    public static int groupedRounds(int n) {
        return GROUPED_ROUNDS_PIN.value().orElse(n >= GROUPS_FROM_N ? GROUP_ROUNDS : 1);
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
        return new Rounds(d, reads() == Reads.FIXED ? operandCopy : d, ld, n, tile());
    }

    /**
     * kleene's launches with the operand copy: phase 2 stores the pivot row there too, phase 3 reads it
     * there; GROUP_CHAIN reads the matrix itself (a group's copy is made after it), GROUP_NEXT and
     * GROUP_REST the copy. Where nothing races (one round at a time, one bulk launch) the copy is d.
     */
    record Rounds(DeviceBuffer d, DeviceBuffer copy, int ld, int n, int tile) implements LookaheadRounds.RoundArgs {
        @Override
        public KernelArgs closePivot(int p) {
            return new KleeneKernelArgs.ClosePivot(d, ld, p);
        }

        @Override
        public KernelArgs cross(int p) {
            return new Cross(d, copy, ld, n, p);
        }

        @Override
        public KernelArgs rest(int p, RestMode mode, int firstRow) {
            return new Rest(d, copy, ld, n, p, mode, firstRow);
        }

        @Override
        public KernelArgs group(int p, int last, RestMode mode, int firstRow) {
            return new Group(d, mode == RestMode.GROUP_CHAIN ? d : copy, ld, n, p, last, mode, firstRow);
        }

        @Override
        public KernelArgs groupRest(int p, int last, int firstRow) {
            return new GroupRest(d, copy, ld, n, p, last, firstRow);
        }

        /** A group's tile columns p .. last of every row, and its tile rows, from d into the copy. */
        @Override
        public void copyOperands(CudaStream stream, int p, int last) {
            int first = p * tile, width = Math.min((last + 1) * tile, ld) - first;
            copy.copyColumnsFrom(d, ld, first, width, stream);
            copy.copyCellsFrom(d, (long) first * ld, (long) width * ld, stream);
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
