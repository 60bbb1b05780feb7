package fwbench.run;

import fwbench.results.ResultsFormat;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Which benchmarks run, and the combinations (one result each) a plan is run as. */
class CombinationTest {

    private static RunRequest request(List<Variant> named, List<String> cells) {
        return new RunRequest(named, List.of(), List.of(), List.of(), List.of(), cells);
    }

    /** The ceiling joins a default run on a device, or runs when named; the solves run unless a pattern leaves them out. */
    @Test
    void theCeilingRunsWithADefaultRunOrWhenNamed() throws UsageException {
        RunRequest everything = request(List.of(), List.of());
        assertEquals(new Benchmarks(true, true), Benchmarks.choose(List.of(), everything, true));
        assertEquals(new Benchmarks(true, false), Benchmarks.choose(List.of(), everything, false));
        RunRequest kleene = request(List.of(Variant.KLEENE), List.of());
        assertEquals(new Benchmarks(true, false), Benchmarks.choose(List.of(), kleene, true));
        RunRequest kleeneAndCell = request(List.of(Variant.KLEENE), List.of("INT32"));
        assertEquals(new Benchmarks(true, true), Benchmarks.choose(List.of(), kleeneAndCell, true));
        assertEquals(new Benchmarks(false, true), Benchmarks.choose(List.of("relax"), everything, true));
        UsageException e = assertThrows(UsageException.class, () -> Benchmarks.choose(List.of("relax"), everything, false));
        assertEquals("no benchmark matches [relax]; benchmarks: fwbench.bench.FloydWarshallBenchmark.solve, "
                + "fwbench.bench.SmallGraphsBenchmark.solve", e.getMessage());
    }

    /** Sizes above FEW_ITERATIONS_ABOVE_N run one warm-up and one measured iteration unless -wi, -i say otherwise. */
    @Test
    void largeSizesRunFewIterations() throws Exception {
        RunPlan plan = new RunPlan(List.of(new RunPlan.Group(Variant.KLEENE, List.of(10_000, 65_536, 131_072))), List.of());
        RunRequest request = new RunRequest(List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
        List<Combination> combinations = Combination.of(new Benchmarks(true, false), plan, request, "GPU");
        assertEquals(List.of("10000", "65536", "131072"), combinations.stream().map(c -> c.params().get("n")).toList());
        assertEquals(List.of(false, true, true), combinations.stream().map(Combination::fewIterations).toList());
        CommandLineOptions none = new CommandLineOptions();
        assertEquals(List.of(2, 1, 1), combinations.stream().map(c -> c.warmups(none, 2)).toList());
        assertEquals(List.of(5, 1, 1), combinations.stream().map(c -> c.measurements(none, 5)).toList());
        CommandLineOptions given = new CommandLineOptions("-wi", "3", "-i", "4");
        assertEquals(List.of(3, 3, 3), combinations.stream().map(c -> c.warmups(given, 2)).toList());
        assertEquals(List.of(4, 4, 4), combinations.stream().map(c -> c.measurements(given, 5)).toList());
        // the estimate counts the same iterations
        List<RunEstimate.Fork> forks = RunProgress.plan(combinations, none);
        assertEquals(List.of(7, 2, 2), forks.stream().map(f -> f.iterations().count()).toList());
    }

    /**
     * The ceiling's combinations first, one per cell; then one per (variant, graph, launch, n, seed),
     * each parameter set to one value, so that a JMH session of one runs one fork.
     */
    @Test
    void eachCombinationSetsOneValueOfEveryParameter() throws Exception {
        RunPlan plan = new RunPlan(List.of(new RunPlan.Group(Variant.KLEENE, List.of(1000, 2000)),
                new RunPlan.Group(Variant.BLOCKED, List.of(37), List.of("road.gr"))), List.of());
        RunRequest request = new RunRequest(List.of(), List.of(), List.of(), List.of(), List.of("STREAM"),
                List.of("INT32"), List.of(), List.of("1", "2"));
        List<Combination> combinations = Combination.of(new Benchmarks(true, true), plan, request, "GPU");
        assertEquals(List.of("peak int32", "kleene at n=1000 (seed 1)", "kleene at n=1000 (seed 2)", "kleene at n=2000 (seed 1)",
                "kleene at n=2000 (seed 2)", "blocked on road.gr at n=37 (seed 1)", "blocked on road.gr at n=37 (seed 2)"),
                combinations.stream().map(Combination::description).toList());
        assertEquals(Map.of("cell", "INT32", "device", "GPU"), combinations.get(0).params());
        assertEquals(ResultsFormat.PEAK_BENCHMARK, combinations.get(0).benchmark());
        assertEquals(Map.of("variant", "KLEENE", "n", "1000", "device", "GPU", "launch", "STREAM", "seed", "2"), combinations.get(2).params());
        assertEquals(Map.of("variant", "BLOCKED", "n", "37", "device", "GPU", "graph", "road.gr", "launch", "STREAM", "seed", "1"),
                combinations.get(5).params());
        assertEquals(List.of(ResultsFormat.SOLVE_BENCHMARK), Combination.of(new Benchmarks(true, false), plan,
                request, "GPU").stream().map(Combination::benchmark).distinct().toList());
        // -f 3 -wf 1: three sessions of one fork each, the warm-up fork before the first; four forks for the estimate
        Combination.Forks forks = combinations.get(1).forks(new CommandLineOptions("-f", "3", "-wf", "1"));
        assertEquals(3, forks.sessions());
        assertEquals(4, forks.started());
        assertEquals(1, combinations.get(1).forks(new CommandLineOptions("-f", "0", "-wf", "1")).sessions());
        assertEquals(1, combinations.get(1).forks(new CommandLineOptions("-f", "0")).started());
    }
}
