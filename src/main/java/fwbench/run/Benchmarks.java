package fwbench.run;

import fwbench.results.ResultsFormat;
import fwbench.usage.UsageException;

import java.util.List;
import java.util.regex.Pattern;

/** Which of the suite's benchmarks run: the solves, the device's ceiling, or both. */
record Benchmarks(boolean solves, boolean peak) {

    /**
     * The solves run unless the patterns leave them out; the device's ceiling runs (on a device)
     * with a default run, or when asked for by name (-p cell or a pattern).
     */
    static Benchmarks choose(List<String> includes, RunRequest request, boolean device) throws UsageException {
        boolean solves = matches(includes, ResultsFormat.SOLVE_BENCHMARK);
        boolean peak = device && (includes.isEmpty()
                ? request.named().isEmpty() || !request.cells().isEmpty() : matches(includes, ResultsFormat.PEAK_BENCHMARK));
        if (!solves && !peak) {
            throw new UsageException("no benchmark matches " + includes + "; benchmarks: " + ResultsFormat.SOLVE_BENCHMARK
                    + (device ? ", " + ResultsFormat.PEAK_BENCHMARK : ""));
        }
        return new Benchmarks(solves, peak);
    }

    private static boolean matches(List<String> includes, String benchmark) {
        return includes.isEmpty() || includes.stream().anyMatch(regex -> Pattern.compile(regex).matcher(benchmark).find());
    }
}
