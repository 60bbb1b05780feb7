package fwbench.variant.kleene;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.VariantTraits;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;

/**
 * kernels/11_kleene_f32.cu: kleene's rounds and launch choice on float32 distances.
 *
 * <p>A graph of real weights is uploaded as float32 bits (DeviceGraphs) and read back as floats
 * ({@link #distanceMatrix()}). An integer graph's weights become floats on the device at each reset
 * and the distances integers again when read (exact below {@link CellType#FLOAT32}'s bound, 2^24,
 * which the solver requires), so the suite's oracles check it as they check kleene: its matrix
 * holds floats from a reset (or a solve) until the result is read, integers after.
 */
public final class KleeneF32Solver extends KleeneSolver {

    /** The prefix of kleene-f32's kernels, {@code fw_kleene_f32_phaseN_tT}. */
    public static final String FAMILY = "fw_kleene_f32";

    private final Kernel toFloat;
    private final Kernel toInt;
    private final boolean realWeights;
    private boolean floats;  // whether the matrix holds float bits (always, for real weights)

    public KleeneF32Solver(VariantTraits variant, SolverConfig config) {
        super(variant, FAMILY, requireExact(config));
        realWeights = config.realWeights();
        floats = realWeights;
        try {
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
