package fwbench.run;

import fwbench.bench.GpuTimeProfiler;
import fwbench.tuning.TuningMode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Runs each combination fork by fork, one JMH session per fork (with the GPU-time profiler), and
 * writes the results file after each ({@link FinishedForks}): a Ctrl-C keeps every fork that ended
 * and says what the file holds.
 */
final class SessionRunner {

    /**
     * Sees the run after each JMH session (one fork), its result written: the sessions done and the
     * results file. A test returns true to stop the run there as Ctrl-C would.
     */
    @FunctionalInterface
    interface AfterSession {
        boolean interrupt(int sessionsDone, Path resultsFile);
    }

    /** The exit code of a run stopped by Ctrl-C (128 + SIGINT), as the shell reports it. */
    static final int INTERRUPTED = 130;

    private final PrintStream out;
    private final PrintStream err;
    private final RunArguments arguments;
    private final TuningMode tuning;
    private final AfterSession afterSession;

    SessionRunner(PrintStream out, PrintStream err, RunArguments arguments, TuningMode tuning, AfterSession afterSession) {
        this.out = out;
        this.err = err;
        this.arguments = arguments;
        this.tuning = tuning;
        this.afterSession = afterSession;
    }

    /**
     * Runs the combinations and returns the exit code (0, 1 when a fork failed or the file could not
     * be written, {@link #INTERRUPTED}). {@code log} is -o's file (null: the console).
     */
    int run(List<Combination> combinations, ResultsTarget target, RunEstimate estimate, PrintStream log) {
        CommandLineOptions options = arguments.options();
        OutputFormat jmhFormat = OutputFormatFactory.createFormatInstance(log == null ? out : log, options.verbosity().orElse(VerboseMode.NORMAL));
        String estimatedBefore = estimate.left().text();
        RunProgress format = new RunProgress(jmhFormat, log == null ? null : out, estimate, System::nanoTime);
        FinishedForks finished = new FinishedForks(target, combinations.size());
        Runnable sayWhatWasKept = () -> {
            format.mute();  // JMH's account of the fork the signal killed would only bury the lines below
            finished.interrupt().forEach(err::println);
            err.flush();
        };
        Thread hook = new Thread(sayWhatWasKept, "fwbench-ctrl-c");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            List<String> missing = new ArrayList<>();
            List<String> partial = new ArrayList<>();
            int sessionsDone = 0;
            for (Combination combination : combinations) {
                Combination.Forks forks = combination.forks(options);
                for (int fork = 1; fork <= forks.sessions(); fork++) {
                    if (finished.interrupted()) return INTERRUPTED;  // the JVM is stopping: no fork is started
                    format.sessionStarts(fork, forks.measured());
                    Collection<RunResult> results;
                    try {
                        results = runSession(combination, format, forks, fork == 1);
                    } catch (RunnerException e) {
                        if (finished.interrupted()) return INTERRUPTED;
                        err.println("fwbench: JMH stopped: " + e.getMessage());
                        results = List.of();
                    } catch (RuntimeException e) {
                        // Ctrl-C came as JMH set up a fork (it cannot while the JVM shuts down): the hook has said what was kept
                        if (finished.interrupted()) return INTERRUPTED;
                        throw e;
                    }
                    if (finished.interrupted()) return INTERRUPTED;  // the fork was killed by Ctrl-C, not failed
                    if (results.isEmpty()) {
                        // a failed fork ends its combination, as it does within a JMH session; the forks before it stay
                        format.forksSkipped(combination, forks.sessions() - fork);
                        if (fork == 1) missing.add(combination.description());
                        else partial.add(combination.description() + " (fork " + fork + " of " + forks.sessions() + " failed)");
                        break;
                    }
                    try {
                        if (!finished.add(combination, forks.sessions(), results)) return INTERRUPTED;
                    } catch (IOException e) {
                        err.println("fwbench: cannot write " + target.file() + ": " + e.getMessage());
                        return 1;
                    }
                    sessionsDone++;
                    if (afterSession.interrupt(sessionsDone, target.file())) {
                        sayWhatWasKept.run();
                        return INTERRUPTED;
                    }
                }
            }
            List<RunResult> results = finished.results();
            if (results.isEmpty()) {
                err.println("fwbench: no benchmark finished; nothing was written");
                return 1;
            }
            format.runEnds(results);
            out.println("fwbench: the run took " + RunEstimate.duration(format.elapsedSeconds()) + " (estimated before it started: "
                    + estimatedBefore + ")");
            RunEnd.print(results, target, out);
            if (!missing.isEmpty()) err.println("fwbench: no result for " + String.join("; ", missing) + " (failed: see the log above)");
            if (!partial.isEmpty()) {
                err.println("fwbench: fewer forks than asked for " + String.join("; ", partial) + "; the forks before the failed one are kept"
                        + " (see the log above)");
            }
            return missing.isEmpty() && partial.isEmpty() ? 0 : 1;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook runs (or has run) and says what was kept
            }
        }
    }

    /**
     * One JMH session: one fork of the combination (with the warm-up forks before its first), or
     * its run in this JVM with -f 0; empty when the fork failed.
     */
    private Collection<RunResult> runSession(Combination combination, RunProgress format, Combination.Forks forks, boolean first)
            throws RunnerException {
        CommandLineOptions options = arguments.options();
        String[] forkArgs = RunArguments.forkArgsAppended(options, tuning);
        ChainedOptionsBuilder builder = new OptionsBuilder().parent(options)
                .include("^" + Pattern.quote(combination.benchmark()) + "$")
                .exclude("^(?!" + Pattern.quote(combination.benchmark()) + "$)")  // the user's patterns may match others
                .addProfiler(GpuTimeProfiler.class)
                // a fork is told the run's command (JMH records it with the fork's results); with -f 0 there is no fork to tell
                .jvmArgsAppend(forks.measured() > 0 ? RunArguments.withCommand(forkArgs, arguments.commandLine()) : forkArgs);
        combination.params().forEach(builder::param);
        if (combination.fewIterations()) {
            builder.warmupIterations(combination.warmups(options, 0)).measurementIterations(combination.measurements(options, 0));
        }
        if (forks.measured() > 0) builder.forks(1).warmupForks(first ? forks.warmups() : 0);
        try {
            return new Runner(builder.build(), format).run();
        } catch (NoBenchmarksException e) {
            return List.of();
        }
    }
}
