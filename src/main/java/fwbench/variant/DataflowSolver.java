package fwbench.variant;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;

/**
 * kernels/08_dataflow.cu: kleene's tile products as one persistent kernel per solve, each tile
 * update starting when the tiles it reads are done (kernels/dataflow.cuh), with kleene's tile per n.
 */
final class DataflowSolver extends GpuSolver {
    /** Chunk buffers of the tile product in the dataflow kernels (dataflow::STAGES). */
    static final int STAGES = 3;

    private final int tile;
    private final DataflowLaunch launch;

    DataflowSolver(SolverConfig config) {
        this(config, 0);
    }

    /** With {@code forcedTile} 64 or 128 that tile is used whatever n (tests); 0 chooses as kleene does. */
    DataflowSolver(SolverConfig config, int forcedTile) {
        super(Variant.DATAFLOW, config);
        tile = forcedTile != 0 ? forcedTile : KleeneSolver.tileFor(n);
        if (tile != 64 && tile != 128) throw new IllegalArgumentException("dataflow tiles are 64 or 128, not " + tile);
        launch = new DataflowLaunch(module().kernel("fw_dataflow_t" + tile), sharedBytes(tile), ld / tile, cuda.device());
    }

    /** minplus::shared_words<Int32, T, STAGES>() in bytes: A chunks of T x (32 + 4) and B chunks of 32 x T words. */
    static int sharedBytes(int tile) {
        return STAGES * (tile * 36 + 32 * tile) * 4;
    }

    @Override
    public String describe() {
        return "dataflow (" + KleeneSolver.tileChoice(tile, n) + ", " + launch.grid() + " persistent blocks, n padded to " + ld + ")";
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer d) {
        launch.enqueue(stream, d, ld, n);
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        launch.close();
        super.close();
    }
}
