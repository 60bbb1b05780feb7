package fwbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import fwbench.cell.CellType;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import static fwbench.report.Fixtures.DEVICE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpeedupTableTest {

    private static final VariantName NAIVE = VariantName.of(Variant.NAIVE);
    private static final VariantName BLOCKED = VariantName.of(Variant.BLOCKED);

    @TempDir
    Path dir;

    private RunData data(ArrayNode run) throws Exception {
        return Fixtures.read(Fixtures.write(run, dir.resolve("run-" + System.nanoTime() + ".json")));
    }

    private SpeedupTable table(ArrayNode run) throws Exception {
        List<SpeedupTable> tables = SpeedupTable.build(data(run), NAIVE);
        assertEquals(1, tables.size());
        return tables.get(0);
    }

    @Test
    void speedupsAndRatesAreTheFixturesNumbersDividedByHand() throws Exception {
        SpeedupTable table = table(Fixtures.tree(Fixtures.RUN));
        // naive / blocked time, from the fixture's scores: 3.534569287896314 / 0.6057357223774357 and so on
        assertEquals(5.835167313599369, table.row(BLOCKED, 1000).speedup().getAsDouble(), 1e-12);
        assertEquals(7.853989408753378, table.row(BLOCKED, 2500).speedup().getAsDouble(), 1e-12);
        assertEquals(15.847945303526318, table.row(BLOCKED, 5000).speedup().getAsDouble(), 1e-12);
        assertEquals(1.0, table.row(NAIVE, 5000).speedup().getAsDouble());
        // n^3 / seconds: 1e9 / 3.534569287896314e-3 and 1.25e11 / 36.24390141428571e-3
        assertEquals(2.829199029778179e11, table.row(NAIVE, 1000).relaxationsPerSecond().getAsDouble(), 1e-3);
        assertEquals(3.448856086743759e12, table.row(BLOCKED, 5000).relaxationsPerSecond().getAsDouble(), 1e-2);
        assertFalse(table.showsPeak(), "no peak rows: no percent column");
        assertTrue(table.row(BLOCKED, 5000).percentOfPeak().isEmpty());
        assertTrue(table.showsGpuTime());
    }

    @Test
    void aMissingCombinationIsAnEmptyCellAndNothingShifts() throws Exception {
        SpeedupTable table = table(Fixtures.without(Fixtures.tree(Fixtures.RUN), Fixtures.at("BLOCKED", 2500)));
        assertEquals(List.of(1000, 2500, 5000), table.sizes());
        assertEquals(6, table.rows().size(), "every (variant, n) keeps its row");
        SpeedupTable.Row missing = table.row(BLOCKED, 2500);
        assertTrue(missing.time().isEmpty());
        assertTrue(missing.speedup().isEmpty());
        assertTrue(missing.relaxationsPerSecond().isEmpty());
        assertEquals(15.847945303526318, table.row(BLOCKED, 5000).speedup().getAsDouble(), 1e-12, "5000 stays 5000");
    }

    @Test
    void withoutTheBaselineAtOneNTheSpeedupThereIsEmptyButTheTimeStays() throws Exception {
        SpeedupTable table = table(Fixtures.without(Fixtures.tree(Fixtures.RUN), Fixtures.at("NAIVE", 5000)));
        SpeedupTable.Row blocked = table.row(BLOCKED, 5000);
        assertEquals(36.24390141428571, blocked.time().orElseThrow().millis());
        assertTrue(blocked.speedup().isEmpty());
    }

    @Test
    void rowsFollowTheRegistryNotTheFileOrScoreAndUnknownVariantsComeLast() throws Exception {
        ArrayNode run = Fixtures.tree(Fixtures.RUN);
        ArrayNode reversed = Fixtures.JSON.createArrayNode();
        for (int i = run.size() - 1; i >= 0; i--) reversed.add(run.get(i));
        // a variant from another version of the suite, listed first in the file
        ArrayNode unknown = Fixtures.withParam(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED"), "variant", "TILED_4X4");
        ArrayNode both = Fixtures.concat(Fixtures.without(unknown, Fixtures.variant("NAIVE")), reversed);
        SpeedupTable table = table(both);
        assertEquals(List.of("naive", "blocked", "tiled-4x4"), table.variants().stream().map(VariantName::id).toList());
        assertEquals(List.of("naive", "blocked", "tiled-4x4"),
                table.rows().stream().filter(r -> r.n() == 1000).map(r -> r.variant().id()).toList());
        assertEquals(5.835167313599369, table.row(new VariantName("TILED_4X4"), 1000).speedup().getAsDouble(), 1e-12);
    }

    @Test
    void anotherBaselineInvertsTheSpeedups() throws Exception {
        RunData data = data(Fixtures.tree(Fixtures.RUN));
        VariantName baseline = SpeedupTable.baseline("BLOCKED", data);
        assertEquals(BLOCKED, baseline);
        assertEquals(BLOCKED, SpeedupTable.baseline("blocked", data));
        SpeedupTable table = SpeedupTable.build(data, baseline).get(0);
        assertEquals(1 / 5.835167313599369, table.row(NAIVE, 1000).speedup().getAsDouble(), 1e-12);
    }

    @Test
    void aRunWithoutTheBaselineIsRefused() throws Exception {
        Path file = Fixtures.write(Fixtures.without(Fixtures.tree(Fixtures.RUN), Fixtures.variant("NAIVE")), dir.resolve("b.json"));
        RunData data = Fixtures.read(file);
        UsageException e = assertThrows(UsageException.class, () -> SpeedupTable.baseline("naive", data));
        assertEquals(file + " has no results of the baseline naive; its variants: blocked (choose one with --baseline)", e.getMessage());
    }

    @Test
    void percentOfPeakIsTheRateOverTheCeilingOfTheVariantsCell() throws Exception {
        ArrayNode run = Fixtures.concat(Fixtures.tree(Fixtures.RUN), Fixtures.tree(Fixtures.PEAK));
        SpeedupTable table = table(run);
        assertTrue(table.showsPeak());
        // 3.448856086743759e12 relax/s over the synthetic INT32 ceiling 16.2e12
        assertEquals(21.289235103356535, table.row(BLOCKED, 5000).percentOfPeak().getAsDouble(), 1e-9);
        assertEquals(1.746419154184061, table.row(NAIVE, 1000).percentOfPeak().getAsDouble(), 1e-9);
    }

    @Test
    void packed16IsHeldAgainstThePacked16Ceiling() throws Exception {
        ArrayNode packed = Fixtures.withParam(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED"), "variant", "PACKED16");
        SpeedupTable table = table(Fixtures.concat(packed, Fixtures.tree(Fixtures.PEAK)));
        // the same time as blocked at 5000, over the synthetic PACKED16 ceiling 33e12
        assertEquals(100 * 3.448856086743759e12 / 33e12, table.row(VariantName.of(Variant.PACKED16), 5000).percentOfPeak().getAsDouble(), 1e-9);
    }

    /** kleene-bands on a host of two GPUs (gpus=all) is held against the two GPUs' ceilings together. */
    @Test
    void aResultOnTwoGpusIsHeldAgainstTwoCeilings() throws Exception {
        String twoGpus = Fixtures.DEVICE.replaceFirst("\\)$", "; 2 GPUs)");
        ArrayNode bands = Fixtures.withParam(Fixtures.withParam(Fixtures.withParam(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED"),
                "variant", "KLEENE_BANDS"), r -> true, "device", twoGpus), r -> true, "gpus", "all");
        ArrayNode peak = Fixtures.withParam(Fixtures.tree(Fixtures.PEAK), r -> true, "device", twoGpus);
        SpeedupTable table = table(Fixtures.concat(bands, peak));
        // blocked's rate at 5000, over two synthetic INT32 ceilings of 16.2e12
        assertEquals(100 * 3.448856086743759e12 / (2 * 16.2e12), table.row(VariantName.of(Variant.KLEENE_BANDS), 5000).percentOfPeak().getAsDouble(), 1e-9);
    }

    @Test
    void rowsFollowTheStoryThenUnknownVariantsByName() {
        List<VariantName> names = new ArrayList<>(List.of(new VariantName("ZETA"), VariantName.of(Variant.CPU_SERIAL),
                VariantName.of(Variant.DATAFLOW), new VariantName("ALPHA"), VariantName.of(Variant.KLEENE), NAIVE));
        Collections.sort(names);
        assertEquals(List.of(NAIVE, VariantName.of(Variant.KLEENE), VariantName.of(Variant.DATAFLOW), VariantName.of(Variant.CPU_SERIAL),
                new VariantName("ALPHA"), new VariantName("ZETA")), names);
    }

    @Test
    void aVariantIsHeldAgainstTheCeilingOfItsCellType() {
        for (Variant v : Variant.values()) {
            assertEquals(v.gpu() ? Optional.of(v.cellType()) : Optional.empty(), VariantName.of(v).peakCell(), v.id());
        }
        assertEquals(Optional.of(CellType.INT32), BLOCKED.peakCell());
        assertEquals(Optional.empty(), VariantName.of(Variant.CPU_SERIAL).peakCell(), "the GPU's ceiling is not a CPU's");
        assertEquals(Optional.of(CellType.INT32), new VariantName("WARP_SPECIALIZED").peakCell(), "an unknown variant: int32, as all were before packed cells");
    }

    @Test
    void eachGraphLaunchOrSeedGetsItsOwnTable() throws Exception {
        ArrayNode stream = Fixtures.withParam(Fixtures.scaled(Fixtures.tree(Fixtures.RUN), r -> true, 2), r -> true, "launch", "STREAM");
        List<SpeedupTable> tables = SpeedupTable.build(data(Fixtures.concat(Fixtures.tree(Fixtures.RUN), stream)), NAIVE);
        assertEquals(List.of(DEVICE + ": graph=random, launch=GRAPH, seed=42", DEVICE + ": graph=random, launch=STREAM, seed=42"),
                tables.stream().map(t -> t.setup().title()).toList());
        assertEquals(2 * 3.534569287896314, tables.get(1).row(NAIVE, 1000).time().orElseThrow().millis(), 1e-12);
        assertEquals(5.835167313599369, tables.get(1).row(BLOCKED, 1000).speedup().getAsDouble(), 1e-12);
    }
}
