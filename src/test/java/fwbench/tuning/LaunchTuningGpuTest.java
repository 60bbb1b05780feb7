package fwbench.tuning;

import fwbench.GpuTest;
import fwbench.cuda.CudaContext;
import fwbench.cuda.DeviceInfo;
import fwbench.graph.GraphSpec;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Real tuning passes, for kleene at n = 700, into a temporary cache. */
@GpuTest
class LaunchTuningGpuTest {

    private static final int N = 700;

    @TempDir
    Path dir;

    private final List<String> said = new ArrayList<>();

    private Path file() {
        return dir.resolve(TuningCache.FILE_NAME);
    }

    private LaunchTuning tuning() {
        return new LaunchTuning(file(), said::add);
    }

    private static SolverConfig config() {
        return SolverConfig.of(GraphSpec.RANDOM.instance(N, 42));
    }

    private static TuningCache.Key key() {
        DeviceInfo device = CudaContext.get().device();
        return new TuningCache.Key(device.name(), device.computeCapability(), CudaContext.fatbinSha256(Variant.KLEENE.kernelModule()), "kleene",
                NRange.of(N));
    }

    private TuningCache.Entry cached() {
        return TuningCache.read(file(), said::add, "").find(key()).orElseThrow();
    }

    /** The first trial tunes and caches; the next finds the entry, runs no pass, and its solver uses the choice. */
    @Test
    void aPassWritesTheEntryAndTheNextTrialUsesIt() {
        SolverConfig tuned = tuning().forTrial(Variant.KLEENE, config(), TuningMode.TUNED);
        assertEquals(1, said.size(), said.toString());
        String line = said.get(0);
        assertTrue(line.startsWith("tuning kleene for n=700 on " + CudaContext.get().device().name() + " (sm_"), line);
        assertTrue(line.contains("): " + tuned.choice().text() + " ("), line);
        assertTrue(line.endsWith("; cached in " + file()), line);

        TuningCache.Entry entry = cached();
        assertEquals(tuned.choice(), entry.choice());
        assertTrue(Variant.KLEENE.launchCandidates(N).contains(entry.choice()));
        assertEquals(N, entry.tunedAtN());
        assertEquals(Variant.KLEENE.launchCandidates(N).stream().map(LaunchChoice::text).toList(), List.copyOf(entry.millis().keySet()));
        assertTrue(entry.millis().values().stream().allMatch(ms -> ms > 0), entry.millis().toString());

        said.clear();
        SolverConfig again = tuning().forTrial(Variant.KLEENE, config(), TuningMode.TUNED);
        assertEquals(tuned.choice(), again.choice());
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).contains(": " + entry.choice().text() + " tuned on this device (cached in " + file() + " on "), said.get(0));
        try (Solver solver = Variant.KLEENE.create(again)) {
            assertTrue(solver.describe().contains(entry.choice().text() + " tuned on this device for n=700"), solver.describe());
        }

        said.clear();
        assertEquals(tuned.choice(), tuning().cached(Variant.KLEENE, config()).choice(), "solve reads the cache");
    }

    /** A rebuild with changed kernels: the entry of the old fingerprint is passed over and a pass runs. */
    @Test
    void anEntryOfOtherKernelsIsRetuned() {
        TuningCache.Key key = key();
        TuningCache stale = TuningCache.read(file(), said::add, "");
        TuningCache.Key old = new TuningCache.Key(key.device(), key.computeCapability(), "not-these-kernels", key.variant(), key.range());
        stale.put(new TuningCache.Entry(old, N, new LaunchChoice(128, 1), Map.of("T=128 and 1 REST launch", 1.0), "2026-01-01"));
        assertTrue(stale.write(said::add));
        assertTrue(tuning().cached(Variant.KLEENE, config()).choice() == LaunchChoice.TABLE, "solve: no entry for these kernels");

        tuning().forTrial(Variant.KLEENE, config(), TuningMode.TUNED);
        assertTrue(said.stream().anyMatch(l -> l.startsWith("tuning kleene for n=700 on ") && l.contains("; cached in ")), "a pass ran: " + said);
        assertEquals(N, cached().tunedAtN());
        assertNotEquals("2026-01-01", cached().date());
    }

    @Test
    void retuneOverwritesAndTableNeitherTunesNorReads() throws IOException {
        tuning().forTrial(Variant.KLEENE, config(), TuningMode.TUNED);
        said.clear();
        tuning().forTrial(Variant.KLEENE, config(), TuningMode.RETUNE);
        assertTrue(said.stream().anyMatch(l -> l.startsWith("tuning kleene for n=700 on ") && l.contains("; cached in ")), "retune runs a pass: " + said);

        Files.delete(file());
        said.clear();
        SolverConfig config = config();
        assertSame(config, tuning().forTrial(Variant.KLEENE, config, TuningMode.TABLE));
        assertEquals(List.of(), said);
        assertFalse(Files.exists(file()));
    }

    @Test
    void aCorruptCacheIsOneLineThenTunedAndRewritten() throws IOException {
        Files.writeString(file(), "{ half a file");
        tuning().forTrial(Variant.KLEENE, config(), TuningMode.TUNED);
        assertEquals(2, said.size(), said.toString());
        assertTrue(said.get(0).endsWith("ignored; the choices are tuned again and the file rewritten"), said.get(0));
        assertEquals(N, cached().tunedAtN());
    }

    /** Variants with nothing to tune, and pinned ones, are left to the table or the pin. */
    @Test
    void nothingToTuneOrAPinRunsNoPass() {
        SolverConfig config = config();
        assertSame(config, tuning().forTrial(Variant.TILED_4X4, config, TuningMode.TUNED));
        String before = System.getProperty("fwbench.kleene.tile");
        try {
            System.setProperty("fwbench.kleene.tile", "128");
            assertSame(config, tuning().forTrial(Variant.KLEENE, config, TuningMode.RETUNE));
            assertEquals(List.of("tuning kleene: not tuned, -Dfwbench.kleene.tile=128 pins its launch choice"), said);
        } finally {
            if (before == null) System.clearProperty("fwbench.kleene.tile");
            else System.setProperty("fwbench.kleene.tile", before);
        }
        assertFalse(Files.exists(file()));
    }
}
