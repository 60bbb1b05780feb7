package fwbench.run;

import fwbench.bench.AutoBatch;
import fwbench.results.ResultsFormat;
import fwbench.usage.UsageException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SmallGraphsBenchmark in the plan: never in a default run, planned with its -p values when named, bad values refused in one line. */
class SmallGraphsPlanTest {

    private static final RunPlan NO_SOLVES = new RunPlan(List.of(), List.of());

    private static RunRequest request(String... args) throws UsageException {
        return RunRequest.of(RunArguments.parse(args, "--jmh-help"));
    }

    private static List<Combination> planned(String... args) throws UsageException {
        RunArguments arguments = RunArguments.parse(args, "--jmh-help");
        RunRequest request = RunRequest.of(arguments);
        Benchmarks chosen = Benchmarks.choose(arguments.options().getIncludes(), request, true);
        return Combination.of(chosen, chosen.solves() ? new RunPlan(List.of(new RunPlan.Group(fwbench.variant.Variant.KLEENE, List.of(1000))),
                List.of()) : NO_SOLVES, request, "GPU");
    }

    @Test
    void aDefaultRunLeavesItOut() throws UsageException {
        assertFalse(Benchmarks.choose(List.of(), request(), true).smallGraphs());
        assertFalse(Benchmarks.choose(List.of(), request("-p", "n=64"), false).smallGraphs());
        assertTrue(planned("-p", "n=64").stream().noneMatch(c -> c.benchmark().equals(ResultsFormat.SMALL_GRAPHS_BENCHMARK)));
    }

    @Test
    void namingItPlansItWithItsParameters() throws UsageException {
        List<Combination> combinations = planned("SmallGraphsBenchmark", "-p", "n=64", "-p", "batch=1056");
        assertEquals(1, combinations.size());
        Combination only = combinations.get(0);
        assertEquals(ResultsFormat.SMALL_GRAPHS_BENCHMARK, only.benchmark());
        assertEquals(Map.of("variant", "small-graphs", "n", "64", "batch", "1056", "device", "GPU"), only.params());
        assertEquals("small-graphs batch of 1056 at n=64", only.description());
        assertEquals(fwbench.bench.SmallGraphsBenchmark.class, only.benchmarkClass());
        assertEquals(RunEstimate.Key.smallGraphs(), RunProgress.key(only));
    }

    @Test
    void withoutValuesItRunsItsDefaultSizesAndTheNamedVariants() throws UsageException {
        List<Combination> defaults = planned("SmallGraphsBenchmark");
        assertEquals(List.of(32, 64, 128, 256, 512).stream().map(n -> "small-graphs batch of " + AutoBatch.here(n) + " at n=" + n).toList(),
                defaults.stream().map(Combination::description).toList());
        // auto is resolved before the run: the results record the number of graphs that ran
        assertEquals(String.valueOf(AutoBatch.here(512)), defaults.get(4).params().get("batch"));
        assertEquals(defaults.stream().map(c -> c.params().get("batch")).toList(),
                planned("SmallGraphsBenchmark", "-p", "batch=auto").stream().map(c -> c.params().get("batch")).toList());
        int at200 = AutoBatch.here(200);
        assertEquals(List.of("kleene batch of " + at200 + " at n=200", "cpu-blocked batch of " + at200 + " at n=200"),
                planned("SmallGraphsBenchmark", "-p", "variant=kleene,cpu-blocked", "-p", "n=200").stream().map(Combination::description).toList());
    }

    @Test
    void aBatchBelowOneOrNotANumberIsRefusedInOneLine() {
        for (String bad : List.of("batch=0", "batch=-3", "batch=many", "batch=1.5")) {
            UsageException e = assertThrows(UsageException.class, () -> request("SmallGraphsBenchmark", "-p", bad));
            assertTrue(e.getMessage().startsWith("batch must be"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void smallGraphsRefusesNAbove512() {
        UsageException e = assertThrows(UsageException.class, () -> planned("SmallGraphsBenchmark", "-p", "n=64,513", "-p", "batch=4"));
        assertEquals(ResultsFormat.SMALL_GRAPHS_BENCHMARK + ": small-graphs takes n from 1 to 512 (one thread block solves a graph, "
                + "in size classes up to 512), not n=513", e.getMessage());
        UsageException named = assertThrows(UsageException.class,
                () -> planned("SmallGraphsBenchmark", "-p", "variant=small-graphs", "-p", "n=600", "-p", "batch=4"));
        assertTrue(named.getMessage().contains("not n=600"), named.getMessage());
    }

    @Test
    void theSizeClassesPast128ArePlanned() throws UsageException {
        assertEquals(List.of("small-graphs batch of 2112 at n=256", "small-graphs batch of 2112 at n=512"),
                planned("SmallGraphsBenchmark", "-p", "n=256,512", "-p", "batch=2112").stream().map(Combination::description).toList());
    }

    /** small-graphs' weights are one Java array: a batch past it is refused before the run (auto stays within it). */
    @Test
    void aBatchLargerThanAJavaArrayIsRefusedInOneLine() {
        assertEquals(1, assertDoesNotThrow(() -> planned("SmallGraphsBenchmark", "-p", "n=512")).size());
        UsageException e = assertThrows(UsageException.class, () -> planned("SmallGraphsBenchmark", "-p", "n=512", "-p", "batch=8448"));
        assertEquals(ResultsFormat.SMALL_GRAPHS_BENCHMARK + ": a batch of 8448 graphs at n=512 holds 2214592512 weights, more than one Java array "
                + "(2147483639): at most 8191 graphs at this n", e.getMessage());
        assertThrows(UsageException.class, () -> planned("SmallGraphsBenchmark", "-p", "n=256", "-p", "batch=32768"));
        // one graph after another, another variant holds a graph a solver: no such limit
        assertEquals(1, assertDoesNotThrow(() -> planned("SmallGraphsBenchmark", "-p", "variant=kleene", "-p", "n=512", "-p", "batch=8448")).size());
    }
}
