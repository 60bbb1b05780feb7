package fwbench.run;

import fwbench.report.Clocks;
import fwbench.report.JmhResult;
import fwbench.report.Markdown;
import fwbench.report.RunData;
import fwbench.report.RunSummary;
import fwbench.usage.JarCommand;
import fwbench.usage.UsageException;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What the benchmark command prints when a run ends: one summary of every result (the report's own
 * table, {@link RunSummary}), the results file, and the report command for that file, or why there is
 * none. A command is suggested only where it works: the report reads JSON, and tables need solves.
 */
final class RunEnd {

    /** An error (half the 99.9% interval) above this fraction of its time marks a result noisy. */
    static final double NOISY_ERROR = 0.2;

    private RunEnd() {
    }

    static void print(Collection<RunResult> results, ResultsTarget target, PrintStream out) {
        RunData data;
        try {
            data = RunData.ofRun(target.file(), asJmhResults(results, target.file()));
        } catch (UsageException e) {
            // a mode other than time per solve (-bm thrpt): the report could not read the file either
            out.println("fwbench: " + results.size() + " results in " + target.file());
            out.println("fwbench: no summary and no report: " + e.getMessage());
            return;
        }
        boolean tables = !data.solves().isEmpty() || !data.batches().isEmpty();
        out.println();
        out.println("fwbench: summary of the run");
        List<String> summary = RunSummary.lines(data);
        summary.forEach(line -> out.println(line.isEmpty() ? "" : "  " + line));
        legend(data, summary).forEach(line -> out.println("  " + line));
        out.println();
        out.println("fwbench: " + results.size() + " results in " + target.file());
        out.println("fwbench: " + nextStep(target, tables));
    }

    /**
     * The line under the results file's: the report command for it, or why there is none (the
     * report reads JSON, and makes tables of solves and of batches of small graphs); also said when a run is interrupted.
     */
    static String nextStep(ResultsTarget target, boolean tables) {
        if (!target.isJson()) {
            return "the report reads JSON results, and this run wrote " + target.formatName()
                    + " (-rf " + target.formatName() + "); run with -rf json (the default) for tables and charts";
        }
        if (!tables) {
            return "this run measured only the device's ceiling; the report makes tables of solves and of batches of small graphs";
        }
        return "tables and charts: " + JarCommand.line("report", target.file().toString());
    }

    /**
     * What the summary's n/a means, when it shows one, the results too noisy to read alone
     * (99.9% error above {@link #NOISY_ERROR} of the time), with what steadies them, and those that
     * ran throttled or slow, marked {@link Clocks#MARK} in the table, with NVML's figures.
     */
    static List<String> legend(RunData data, List<String> summary) {
        List<String> lines = new ArrayList<>();
        if (summary.stream().anyMatch(line -> line.contains(Markdown.NA))) {
            lines.add(Markdown.NA + ": not measured at that n (skipped by the variant's default limit, not asked for, or failed: "
                    + "see the log above); a speedup is n/a where the baseline has no time at that n");
        }
        List<String> noisy = data.solves().stream()
                .filter(s -> s.time().hasError() && s.time().errorMillis() > NOISY_ERROR * s.time().millis())
                .map(s -> String.format(Locale.ROOT, "%s at n=%d (± %.0f%%)", s.variant().id(), s.n(), 100 * s.time().errorMillis() / s.time().millis()))
                .distinct().toList();
        if (!noisy.isEmpty()) {
            lines.add(String.format(Locale.ROOT, "noisy (error over %.0f%% of the time): %s; steadier with more iterations (-i 10) "
                    + "or fewer busy cores", 100 * NOISY_ERROR, String.join(", ", noisy)));
        }
        Clocks.legend(data.solves().stream().flatMap(s -> Clocks.entry(s, s.variant().id() + " at n=" + s.n()).stream()).toList())
                .ifPresent(lines::add);
        return lines;
    }

    /**
     * The results as the report reads them from JMH's JSON: the same fields, from the objects JMH writes them from,
     * each metric with its measured iterations, every fork's in turn (JSON's rawData).
     */
    static List<JmhResult> asJmhResults(Collection<RunResult> results, Path source) {
        List<JmhResult> converted = new ArrayList<>();
        for (RunResult r : results) {
            BenchmarkParams params = r.getParams();
            Map<String, String> values = new LinkedHashMap<>();
            for (String key : params.getParamsKeys()) values.put(key, params.getParam(key));
            List<IterationResult> iterations = r.getBenchmarkResults().stream().flatMap(b -> b.getIterationResults().stream()).toList();
            Map<String, JmhResult.Metric> secondary = new LinkedHashMap<>();
            r.getSecondaryResults().forEach((label, result) -> secondary.put(label, metric(result,
                    iterations.stream().map(i -> i.getSecondaryResults().get(label)).filter(Objects::nonNull).toList())));
            converted.add(new JmhResult(source, params.getBenchmark(), params.getMode().shortLabel(), values,
                    metric(r.getPrimaryResult(), iterations.stream().map(IterationResult::getPrimaryResult).toList()), secondary));
        }
        return converted;
    }

    private static JmhResult.Metric metric(Result<?> result, List<Result> iterations) {
        return new JmhResult.Metric(result.getScore(), result.getScoreError(), result.getScoreUnit(),
                iterations.stream().map(Result::getScore).toList());
    }
}
