package fwbench.variant;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.LaunchShape;
import fwbench.cuda.TileKernel;

/**
 * kernels/07_kleene.cu: rounds of (close the pivot tile, pivot row and column as min-plus products,
 * every other tile as a min-plus product), with a tile T chosen per n (see {@link #tileFor}).
 */
class KleeneSolver extends GpuSolver {
    /** Matrices are padded to this, a multiple of every tile the solver may pick. */
    static final int PAD = 128;

    private final int tile;
    private final LaunchShape productShape;
    private final LookaheadRounds rounds;

    KleeneSolver(SolverConfig config) {
        this(config, 0);
    }

    /** With {@code forcedTile} 64 or 128 that tile is used whatever n (tests); 0 chooses. */
    KleeneSolver(SolverConfig config, int forcedTile) {
        this(Variant.KLEENE, "fw_kleene", config, forcedTile);
    }

    /**
     * kleene's rounds over another cell type: {@code family}_phaseN_tT are the variant's kernels,
     * with kleene's parameters (kleene-f32).
     */
    protected KleeneSolver(Variant variant, String family, SolverConfig config, int forcedTile) {
        super(variant, config);
        try {
            tile = forcedTile != 0 ? forcedTile : tileFor(n);
            if (tile != 64 && tile != 128) throw new IllegalArgumentException(variant + " tiles are 64 or 128, not " + tile);
            TileKernel closePivot = tileKernel(family + "_phase1", tile);
            TileKernel cross = tileKernel(family + "_phase2", tile);
            TileKernel rest = tileKernel(family + "_phase3", tile);
            productShape = rest.shape();
            rounds = new LookaheadRounds(closePivot, cross, rest, restLaunches(variant.cellType(), tile, n));
        } catch (RuntimeException e) {
            super.close();  // nobody closes a solver whose constructor failed
            throw e;
        }
    }

    /**
     * The tile for n vertices on this device. Larger tiles halve the rounds and the bytes moved
     * per relaxation; smaller ones give each round 4x the blocks, which small n needs to fill the
     * device. The table was measured on an H200 and serves every device, and dataflow too
     * (kernels/NOTES.md, v3: tile per n).
     */
    static int tileFor(int n) {
        Integer chosen = Integer.getInteger(TILE_PROPERTY);  // an explicit choice, shown by describe()
        if (chosen != null) return chosen;
        return n < CROSSOVER_N ? 64 : 128;
    }

    /** System property that overrides the table, e.g. -Dfwbench.kleene.tile=128 (64 or 128). */
    static final String TILE_PROPERTY = "fwbench.kleene.tile";

    /** Below this n, T = 64 is faster: the crossover lies between the sizes measured (kernels/NOTES.md, v3: tile per n). */
    static final int CROSSOVER_N = 3500;

    /**
     * How many launches (bands of rows) a round's bulk, phase 3 in mode REST, is split into
     * (LookaheadRounds): two at T = 128, where the round's half-empty last wave of blocks is long
     * enough to matter; one at T = 64, where two measured slower (kernels/NOTES.md, v8); and one
     * for float32 cells from {@link #FLOAT32_ONE_REST_LAUNCH_N}, where kleene-f32's longer products
     * measured faster in one (kernels/NOTES.md, kleene-f32).
     */
    static int restLaunches(CellType cells, int tile, int n) {
        Integer chosen = Integer.getInteger(REST_LAUNCHES_PROPERTY);  // an explicit choice, shown by describe()
        if (chosen != null) return chosen;
        return tile == 128 && !(cells.real() && n >= FLOAT32_ONE_REST_LAUNCH_N) ? 2 : 1;
    }

    /**
     * From this n kleene-f32 runs a round's bulk as one launch: on an H200 one band was 1.8% faster
     * at n = 10000, 2.0% slower at 7500 and 2.5% slower at 5000; the crossover lies between 7500
     * and 10000.
     */
    static final int FLOAT32_ONE_REST_LAUNCH_N = 10_000;

    /** System property that overrides the launches of REST, e.g. -Dfwbench.kleene.restLaunches=1 (1 or more). */
    static final String REST_LAUNCHES_PROPERTY = "fwbench.kleene.restLaunches";

    @Override
    public String describe() {
        return variant() + " (" + tileChoice(productShape, n) + ", n padded to " + ld + ")";
    }

    /**
     * How the tile was chosen and what it means, for describe(): "T=128 for n=10000, 8x8 cells per
     * thread", from the launch shape of the tile product kernel.
     */
    static String tileChoice(LaunchShape product, int n) {
        return "T=" + product.tile() + (Integer.getInteger(TILE_PROPERTY) != null ? " from -D" + TILE_PROPERTY : " for n=" + n)
                + ", " + product.cellsPerThread() + " cells per thread"
                + (Integer.getInteger(REST_LAUNCHES_PROPERTY) != null ? ", " + Integer.getInteger(REST_LAUNCHES_PROPERTY) + " REST launches from -D" + REST_LAUNCHES_PROPERTY : "");
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer d) {
        rounds.enqueue(stream, ld / tile, new LookaheadRounds.Kleene(d, ld, n));
    }

    @Override
    public void close() {
        cuda.makeCurrent();
        rounds.close();
        super.close();
    }
}
