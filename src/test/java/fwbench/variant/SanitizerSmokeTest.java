package fwbench.variant;

import fwbench.cell.CellType;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.dataflow.DataflowSolver;
import fwbench.variant.kleene.BandsSolver;
import fwbench.variant.kleene.KleeneSolver;
import fwbench.variant.packed16.KleenePacked16Solver;
import fwbench.variant.packed16.Packed16Solver;
import fwbench.variant.small.SmallGraphsBatch;

import fwbench.GpuTest;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.ReferenceFloydWarshall;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * One small solve of every GPU variant, with plain stream launches: the test to run under
 * compute-sanitizer, where the full GpuVariantsTest would take hours. For example
 * <pre>
 * compute-sanitizer --tool racecheck --target-processes all mvn -B -o surefire:test -Dtest=SanitizerSmokeTest
 * compute-sanitizer --tool memcheck  --target-processes all bash .device/gpu.sh tests --include-classname '.*SanitizerSmokeTest'
 * </pre>
 * Sizes: one partial tile (33), several tiles with a partial last one (200: two batched groups,
 * the second of one tile), and batched groups wholly inside n (385: its unchecked path); small-graphs
 * solves 200 and 385 in its classes 256 and 512.
 */
@GpuTest
class SanitizerSmokeTest {

    static Stream<Arguments> variantsAndSizes() {
        return Arrays.stream(Variant.values()).filter(Variant::gpu)
                .flatMap(v -> Stream.of(33, 200, 385).filter(n -> n <= v.maxN()).map(n -> Arguments.of(v, n)));
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("variantsAndSizes")
    void smallSolve(Variant variant, int n) {
        // packed 16-bit cells refuse sparse weighted graphs (distances they cannot bound below 16-bit INF): hop counts
        Graph graph = GraphSpec.parse(variant.cellType() == CellType.PACKED16 ? "hops:0.05" : "sparse:0.05").instance(n, 31);
        try (Solver solver = variant.create(new SolverConfig(graph, LaunchMode.STREAM))) {
            solver.reset();
            solver.solve();
            assertArrayEquals(ReferenceFloydWarshall.distances(graph), solver.distances(), variant + " n=" + n);
        }
    }

    /** kleene-bands' kernels with three bands on one GPU, both tiles: a band's indexing past its rows would show under memcheck. */
    @ParameterizedTest(name = "kleene-bands 3 bands T={0} n=272")
    @ValueSource(ints = {64, 128})
    void kleeneBandsOnThreeBands(int tile) {
        Graph graph = GraphSpec.parse("sparse:0.05").instance(272, 31);
        try (BandsSolver solver = new BandsSolver(Variant.KLEENE_BANDS, new SolverConfig(graph, LaunchMode.STREAM), 3, 1, tile, 0)) {
            solver.reset();
            solver.solve();
            assertArrayEquals(ReferenceFloydWarshall.distances(graph), solver.distances(), "kleene-bands T=" + tile);
        }
    }

    /**
     * kleene's and dataflow's T = 128 kernels, which the sizes above never choose: n = 272 has a
     * last tile of 16 live cells, a thin strip (kernels/thin_strips.cuh).
     */
    @ParameterizedTest(name = "{0} n=272")
    @ValueSource(booleans = {false, true})
    void kleeneAndDataflowAtTile128(boolean dataflow) {
        Graph graph = GraphSpec.parse("sparse:0.05").instance(272, 31);
        SolverConfig config = new SolverConfig(graph, LaunchMode.STREAM);
        try (GpuSolver solver = dataflow ? new DataflowSolver(Variant.DATAFLOW, config.withChoice(LaunchChoice.tile(128))) : new KleeneSolver(Variant.KLEENE, config.withChoice(LaunchChoice.tile(128)))) {
            solver.reset();
            solver.solve();
            assertArrayEquals(ReferenceFloydWarshall.distances(graph), solver.distances(), (dataflow ? "dataflow" : "kleene") + " T=128");
        }
    }

    /**
     * kleene's rounds in groups of 2 and 4 at both tiles (n = 272: 5 and 3 tiles a side, odd, the
     * last one thin at both; in groups of 4 a last group of one round at T = 64, of three at 128).
     */
    @ParameterizedTest(name = "kleene in groups of {1} T={0} n=272")
    @CsvSource({"64, 2", "128, 2", "64, 4", "128, 4"})
    void kleeneRoundsInGroups(int tile, int group) {
        Graph graph = GraphSpec.parse("sparse:0.05").instance(272, 31);
        try (GpuSolver solver = new KleeneSolver(Variant.KLEENE, new SolverConfig(graph, LaunchMode.STREAM).withChoice(LaunchChoice.tile(tile)), group)) {
            solver.reset();
            solver.solve();
            assertArrayEquals(ReferenceFloydWarshall.distances(graph), solver.distances(), "kleene in groups of " + group + " T=" + tile);
        }
    }

    /**
     * kleene-packed16 in groups of 2 and 3 (n = 399: 4 tiles a side, the last of 15 live cells, an
     * odd number: a product's last word carries a padding vertex; in groups of 3 a last group of one round).
     */
    @ParameterizedTest(name = "kleene-packed16 in groups of {0} n=399")
    @ValueSource(ints = {2, 3})
    void kleenePacked16InGroups(int group) {
        Graph graph = GraphSpec.parse("hops:0.05").instance(399, 31);
        try (GpuSolver solver = new KleenePacked16Solver(Variant.KLEENE_PACKED16, new SolverConfig(graph, LaunchMode.STREAM), group)) {
            solver.reset();
            solver.solve();
            assertArrayEquals(ReferenceFloydWarshall.distances(graph), solver.distances(), "kleene-packed16 in groups of " + group);
        }
    }

    /**
     * packed16's T = 128 and T = 256 kernels, which the sizes above never choose (their table picks
     * T = 64): at T = 256 two tiles, the second partial (a thin strip of 16 or 64 live cells).
     */
    @ParameterizedTest(name = "T={0} n={1}")
    @CsvSource({"128, 200", "128, 300", "256, 257", "256, 300"})
    void packed16AtTiles128And256(int tile, int n) {
        Graph graph = GraphSpec.parse("hops:0.05").instance(n, 31);
        try (Packed16Solver solver = new Packed16Solver(Variant.PACKED16, new SolverConfig(graph, LaunchMode.STREAM).withChoice(LaunchChoice.tile(tile)))) {
            solver.reset();
            solver.solve();
            assertArrayEquals(ReferenceFloydWarshall.distances(graph), solver.distances(), "packed16 T=" + tile + " n=" + n);
        }
    }

    /**
     * small-graphs' batch across its size classes: two graphs in each grid past 128 (blocks 0 and 1,
     * each its own scratch square; n = 129 and 385 with thin last tiles) beside classes held in registers,
     * whose rows move as 16-byte pieces, padded (n = 33: rows of 36 ints) or whole (n = 100, 64, 28).
     */
    @Test
    void smallGraphsBatchAcrossTheClasses() {
        List<Graph> graphs = IntStream.of(33, 200, 129, 385, 512, 100, 256, 64, 28).<Graph>mapToObj(n -> GraphSpec.parse("sparse:0.05").instance(n, 31)).toList();
        int[][] solved = SmallGraphsBatch.solveAll(graphs.stream().map(g -> g.weights().clone()).toList());
        for (int g = 0; g < graphs.size(); g++) {
            assertArrayEquals(ReferenceFloydWarshall.distances(graphs.get(g)), solved[g], "small-graphs batch, graph " + g + " n=" + graphs.get(g).n());
        }
    }
}
