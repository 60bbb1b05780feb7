package fwbench.cli;

import fwbench.report.JmhResult;
import fwbench.report.RunData;
import fwbench.report.RunSummary;
import fwbench.usage.UsageException;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the benchmark command prints when a run ends: one summary of every result (the report's own
 * table, {@link RunSummary}), the results file, and the report command for that file, or why there is
 * none. A command is suggested only where it works: the report reads JSON, and tables need solves.
 */
final class RunEnd {

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
        boolean solves = !data.solves().isEmpty();
        out.println();
        out.println("fwbench: summary of the run");
        RunSummary.lines(data).forEach(line -> out.println(line.isEmpty() ? "" : "  " + line));
        out.println();
        out.println("fwbench: " + results.size() + " results in " + target.file());
        if (!target.isJson()) {
            out.println("fwbench: the report reads JSON results, and this run wrote " + target.formatName()
                    + " (-rf " + target.formatName() + "); run with -rf json (the default) for tables and charts");
        } else if (!solves) {
            out.println("fwbench: this run measured only the device's ceiling; the report makes tables of solves");
        } else {
            out.println("fwbench: tables and charts: " + JarCommand.line("report", target.file().toString()));
        }
    }

    /** The results as the report reads them from JMH's JSON: the same fields, from the objects JMH writes them from. */
    static List<JmhResult> asJmhResults(Collection<RunResult> results, Path source) {
        List<JmhResult> converted = new ArrayList<>();
        for (RunResult r : results) {
            BenchmarkParams params = r.getParams();
            Map<String, String> values = new LinkedHashMap<>();
            for (String key : params.getParamsKeys()) values.put(key, params.getParam(key));
            Map<String, JmhResult.Metric> secondary = new LinkedHashMap<>();
            r.getSecondaryResults().forEach((label, result) -> secondary.put(label, metric(result)));
            converted.add(new JmhResult(source, params.getBenchmark(), params.getMode().shortLabel(), values,
                    metric(r.getPrimaryResult()), secondary));
        }
        return converted;
    }

    private static JmhResult.Metric metric(Result<?> result) {
        return new JmhResult.Metric(result.getScore(), result.getScoreError(), result.getScoreUnit());
    }
}
