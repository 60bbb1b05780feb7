package fwbench.variant;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.graph.Graph;

/**
 * kernels/08_packed16.cu: kleene's rounds (T = 128) on 16-bit cells packed two per word. The int32
 * input is packed once; each reset copies the packed input; the result is unpacked into the int32
 * matrix only when read. Graphs whose distances could reach 16-bit INF are refused.
 */
final class Packed16Solver extends GpuSolver {
    /** 16-bit INF (kernels/08_packed16.cu): every finite distance must be below it. */
    static final int INF16 = 0x3FFF;
    private static final int TILE = 128;
    private static final int PRODUCT_SHARED_BYTES = 2 * (TILE * 36 + 32 * (TILE / 2)) * 4;
    private static final int PIVOT_SHARED_BYTES = 2 * TILE * (TILE / 2) * 4;

    private final int words;  // words per packed row: ld / 2
    private final DeviceBuffer packedInput;
    private final DeviceBuffer packedWork;
    private final LookaheadRounds rounds;
    private final Kernel unpack;

    Packed16Solver(SolverConfig config) {
        super(Variant.PACKED16, requireRepresentable(config));
        words = ld / 2;
        rounds = new LookaheadRounds(
                module().kernel("fw_packed16_phase1").allowDynamicSharedMemory(PIVOT_SHARED_BYTES), PIVOT_SHARED_BYTES,
                module().kernel("fw_packed16_phase2").allowDynamicSharedMemory(PRODUCT_SHARED_BYTES),
                module().kernel("fw_packed16_phase3").allowDynamicSharedMemory(PRODUCT_SHARED_BYTES), PRODUCT_SHARED_BYTES);
        unpack = module().kernel("fw_packed16_unpack");
        DeviceBuffer in = new DeviceBuffer((long) ld * words);
        DeviceBuffer work;
        try {
            work = new DeviceBuffer((long) ld * words);
        } catch (RuntimeException e) {
            in.close();
            throw e;
        }
        packedInput = in;
        packedWork = work;
        module().kernel("fw_packed16_pack").launch(stream, ceilDiv(words, 32), ceilDiv(ld, 8), 32, 8, 0,
                deviceInput(), ld, packedInput, words, ld);
        packedWork.copyFrom(packedInput, stream);
        stream.synchronize();
    }

    /**
     * Refuses, before anything is allocated, a graph whose distances might not fit below INF16:
     * weights must be below it and so must the longest possible shortest path, which is the
     * largest weight in a complete graph and (n - 1) times it otherwise.
     */
    static SolverConfig requireRepresentable(SolverConfig config) {
        Graph g = config.graph();
        long maxWeight = g.maxWeight();
        long bound = g.complete() ? maxWeight : (long) Math.max(g.n() - 1, 1) * maxWeight;
        if (maxWeight >= INF16 || bound >= INF16) {
            throw new UnsupportedInputException("packed16 keeps distances in 16 bits, below " + INF16 + "; "
                    + g.describe() + " can have distances up to " + bound
                    + (g.complete() ? " (its largest weight)" : " ((n - 1) x its largest weight " + maxWeight + ")")
                    + ": use kleene");
        }
        return config;
    }

    @Override
    public String describe() {
        return "packed16 (T=" + TILE + ", 8x8 cells per thread, n padded to " + ld + ")";
    }

    @Override
    protected void enqueueResetExtras(CudaStream stream) {
        packedWork.copyFrom(packedInput, stream);
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer unused) {
        rounds.enqueue(stream, packedWork, words, ld / TILE);
    }

    @Override
    protected void enqueuePublishResult(CudaStream stream, DeviceBuffer matrix) {
        unpack.launch(stream, ceilDiv(words, 32), ceilDiv(ld, 8), 32, 8, 0, packedWork, words, matrix, ld, ld);
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        rounds.close();
        packedWork.close();
        packedInput.close();
        super.close();
    }
}
