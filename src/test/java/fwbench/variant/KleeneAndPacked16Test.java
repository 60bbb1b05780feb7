package fwbench.variant;

import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;
import fwbench.variant.dataflow.DataflowLaunch;
import fwbench.variant.dataflow.DataflowSolver;
import fwbench.variant.kleene.KleeneF32Solver;
import fwbench.variant.kleene.KleenePathsSolver;
import fwbench.variant.kleene.KleeneSolver;
import fwbench.variant.kleene.KleeneWideSolver;
import fwbench.variant.packed16.KleenePacked16Solver;
import fwbench.variant.packed16.Packed16Solver;
import fwbench.variant.schedule.LookaheadRounds;

import fwbench.GpuTest;
import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.MatrixGraph;
import fwbench.graph.ReferenceFloydWarshall;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** kleene, kleene-f32, kleene-i64, kleene-f64, kleene-paths, dataflow, packed16 and kleene-packed16 at their tile sizes, around tile and padding edges; packed16's limits. */
class KleeneAndPacked16Test {

    /** 1040 and 1055: last tiles of 16 and 31 live cells, computed as thin strips (kernels/thin_strips.cuh). */
    @GpuTest
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 63, 64, 65, 127, 128, 129, 200, 257, 385, 640, 1000, 1040, 1055})
    void bothKleeneTilesMatchTheReference(int n) {
        assertTilesMatchTheReference(n, 77, new String[] {"random", "sparse:0.03"}, new int[] {64, 128}, 1, KleeneSolver.PAD,
                c -> new KleeneSolver(Variant.KLEENE, c));
    }

    /**
     * kleene's rounds in groups of 2 (pairs) to 6 on the same sizes (1 to 17 tiles a side, odd and
     * even, thin last tiles, last groups of every length), zero weights, ties, unreachable pairs and
     * negative weights included, two solves each: the table groups them from n = 2500 only.
     */
    @GpuTest
    @ParameterizedTest(name = "n={0} groups of {1}")
    @CsvSource({"1, 2", "63, 2", "64, 2", "65, 2", "127, 2", "128, 2", "129, 2", "200, 2", "257, 2", "385, 2", "640, 2", "1000, 2", "1040, 2", "1055, 2",
            "65, 4", "129, 4", "200, 4", "257, 4", "385, 4", "640, 4", "1000, 4", "1040, 4", "1055, 4", "385, 3", "1055, 3", "1055, 5", "1040, 6"})
    void kleeneRoundsInGroupsMatchTheReference(int n, int group) {
        assertTilesMatchTheReference(n, 81, new String[] {"random", "sparse:0.03", TestGraphs.ZERO_WEIGHTS, "sparse:0.02+potentials:300"},
                new int[] {64, 128}, 2,
                KleeneSolver.PAD, config -> new KleeneSolver(Variant.KLEENE, config, group));
    }

    /** The table groups kleene's rounds from its thresholds on; a group's band is as wide as the group, narrower at the end. */
    @Test
    void kleeneGroupsItsRoundsFromItsThresholds() {
        assertEquals(1, KleeneSolver.tableGroupedRounds(KleeneSolver.GROUPED_ROUNDS_FROM_N - 1));
        assertEquals(2, KleeneSolver.tableGroupedRounds(KleeneSolver.GROUPED_ROUNDS_FROM_N));
        assertEquals(2, KleeneSolver.tableGroupedRounds(KleeneSolver.GROUPS_OF_FOUR_FROM_N - 1));
        assertEquals(4, KleeneSolver.tableGroupedRounds(KleeneSolver.GROUPS_OF_FOUR_FROM_N));
        assertEquals(5, KleeneSolver.tableGroupedRounds(KleeneSolver.GROUPS_OF_FIVE_FROM_N));
        assertEquals(2, LookaheadRounds.nextBand(0, 1, 10));
        assertEquals(1, LookaheadRounds.nextBand(7, 8, 10));
        assertEquals(0, LookaheadRounds.nextBand(8, 9, 10));
        assertEquals(4, LookaheadRounds.nextBand(0, 3, 10));
        assertEquals(2, LookaheadRounds.nextBand(4, 7, 10));
    }

    /** kleene-paths' table: kleene's pairs only while the table's tile is 64, then one by one until kleene's fours. */
    @Test
    void kleenePathsGroupsItsRoundsWhereTheyWereFaster() {
        assertEquals(1, KleenePathsSolver.tableGroupedRounds(KleeneSolver.GROUPED_ROUNDS_FROM_N - 1));
        assertEquals(2, KleenePathsSolver.tableGroupedRounds(KleeneSolver.GROUPED_ROUNDS_FROM_N));
        assertEquals(2, KleenePathsSolver.tableGroupedRounds(KleeneSolver.CROSSOVER_N - 1));
        assertEquals(1, KleenePathsSolver.tableGroupedRounds(KleeneSolver.CROSSOVER_N));
        assertEquals(1, KleenePathsSolver.tableGroupedRounds(KleeneSolver.GROUPS_OF_FOUR_FROM_N - 1));
        assertEquals(4, KleenePathsSolver.tableGroupedRounds(KleeneSolver.GROUPS_OF_FOUR_FROM_N));
        assertEquals(5, KleenePathsSolver.tableGroupedRounds(KleeneSolver.GROUPS_OF_FIVE_FROM_N));
    }

    /** kleene-f32 on the same sizes: floats through the same tiles, thin strips included. */
    @GpuTest
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 63, 64, 65, 127, 128, 129, 200, 257, 385, 640, 1000, 1040, 1055})
    void bothKleeneF32TilesMatchTheReference(int n) {
        assertTilesMatchTheReference(n, 79, new String[] {"random", "sparse:0.03"}, new int[] {64, 128}, 1, KleeneSolver.PAD,
                c -> new KleeneF32Solver(Variant.KLEENE_F32, c));
    }

    /**
     * kleene-i64 and kleene-f64 on the same sizes: 64-bit words through the same tiles (T = 128 at
     * one block per SM), thin strips included, zero weights, ties, unreachable pairs and negative
     * weights, two solves each (the second from a reset after a result was read).
     */
    @GpuTest
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 63, 64, 65, 127, 128, 129, 200, 257, 385, 640, 1000, 1040, 1055})
    void both64BitKleeneTilesMatchTheReference(int n) {
        for (Variant v : List.of(Variant.KLEENE_I64, Variant.KLEENE_F64)) {
            assertTilesMatchTheReference(n, 83, new String[] {"random", "sparse:0.03", TestGraphs.ZERO_WEIGHTS, "sparse:0.02+potentials:300"},
                    new int[] {64, 128}, 2, KleeneSolver.PAD, c -> new KleeneWideSolver(v, c));
        }
    }

    /** kleene-paths on the same sizes (full last tiles: it has no thin strips). */
    @GpuTest
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 63, 64, 65, 127, 128, 129, 200, 257, 385, 640, 1000, 1040, 1055})
    void bothKleenePathsTilesMatchTheReference(int n) {
        assertTilesMatchTheReference(n, 80, new String[] {"random", "sparse:0.03"}, new int[] {64, 128}, 1, KleeneSolver.PAD,
                c -> new KleenePathsSolver(Variant.KLEENE_PATHS, c));
    }

    /**
     * n = 1025 and 1100 with T = 64: the matrix is padded to 1152, so the last tile is all padding
     * (the kernel skips products through it) and the one before it partly. 1040 and 1055: thin
     * last tiles, as for kleene.
     */
    @GpuTest
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 63, 64, 65, 127, 128, 129, 200, 257, 385, 640, 1000, 1025, 1040, 1055, 1100})
    void bothDataflowTilesMatchTheReference(int n) {
        // two solves: the counters are reset for every solve
        assertTilesMatchTheReference(n, 78, new String[] {"random", "sparse:0.03"}, new int[] {64, 128}, 2, 0, c -> new DataflowSolver(Variant.DATAFLOW, c));
    }

    /**
     * Every packed16 tile around its edges; the matrix is padded to 256 whatever the tile. At
     * T = 256 a last tile of at most 64 live cells is computed as a thin strip of 1, 2 or 4 x 16
     * (257, 280, 300, 320, 529), one of 65 as a whole tile (321).
     */
    @GpuTest
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 63, 64, 65, 127, 128, 129, 255, 256, 257, 280, 300, 320, 321, 529, 600, 1000})
    void everyPacked16TileMatchesTheReference(int n) {
        assertTilesMatchTheReference(n, 79, new String[] {"random", "hops:0.02"}, new int[] {64, 128, 256}, 2, Packed16Solver.PAD,
                c -> new Packed16Solver(Variant.PACKED16, c));
    }

    /**
     * kleene-packed16 one round at a time and in groups of 2 to 6, around its tile's edges (an odd
     * number of live k puts a padding vertex in the high lane of a product's last word), on hop
     * counts, ties, unreachable pairs and zero weights, two solves each.
     */
    @GpuTest
    @ParameterizedTest(name = "n={0} groups of {1}")
    @CsvSource({"1, 1", "63, 1", "127, 1", "128, 1", "129, 1", "257, 1", "1000, 1", "1055, 1", "65, 2", "129, 2", "200, 2", "385, 2", "1040, 2",
            "1055, 2", "385, 3", "1055, 3", "257, 4", "640, 4", "1055, 4", "1055, 5", "1040, 6"})
    void kleenePacked16MatchesTheReference(int n, int group) {
        assertTilesMatchTheReference(n, 83, new String[] {"random", "hops:0.02", TestGraphs.ZERO_WEIGHTS}, new int[] {KleenePacked16Solver.TILE}, 2,
                KleeneSolver.PAD, config -> new KleenePacked16Solver(Variant.KLEENE_PACKED16, config, group));
    }

    /** kleene-packed16's table: one round at a time, then fours and sixes from its thresholds. */
    @Test
    void kleenePacked16GroupsItsRoundsFromItsThresholds() {
        assertEquals(1, KleenePacked16Solver.tableGroupedRounds(KleenePacked16Solver.GROUPS_OF_FOUR_FROM_N - 1));
        assertEquals(4, KleenePacked16Solver.tableGroupedRounds(KleenePacked16Solver.GROUPS_OF_FOUR_FROM_N));
        assertEquals(4, KleenePacked16Solver.tableGroupedRounds(KleenePacked16Solver.GROUPS_OF_SIX_FROM_N - 1));
        assertEquals(6, KleenePacked16Solver.tableGroupedRounds(KleenePacked16Solver.GROUPS_OF_SIX_FROM_N));
        assertEquals(1152, Variant.KLEENE_PACKED16.padded(1100));  // to its tile, not to packed16's 256
    }

    /**
     * Fewer blocks per SM than fit, as a tuned choice carries them: 1 and 2 at every tile (at
     * T = 256, where one fits, 2 is capped to 1), on ties, unreachable pairs and zero weights, with
     * a grid whose waves, and so the schedule's lookahead, differ from all that fit.
     */
    @GpuTest
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 63, 65, 333, 1025})
    void dataflowAndPacked16MatchTheReferenceAtOneAndTwoBlocksPerSm(int n) {
        for (int blocks : new int[] {1, 2}) {
            assertChoicesMatchTheReference(n, 81, new String[] {"random", "sparse:0.03", TestGraphs.ZERO_WEIGHTS},
                    blocksPerSm(blocks, 64, 128), 2, 0, c -> new DataflowSolver(Variant.DATAFLOW, c));
            assertChoicesMatchTheReference(n, 82, new String[] {"random", "hops:0.02", TestGraphs.ZERO_WEIGHTS},
                    blocksPerSm(blocks, 64, 128, 256), 2, Packed16Solver.PAD, c -> new Packed16Solver(Variant.PACKED16, c));
        }
    }

    private static List<LaunchChoice> blocksPerSm(int blocks, int... tiles) {
        return IntStream.of(tiles).mapToObj(t -> LaunchChoice.tile(t).withBlocksPerSm(blocks)).toList();
    }

    /** A tiled GPU solver built from its configuration, which carries the tile, as the tests above build them. */
    @FunctionalInterface
    private interface TiledSolver {
        GpuSolver create(SolverConfig config);
    }

    /**
     * For each graph spec and tile: `solves` solves of the same solver, each equal to the CPU
     * reference; with {@code pad} > 0, the matrix padded to the next multiple of it.
     */
    private static void assertTilesMatchTheReference(int n, long seed, String[] specs, int[] tiles, int solves, int pad,
                                                     TiledSolver solverFor) {
        assertChoicesMatchTheReference(n, seed, specs, IntStream.of(tiles).mapToObj(LaunchChoice::tile).toList(), solves, pad, solverFor);
    }

    /** The same for each launch choice; a spec of {@link BandRoundsTest#ZERO_WEIGHTS} is weights 0..2 on 30% of the pairs. */
    private static void assertChoicesMatchTheReference(int n, long seed, String[] specs, List<LaunchChoice> choices, int solves, int pad,
                                                       TiledSolver solverFor) {
        for (String spec : specs) {
            Graph graph = spec.equals(TestGraphs.ZERO_WEIGHTS) ? TestGraphs.graph(spec, n) : GraphSpec.parse(spec).instance(n, seed);
            int[] expected = ReferenceFloydWarshall.distances(graph);
            for (LaunchChoice choice : choices) {
                try (GpuSolver solver = solverFor.create(SolverConfig.of(graph).withChoice(choice))) {
                    for (int repeat = 0; repeat < solves; repeat++) {
                        solver.reset();
                        solver.solve();
                        assertArrayEquals(expected, solver.distances(), choice.text() + " n=" + n + " " + spec + " solve " + repeat);
                    }
                    if (pad > 0) assertEquals(pad * ((n + pad - 1) / pad), solver.leadingDimension(), choice.text() + " n=" + n);
                    if (choice.blocksPerSm() > 0) {
                        assertTrue(solver.describe().contains(" per SM"), solver.describe());
                        // the helped kernel (its helper warp read from the loaded kernel's shape) where the rule says,
                        // one block per SM at T = 64 for int32, one or two for packed16; its answer is checked above
                        boolean helped = DataflowLaunch.helped(solver.variant().cellType(), choice.tile(), choice.blocksPerSm());
                        assertEquals(helped, solver.describe().contains("a helper warp"), solver.describe());
                    }
                }
            }
        }
    }

    /** The tile table and the padding it needs hold without a GPU. */
    @Test
    void packed16TakesTile128And256FromTheirThresholdsAndPadsTo256() {
        assertEquals(64, Packed16Solver.tableTile(Packed16Solver.T128_FROM_N - 1));
        assertEquals(128, Packed16Solver.tableTile(Packed16Solver.T128_FROM_N));
        assertEquals(128, Packed16Solver.tableTile(Packed16Solver.T256_FROM_N - 1));
        assertEquals(256, Packed16Solver.tableTile(Packed16Solver.T256_FROM_N));
        assertEquals(10_240, Variant.PACKED16.padded(10_000));
        assertEquals(1_024, Variant.PACKED16.padded(1_000));
    }

    @GpuTest
    @Test
    void packed16MatchesTheReferenceOnHopCountsAndKeepsInf() {
        Graph graph = GraphSpec.parse("hops:0.004").instance(1500, 5);  // many unreachable pairs
        int[] expected = ReferenceFloydWarshall.distances(graph);
        assertTrue(java.util.Arrays.stream(expected).anyMatch(d -> d == Distances.INF));
        try (Solver solver = Variant.PACKED16.create(SolverConfig.of(graph))) {
            solver.reset();
            solver.solve();
            assertArrayEquals(expected, solver.distances());
        }
    }

    /** Refusals come before any device memory is touched, so they hold without a GPU too. */
    @Test
    void packed16RefusesWeightsItCannotHold() {
        int[] w = {0, 20_000, 1, 0};
        MatrixGraph heavy = new MatrixGraph(2, w, "a graph with a heavy edge");
        UnsupportedInputException e = assertThrows(UnsupportedInputException.class, () -> Packed16Solver.requireRepresentable(SolverConfig.of(heavy)));
        assertEquals("packed16 keeps distances in 16 bits, below 16383; a graph with a heavy edge can have distances up to 20000 (its largest weight): use kleene",
                e.getMessage());
    }

    @Test
    void packed16RefusesSparseGraphsWhoseDistancesItCannotBound() {
        Graph sparse = GraphSpec.parse("sparse:0.1").instance(100, 1);
        UnsupportedInputException e = assertThrows(UnsupportedInputException.class, () -> Packed16Solver.requireRepresentable(SolverConfig.of(sparse)));
        assertTrue(e.getMessage().contains("((n - 1) x its largest weight 1000)"), e.getMessage());
        // complete graphs are bounded by their largest weight, hop counts by n - 1
        Packed16Solver.requireRepresentable(SolverConfig.of(GraphSpec.RANDOM.instance(10_000, 1)));
        Packed16Solver.requireRepresentable(SolverConfig.of(GraphSpec.parse("hops:0.001").instance(16_000, 1)));
    }

    @Test
    void paddingIsToTheTile() {
        assertEquals(128, Variant.KLEENE.padded(1));
        assertEquals(10_112, Variant.KLEENE.padded(10_000));
        assertEquals(2L * 4 * 10_112 * 10_112, Variant.KLEENE.deviceBytes(10_000));
        assertEquals(1000, Variant.BLOCKED.padded(1000));
        // dataflow adds its item list (tiles^3 - 3 tiles + 2 ints: the chain runs the pivots and a cross tile a round) and
        // counters (tiles^2, the ticket and the blocks' exit count)
        assertEquals(2L * 4 * 10_112 * 10_112 + 4L * (79L * 79 * 79 - 3 * 79 + 2 + 79 * 79 + 2), Variant.DATAFLOW.deviceBytes(10_000));
        assertEquals(2L * 4 * 1024 * 1024 + 4L * (16 * 16 * 16 - 3 * 16 + 2 + 16 * 16 + 2), Variant.DATAFLOW.deviceBytes(1000));  // T = 64
    }

    /**
     * packed16 holds the int32 input and the packed pair (two int32 matrices' worth); the int32 copy
     * of its result is counted only where the distances can be read into a host array, since past
     * that the certificate reads the packed result.
     */
    @Test
    void packed16CountsAnInt32ResultOnlyWhereItCanBeRead() {
        long side = 46_336, list = DataflowLaunch.deviceBytes(46_336, Packed16Solver.tileFor(46_336));
        assertEquals(3L * 4 * side * side + list, Variant.PACKED16.deviceBytes(46_336));
        long big = 131_072;
        assertEquals(2L * 4 * big * big + DataflowLaunch.deviceBytes(131_072, Packed16Solver.tileFor(131_072)), Variant.PACKED16.deviceBytes(131_072));
        assertTrue(Variant.PACKED16.deviceBytes(131_072) < 139L << 30, "fits the 139.8 GiB an H200 reports");
    }
}
