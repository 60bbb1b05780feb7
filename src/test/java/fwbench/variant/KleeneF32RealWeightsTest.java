package fwbench.variant;

import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;
import fwbench.variant.kleene.KleeneF32Solver;

import fwbench.GpuTest;
import fwbench.graph.GraphSpec;
import fwbench.graph.RealGraph;
import fwbench.graph.RealGraphs;
import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.verify.Verification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** kleene-f32 on graphs of real weights: float32 bits uploaded, float32 distances read back, checked against the float64 reference. */
class KleeneF32RealWeightsTest {

    /** Both tiles, around tile and padding edges (thin last tiles at 1040 and 1055), sparse and complete graphs. */
    @GpuTest
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 2, 63, 64, 65, 127, 129, 257, 640, 1000, 1040, 1055})
    void bothTilesAreWithinTheToleranceOfTheFloat64Reference(int n) {
        for (double p : new double[] {0.03, 1.0}) {
            RealGraph graph = RealGraphs.random(n, p, n + 31);
            for (int tile : new int[] {64, 128}) {
                try (KleeneF32Solver solver = new KleeneF32Solver(Variant.KLEENE_F32, SolverConfig.of(graph).withChoice(LaunchChoice.tile(tile)))) {
                    solver.reset();
                    solver.solve();
                    DistanceMatrix distances = solver.distanceMatrix();
                    assertEquals(CellType.FLOAT32, distances.cells());
                    float[] first = distances.array(float[].class);
                    String how = Verification.checkCells("kleene-f32", graph, distances);
                    assertTrue(how.contains("float64 CPU reference"), how);
                    // a second solve from the input gives the same bits: the reset restored float32 weights, not converted integers
                    solver.reset();
                    solver.solve();
                    assertArrayEquals(first, solver.distanceMatrix().array(float[].class), "tile " + tile + ", p=" + p);
                    assertThrows(IllegalStateException.class, solver::distances, "real weights have no integer distances");
                }
            }
        }
    }

    /**
     * Rounds in groups (their operands copied after each chain) and a round's bulk in two launches
     * (the pivot row read from the copy phase 2 stores): within the float64 reference's tolerance, the
     * same bits solve after solve and the same bits as the bulk in one launch, where nothing races (a
     * check that does not hang on timing); on integer weights, where float32 is exact, the same
     * distances as rounds one by one. Around tile edges, groups of one to five.
     */
    @GpuTest
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {300, 1000, 1055})
    void groupsAndBandsGiveTheSameBitsEverySolve(int n) {
        RealGraph real = RealGraphs.random(n, 0.05, n + 7);
        SolverConfig integer = SolverConfig.of(GraphSpec.parse("random").instance(n, n + 11));
        for (int tile : new int[] {64, 128}) {
            int[] oneByOne = solveIntegers(new KleeneF32Solver(Variant.KLEENE_F32, integer.withChoice(new LaunchChoice(tile, 1)), 1));
            for (int group : new int[] {1, 2, 3, 5}) {
                String what = "T=" + tile + ", groups of " + group + ", two bulk launches";
                try (KleeneF32Solver solver = new KleeneF32Solver(Variant.KLEENE_F32, SolverConfig.of(real).withChoice(new LaunchChoice(tile, 2)), group)) {
                    solver.reset();
                    solver.solve();
                    float[] first = solver.distanceMatrix().array(float[].class);
                    Verification.checkCells("kleene-f32", real, solver.distanceMatrix());
                    for (int again = 0; again < 3; again++) {
                        solver.reset();
                        solver.solve();
                        assertArrayEquals(first, solver.distanceMatrix().array(float[].class), what);
                    }
                }
                try (KleeneF32Solver oneLaunch = new KleeneF32Solver(Variant.KLEENE_F32, SolverConfig.of(real).withChoice(new LaunchChoice(tile, 1)), group)) {
                    oneLaunch.reset();
                    oneLaunch.solve();
                    try (KleeneF32Solver twoLaunches = new KleeneF32Solver(Variant.KLEENE_F32, SolverConfig.of(real).withChoice(new LaunchChoice(tile, 2)), group)) {
                        twoLaunches.reset();
                        twoLaunches.solve();
                        assertArrayEquals(oneLaunch.distanceMatrix().array(float[].class), twoLaunches.distanceMatrix().array(float[].class), what + ": one bulk launch against two");
                    }
                }
                assertArrayEquals(oneByOne, solveIntegers(new KleeneF32Solver(Variant.KLEENE_F32, integer.withChoice(new LaunchChoice(tile, 2)), group)), what);
            }
        }
    }

    private static int[] solveIntegers(KleeneF32Solver solver) {
        try (solver) {
            solver.reset();
            solver.solve();
            return solver.distances();
        }
    }

    /** Through the registry, as solve makes it, with the default tile. */
    @GpuTest
    @Test
    void theRegistrysSolverTakesARealGraph() {
        RealGraph graph = RealGraphs.random(300, 0.05, 4);
        try (Solver solver = Variant.KLEENE_F32.create(SolverConfig.of(graph))) {
            solver.reset();
            solver.solve();
            float[] d = solver.distanceMatrix().array(float[].class);
            assertEquals(300 * 300, d.length);
            assertTrue(Arrays.toString(Arrays.copyOf(d, 10)).contains("Infinity"), "vertex 3 is isolated: no path is +infinity");
            Verification.checkCells("kleene-f32", graph, solver.distanceMatrix());
        }
    }

    /**
     * The solver itself refuses negative weights (GpuSolver, through NegativeWeights), not only the
     * registry, before it allocates (it asks the device which tiles fit first, so a GPU test): its
     * products compare float bits as ints (kernels/cells.cuh).
     */
    @GpuTest
    @Test
    void theSolverRefusesNegativeWeightsWithoutTheRegistry() {
        RealGraph graph = RealGraphs.of(2, new double[] {0, -1.5, 2, 0}, "one negative edge");
        UnsupportedInputException e = assertThrows(UnsupportedInputException.class, () -> new KleeneF32Solver(Variant.KLEENE_F32, SolverConfig.of(graph)));
        assertTrue(e.getMessage().startsWith("kleene-f32 needs edge weights >= 0"), e.getMessage());
    }

    /** Refused before any device work, so this runs without a GPU: every integer variant names the ones that take real weights. */
    @Test
    void integerVariantsRefuseRealWeightsNamingTheFloatVariants() {
        RealGraph graph = RealGraphs.random(5, 0.5, 1);
        for (Variant v : Variant.values()) {
            assertEquals(v == Variant.KLEENE_F32 || v == Variant.KLEENE_F64, v.takesRealWeights(), v.id());
            if (v.takesRealWeights()) continue;
            UnsupportedInputException e = assertThrows(UnsupportedInputException.class, () -> v.create(SolverConfig.of(graph)));
            assertEquals(v + " takes integer weights only, and " + graph.describe() + " has real ones (not all whole numbers): use kleene-f32, kleene-f64",
                    e.getMessage());
        }
        assertEquals("kleene-f32, kleene-f64", VariantIds.takingRealWeights());
        assertFalse(SolverConfig.of(fwbench.graph.Graphs.empty(2)).realWeights());
    }
}
