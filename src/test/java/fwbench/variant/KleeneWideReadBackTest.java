package fwbench.variant;

import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;
import fwbench.variant.kleene.KleeneWideSolver;

import fwbench.GpuTest;
import fwbench.graph.Distances;
import fwbench.graph.LongFloydWarshallTest;
import fwbench.graph.MatrixGraph;
import fwbench.graph.RealGraph;
import fwbench.graph.RealGraphs;
import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.verify.Verification;
import org.jgrapht.alg.shortestpath.FloydWarshallShortestPaths;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleDirectedWeightedGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * solve's 64-bit read-back: kleene-i64's int64 distances past 2^31 and kleene-f64 on real weights
 * (doubles uploaded into the work matrix), each against JGraphT, on both tiles, sizes that are not
 * multiples of them, zero weights, ties and unreachable pairs; the benchmark's narrowed int32
 * matrix is unchanged beside them.
 */
class KleeneWideReadBackTest {

    /** Heavy sparse graphs (weights near 10^9 from four values: ties; an eighth 0; the last vertex unreachable). */
    @GpuTest
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 2, 37, 65, 129, 200, 257})
    void kleeneI64ReadsBackDistancesPastInt32AsJGraphTFindsThem(int n) {
        MatrixGraph graph = LongFloydWarshallTest.heavyGraph(n, n + 11);
        long[] expected = LongFloydWarshallTest.jgrapht(graph);
        if (n >= 37) assertTrue(Arrays.stream(expected).anyMatch(d -> d > Integer.MAX_VALUE && d < Distances.INF64), "distances past 2^31");
        for (int tile : new int[] {64, 128}) {
            try (KleeneWideSolver solver = new KleeneWideSolver(Variant.KLEENE_I64, SolverConfig.of(graph).withChoice(LaunchChoice.tile(tile)))) {
                for (int solve = 0; solve < 2; solve++) {
                    solver.reset();
                    solver.solve();
                    assertArrayEquals(expected, solver.distanceMatrix().array(long[].class), "n=" + n + " tile " + tile + " solve " + solve);
                    // what the benchmark reads: the same distances narrowed to int32, INF from there on
                    int[] narrowed = solver.distances();
                    for (int c = 0; c < expected.length; c++) assertEquals((int) Math.min(expected[c], Distances.INF), narrowed[c], "narrowed cell " + c);
                    assertArrayEquals(expected, solver.distanceMatrix().array(long[].class), "read back again after the int32 read");
                }
                assertEquals(CellType.INT64, solver.distanceMatrix().cells(), "int64 cells, read back as they are");
            }
        }
    }

    /** JGraphT's Floyd-Warshall in double on a real graph, shared with nothing of ours. */
    private static double[] jgrapht(RealGraph graph) {
        int n = graph.n();
        SimpleDirectedWeightedGraph<Integer, DefaultWeightedEdge> g = new SimpleDirectedWeightedGraph<>(DefaultWeightedEdge.class);
        for (int v = 0; v < n; v++) g.addVertex(v);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double w = graph.weight(i, j);
                if (i != j && w != Double.POSITIVE_INFINITY) g.setEdgeWeight(g.addEdge(i, j), w);
            }
        }
        FloydWarshallShortestPaths<Integer, DefaultWeightedEdge> fw = new FloydWarshallShortestPaths<>(g);
        double[] d = new double[n * n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) d[i * n + j] = fw.getPathWeight(i, j);
        return d;
    }

    /** Real weights with fractions and a few exact zeros, vertex 3 isolated; sparse and complete; both tiles. */
    @GpuTest
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 2, 45, 65, 129, 257, 300})
    void kleeneF64OnRealWeightsIsWithinTheFloat64ToleranceOfJGraphT(int n) {
        for (double p : new double[] {0.03, 1.0}) {
            RealGraph graph = RealGraphs.random(n, p, n + 7);
            double[] expected = jgrapht(graph);
            for (int tile : new int[] {64, 128}) {
                try (KleeneWideSolver solver = new KleeneWideSolver(Variant.KLEENE_F64, SolverConfig.of(graph).withChoice(LaunchChoice.tile(tile)))) {
                    for (int solve = 0; solve < 2; solve++) {
                        solver.reset();
                        solver.solve();
                        double[] got = solver.distanceMatrix().array(double[].class);
                        for (int c = 0; c < expected.length; c++) {
                            String what = "n=" + n + " p=" + p + " tile " + tile + " cell " + c;
                            if (expected[c] == Double.POSITIVE_INFINITY || expected[c] == 0) assertEquals(expected[c], got[c], what);
                            else assertEquals(expected[c], got[c], Verification.tolerance(CellType.FLOAT64, n, expected[c]), what);
                        }
                        assertTrue(Verification.checkCells("kleene-f64", graph, DistanceMatrix.of(graph.n(), got)).contains("float64 CPU reference"));
                    }
                    assertThrows(IllegalStateException.class, solver::distances, "real weights have no int32 distances");
                }
            }
        }
    }

    /**
     * kleene-f64 reads its operands in place, so it runs a round's bulk in one launch whatever is tuned
     * or pinned: with two, a product could read a tile the other launch is writing, and the float bits
     * would depend on timing. Tuned and pinned to two at T = 128, it says one and gives the same bits
     * solve after solve.
     */
    @GpuTest
    @Test
    void kleeneF64RunsARoundsBulkInOneLaunchWhateverIsTunedOrPinned() {
        RealGraph graph = RealGraphs.random(1055, 0.05, 9);
        LaunchCandidatesTest.withProperty("fwbench.kleene.restLaunches", "2", () -> {
            try (KleeneWideSolver solver = new KleeneWideSolver(Variant.KLEENE_F64, SolverConfig.of(graph).withChoice(new LaunchChoice(128, 2)))) {
                assertTrue(solver.describe().contains("T=128 tuned on this device, 1 REST launch (always one on float64 cells read in place)"), solver.describe());
                solver.reset();
                solver.solve();
                double[] first = solver.distanceMatrix().array(double[].class);
                Verification.checkCells("kleene-f64", graph, solver.distanceMatrix());
                for (int again = 0; again < 3; again++) {
                    solver.reset();
                    solver.solve();
                    assertArrayEquals(first, solver.distanceMatrix().array(double[].class), "solve " + (again + 2));
                }
            }
        });
    }

    /** Refused before any device work, so this runs without a GPU. */
    @Test
    void realWeightsAreRefusedInInt64CellsAndOfEitherSign() {
        RealGraph positive = RealGraphs.random(5, 0.5, 1);
        assertEquals("kleene-i64 takes integer weights only, and " + positive.describe() + " has real ones (not all whole numbers): use kleene-f32, kleene-f64",
                assertThrows(UnsupportedInputException.class, () -> Variant.KLEENE_I64.create(SolverConfig.of(positive))).getMessage());
        // the solver itself refuses them too, before anything is allocated
        assertEquals("int64 cells take integer weights only; real weights: kleene-f64",
                assertThrows(UnsupportedInputException.class, () -> new KleeneWideSolver(Variant.KLEENE_I64, SolverConfig.of(positive))).getMessage());
        RealGraph negative = RealGraphs.of(2, new double[] {0, -0.5, 1, 0}, "negative");
        assertThrows(UnsupportedInputException.class, () -> Variant.KLEENE_F64.create(SolverConfig.of(negative)));
    }
}
