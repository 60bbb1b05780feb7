package fwbench.variant.core;

import fwbench.variant.kleene.KleeneSolver;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

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
        assertEquals(new LaunchSetting(64, LaunchSetting.TABLE), sm86.setting(0, () -> 128));
        TileFit sm90 = fit("kleene-i64", SM_90, WIDE_CELLS);
        assertEquals(new LaunchSetting(128, LaunchSetting.TABLE), sm90.setting(0, () -> 128));
        assertEquals(new LaunchSetting(64, LaunchSetting.TABLE), sm90.setting(0, () -> 64), "the table's smaller tile stays");
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
