package fwbench.variant.kleene;

import fwbench.variant.core.CellType;
import fwbench.variant.core.NegativeWeights;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.VariantTraits;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;

import jcuda.Pointer;

import java.util.Locale;

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
 */
public final class KleeneWideSolver extends KleeneSolver {

    private final Kernel widen;
    private final Kernel narrow;
    private final DeviceBuffer wide;
    private final boolean narrowedBySolve;  // negative weights: the solve leaves the int32 result itself

    public KleeneWideSolver(VariantTraits variant, SolverConfig config) {
        super(variant, family(variant.cellType()), config);
        narrowedBySolve = config.negativeWeights();
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

    /** The kernels' prefix of 64-bit cells: fw_kleene_i64 for INT64, fw_kleene_f64 for FLOAT64. */
    static String family(CellType cells) {
        return switch (cells) {
            case INT64 -> "fw_kleene_i64";
            case FLOAT64 -> "fw_kleene_f64";
            default -> throw new IllegalArgumentException(cells + " cells are not 64-bit: " + cells.name().toLowerCase(Locale.ROOT) + " has "
                    + cells.wordBits() + "-bit words");
        };
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
        if (wide != null) convert(widen, stream, deviceInput(), wide);  // null only while the superclass's constructor runs
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
        if (!narrowedBySolve) convert(narrow, stream, wide, matrix);
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        if (wide != null) wide.close();
        super.close();
    }
}
