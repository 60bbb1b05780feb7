package fwbench.run;

import fwbench.results.ResultsFormat;
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
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * JMH's console output with one progress line for the whole run in place of JMH's per-session
 * "# Run progress ... ETA" line: at each fork's start, the forks done, the time so far and the
 * {@link RunEstimate} of the time left, refined from what the forks that ended measured.
 * The run gives each fork a JMH session of its own, so what JMH says once a session is said here
 * once a run: its start, its results table (of every result, at the end: {@link #runEnds}), and
 * no "# Run complete" after each fork; a fork's "# Fork: 1 of 1" says which of the combination's
 * forks it is. Everything else passes through to JMH's own format unchanged.
 */
final class RunProgress implements OutputFormat {

    /** How JMH starts its line before each fork. */
    static final String JMH_PROGRESS = "# Run progress:";

    /** How JMH starts its line after each session: a run of one fork is no run complete. */
    static final String JMH_RUN_COMPLETE = "# Run complete.";

    /** How JMH starts its line before a measured fork. */
    static final String JMH_FORK = "# Fork: ";

    private final OutputFormat jmh;
    private final PrintStream console;
    private final RunEstimate estimate;
    private final LongSupplier clock;
    private final long start;
    private RunEstimate.Key current;
    private long forkStart = -1;
    /** When the session under way started (its JVM version check and setup belong to its first fork), or -1. */
    private long sessionStart = -1;
    /** "2 of 3": which fork of its combination the session runs; null where it runs the only one. */
    private String forkOfCombination;
    private boolean runStarted;
    /** After Ctrl-C: JMH's account of the killed fork is not printed. */
    private volatile boolean muted;

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

    /** The forks of every combination, with the iterations the options (else the benchmark's annotations) give them. */
    static List<RunEstimate.Fork> plan(List<Combination> combinations, CommandLineOptions options) {
        List<RunEstimate.Fork> forks = new ArrayList<>();
        for (Combination combination : combinations) {
            RunEstimate.Iterations iterations = iterations(combination.benchmarkClass(), options, combination);
            RunEstimate.Key key = key(combination);
            for (int f = 0; f < combination.forks(options).started(); f++) forks.add(new RunEstimate.Fork(key, iterations));
        }
        return forks;
    }

    /** What the estimate knows a combination's time per solve by. */
    static RunEstimate.Key key(Combination combination) {
        if (combination.benchmark().equals(ResultsFormat.PEAK_BENCHMARK)) return RunEstimate.Key.peak();
        if (combination.benchmark().equals(ResultsFormat.SMALL_GRAPHS_BENCHMARK)) return RunEstimate.Key.smallGraphs();
        return RunEstimate.Key.solve(combination.params().get(ResultsFormat.VARIANT), Integer.parseInt(combination.params().get(ResultsFormat.N)));
    }

    private static RunEstimate.Iterations iterations(Class<?> benchmark, CommandLineOptions options, Combination combination) {
        Warmup warmup = benchmark.getAnnotation(Warmup.class);
        Measurement measurement = benchmark.getAnnotation(Measurement.class);
        TimeValue warmupTime = options.getWarmupTime().orElse(new TimeValue(warmup.time(), warmup.timeUnit()));
        TimeValue measurementTime = options.getMeasurementTime().orElse(new TimeValue(measurement.time(), measurement.timeUnit()));
        boolean singleShot = options.getBenchModes().equals(List.of(Mode.SingleShotTime));
        return new RunEstimate.Iterations(combination.warmups(options, warmup.iterations()), seconds(warmupTime),
                combination.measurements(options, measurement.iterations()), seconds(measurementTime), singleShot);
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

    // ---- what the run says ----

    /** A JMH session starts: fork {@code fork} of the combination's {@code forks} (0: its one run in this JVM). */
    void sessionStarts(int fork, int forks) {
        sessionStart = clock.getAsLong();
        forkOfCombination = forks > 1 ? fork + " of " + forks : null;
    }

    /** A failed fork ended its combination: its {@code count} forks not started are no longer planned. */
    void forksSkipped(Combination combination, int count) {
        RunEstimate.Key key = key(combination);
        for (int f = 0; f < count; f++) estimate.forkSkipped(key);
    }

    /** The run's last session has ended: JMH's table of every result, once. */
    void runEnds(Collection<RunResult> results) {
        jmh.endRun(results);
    }

    /** Ctrl-C: from now on nothing of JMH's is printed. */
    void mute() {
        muted = true;
    }

    // ---- what JMH reports, in the order it comes ----

    @Override
    public void startBenchmark(BenchmarkParams params) {
        if (muted) return;
        forkEnds();  // a fork that failed ends without endBenchmark
        String n = params.getParam(ResultsFormat.N);
        current = params.getBenchmark().equals(ResultsFormat.SMALL_GRAPHS_BENCHMARK) ? RunEstimate.Key.smallGraphs()
                : params.getBenchmark().equals(ResultsFormat.PEAK_BENCHMARK) || n == null ? RunEstimate.Key.peak()
                : RunEstimate.Key.solve(params.getParam(ResultsFormat.VARIANT), Integer.parseInt(n));
        jmh.startBenchmark(params);
    }

    @Override
    public void println(String s) {
        if (muted) return;
        if (s != null && s.startsWith(JMH_PROGRESS)) {
            forkEnds();
            // the session's own start (JMH checks the JVM's version first) counts toward its first fork
            forkStart = sessionStart >= 0 ? sessionStart : clock.getAsLong();
            sessionStart = -1;
            progress();
            return;
        }
        if (s != null && s.startsWith(JMH_RUN_COMPLETE)) return;
        if (s != null && s.startsWith(JMH_FORK) && forkOfCombination != null) {
            jmh.println(JMH_FORK + forkOfCombination);
            return;
        }
        jmh.println(s);
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        if (muted) return;
        if (current != null && (benchParams.getMode() == Mode.AverageTime || benchParams.getMode() == Mode.SingleShotTime)) {
            double perUnit = benchParams.getTimeUnit().toNanos(1) / 1e9;
            estimate.learn(current, data.getPrimaryResult().getScore() * perUnit);
        }
        jmh.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        if (muted) return;
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
        if (muted) return;
        jmh.iteration(benchParams, params, iteration);
    }

    /** Every session starts a run: passed on once. */
    @Override
    public void startRun() {
        if (runStarted) return;
        runStarted = true;
        jmh.startRun();
    }

    /** A session's end, one fork's: the table of the whole run comes at its end ({@link #runEnds}). */
    @Override
    public void endRun(Collection<RunResult> result) {
    }

    @Override
    public void print(String s) {
        if (muted) return;
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
        if (muted) return;
        jmh.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        if (muted) return;
        jmh.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        if (muted) return;
        jmh.write(b);
    }
}
