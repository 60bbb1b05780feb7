package fwbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import fwbench.cli.Subcommands;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScalingTableTest {

    @TempDir
    Path dir;

    static final String TWO_GPUS = Fixtures.DEVICE.replaceFirst("\\)$", "; 2 GPUs)");

    /** The fixture's blocked results, renamed kleene (the fixture run has naive and blocked only). */
    private static ArrayNode kleene() {
        return Fixtures.withParam(Fixtures.without(Fixtures.tree(Fixtures.RUN), r -> !Fixtures.variant("BLOCKED").test(r)), r -> true, "variant", "KLEENE");
    }

    /** kleene and kleene-bands in one run on a host with two GPUs (gpus=all): kleene-bands' times the factor of kleene's. */
    private ArrayNode twoGpuRun(double factor) {
        ArrayNode kleene = Fixtures.withParam(kleene(), r -> true, "device", TWO_GPUS);
        ArrayNode bands = Fixtures.scaled(Fixtures.withParam(kleene, r -> true, "variant", "KLEENE_BANDS"), r -> true, factor);
        return Fixtures.concat(Fixtures.withParam(kleene, r -> true, "gpus", "all"), Fixtures.withParam(bands, r -> true, "gpus", "all"));
    }

    @Test
    void resultsOnTwoGpusAreHeldAgainstKleeneOnOne() throws Exception {
        RunData data = Fixtures.read(Fixtures.write(twoGpuRun(0.52), dir.resolve("two.json")));
        ScalingTable table = ScalingTable.build(data);
        assertEquals(data.sizes().size(), table.rows().size(), "one row per n of kleene-bands");
        for (ScalingTable.Row r : table.rows()) {
            assertEquals(2, r.gpus());
            assertEquals(VariantName.of(Variant.KLEENE_BANDS), r.variant());
            assertEquals(VariantName.of(Variant.KLEENE), r.oneGpu());
            assertEquals(1 / 0.52, r.speedup(), 1e-9);
            assertEquals(1 / 0.52 / 2, r.perGpu(), 1e-9);
        }
        String md = table.markdown(List.of("two.json"));
        assertTrue(md.startsWith("# Scaling over GPUs"), md);
        assertTrue(md.contains("| kleene-bands | 2 |") && md.contains("| kleene |") && md.contains("1.92x"), md);
        assertEquals(table.rows().size() + 1, table.csv().lines().count());
    }

    @Test
    void theSameVariantOnOneGpuIsPreferred() throws Exception {
        ArrayNode run = twoGpuRun(0.52);
        // kleene-bands on one GPU too, 1.05x kleene's time
        ArrayNode one = Fixtures.withParam(Fixtures.scaled(Fixtures.withParam(kleene(), r -> true, "device", TWO_GPUS), r -> true, 1.05),
                r -> true, "variant", "KLEENE_BANDS");
        RunData data = Fixtures.read(Fixtures.write(Fixtures.concat(run, Fixtures.withParam(one, r -> true, "gpus", "1")), dir.resolve("both.json")));
        ScalingTable table = ScalingTable.build(data);
        assertEquals(data.sizes().size(), table.rows().size(), "only the two-GPU results are rows");
        for (ScalingTable.Row r : table.rows()) {
            assertEquals(VariantName.of(Variant.KLEENE_BANDS), r.oneGpu());
            assertEquals(1.05 / 0.52, r.speedup(), 1e-9);
        }
    }

    /** The report command writes scaling.md and scaling.csv beside its tables only when a result ran on several GPUs. */
    @Test
    void theReportWritesTheScalingFilesOnlyWhenThereIsScaling() throws Exception {
        Path two = Fixtures.write(twoGpuRun(0.52), dir.resolve("two.json"));
        Path one = Fixtures.write(kleene(), dir.resolve("one.json"));
        for (Path input : new Path[] {two, one}) {
            Path folder = dir.resolve("out-" + input.getFileName());
            StringWriter out = new StringWriter(), err = new StringWriter();
            assertEquals(0, Subcommands.run(new String[] {"report", input.toString(), "--out", folder.toString()},
                    new PrintWriter(out, true), new PrintWriter(err, true)), err.toString());
            boolean scaling = input == two;
            assertEquals(scaling, Files.exists(folder.resolve("scaling.md")), out.toString());
            assertEquals(scaling, Files.exists(folder.resolve("scaling.csv")));
            assertEquals(scaling, out.toString().contains("speedup over one GPU of 3 results on several GPUs"), out.toString());
        }
    }

    @Test
    void aOneGpuRunHasNoScaling() throws Exception {
        ArrayNode bands = Fixtures.withParam(kleene(), r -> true, "variant", "KLEENE_BANDS");
        RunData data = Fixtures.read(Fixtures.write(Fixtures.concat(kleene(), bands), dir.resolve("one.json")));
        assertTrue(ScalingTable.build(data).isEmpty(), "kleene-bands on a one-GPU host ran on one GPU");
        assertEquals("", ScalingTable.build(data).markdown(List.of("one.json")));
    }
}
