package fwbench.run;

import fwbench.results.ResultsFormat;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.WorkloadParams;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The results of the forks finished so far, one per combination, and the file that holds them.
 * The run gives each fork a JMH session of its own and hands its result here as it ends: the forks
 * of one combination are merged into one result, as JMH merges them within a session (their
 * iterations pooled), and the whole file is written again, atomically ({@link ResultsTarget}). A
 * Ctrl-C, a killed process or a crash so loses at most the fork in flight.
 *
 * <p>Thread-safe: the Ctrl-C hook ({@link #interrupt()}) runs beside the thread that adds forks,
 * and once it has said what was kept, nothing more is written.
 */
final class FinishedForks {

    /** One combination's forks so far; {@code planned}: how many it runs in all. */
    private record Kept(String description, int planned, List<BenchmarkResult> forks, BenchmarkParams params) {
    }

    private final ResultsTarget target;
    private final int plannedResults;
    private final Map<Combination, Kept> kept = new LinkedHashMap<>();
    private boolean interrupted;

    /** @param plannedResults the results a complete run writes: one per combination */
    FinishedForks(ResultsTarget target, int plannedResults) {
        this.target = target;
        this.plannedResults = plannedResults;
    }

    /**
     * Adds the result of one fork of {@code combination} (of {@code planned} forks) and writes the
     * file; false, writing nothing, once the run is interrupted (its last line is said already).
     */
    synchronized boolean add(Combination combination, int planned, Collection<RunResult> fork) throws IOException {
        if (interrupted) return false;
        for (RunResult result : fork) {
            Kept before = kept.get(combination);
            List<BenchmarkResult> forks = before == null ? new ArrayList<>() : new ArrayList<>(before.forks());
            forks.addAll(result.getBenchmarkResults());
            BenchmarkParams params = before == null ? result.getParams() : before.params();
            kept.put(combination, new Kept(combination.description(), planned, forks, params));
        }
        target.write(results());
        return true;
    }

    /** Every result kept, in the order its first fork ended. */
    synchronized List<RunResult> results() {
        List<RunResult> results = new ArrayList<>();
        for (Kept k : kept.values()) {
            // one fork: JMH's result as it is; several: their params say how many forks the result pools
            results.add(new RunResult(k.forks().size() == 1 ? k.params() : withForks(k.params(), k.forks().size()), k.forks()));
        }
        return results;
    }

    /** Whether Ctrl-C has stopped the run. */
    synchronized boolean interrupted() {
        return interrupted;
    }

    /**
     * The run is interrupted (Ctrl-C): nothing is written after this. Returns what to tell the user:
     * what the file keeps and the report command for it, or that nothing was written.
     */
    synchronized List<String> interrupt() {
        interrupted = true;
        if (kept.isEmpty()) return List.of("fwbench: interrupted; no fork had finished, so nothing was written");
        List<String> partial = kept.values().stream().filter(k -> k.forks().size() < k.planned())
                .map(k -> k.description() + " with " + k.forks().size() + " of its " + k.planned() + " forks").toList();
        List<String> lines = new ArrayList<>();
        lines.add("fwbench: interrupted; kept " + kept.size() + (kept.size() == 1 ? " result" : " results") + " of " + plannedResults + " in " + target.file()
                + (partial.isEmpty() ? "" : " (" + String.join("; ", partial) + ")"));
        // the report makes tables of solves and of batches of small graphs, not of the ceiling alone
        boolean tables = kept.values().stream().map(k -> k.params().getBenchmark())
                .anyMatch(b -> b.equals(ResultsFormat.SOLVE_BENCHMARK) || b.equals(ResultsFormat.SMALL_GRAPHS_BENCHMARK));
        lines.add("fwbench: " + RunEnd.nextStep(target, tables));
        return lines;
    }

    /** JMH's params of a fork, saying that the result pools {@code forks} forks (the JSON's "forks"). */
    static BenchmarkParams withForks(BenchmarkParams p, int forks) {
        WorkloadParams workload = new WorkloadParams();
        int order = 0;
        for (String key : p.getParamsKeys()) workload.put(key, p.getParam(key), order++);
        return new BenchmarkParams(p.getBenchmark(), p.generatedBenchmark(), p.shouldSynchIterations(), p.getThreads(), p.getThreadGroups(),
                p.getThreadGroupLabels(), forks, p.getWarmupForks(), p.getWarmup(), p.getMeasurement(), p.getMode(), workload, p.getTimeUnit(),
                p.getOpsPerInvocation(), p.getJvm(), p.getJvmArgs(), p.getJdkVersion(), p.getVmName(), p.getVmVersion(), p.getJmhVersion(),
                p.getTimeout());
    }
}
