package fwbench.variant;

import fwbench.GpuTest;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.ReferenceFloydWarshall;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The registry's launch candidates, the table's choice among them, and the -D pins over both. */
class LaunchCandidatesTest {

    private static final Set<Variant> TUNED = EnumSet.of(Variant.KLEENE, Variant.KLEENE_F32, Variant.KLEENE_PATHS, Variant.DATAFLOW, Variant.PACKED16);

    /** Around every threshold of the tables, and up to the largest sizes. */
    private static final int[] SIZES = {1, 100, 700, 2047, 3499, 3500, 5000, 7499, 7500, 9999, 10_000, 16_383, 16_384, 46_340, 65_536, 131_072};

    private static List<Integer> sizes(Variant v) {
        return IntStream.of(SIZES).filter(n -> n <= v.maxN()).boxed().toList();
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void theTablesChoiceIsACandidateAndCandidatesAreDistinct(Variant v) {
        for (int n : sizes(v)) {
            List<LaunchChoice> candidates = v.launchCandidates(n);
            assertEquals(TUNED.contains(v), !candidates.isEmpty(), v + " at n=" + n);
            if (candidates.isEmpty()) {
                assertEquals(LaunchChoice.TABLE, v.tableChoice(n), v + ": nothing to tune, nothing chosen");
                continue;
            }
            assertTrue(candidates.contains(v.tableChoice(n)), v + " at n=" + n + ": " + v.tableChoice(n) + " in " + candidates);
            assertEquals(candidates.size(), new HashSet<>(candidates).size(), v + " at n=" + n);
        }
    }

    @Test
    void theCandidatesAreTheBriefsTilesAndLaunches() {
        List<LaunchChoice> kleene = List.of(new LaunchChoice(64, 1), new LaunchChoice(128, 1), new LaunchChoice(128, 2));
        for (Variant v : List.of(Variant.KLEENE, Variant.KLEENE_F32, Variant.KLEENE_PATHS)) assertEquals(kleene, v.launchCandidates(1000), v.id());
        assertEquals(List.of(LaunchChoice.tile(64), LaunchChoice.tile(128)), Variant.DATAFLOW.launchCandidates(1000));
        assertEquals(List.of(LaunchChoice.tile(64), LaunchChoice.tile(128), LaunchChoice.tile(256)), Variant.PACKED16.launchCandidates(1000));
    }

    /** The table measured on an H200, as the solvers applied it before tuning. */
    @Test
    void theTableIsTheH200s() {
        assertEquals(new LaunchChoice(64, 1), Variant.KLEENE.tableChoice(KleeneSolver.CROSSOVER_N - 1));
        assertEquals(new LaunchChoice(128, 2), Variant.KLEENE.tableChoice(KleeneSolver.CROSSOVER_N));
        assertEquals(new LaunchChoice(128, 2), Variant.KLEENE_F32.tableChoice(KleeneSolver.FLOAT32_ONE_REST_LAUNCH_N - 1));
        assertEquals(new LaunchChoice(128, 1), Variant.KLEENE_F32.tableChoice(KleeneSolver.FLOAT32_ONE_REST_LAUNCH_N));
        assertEquals(new LaunchChoice(128, 2), Variant.KLEENE_PATHS.tableChoice(10_000));
        assertEquals(LaunchChoice.tile(64), Variant.DATAFLOW.tableChoice(KleeneSolver.CROSSOVER_N - 1));
        assertEquals(LaunchChoice.tile(64), Variant.PACKED16.tableChoice(Packed16Solver.T128_FROM_N - 1));
        assertEquals(LaunchChoice.tile(128), Variant.PACKED16.tableChoice(Packed16Solver.T128_FROM_N));
        assertEquals(LaunchChoice.tile(256), Variant.PACKED16.tableChoice(Packed16Solver.T256_FROM_N));
    }

    /**
     * A smaller tile than the table's needs a larger work-item schedule than the run's memory was
     * planned with (and past 1024 tiles a side, more than the schedule numbers): no candidate.
     */
    @Test
    void dataflowAndPacked16LeaveOutTilesBelowTheTables() {
        assertEquals(List.of(LaunchChoice.tile(128)), Variant.DATAFLOW.launchCandidates(KleeneSolver.CROSSOVER_N));
        assertEquals(List.of(LaunchChoice.tile(128)), Variant.DATAFLOW.launchCandidates(131_072));
        assertEquals(List.of(LaunchChoice.tile(256)), Variant.PACKED16.launchCandidates(Packed16Solver.T256_FROM_N));
        assertEquals(2, Variant.PACKED16.launchCandidates(Packed16Solver.T256_FROM_N - 1).size());
        for (int n : SIZES) {
            for (LaunchChoice c : Variant.DATAFLOW.launchCandidates(n)) assertTrue(KleeneSolver.PAD * ((n + KleeneSolver.PAD - 1) / KleeneSolver.PAD) / c.tile() <= DataflowSchedule.MAX_TILES);
        }
    }

    @Test
    void aPinWinsOverTheTunedChoiceAndTheTable() {
        assertEquals(new LaunchSetting(64, LaunchChoice.TUNED), LaunchSetting.of(KleeneSolver.TILE_PROPERTY, 64, () -> 128));
        assertEquals(new LaunchSetting(128, "from the table"), LaunchSetting.of(KleeneSolver.TILE_PROPERTY, 0, () -> 128));
        assertEquals(List.of(), Variant.KLEENE.launchPins());
        withProperty(KleeneSolver.TILE_PROPERTY, "128", () -> {
            assertEquals(new LaunchSetting(128, "from -Dfwbench.kleene.tile"), LaunchSetting.of(KleeneSolver.TILE_PROPERTY, 64, () -> 64));
            assertEquals(List.of("-Dfwbench.kleene.tile=128"), Variant.KLEENE.launchPins());
            assertEquals(List.of("-Dfwbench.kleene.tile=128"), Variant.DATAFLOW.launchPins());
            assertEquals(List.of(), Variant.PACKED16.launchPins(), "packed16 has a pin of its own");
            assertEquals(128, KleeneSolver.tileFor(100), "what memory is planned with");
        });
        withProperty(Packed16Solver.TILE_PROPERTY, "256", () -> {
            assertEquals(List.of("-Dfwbench.packed16.tile=256"), Variant.PACKED16.launchPins());
            assertEquals(256, Packed16Solver.tileFor(100));
        });
        withProperty(KleeneSolver.REST_LAUNCHES_PROPERTY, "1", () -> assertEquals(List.of("-Dfwbench.kleene.restLaunches=1"), Variant.KLEENE_F32.launchPins()));
    }

    @Test
    void theChoiceTravelsWithTheConfiguration() {
        SolverConfig config = SolverConfig.of(GraphSpec.RANDOM.instance(10, 1));
        assertEquals(LaunchChoice.TABLE, config.choice());
        assertFalse(config.choice().chosen());
        SolverConfig chosen = config.withChoice(new LaunchChoice(128, 2)).withGpus(1);
        assertEquals(new LaunchChoice(128, 2), chosen.choice(), "withGpus keeps it");
        assertEquals("T=128 and 2 REST launches", chosen.choice().text());
        assertEquals("T=256", LaunchChoice.tile(256).text());
    }

    private static void withProperty(String name, String value, Runnable body) {
        String before = System.getProperty(name);
        try {
            System.setProperty(name, value);
            body.run();
        } finally {
            if (before == null) System.clearProperty(name);
            else System.setProperty(name, before);
        }
    }

    /** Each candidate builds a solver that solves right, at an n that is no multiple of any tile, and says it was tuned. */
    @GpuTest
    @ParameterizedTest
    @EnumSource(Variant.class)
    void everyCandidateBuildsASolverThatSolvesRight(Variant v) {
        int n = 300;
        Graph graph = GraphSpec.parse("hops:0.02").instance(n, 5);
        int[] expected = ReferenceFloydWarshall.distances(graph);
        for (LaunchChoice candidate : v.launchCandidates(n)) {
            try (Solver solver = v.create(SolverConfig.of(graph).withChoice(candidate))) {
                solver.reset();
                solver.solve();
                assertArrayEquals(expected, solver.distances(), v + " " + candidate.text());
                assertTrue(solver.describe().contains("T=" + candidate.tile()) && solver.describe().contains(LaunchChoice.TUNED), solver.describe());
            }
        }
    }

    @GpuTest
    @Test
    void aPinWinsInTheSolver() {
        SolverConfig config = SolverConfig.of(GraphSpec.RANDOM.instance(300, 5)).withChoice(new LaunchChoice(64, 1));
        withProperty(KleeneSolver.TILE_PROPERTY, "128", () -> {
            try (Solver kleene = Variant.KLEENE.create(config)) {
                assertTrue(kleene.describe().startsWith("kleene (T=128 from -Dfwbench.kleene.tile, 1 REST launch tuned on this device for n=300, "),
                        kleene.describe());
            }
        });
        withProperty(Packed16Solver.TILE_PROPERTY, "256", () -> {
            try (Solver packed = Variant.PACKED16.create(config.withChoice(LaunchChoice.tile(128)))) {
                assertTrue(packed.describe().startsWith("packed16 (T=256 from -Dfwbench.packed16.tile for n=300, "), packed.describe());
            }
        });
    }
}
