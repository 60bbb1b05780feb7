package fwbench.variant;

import fwbench.cell.CellType;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchSetting;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.dataflow.DataflowLaunch;
import fwbench.variant.dataflow.DataflowSolver;
import fwbench.variant.kleene.KleeneSolver;
import fwbench.variant.packed16.Packed16Solver;
import fwbench.variant.schedule.DataflowSchedule;

import fwbench.GpuTest;
import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.ReferenceFloydWarshall;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The registry's launch candidates, the table's choice among them, and the -D pins over both. */
class LaunchCandidatesTest {

    private static final Set<Variant> TUNED = Set.of(Variant.KLEENE, Variant.KLEENE_F32, Variant.KLEENE_PATHS, Variant.KLEENE_I64, Variant.KLEENE_F64, Variant.DATAFLOW,
            Variant.PACKED16);

    /** Around every threshold of the tables, and up to the largest sizes. */
    private static final int[] SIZES = {1, 100, 700, 1249, 1250, 1499, 1500, 1999, 2000, 2047, 2999, 3000, 3499, 3500, 4499, 4500, 4999, 5000, 7499, 7500, 9999, 10_000, 16_383, 16_384, 46_340, 65_536, 131_072};

    private static List<Integer> sizes(Variant v) {
        return IntStream.of(SIZES).filter(n -> n <= v.maxN()).boxed().toList();
    }

    @ParameterizedTest
    @MethodSource("fwbench.variant.Variant#values")
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
        for (Variant v : List.of(Variant.KLEENE, Variant.KLEENE_F32, Variant.KLEENE_PATHS, Variant.KLEENE_I64)) {
            assertEquals(kleene, v.launchCandidates(1000), v.id());
        }
        // kleene-f64 reads its operands in place: a second bulk launch would let its float sums depend on timing
        assertEquals(List.of(new LaunchChoice(64, 1), new LaunchChoice(128, 1)), Variant.KLEENE_F64.launchCandidates(10_000));
        withProperty("fwbench.kleene.restLaunches", "2", () -> withProperty("fwbench.kleene.tile", "64",
                () -> assertEquals(List.of("-Dfwbench.kleene.tile=64"), Variant.KLEENE_F64.launchPins(), "the launches of its bulk take no pin")));
        List<LaunchChoice> dataflow = List.of(blocks(64, 1), blocks(64, 2), blocks(64, ALL), blocks(128, 1), blocks(128, ALL));
        assertEquals(dataflow, Variant.DATAFLOW.launchCandidates(1000));
        assertEquals(dataflow, Variant.DATAFLOW.launchCandidates(1500));
        List<LaunchChoice> packed16 = new ArrayList<>(dataflow);
        packed16.add(blocks(256, ALL));
        assertEquals(packed16, Variant.PACKED16.launchCandidates(1000));
        assertEquals(packed16, Variant.PACKED16.launchCandidates(1500));
    }

    private static final int ALL = LaunchChoice.ALL_THAT_FIT;

    private static LaunchChoice blocks(int tile, int blocksPerSm) {
        return LaunchChoice.tile(tile).withBlocksPerSm(blocksPerSm);
    }

    /** packed16's helped kernel (a helper warp, 160 threads) runs at T = 64 with one or two blocks per SM only. */
    @Test
    void packed16TakesTheHelpedKernelAtT64WithOneOrTwoBlocksPerSm() {
        assertTrue(DataflowLaunch.helped(CellType.PACKED16, 64, 1) && DataflowLaunch.helped(CellType.PACKED16, 64, 2));
        assertFalse(DataflowLaunch.helped(CellType.PACKED16, 64, 3), "from three blocks per SM the 128-thread kernel, four of which fit an SM");
        assertFalse(DataflowLaunch.helped(CellType.PACKED16, 64, LaunchChoice.ALL_THAT_FIT));
        assertFalse(DataflowLaunch.helped(CellType.PACKED16, 128, 1) || DataflowLaunch.helped(CellType.PACKED16, 256, 1));
    }

    /** dataflow's helped kernel (288 threads) runs at T = 64 with one block per SM only: with two it was slower. */
    @Test
    void dataflowTakesTheHelpedKernelAtT64WithOneBlockPerSm() {
        assertTrue(DataflowLaunch.helped(CellType.INT32, 64, 1));
        assertFalse(DataflowLaunch.helped(CellType.INT32, 64, 2));
        assertFalse(DataflowLaunch.helped(CellType.INT32, 64, LaunchChoice.ALL_THAT_FIT));
        assertFalse(DataflowLaunch.helped(CellType.INT32, 128, 1));
        assertFalse(DataflowLaunch.helped(CellType.FLOAT32, 64, 1), "no other cells have a helped kernel");
        // the helped kernel indexes cells in 32 bits: a padded row past 46340 takes the wide kernel at any blocks per SM
        assertEquals("fw_dataflow_helped", DataflowSolver.kernelFamily(1024, 64, 1));
        assertEquals("fw_dataflow", DataflowSolver.kernelFamily(1024, 64, 2));
        assertEquals("fw_dataflow", DataflowSolver.kernelFamily(Distances.INT_INDEX_MAX_N, 128, 1));
        assertEquals("fw_dataflow_wide", DataflowSolver.kernelFamily(Distances.INT_INDEX_MAX_N + 1, 64, 1));
        assertEquals("fw_dataflow_wide", DataflowSolver.kernelFamily(65536, 128, LaunchChoice.ALL_THAT_FIT));
    }

    /** The table's rows, first match wins, else all that fit; its choice is a candidate on either side of every row's n. */
    @Test
    void theTablesBlocksPerSmFollowItsRows() {
        assertEquals(1, DataflowLaunch.tableBlocksPerSm(CellType.INT32, 64, 1499));
        assertEquals(2, DataflowLaunch.tableBlocksPerSm(CellType.INT32, 64, 1500));
        assertEquals(2, DataflowLaunch.tableBlocksPerSm(CellType.INT32, 64, 2499));
        assertEquals(ALL, DataflowLaunch.tableBlocksPerSm(CellType.INT32, 64, 2500));
        assertEquals(1, DataflowLaunch.tableBlocksPerSm(CellType.INT32, 128, 4999));
        assertEquals(ALL, DataflowLaunch.tableBlocksPerSm(CellType.INT32, 128, 5000));
        assertEquals(1, DataflowLaunch.tableBlocksPerSm(CellType.PACKED16, 64, 1249));
        assertEquals(2, DataflowLaunch.tableBlocksPerSm(CellType.PACKED16, 64, 1250));
        assertEquals(2, DataflowLaunch.tableBlocksPerSm(CellType.PACKED16, 64, 1749));
        assertEquals(ALL, DataflowLaunch.tableBlocksPerSm(CellType.PACKED16, 64, 1750));
        assertEquals(ALL, DataflowLaunch.tableBlocksPerSm(CellType.PACKED16, 128, 100));
        assertEquals(ALL, DataflowLaunch.tableBlocksPerSm(CellType.PACKED16, 256, 100));
        assertEquals(blocks(64, 1), Variant.DATAFLOW.tableChoice(1000));
        assertEquals(blocks(64, 2), Variant.DATAFLOW.tableChoice(2000));
        assertEquals(blocks(64, ALL), Variant.DATAFLOW.tableChoice(2500));
        assertEquals(blocks(128, 1), Variant.DATAFLOW.tableChoice(4000));
        assertEquals(blocks(128, ALL), Variant.DATAFLOW.tableChoice(5000));
        assertEquals(blocks(64, 1), Variant.PACKED16.tableChoice(1000));
        assertEquals(blocks(64, ALL), Variant.PACKED16.tableChoice(2500));
        for (Variant v : List.of(Variant.DATAFLOW, Variant.PACKED16)) {
            for (DataflowLaunch.TableRow r : DataflowLaunch.BLOCKS_PER_SM_TABLE) {
                for (int n : new int[] {1, r.belowN() - 1, r.belowN(), 10_000}) {
                    assertTrue(v.launchCandidates(n).contains(v.tableChoice(n)), v + " n=" + n);
                }
            }
        }
        for (Variant v : List.of(Variant.KLEENE, Variant.KLEENE_F32, Variant.KLEENE_PATHS, Variant.KLEENE_I64, Variant.KLEENE_F64)) {
            assertTrue(v.launchCandidates(1000).stream().allMatch(c -> c.blocksPerSm() == 0), v + ": no dataflow launch");
            assertEquals(0, v.tableChoice(1000).blocksPerSm(), v.id());
        }
    }

    /** The tuning pass keeps the table's choice against exactly that candidate (blocks per SM and all), not another of its tile. */
    @Test
    void theTuningComparesAgainstTheTablesBlocksPerSm() {
        LaunchChoice table = Variant.PACKED16.tableChoice(1000);
        assertEquals(1, Variant.PACKED16.launchCandidates(1000).stream().filter(table::equals).count());
        assertTrue(Variant.PACKED16.launchCandidates(1000).stream().filter(c -> c.tile() == table.tile()).count() > 1);
    }

    @Test
    void aChoiceSaysItsBlocksPerSm() {
        assertEquals("T=64 and 1 block per SM", blocks(64, 1).text());
        assertEquals("T=64 and 2 blocks per SM", blocks(64, 2).text());
        assertEquals("T=128 and all blocks per SM that fit", blocks(128, ALL).text());
        assertEquals("T=64", LaunchChoice.tile(64).text(), "0: not chosen, as before");
        assertEquals("T=128 and 2 REST launches", new LaunchChoice(128, 2).text());
        assertEquals("T=128 and 2 REST launches and 1 block per SM", new LaunchChoice(128, 2, 1).text());
        assertEquals("2 blocks per SM", new LaunchChoice(0, 0, 2).text());
        assertEquals("the table's", LaunchChoice.TABLE.text());
        assertEquals(new LaunchChoice(128, 2, 0), new LaunchChoice(128, 2));
        assertTrue(new LaunchChoice(0, 0, 1).chosen());
        assertThrows(IllegalArgumentException.class, () -> new LaunchChoice(64, 0, -1));
        assertThrows(IllegalArgumentException.class, () -> LaunchChoice.tile(64).withBlocksPerSm(-2));
        assertThrows(IllegalArgumentException.class, () -> new LaunchChoice(-64, 0, 1));
    }

    /** describe()'s clause: the blocks that run (at most those that fit) and where the choice came from. */
    @Test
    void describeSaysTheBlocksPerSmAndWhereTheyCameFrom() {
        LaunchSetting tableTile = new LaunchSetting(64, LaunchSetting.TABLE);
        assertEquals("T=64 and 1 block per SM from the table for n=1000",
                DataflowLaunch.launchText(tableTile, new LaunchSetting(1, LaunchSetting.TABLE), 4, 1000));
        assertEquals("T=64 and 4 blocks per SM (all that fit) from the table for n=2500",
                DataflowLaunch.launchText(tableTile, new LaunchSetting(ALL, LaunchSetting.TABLE), 4, 2500));
        assertEquals("T=128 and 2 blocks per SM (all that fit) tuned on this device for n=3000",
                DataflowLaunch.launchText(new LaunchSetting(128, LaunchChoice.TUNED), new LaunchSetting(ALL, LaunchChoice.TUNED), 2, 3000));
        assertEquals("T=64 from the table, 3 blocks per SM (all that fit, not 8) from -Dfwbench.dataflow.blocksPerSm for n=1000",
                DataflowLaunch.launchText(tableTile, new LaunchSetting(8, "from -Dfwbench.dataflow.blocksPerSm"), 3, 1000));
        assertEquals("T=64 from the table, 2 blocks per SM from -Dfwbench.dataflow.blocksPerSm for n=1000",
                DataflowLaunch.launchText(tableTile, new LaunchSetting(2, "from -Dfwbench.dataflow.blocksPerSm"), 3, 1000));
    }

    /** The configuration's choice, then the pin, over the table's blocks per SM; the tile decides the table's. */
    @Test
    void theBlocksPerSmSettingIsPinnedTunedOrTheTables() {
        SolverConfig config = SolverConfig.of(GraphSpec.RANDOM.instance(10, 1));
        assertEquals(new LaunchSetting(1, LaunchSetting.TABLE), DataflowLaunch.blocksPerSmSetting(config, CellType.INT32, 64));
        assertEquals(new LaunchSetting(ALL, LaunchSetting.TABLE), DataflowLaunch.blocksPerSmSetting(config, CellType.PACKED16, 128));
        assertEquals(new LaunchSetting(ALL, LaunchChoice.TUNED), DataflowLaunch.blocksPerSmSetting(config.withChoice(blocks(64, ALL)), CellType.INT32, 64),
                "all that fit, tuned, is not the table's 1");
        assertEquals(new LaunchSetting(2, LaunchChoice.TUNED), DataflowLaunch.blocksPerSmSetting(config.withChoice(blocks(64, 2)), CellType.INT32, 64));
        withProperty(DataflowLaunch.BLOCKS_PER_SM_PIN.property(), "3", () -> {
            assertEquals(new LaunchSetting(3, "from -Dfwbench.dataflow.blocksPerSm"), DataflowLaunch.blocksPerSmSetting(config.withChoice(blocks(64, 2)), CellType.INT32, 64));
            assertEquals(List.of("-Dfwbench.dataflow.blocksPerSm=3"), Variant.DATAFLOW.launchPins());
            assertEquals(List.of("-Dfwbench.dataflow.blocksPerSm=3"), Variant.PACKED16.launchPins());
            assertEquals(List.of(), Variant.KLEENE.launchPins(), "kleene has no dataflow launch");
            Variant.checkLaunchPins();
        });
    }

    /** A pin set to a value it does not take is refused in one line, naming the property and the values it takes. */
    @Test
    void aBadPinIsRefusedInOneLine() {
        String blocks = DataflowLaunch.BLOCKS_PER_SM_PIN.property();
        for (String bad : List.of("0", "-1", "two", "", "1.5")) {
            withProperty(blocks, bad, () -> {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, Variant::checkLaunchPins);
                assertEquals("-Dfwbench.dataflow.blocksPerSm takes a whole number >= 1, not '" + bad + "'", e.getMessage());
                assertThrows(IllegalArgumentException.class, Variant.PACKED16::launchPins);
            });
        }
        withProperty(Packed16Solver.TILE_PIN.property(), "7", () -> {
            assertEquals("-Dfwbench.packed16.tile takes 64, 128 or 256, not '7'", assertThrows(IllegalArgumentException.class, Variant::checkLaunchPins).getMessage());
            assertEquals(Packed16Solver.tableTile(100), Packed16Solver.tileFor(100), "the registry's memory, computed as it loads, before the check");
        });
        withProperty(KleeneSolver.TILE_PIN.property(), "256", () -> assertEquals("-Dfwbench.kleene.tile takes 64 or 128, not '256'",
                assertThrows(IllegalArgumentException.class, Variant::checkLaunchPins).getMessage()));
        withProperty(KleeneSolver.REST_LAUNCHES_PIN.property(), "0", () -> assertEquals("-Dfwbench.kleene.restLaunches takes a whole number >= 1, not '0'",
                assertThrows(IllegalArgumentException.class, Variant::checkLaunchPins).getMessage()));
        withProperty(blocks, " 2 ", () -> assertEquals(List.of("-Dfwbench.dataflow.blocksPerSm=2"), Variant.DATAFLOW.launchPins()));
        Variant.checkLaunchPins();  // none set
    }

    /** The table measured on an H200, as the solvers applied it before tuning. */
    @Test
    void theTableIsTheH200s() {
        assertEquals(new LaunchChoice(64, 1), Variant.KLEENE.tableChoice(KleeneSolver.CROSSOVER_N - 1));
        assertEquals(new LaunchChoice(128, 2), Variant.KLEENE.tableChoice(KleeneSolver.CROSSOVER_N));
        assertEquals(new LaunchChoice(128, 2), Variant.KLEENE_F32.tableChoice(10_000), "two bulk launches with its groups too");
        assertEquals(new LaunchChoice(128, 2), Variant.KLEENE_PATHS.tableChoice(10_000));
        // the 64-bit cells take T = 64 at every n, where their T = 128 runs one block per SM (kernels/NOTES.md, 64-bit cells)
        for (Variant v : List.of(Variant.KLEENE_I64, Variant.KLEENE_F64)) {
            for (int n : new int[] {KleeneSolver.CROSSOVER_N - 1, KleeneSolver.CROSSOVER_N, 10_000, 65_536}) assertEquals(new LaunchChoice(64, 1), v.tableChoice(n), v + " n=" + n);
        }
        assertEquals(blocks(64, ALL), Variant.DATAFLOW.tableChoice(KleeneSolver.CROSSOVER_N - 1));
        assertEquals(blocks(128, 1), Variant.DATAFLOW.tableChoice(KleeneSolver.CROSSOVER_N));
        assertEquals(blocks(64, ALL), Variant.PACKED16.tableChoice(Packed16Solver.T128_FROM_N - 1));
        assertEquals(blocks(128, ALL), Variant.PACKED16.tableChoice(Packed16Solver.T128_FROM_N));
        assertEquals(blocks(256, ALL), Variant.PACKED16.tableChoice(Packed16Solver.T256_FROM_N));
    }

    /**
     * A smaller tile than the table's needs a larger work-item schedule than the run's memory was
     * planned with (and past 1024 tiles a side, more than the schedule numbers): no candidate.
     */
    @Test
    void dataflowAndPacked16LeaveOutTilesBelowTheTables() {
        assertEquals(List.of(blocks(128, 1), blocks(128, ALL)), Variant.DATAFLOW.launchCandidates(KleeneSolver.CROSSOVER_N));
        assertEquals(List.of(blocks(128, 1), blocks(128, ALL)), Variant.DATAFLOW.launchCandidates(131_072));
        assertEquals(List.of(blocks(256, ALL)), Variant.PACKED16.launchCandidates(Packed16Solver.T256_FROM_N));
        assertEquals(List.of(blocks(128, 1), blocks(128, ALL), blocks(256, ALL)), Variant.PACKED16.launchCandidates(Packed16Solver.T256_FROM_N - 1));
        for (int n : SIZES) {
            for (LaunchChoice c : Variant.DATAFLOW.launchCandidates(n)) assertTrue(KleeneSolver.PAD * ((n + KleeneSolver.PAD - 1) / KleeneSolver.PAD) / c.tile() <= DataflowSchedule.MAX_TILES);
        }
    }

    @Test
    void aPinWinsOverTheTunedChoiceAndTheTable() {
        assertEquals(new LaunchSetting(64, LaunchChoice.TUNED), LaunchSetting.of(KleeneSolver.TILE_PIN, 64, () -> 128));
        assertEquals(new LaunchSetting(128, "from the table"), LaunchSetting.of(KleeneSolver.TILE_PIN, 0, () -> 128));
        assertEquals(List.of(), Variant.KLEENE.launchPins());
        withProperty(KleeneSolver.TILE_PIN.property(), "128", () -> {
            assertEquals(new LaunchSetting(128, "from -Dfwbench.kleene.tile"), LaunchSetting.of(KleeneSolver.TILE_PIN, 64, () -> 64));
            assertEquals(List.of("-Dfwbench.kleene.tile=128"), Variant.KLEENE.launchPins());
            assertEquals(List.of("-Dfwbench.kleene.tile=128"), Variant.DATAFLOW.launchPins());
            assertEquals(List.of(), Variant.PACKED16.launchPins(), "packed16 has a pin of its own");
            assertEquals(128, KleeneSolver.tileFor(100), "what memory is planned with");
        });
        withProperty(Packed16Solver.TILE_PIN.property(), "256", () -> {
            assertEquals(List.of("-Dfwbench.packed16.tile=256"), Variant.PACKED16.launchPins());
            assertEquals(256, Packed16Solver.tileFor(100));
        });
        withProperty(KleeneSolver.REST_LAUNCHES_PIN.property(), "1", () -> assertEquals(List.of("-Dfwbench.kleene.restLaunches=1"), Variant.KLEENE_F32.launchPins()));
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

    /** Runs {@code body} with the system property set, and restores it after (other tests of the package use it too). */
    static void withProperty(String name, String value, Runnable body) {
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
    @MethodSource("fwbench.variant.Variant#values")
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
        withProperty(KleeneSolver.TILE_PIN.property(), "128", () -> {
            try (Solver kleene = Variant.KLEENE.create(config)) {
                assertTrue(kleene.describe().startsWith("kleene (T=128 from -Dfwbench.kleene.tile, 1 REST launch tuned on this device for n=300, "),
                        kleene.describe());
            }
        });
        withProperty(DataflowLaunch.BLOCKS_PER_SM_PIN.property(), "64", () -> {
            for (Variant v : List.of(Variant.DATAFLOW, Variant.PACKED16)) {
                try (Solver solver = v.create(config.withChoice(blocks(64, 1)))) {
                    assertTrue(solver.describe().startsWith(v + " (T=64 tuned on this device, ")
                            && solver.describe().contains(" per SM (all that fit, not 64) from -Dfwbench.dataflow.blocksPerSm for n=300, "), solver.describe());
                }
            }
        });
        withProperty(Packed16Solver.TILE_PIN.property(), "256", () -> {
            try (Solver packed = Variant.PACKED16.create(config.withChoice(LaunchChoice.tile(128)))) {
                assertTrue(packed.describe().startsWith("packed16 (T=256 from -Dfwbench.packed16.tile, ")
                        && packed.describe().contains(" per SM (all that fit) from the table for n=300, "), packed.describe());
            }
        });
    }
}
