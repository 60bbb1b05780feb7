package fwbench.variant.core;

import fwbench.variant.Variant;
import fwbench.variant.kleene.KleeneSolver;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which tiles a device's blocks can hold, with the device's limit as a parameter (no GPU): the
 * opt-in shared memory a block may have on each compute capability the jar is built for, against
 * the largest shared memory the kleene family's kernels export at each tile (TileKernelShapesTest
 * checks those shapes on the device).
 */
class TileFitTest {

    /** CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, as CUDA documents it per compute capability. */
    static final int SM_75 = 64 * 1024, SM_80 = 163 * 1024, SM_86 = 99 * 1024, SM_89 = 99 * 1024, SM_90 = 227 * 1024;

    /** The product kernels' shared bytes at T = 64 and T = 128: two chunk buffers of int32 words, and of 64-bit words. */
    static final Map<Integer, Integer> INT32_CELLS = Map.of(64, 34_816, 128, 69_632);
    static final Map<Integer, Integer> WIDE_CELLS = Map.of(64, 67_584, 128, 135_168);

    private static TileFit fit(String variant, int limit, Map<Integer, Integer> sharedBytes) {
        return new TileFit(variant, "a GPU", limit, KleeneSolver.TILE_PIN, KleeneSolver.TILES, sharedBytes::get);
    }

    @Test
    void theWideCellsTileOf128FitsSm80AndSm90Only() {
        for (int limit : List.of(SM_80, SM_90)) assertTrue(fit("kleene-i64", limit, WIDE_CELLS).fits(128), "limit " + limit);
        for (int limit : List.of(SM_75, SM_86, SM_89)) assertFalse(fit("kleene-i64", limit, WIDE_CELLS).fits(128), "limit " + limit);
        assertFalse(fit("kleene-i64", SM_75, WIDE_CELLS).fits(64), "66 KB: more than sm_75's 64 KB");
        assertTrue(fit("kleene-i64", SM_86, WIDE_CELLS).fits(64));
    }

    @Test
    void theInt32TileOf128FitsAllButSm75() {
        for (int limit : List.of(SM_80, SM_86, SM_89, SM_90)) assertTrue(fit("kleene", limit, INT32_CELLS).fits(128), "limit " + limit);
        assertFalse(fit("kleene", SM_75, INT32_CELLS).fits(128));
        assertTrue(fit("kleene", SM_75, INT32_CELLS).fits(64));
    }

    @Test
    void theTableFallsBackToTheLargestTileThatFits() {
        TileFit sm86 = fit("kleene-i64", SM_86, WIDE_CELLS);
        assertEquals(64, sm86.largestFittingUpTo(128));
        assertEquals(64, sm86.largestFittingUpTo(64));
        assertEquals(new LaunchSetting(64, "(the table's T=128 needs 135168 bytes of shared memory a block; a block of a GPU may have 101376)"),
                sm86.setting(0, () -> 128));
        assertEquals(new LaunchSetting(64, LaunchSetting.TABLE), sm86.setting(0, () -> 64), "the table's tile fits: nothing lowered");
        TileFit sm90 = fit("kleene-i64", SM_90, WIDE_CELLS);
        assertEquals(new LaunchSetting(128, LaunchSetting.TABLE), sm90.setting(0, () -> 128));
        assertEquals(new LaunchSetting(64, LaunchSetting.TABLE), sm90.setting(0, () -> 64), "the table's smaller tile stays");
    }

    /** The solvers' describe() words their tile with LaunchSetting.describe: a lowered tile names the table's, its bytes and the device's limit. */
    @Test
    void aLoweredTileSaysWhyInTheDescription() {
        TileFit l4 = new TileFit("kleene-i64", "NVIDIA L4", SM_89, KleeneSolver.TILE_PIN, KleeneSolver.TILES, WIDE_CELLS::get);
        LaunchSetting lowered = l4.setting(0, () -> 128);
        LaunchSetting tableRest = new LaunchSetting(2, LaunchSetting.TABLE);
        String why = "(the table's T=128 needs 135168 bytes of shared memory a block; a block of NVIDIA L4 may have 101376)";
        assertEquals("T=64 " + why + " for n=10000", LaunchSetting.describe(lowered, 10_000), "kleene-bands' wording");
        assertEquals("T=64 " + why + ", 2 REST launches from the table for n=10000", LaunchSetting.describe(lowered, tableRest, 10_000),
                "kleene's and kleene-paths': the REST launches still from the table, the tile not");
        assertFalse(lowered.fromTable());

        TileFit h100 = new TileFit("kleene-i64", "NVIDIA H100 80GB HBM3", SM_90, KleeneSolver.TILE_PIN, KleeneSolver.TILES, WIDE_CELLS::get);
        assertEquals("T=128 and 2 REST launches from the table for n=10000", LaunchSetting.describe(h100.setting(0, () -> 128), tableRest, 10_000));
        assertEquals("T=64 and 2 REST launches from the table for n=2000", LaunchSetting.describe(l4.setting(0, () -> 64), tableRest, 2_000));
        assertEquals(new LaunchSetting(64, LaunchChoice.TUNED), l4.setting(64, () -> 128), "a tuned tile that fits: as tuned, nothing lowered");
        withTilePin("64", () -> assertEquals(new LaunchSetting(64, "from -Dfwbench.kleene.tile"), l4.setting(0, () -> 128), "a pin: as pinned"));
    }

    @Test
    void aTuningPassMeasuresOnlyTheTilesThatFit() {
        List<LaunchChoice> candidates = KleeneSolver.LAUNCH_CANDIDATES;
        assertEquals(List.of(new LaunchChoice(64, 1)), fit("kleene-f64", SM_89, WIDE_CELLS).candidates(candidates));
        assertEquals(candidates, fit("kleene-f64", SM_90, WIDE_CELLS).candidates(candidates));
        assertEquals(List.of(LaunchChoice.TABLE), fit("kleene-f64", SM_86, WIDE_CELLS).candidates(List.of(LaunchChoice.TABLE)), "no tile: kept");
    }

    @Test
    void aTunedTileThatDoesNotFitIsRefused() {
        TileDoesNotFitException e = assertThrows(TileDoesNotFitException.class, () -> fit("kleene-i64", SM_86, WIDE_CELLS).setting(128, () -> 64));
        assertEquals("kleene-i64 at T=128 needs 135168 bytes of shared memory a block, and a block of a GPU may have 101376: "
                + "-Dfwbench.kleene.tile=64 fits it", e.getMessage());
    }

    @Test
    void aPinnedTileThatDoesNotFitIsRefusedInOneLineNamingWhatFits() {
        withTilePin("128", () -> {
            TileFit sm86 = fit("kleene-i64", SM_86, WIDE_CELLS);
            String expected = "-Dfwbench.kleene.tile=128: kleene-i64 at T=128 needs 135168 bytes of shared memory a block, and a block of a GPU "
                    + "may have 101376: -Dfwbench.kleene.tile=64 fits it";
            assertEquals(expected, assertThrows(TileDoesNotFitException.class, sm86::requirePinFits).getMessage());
            assertEquals(expected, assertThrows(TileDoesNotFitException.class, () -> sm86.setting(0, () -> 64)).getMessage(), "the pin wins");
            assertThrows(UnsupportedInputException.class, sm86::requirePinFits, "what solve and profile refuse in one line, exit code 2");
            fit("kleene-i64", SM_90, WIDE_CELLS).requirePinFits();
            assertEquals(new LaunchSetting(128, "from -Dfwbench.kleene.tile"), fit("kleene-i64", SM_90, WIDE_CELLS).setting(64, () -> 64));
        });
        withTilePin("64", () -> assertEquals("-Dfwbench.kleene.tile=64: kleene-f64 at T=64 needs 67584 bytes of shared memory a block, "
                        + "and a block of a GPU may have 65536: no tile of kleene-f64 (64 or 128) fits it",
                assertThrows(TileDoesNotFitException.class, fit("kleene-f64", SM_75, WIDE_CELLS)::requirePinFits).getMessage()));
        fit("kleene-i64", SM_86, WIDE_CELLS).requirePinFits();  // no pin: nothing to refuse
    }

    @Test
    void whereNoTileFitsTheTablesIsRefused() {
        assertEquals("kleene-i64 at T=128 needs 135168 bytes of shared memory a block, and a block of a GPU may have 65536: "
                        + "no tile of kleene-i64 (64 or 128) fits it",
                assertThrows(TileDoesNotFitException.class, () -> fit("kleene-i64", SM_75, WIDE_CELLS).setting(0, () -> 128)).getMessage());
    }

    /** dataflow and packed16 plan their memory and schedule with the table's tile: one that does not fit is refused, not replaced. */
    @Test
    void withoutFallBackTheTablesTileThatDoesNotFitIsRefused() {
        TileFit dataflow = new TileFit("dataflow", "a GPU", SM_89, KleeneSolver.TILE_PIN, KleeneSolver.TILES, Map.of(64, 52_224, 128, 104_448)::get);
        assertEquals(new LaunchSetting(64, LaunchSetting.TABLE), dataflow.requireFits(new LaunchSetting(64, LaunchSetting.TABLE)));
        assertEquals("dataflow at T=128 needs 104448 bytes of shared memory a block, and a block of a GPU may have 101376: -Dfwbench.kleene.tile=64 fits it",
                assertThrows(TileDoesNotFitException.class, () -> dataflow.requireFits(new LaunchSetting(128, LaunchSetting.TABLE))).getMessage());
    }

    /** kleene-paths' and kleene-bands' kernels at each tile ask for kleene's int32 products' shared memory: T = 64 on sm_75, as kleene. */
    @Test
    void kleenePathsAndBandsFallBackToT64OnSm75() {
        for (String variant : List.of("kleene-paths", "kleene-bands")) {
            assertEquals(new LaunchSetting(64, "(the table's T=128 needs 69632 bytes of shared memory a block; a block of a GPU may have 65536)"),
                    fit(variant, SM_75, INT32_CELLS).setting(0, () -> 128), variant);
            assertEquals(new LaunchSetting(128, LaunchSetting.TABLE), fit(variant, SM_90, INT32_CELLS).setting(0, () -> 128), variant);
            assertEquals(variant + " at T=128 needs 69632 bytes of shared memory a block, and a block of a GPU may have 65536: -Dfwbench.kleene.tile=64 fits it",
                    assertThrows(TileDoesNotFitException.class, () -> fit(variant, SM_75, INT32_CELLS).setting(128, () -> 128)).getMessage());
        }
        withTilePin("128", () -> assertEquals("-Dfwbench.kleene.tile=128: kleene-bands at T=128 needs 69632 bytes of shared memory a block, "
                        + "and a block of a GPU may have 65536: -Dfwbench.kleene.tile=64 fits it",
                assertThrows(TileDoesNotFitException.class, fit("kleene-bands", SM_75, INT32_CELLS)::requirePinFits).getMessage()));
    }

    /**
     * kleene-bands plans each device's memory with kleene's tile for n (T = 128 from its crossover), so it may fall back to T = 64
     * only because T = 64 needs no more: group buffers half as large, and bands of no more rows.
     */
    @Test
    void kleeneBandsAtT64NeedsNoMoreDeviceMemoryThanPlannedAtT128() {
        DeviceMemory memory = Variant.KLEENE_BANDS.deviceMemory();
        for (int n : List.of(KleeneSolver.CROSSOVER_N, 5_000, 10_001, 30_000, 65_000)) {
            for (int devices : List.of(1, 2, 3, 4, 7, 8)) {
                long atT128 = bytesWithTilePin("128", () -> memory.bytesPerDevice(n, devices));
                long atT64 = bytesWithTilePin("64", () -> memory.bytesPerDevice(n, devices));
                assertTrue(atT64 <= atT128, "n=" + n + " on " + devices + " devices: " + atT64 + " bytes at T=64, " + atT128 + " at T=128");
                assertEquals(atT128, memory.bytesPerDevice(n, devices), "the plan without a pin is T = 128's at n=" + n);
            }
        }
    }

    /** kleene-packed16 has T = 128 only and no pin: where that does not fit (sm_75) it is refused, naming the device and what it needs. */
    @Test
    void kleenePacked16HasNoTileThatFitsSm75() {
        TileFit sm75 = new TileFit("kleene-packed16", "Tesla T4", SM_75, null, List.of(128), Map.of(128, 69_632)::get);
        LaunchSetting onlyTile = new LaunchSetting(128, "(its only tile)");
        assertEquals("kleene-packed16 at T=128 needs 69632 bytes of shared memory a block, and a block of Tesla T4 may have 65536: "
                + "kleene-packed16 has no other tile", assertThrows(TileDoesNotFitException.class, () -> sm75.requireFits(onlyTile)).getMessage());
        sm75.requirePinFits();  // nothing pins its tile
        for (int limit : List.of(SM_80, SM_86, SM_89, SM_90)) {
            assertEquals(onlyTile, new TileFit("kleene-packed16", "a GPU", limit, null, List.of(128), Map.of(128, 69_632)::get).requireFits(onlyTile));
        }
        assertThrows(IllegalArgumentException.class, () -> new TileFit("x", "a GPU", SM_90, null, KleeneSolver.TILES, INT32_CELLS::get),
                "several tiles need a pin to choose one");
    }

    private static long bytesWithTilePin(String value, LongSupplier body) {
        long[] result = new long[1];
        withTilePin(value, () -> result[0] = body.getAsLong());
        return result[0];
    }

    private static void withTilePin(String value, Runnable body) {
        String property = KleeneSolver.TILE_PIN.property();
        String before = System.getProperty(property);
        try {
            System.setProperty(property, value);
            body.run();
        } finally {
            if (before == null) System.clearProperty(property);
            else System.setProperty(property, before);
        }
    }
}
