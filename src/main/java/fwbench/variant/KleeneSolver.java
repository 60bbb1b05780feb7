package fwbench.variant;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;

/**
 * kernels/07_kleene.cu: rounds of (close the pivot tile, pivot row and column as min-plus products,
 * every other tile as a min-plus product), with a tile T chosen per n (see {@link #tileFor}).
 */
final class KleeneSolver extends GpuSolver {
    /** Matrices are padded to this, a multiple of every tile the solver may pick. */
    static final int PAD = 128;

    private final int tile;
    private final LookaheadRounds rounds;

    KleeneSolver(SolverConfig config) {
        this(config, 0);
    }

    /** With {@code forcedTile} 64 or 128 that tile is used whatever n (tests); 0 chooses. */
    KleeneSolver(SolverConfig config, int forcedTile) {
        super(Variant.KLEENE, config);
        tile = forcedTile != 0 ? forcedTile : tileFor(n);
        if (tile != 64 && tile != 128) throw new IllegalArgumentException("kleene tiles are 64 or 128, not " + tile);
        String suffix = "_t" + tile;
        // minplus::shared_words<Int32, T>(): two chunk buffers of T x (32 + 4) A words and 32 x T B words
        int productSharedBytes = 2 * (tile * 36 + 32 * tile) * 4;
        int pivotSharedBytes = 4 * tile * 4;  // minplus::close_cells: row and column k, double-buffered
        rounds = new LookaheadRounds(
                module().kernel("fw_kleene_phase1" + suffix).allowDynamicSharedMemory(pivotSharedBytes), pivotSharedBytes,
                module().kernel("fw_kleene_phase2" + suffix).allowDynamicSharedMemory(productSharedBytes),
                module().kernel("fw_kleene_phase3" + suffix).allowDynamicSharedMemory(productSharedBytes), productSharedBytes,
                restBands(tile));
    }

    /**
     * The tile for n vertices on this device. Larger tiles halve the rounds and the bytes moved
     * per relaxation; smaller ones give each round 4x the blocks, which small n needs to fill the
     * device. The crossover was measured on an H200 (kernels/NOTES.md); other devices use it too.
     * The dataflow variant uses the same table (its own measurements agree: T = 64 won at n = 2500,
     * T = 128 at n = 5000).
     */
    static int tileFor(int n) {
        Integer chosen = Integer.getInteger(TILE_PROPERTY);  // an explicit choice, shown by describe()
        if (chosen != null) return chosen;
        return n < CROSSOVER_N ? 64 : 128;
    }

    /** System property that overrides the table, e.g. -Dfwbench.kleene.tile=128 (64 or 128). */
    static final String TILE_PROPERTY = "fwbench.kleene.tile";

    /**
     * Below this n, T = 64 is faster: measured on an H200 with lookahead rounds, T = 64 won at
     * n = 2500 (1.62 against 3.06 ms) and T = 128 at n = 4000 (5.73 against 6.17 ms); kernels/NOTES.md.
     */
    static final int CROSSOVER_N = 3500;

    /**
     * How many launches (bands of rows) a round's bulk, phase 3 in mode REST, is split into
     * (LookaheadRounds): two at T = 128, where the round's half-empty last wave of blocks is long
     * enough to matter (68.5 against 69.9 ms at n = 10000 on an H200, kernels/tools/kleene_bench.cu),
     * one at T = 64, where two measured slower (0.38 against 0.36 ms at n = 1000). kernels/NOTES.md, v8.
     */
    static int restBands(int tile) {
        return tile == 128 ? 2 : 1;
    }

    @Override
    public String describe() {
        return "kleene (" + tileChoice(tile, n) + ", n padded to " + ld + ")";
    }

    /** How the tile was chosen and what it means, for describe(): "T=128 for n=10000, 8x8 cells per thread". */
    static String tileChoice(int tile, int n) {
        return "T=" + tile + (Integer.getInteger(TILE_PROPERTY) != null ? " from -D" + TILE_PROPERTY : " for n=" + n)
                + ", " + (tile == 128 ? "8x8" : "4x4") + " cells per thread";
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer d) {
        rounds.enqueue(stream, d, ld, n, ld / tile);
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        rounds.close();
        super.close();
    }
}
