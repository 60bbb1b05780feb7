package fwbench.cli;

import fwbench.bench.FloydWarshallBenchmark;
import fwbench.bench.PeakBenchmark;
import fwbench.results.ResultsFormat;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * JMH's console output with one progress line for the whole run in place of JMH's per-session
 * "# Run progress ... ETA" line: at each fork's start, the forks done, the time so far and the
 * {@link RunEstimate} of the time left, refined from what the forks that ended measured.
 * Everything else passes through to JMH's own format unchanged.
 */
final class RunProgress implements OutputFormat {

    /** How JMH starts its line before each fork. */
    static final String JMH_PROGRESS = "# Run progress:";

    private final OutputFormat jmh;
    private final PrintStream console;
    private final RunEstimate estimate;
    private final LongSupplier clock;
    private final long start;
    private RunEstimate.Key current;
    private long forkStart = -1;

    /**
     * @param jmh      JMH's format, writing to the log (the console, or -o's file)
     * @param console  where the progress line also goes when the log is a file (null: the log is the console)
     * @param estimate the plan's estimate, refined here
     * @param clock    nanoseconds (System::nanoTime; a test's own clock)
     */
    RunProgress(OutputFormat jmh, PrintStream console, RunEstimate estimate, LongSupplier clock) {
        this.jmh = jmh;
        this.console = console;
        this.estimate = estimate;
        this.clock = clock;
        this.start = clock.getAsLong();
    }

    /** The forks of every session, with the iterations the options (else the benchmark's annotations) give them. */
    static List<RunEstimate.Fork> plan(List<BenchmarkCommand.Session> sessions, CommandLineOptions options) {
        List<RunEstimate.Fork> forks = new ArrayList<>();
        for (BenchmarkCommand.Session session : sessions) {
            boolean peak = session.benchmark().equals(ResultsFormat.PEAK_BENCHMARK);
            Class<?> benchmark = peak ? PeakBenchmark.class : FloydWarshallBenchmark.class;
            RunEstimate.Iterations iterations = iterations(benchmark, options, session);
            Fork fork = benchmark.getAnnotation(Fork.class);
            // -f 0 runs once in this JVM, with no warm-up forks; an annotation's unset count is -1
            int measured = options.getForkCount().orElse(fork.value());
            int count = measured <= 0 ? 1 : measured + Math.max(0, options.getWarmupForkCount().orElse(fork.warmups()));
            List<RunEstimate.Key> keys = new ArrayList<>();
            if (peak) {
                for (int c = 0; c < session.params().get(ResultsFormat.CELL).size(); c++) keys.add(RunEstimate.Key.peak());
            } else {
                String variant = session.params().get(ResultsFormat.VARIANT).get(0);
                int others = 1;
                for (String name : List.of(ResultsFormat.GRAPH, ResultsFormat.LAUNCH, ResultsFormat.SEED)) {
                    others *= valueCount(session.params(), options, name);
                }
                for (String n : session.params().get(ResultsFormat.N)) {
                    for (int o = 0; o < others; o++) keys.add(RunEstimate.Key.solve(variant, Integer.parseInt(n)));
                }
            }
            for (RunEstimate.Key key : keys) {
                for (int f = 0; f < count; f++) forks.add(new RunEstimate.Fork(key, iterations));
            }
        }
        return forks;
    }

    /** How many values a parameter takes: the session's, else the user's -p, else the benchmark's one default. */
    private static int valueCount(Map<String, List<String>> params, CommandLineOptions options, String name) {
        if (params.containsKey(name)) return params.get(name).size();
        return options.getParameter(name).hasValue() ? options.getParameter(name).get().size() : 1;
    }

    private static RunEstimate.Iterations iterations(Class<?> benchmark, CommandLineOptions options, BenchmarkCommand.Session session) {
        Warmup warmup = benchmark.getAnnotation(Warmup.class);
        Measurement measurement = benchmark.getAnnotation(Measurement.class);
        TimeValue warmupTime = options.getWarmupTime().orElse(new TimeValue(warmup.time(), warmup.timeUnit()));
        TimeValue measurementTime = options.getMeasurementTime().orElse(new TimeValue(measurement.time(), measurement.timeUnit()));
        boolean singleShot = options.getBenchModes().equals(List.of(Mode.SingleShotTime));
        return new RunEstimate.Iterations(session.warmups(options, warmup.iterations()), seconds(warmupTime),
                session.measurements(options, measurement.iterations()), seconds(measurementTime), singleShot);
    }

    private static double seconds(TimeValue time) {
        return time.convertTo(TimeUnit.MICROSECONDS) / 1e6;
    }

    /** The line before the run: the whole plan's estimate, what it assumed, and what it does not know yet. */
    static String before(RunEstimate estimate) {
        RunEstimate.Left left = estimate.left();
        String line = "estimated time for the whole run (" + estimate.forks() + (estimate.forks() == 1 ? " fork" : " forks") + "): "
                + left.text();
        if (!left.assumed().isEmpty()) {
            line += "; time per solve of " + String.join(", ", left.assumed()) + " assumed from n^3 until measured";
        }
        if (left.lowerBound()) line += "; not known yet: " + String.join(", ", left.unknown());
        return line + "; refined as forks end";
    }

    // ---- what JMH reports, in the order it comes ----

    @Override
    public void startBenchmark(BenchmarkParams params) {
        forkEnds();  // a fork that failed ends without endBenchmark
        String n = params.getParam(ResultsFormat.N);
        current = params.getBenchmark().equals(ResultsFormat.PEAK_BENCHMARK) || n == null ? RunEstimate.Key.peak()
                : RunEstimate.Key.solve(params.getParam(ResultsFormat.VARIANT), Integer.parseInt(n));
        jmh.startBenchmark(params);
    }

    @Override
    public void println(String s) {
        if (s != null && s.startsWith(JMH_PROGRESS)) {
            forkEnds();
            forkStart = clock.getAsLong();
            progress();
            return;
        }
        jmh.println(s);
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        if (current != null && (benchParams.getMode() == Mode.AverageTime || benchParams.getMode() == Mode.SingleShotTime)) {
            double perUnit = benchParams.getTimeUnit().toNanos(1) / 1e9;
            estimate.learn(current, data.getPrimaryResult().getScore() * perUnit);
        }
        jmh.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        forkEnds();
        jmh.endBenchmark(result);
    }

    /** The fork under way, if any, has ended now. */
    private void forkEnds() {
        if (forkStart < 0 || current == null) return;
        estimate.forkEnded(current, (clock.getAsLong() - forkStart) / 1e9);
        forkStart = -1;
    }

    private void progress() {
        RunEstimate.Left left = estimate.left();
        String line = JMH_PROGRESS + " fork " + (estimate.forksEnded() + 1) + " of " + estimate.forks() + " of the whole run, "
                + RunEstimate.duration((clock.getAsLong() - start) / 1e9) + " so far, " + left.text() + " left (fwbench's estimate)";
        jmh.println(line);
        if (console != null) console.println("fwbench: " + line.substring(2));
    }

    /** The run's time, for the line after it. */
    double elapsedSeconds() {
        return (clock.getAsLong() - start) / 1e9;
    }

    // ---- passed through ----

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        jmh.iteration(benchParams, params, iteration);
    }

    @Override
    public void startRun() {
        jmh.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        jmh.endRun(result);
    }

    @Override
    public void print(String s) {
        jmh.print(s);
    }

    @Override
    public void flush() {
        jmh.flush();
    }

    @Override
    public void close() {
        jmh.close();
    }

    @Override
    public void verbosePrintln(String s) {
        jmh.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        jmh.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        jmh.write(b);
    }
}
