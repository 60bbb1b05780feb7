package fwbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import fwbench.cell.CellType;
import fwbench.usage.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static fwbench.report.Fixtures.DEVICE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunDataTest {

    @TempDir
    Path dir;

    private RunData real() throws Exception {
        return Fixtures.read(Fixtures.copy(Fixtures.RUN, dir.resolve(Fixtures.RUN)));
    }

    private static RunData.Solve solve(RunData data, String variant, int n) {
        return data.solves().stream().filter(s -> s.variant().constant().equals(variant) && s.n() == n).findFirst().orElseThrow();
    }

    /** gpus=all (the default, what older runs did) shares a setup with runs that lack it; another count does not. */
    @Test
    void gpusAllIsTheSetupOfRunsWithoutIt() throws Exception {
        ArrayNode run = Fixtures.tree(Fixtures.RUN);
        ArrayNode all = Fixtures.withParam(run, Fixtures.variant("NAIVE"), "gpus", "all");
        RunData same = Fixtures.read(Fixtures.write(all, dir.resolve("all.json")));
        assertEquals(1, same.setups().size());
        ArrayNode two = Fixtures.withParam(run, Fixtures.variant("NAIVE"), "gpus", "2");
        RunData split = Fixtures.read(Fixtures.write(two, dir.resolve("two.json")));
        assertEquals(2, split.setups().size());
    }

    /** launch and gpus mean nothing where no result ran on a GPU: a run without one titles its table without them. */
    @Test
    void aRunWithoutAGpuHasNeitherLaunchNorGpus() throws Exception {
        RunData cpu = Fixtures.read(Fixtures.write(Fixtures.cpuRun(), dir.resolve("cpu.json")));
        assertEquals(List.of(RunSetup.of(Fixtures.CPU_DEVICE, Map.of("graph", "random", "seed", "42"))), cpu.setups());
        assertEquals("CPU (AMD EPYC; 2 threads): graph=random, seed=42", cpu.setups().get(0).title());
        ArrayNode gpusTwo = Fixtures.withParam(Fixtures.cpuRun(), r -> true, "gpus", "2");
        assertEquals(Map.of("graph", "random", "seed", "42"),
                Fixtures.read(Fixtures.write(gpusTwo, dir.resolve("two.json"))).setups().get(0).settings());
        // CPU variants beside GPU ones on a GPU keep the setting: they share the GPU variants' table
        ArrayNode mixed = Fixtures.withParam(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED"), "variant", "CPU_BLOCKED");
        assertEquals(List.of(RunSetup.of(DEVICE, Map.of("graph", "random", "launch", "GRAPH", "seed", "42"))),
                Fixtures.read(Fixtures.write(mixed, dir.resolve("mixed.json"))).setups());
    }

    /** A setting that tells results apart stays, meaningful or not: nothing is merged. */
    @Test
    void aSettingThatTellsResultsApartStays() throws Exception {
        ArrayNode both = Fixtures.concat(Fixtures.cpuRun(), Fixtures.withParam(Fixtures.cpuRun(), r -> true, "launch", "EAGER"));
        RunData data = Fixtures.read(Fixtures.write(both, dir.resolve("both.json")));
        assertEquals(12, data.solves().size());
        assertEquals(List.of("graph=random, launch=GRAPH, seed=42", "graph=random, launch=EAGER, seed=42"),
                data.setups().stream().map(RunSetup::settingsText).toList());
    }

    /** A graph file has no seed, and its table has its own n only, not every other file's as n/a. */
    @Test
    void aGraphFileHasNoSeedAndItsOwnSizeOnly() throws Exception {
        RunData files = Fixtures.read(Fixtures.write(Fixtures.graphFiles(), dir.resolve("files.json")));
        assertEquals(List.of("graph=graphs/g1000.gr, launch=GRAPH", "graph=graphs/g2500.gr, launch=GRAPH", "graph=graphs/g5000.gr, launch=GRAPH"),
                files.setups().stream().map(RunSetup::settingsText).toList());
        assertEquals(List.of(1000, 2500, 5000), files.sizes());
        for (RunSetup setup : files.setups()) {
            assertEquals(1, files.tableSizes(setup).size(), setup.settingsText());
            SpeedupTable table = SpeedupTable.build(files, setup, VariantName.of(fwbench.variant.Variant.NAIVE));
            assertTrue(table.rows().stream().allMatch(r -> r.time().isPresent()), "no n/a row: " + table.rows());
        }
        RunData generated = real();
        assertEquals(generated.sizes(), generated.tableSizes(generated.setups().get(0)), "a generated graph's table has every n");
    }

    @ParameterizedTest
    @CsvSource({"road.gr", "data/road", "x.mtx.gz", "road.txt", "random", "sparse:0.01", "hops:0.5", "sparse:.5",
            "random+potentials:1000", "dense"})
    void aGraphFileIsToldFromAGeneratorAsTheBenchmarkTellsIt(String graph) {
        assertEquals(fwbench.graph.io.GraphFiles.looksLikeFile(graph), RunSetup.namesGraphFile(graph), graph);
    }

    /** A results file may come from another system: a Windows folder names a file wherever the report runs. */
    @Test
    void aWindowsPathIsAGraphFileEverywhere() {
        assertTrue(RunSetup.namesGraphFile("C:\\graphs\\road"));
    }

    @Test
    void theRealRunReadsAsSixSolvesOfOneSetup() throws Exception {
        RunData data = real();
        assertEquals(6, data.solves().size());
        assertEquals(List.of(RunSetup.of(DEVICE, Map.of("graph", "random", "launch", "GRAPH", "seed", "42"))), data.setups());
        assertEquals(List.of("naive", "blocked"), data.variants().stream().map(VariantName::id).toList());
        assertEquals(List.of(1000, 2500, 5000), data.sizes());
        RunData.Solve naive = solve(data, "NAIVE", 1000);
        // the fixture's primaryMetric and gpu.time, in ms/op
        assertEquals(3.534569287896314, naive.time().millis());
        assertEquals(0.02016557673007745, naive.time().errorMillis());
        assertEquals(3.5254948106396853, naive.gpuTime().orElseThrow().millis());
        assertTrue(data.peaks().isEmpty());
        assertTrue(data.notes().isEmpty());
    }

    @ParameterizedTest
    @CsvSource({"us/op, 1e3", "ns/op, 1e6", "s/op, 1e-3"})
    void timesInOtherUnitsAreReadInMilliseconds(String unit, double perMillisecond) throws Exception {
        Path file = Fixtures.write(Fixtures.inUnit(Fixtures.tree(Fixtures.RUN), unit, perMillisecond), dir.resolve("unit.json"));
        RunData.Solve blocked = solve(Fixtures.read(file), "BLOCKED", 5000);
        assertEquals(36.24390141428571, blocked.time().millis(), 1e-12 * 36.24);
        assertEquals(36.211588232857835, blocked.gpuTime().orElseThrow().millis(), 1e-12 * 36.21);
    }

    @Test
    void eachMeasuredIterationIsReadInMilliseconds() throws Exception {
        RunData.Solve naive = solve(real(), "NAIVE", 1000);
        // the fixture's rawData: one fork of five iterations
        assertEquals(List.of(3.54275215, 3.5292361830985914, 3.530839943262411, 3.5349546879432623, 3.535063475177305),
                naive.time().iterationMillis());
        Path inMicros = Fixtures.write(Fixtures.inUnit(Fixtures.tree(Fixtures.RUN), "us/op", 1e3), dir.resolve("us.json"));
        List<Double> converted = solve(Fixtures.read(inMicros), "NAIVE", 1000).time().iterationMillis();
        assertEquals(3.54275215, converted.get(0), 1e-12);
        assertEquals(5, converted.size());
    }

    @Test
    void theIterationsOfEveryForkArePooled() throws Exception {
        ArrayNode run = Fixtures.withIterations(Fixtures.tree(Fixtures.RUN), Fixtures.at("BLOCKED", 1000),
                new double[] {1.0, 2.0}, new double[] {3.0});
        RunData.Solve blocked = solve(Fixtures.read(Fixtures.write(run, dir.resolve("forks.json"))), "BLOCKED", 1000);
        assertEquals(List.of(1.0, 2.0, 3.0), blocked.time().iterationMillis());
        assertEquals(2.0, blocked.time().millis());
    }

    @Test
    void aResultWithoutRawDataHasNoIterations() throws Exception {
        ArrayNode run = Fixtures.tree(Fixtures.RUN);
        ((ObjectNode) run.get(0).get("primaryMetric")).remove("rawData");
        RunData.Solve first = solve(Fixtures.read(Fixtures.write(run, dir.resolve("bare.json"))), "NAIVE", 1000);
        assertTrue(first.time().iterationMillis().isEmpty());
        assertEquals(3.534569287896314, first.time().millis(), "the score is read as before");
    }

    @Test
    void jmhsNaNErrorIsReadAsNoError() throws Exception {
        ArrayNode run = Fixtures.tree(Fixtures.RUN);
        ((ObjectNode) run.get(0).get("primaryMetric")).put("scoreError", "NaN");
        RunData.Solve first = solve(Fixtures.read(Fixtures.write(run, dir.resolve("nan.json"))), "NAIVE", 1000);
        assertTrue(Double.isNaN(first.time().errorMillis()));
        assertFalse(first.time().hasError());
    }

    @Test
    void peakRowsGiveTheCeilingOfTheirDeviceAndCell() throws Exception {
        Path run = Fixtures.copy(Fixtures.RUN, dir.resolve(Fixtures.RUN));
        Path peak = Fixtures.copy(Fixtures.PEAK, dir.resolve(Fixtures.PEAK));
        RunData data = Fixtures.read(run, peak);
        assertEquals(16.2e12, data.peak(DEVICE, CellType.INT32).orElseThrow());
        assertEquals(33e12, data.peak(DEVICE, CellType.PACKED16).orElseThrow());
        assertTrue(data.peak("another GPU", CellType.INT32).isEmpty());
        assertEquals(6, data.solves().size(), "peak rows are not solves");
    }

    @Test
    void aPeakOfACellThisVersionDoesNotKnowIsLeftOutWithANote() throws Exception {
        ArrayNode peak = Fixtures.withParam(Fixtures.tree(Fixtures.PEAK), r -> r.path("params").path("cell").asText().equals("PACKED16"),
                "cell", "INT8");
        RunData data = Fixtures.read(Fixtures.write(Fixtures.concat(Fixtures.tree(Fixtures.RUN), peak), dir.resolve("peak.json")));
        assertEquals(List.of(CellType.INT32), data.peaks().stream().map(RunData.PeakCeiling::cell).toList());
        assertTrue(data.notes().contains("left out the peak of cell INT8 (cells: INT32, PACKED16, FLOAT32, INT64, FLOAT64)"), data.notes().toString());
    }

    @Test
    void otherBenchmarksBesideTheSuitesAreLeftOutWithANote() throws Exception {
        ArrayNode run = Fixtures.tree(Fixtures.RUN);
        ArrayNode other = Fixtures.tree(Fixtures.RUN);
        other.forEach(r -> ((ObjectNode) r).put("benchmark", "org.example.Other.run"));
        RunData data = Fixtures.read(Fixtures.write(Fixtures.concat(run, other), dir.resolve("mixed.json")));
        assertEquals(6, data.solves().size());
        assertEquals(List.of("left out 6 results of other benchmarks: org.example.Other.run"), data.notes());
    }

    /** Each bad file: one line saying what it is and what the report reads. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
            "''                         | F is empty; the report reads JMH's JSON results (results/DATE_DEVICE.json)",
            "'  \n '                    | F is empty; the report reads JMH's JSON results (results/DATE_DEVICE.json)",
            "hello                      | F is not JSON (line 1, column 6); the report reads JMH's JSON results (results/DATE_DEVICE.json)",
            "'[{\"benchmark\": 1'       | F is not JSON (line 1, column 17); the report reads JMH's JSON results (results/DATE_DEVICE.json)",
            "'[] []'                    | F is not JSON (line 1, column 4); the report reads JMH's JSON results (results/DATE_DEVICE.json)",
            "'{\"a\": 1}'               | F is JSON but not JMH results: it holds an object, JMH writes an array of benchmark results",
            "'[]'                       | F holds no benchmark results (an empty JSON array)",
            "'[1, 2]'                   | F is JSON but not JMH results: item 1 is a number, not a benchmark result",
            "'[{\"name\": \"x\"}]'      | F is JSON but not JMH results: item 1 has no \"benchmark\"",
            "'[{\"benchmark\": \"b\", \"mode\": \"avgt\", \"primaryMetric\": {}}]' | F is JSON but not JMH results: item 1 has no primaryMetric score and scoreUnit",
            "'\"Benchmark\",\"Mode\"'   | F is JMH's CSV output; the report reads JMH's JSON results (results/DATE_DEVICE.json), written with -rf json (the default)"})
    void badFilesAreOneLine(String content, String message) throws Exception {
        Path file = Files.writeString(dir.resolve("bad.json"), content);
        UsageException e = assertThrows(UsageException.class, () -> JmhJson.read(file));
        assertEquals(message.replace("F ", file + " "), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void aMissingFileAndAFolderAreOneLine() {
        Path missing = dir.resolve("none.json");
        assertEquals(missing + ": no such file", assertThrows(UsageException.class, () -> JmhJson.read(missing)).getMessage());
        assertEquals(dir + " is a folder; the report reads JMH's JSON results (results/DATE_DEVICE.json)",
                assertThrows(UsageException.class, () -> JmhJson.read(dir)).getMessage());
    }

    @Test
    void outputOfAnotherBenchmarkIsRefused() {
        ArrayNode other = Fixtures.tree(Fixtures.RUN);
        other.forEach(r -> ((ObjectNode) r).put("benchmark", "org.example.Other.run"));
        Path file = Fixtures.write(other, dir.resolve("other.json"));
        assertEquals(file + " holds results of org.example.Other.run, not of fwbench.bench.FloydWarshallBenchmark.solve"
                        + " or fwbench.bench.SmallGraphsBenchmark.solve;"
                        + " the report reads this suite's runs",
                assertThrows(UsageException.class, () -> Fixtures.read(file)).getMessage());
    }

    @Test
    void throughputModeIsRefusedWithWhatToDo() {
        ArrayNode run = Fixtures.tree(Fixtures.RUN);
        ((ObjectNode) run.get(3)).put("mode", "thrpt");
        ((ObjectNode) run.get(3).get("primaryMetric")).put("scoreUnit", "ops/ms");
        Path file = Fixtures.write(run, dir.resolve("thrpt.json"));
        assertEquals(file + ": blocked at n=1000 is in ops/ms (mode thrpt); the report reads time per solve:"
                        + " run with the default mode, -bm avgt",
                assertThrows(UsageException.class, () -> Fixtures.read(file)).getMessage());
    }

    @Test
    void theSameCombinationTwiceIsRefused() {
        Path first = Fixtures.copy(Fixtures.RUN, dir.resolve("a.json"));
        Path second = Fixtures.copy(Fixtures.RUN, dir.resolve("b.json"));
        assertEquals("naive at n=1000 (" + DEVICE + ": graph=random, launch=GRAPH, seed=42) is in both " + first + " and "
                        + second + "; give each combination once",
                assertThrows(UsageException.class, () -> Fixtures.read(first, second)).getMessage());
    }

    @Test
    void aResultWithoutTheVariantParameterWasNotMadeByTheSuite() {
        ArrayNode run = Fixtures.tree(Fixtures.RUN);
        ((ObjectNode) run.get(0).get("params")).remove("variant");
        Path file = Fixtures.write(run, dir.resolve("novariant.json"));
        assertEquals(file + ": a fwbench.bench.FloydWarshallBenchmark.solve result has no variant parameter;"
                        + " it was not made by this suite",
                assertThrows(UsageException.class, () -> Fixtures.read(file)).getMessage());
    }
}
