package fwbench.variant;

import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchSetting;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.TileDoesNotFitException;
import fwbench.variant.core.TileFit;
import fwbench.variant.kleene.KleeneSolver;

import fwbench.GpuTest;
import fwbench.cuda.CudaContext;
import fwbench.cuda.DeviceInfo;
import fwbench.graph.GraphSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The tiles of the kleene family, kleene-paths, kleene-bands, kleene-packed16, dataflow and packed16
 * against the shared memory a block of the device present may have (TileFit), from the shapes the
 * compiled kernels export: the limit read holds the kernels of the tile each variant chooses, and
 * the same kernels under the smaller limits of other GPUs fall back as TileFitTest decides with the
 * shapes as numbers.
 */
@GpuTest
class TileFitGpuTest {

    private static final Pattern TILE = Pattern.compile("T=(\\d+)");

    static List<Variant> kleeneFamily() {
        return List.of(Variant.KLEENE, Variant.KLEENE_F32, Variant.KLEENE_I64, Variant.KLEENE_F64);
    }

    /**
     * The variants whose table falls back to T = 64 where T = 128 does not fit: the family on 32-bit cells,
     * kleene-paths and kleene-bands (the 64-bit cells' table takes T = 64 at every n).
     */
    static List<Variant> fallingBack() {
        return List.of(Variant.KLEENE, Variant.KLEENE_F32, Variant.KLEENE_PATHS, Variant.KLEENE_BANDS);
    }

    /** At an n where the table asks for T = 128, the tile a solver chooses fits the limit the device reports. */
    @ParameterizedTest
    @MethodSource("fallingBack")
    void theLimitReadHoldsTheChosenTilesKernels(Variant variant) {
        DeviceInfo device = CudaContext.get().device();
        TileFit fit = TileFits.onDevice(variant).orElseThrow();
        assertEquals(device.maxSharedBytesPerBlock(), fit.limitBytes());
        int n = KleeneSolver.CROSSOVER_N + 1;
        assertEquals(128, KleeneSolver.tableTile(n));
        try (Solver solver = variant.create(SolverConfig.of(GraphSpec.RANDOM.instance(n, 3)).withGpus(1))) {
            Matcher tile = TILE.matcher(solver.describe());
            assertTrue(tile.find(), solver.describe());
            int chosen = Integer.parseInt(tile.group(1));
            assertTrue(fit.sharedBytes().applyAsInt(chosen) <= device.maxSharedBytesPerBlock(), variant + " at T=" + chosen + " needs "
                    + fit.sharedBytes().applyAsInt(chosen) + " bytes, " + device.describe() + " allows " + device.maxSharedBytesPerBlock());
            assertEquals(fit.largestFittingUpTo(128), chosen, solver.describe());
            assertTrue(solver.describe().contains(chosen == 128 ? " from the table for n=" + n : "T=" + chosen + " (the table's T=128 needs "),
                    "a lowered tile says why, one that fits says the table: " + solver.describe());
        }
    }

    /** H100 and H200 (sm_90) let a block opt in to 227 KB: every tile of the family is a candidate. */
    @Test
    void onSm90EveryTileFitsAndIsTuned() {
        DeviceInfo device = CudaContext.get().device();
        assumeTrue(device.computeCapability() == 90, device.describe());
        assertEquals(227 * 1024, device.maxSharedBytesPerBlock());
        for (Variant v : List.of(Variant.KLEENE, Variant.KLEENE_F32, Variant.KLEENE_I64, Variant.KLEENE_F64, Variant.DATAFLOW, Variant.PACKED16,
                Variant.KLEENE_PATHS, Variant.KLEENE_BANDS, Variant.KLEENE_PACKED16)) {
            for (int n : List.of(1000, 5000, 10_000)) assertEquals(v.launchCandidates(n), TileFits.launchCandidates(v, n), v.id() + " at n=" + n);
        }
    }

    /** dataflow's T = 128 and packed16's T = 256 need more than sm_86's and sm_89's 99 KB, packed16's T = 256 less than sm_80's 163 KB. */
    @Test
    void dataflowAndPacked16UnderSmallerLimits() {
        TileFit dataflow = TileFits.onDevice(Variant.DATAFLOW).orElseThrow();
        TileFit packed16 = TileFits.onDevice(Variant.PACKED16).orElseThrow();
        assertEquals(List.of(true, false), List.of(dataflow.sharedBytes().applyAsInt(64) <= 99 * 1024, dataflow.sharedBytes().applyAsInt(128) <= 99 * 1024));
        assertEquals(List.of(true, true, false), packed16.tiles().stream().map(t -> packed16.sharedBytes().applyAsInt(t) <= 99 * 1024).toList());
        assertTrue(packed16.sharedBytes().applyAsInt(256) <= 163 * 1024, "packed16 at T=256 on sm_80");
    }

    /**
     * kleene-paths' and kleene-bands' kernels need kleene's 68 KB at T = 128 and 34 KB at T = 64 (T = 64 only on sm_75's 64 KB);
     * kleene-packed16's T = 128, its only tile, 68 KB: refused on sm_75 in one line, held by every later GPU.
     */
    @Test
    void kleenePathsBandsAndPacked16UnderSmallerLimits() {
        for (Variant v : List.of(Variant.KLEENE_PATHS, Variant.KLEENE_BANDS)) {
            TileFit here = TileFits.onDevice(v).orElseThrow();
            assertEquals(List.of(34_816, 69_632), here.tiles().stream().map(t -> here.sharedBytes().applyAsInt(t)).toList(), v.id());
            TileFit sm75 = new TileFit(v.id(), "sm_75", 64 * 1024, here.pin(), here.tiles(), here.sharedBytes());
            assertEquals(64, sm75.largestFittingUpTo(128), v.id() + " on sm_75");
            assertEquals(List.of(new LaunchChoice(64, 1)), sm75.candidates(KleeneSolver.LAUNCH_CANDIDATES), v.id());
        }
        TileFit packed = TileFits.onDevice(Variant.KLEENE_PACKED16).orElseThrow();
        assertEquals(List.of(128), packed.tiles());
        assertTrue(packed.fits(128), "every device the suite runs on but sm_75: " + CudaContext.get().device().describe());
        TileFit sm75 = new TileFit(packed.variant(), "Tesla T4", 64 * 1024, packed.pin(), packed.tiles(), packed.sharedBytes());
        assertEquals("kleene-packed16 at T=128 needs 69632 bytes of shared memory a block, and a block of Tesla T4 may have 65536: "
                + "kleene-packed16 has no other tile", assertThrows(TileDoesNotFitException.class,
                () -> sm75.requireFits(new LaunchSetting(128, "(its only tile)"))).getMessage());
    }

    /** The compiled kernels' shapes under sm_86's and sm_89's 99 KB and sm_75's 64 KB. */
    @Test
    void theCompiledShapesUnderSmallerLimits() {
        for (Variant v : kleeneFamily()) {
            TileFit here = TileFits.onDevice(v).orElseThrow();
            TileFit sm86 = new TileFit(v.id(), "sm_86", 99 * 1024, here.pin(), here.tiles(), here.sharedBytes());
            TileFit sm75 = new TileFit(v.id(), "sm_75", 64 * 1024, here.pin(), here.tiles(), here.sharedBytes());
            boolean wide = v.cellType().wordBits() == Long.SIZE;
            assertEquals(wide ? 64 : 128, sm86.largestFittingUpTo(128), v.id() + " on sm_86");
            assertEquals(wide ? new LaunchSetting(64, "(the table's T=128 needs 135168 bytes of shared memory a block; a block of sm_86 may have 101376)")
                    : new LaunchSetting(128, LaunchSetting.TABLE), sm86.setting(0, () -> 128), v.id() + " on sm_86, as the solver describes it");
            assertEquals(wide ? List.of(new LaunchChoice(64, 1)) : KleeneSolver.LAUNCH_CANDIDATES, sm86.candidates(KleeneSolver.LAUNCH_CANDIDATES), v.id());
            assertFalse(sm75.fits(128), v.id() + " at T=128 on sm_75");
            assertEquals(!wide, sm75.fits(64), v.id() + " at T=64 on sm_75");
        }
    }
}
