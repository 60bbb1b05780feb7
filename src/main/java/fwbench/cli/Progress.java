package fwbench.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Stage lines on stderr for commands that can run for minutes: each stage says what starts, and a
 * background timer adds a line every few seconds while it lasts, so a long solve is visibly alive.
 */
final class Progress {

    /** A stage's work. */
    @FunctionalInterface
    interface Step<T, E extends Exception> {
        T run() throws E;
    }

    private final PrintWriter err;
    private final String prefix;
    private final long tickMillis;
    private double lastSeconds;

    Progress(PrintWriter err, String prefix, long tickMillis) {
        this.err = err;
        this.prefix = prefix;
        this.tickMillis = tickMillis;
    }

    /** One line. */
    void line(String text) {
        synchronized (err) {
            err.println(prefix + text);
            err.flush();
        }
    }

    /** Runs a stage: says it starts, then "still ...: N s" every tick until it ends. */
    <T, E extends Exception> T timed(String stage, Step<T, E> step) throws E {
        return timed(stage, true, step);
    }

    /**
     * Runs a stage; without {@code announce} only the ticks speak, so a stage that fails at once
     * (reading a bad file) leaves its one-line error alone on the screen.
     */
    <T, E extends Exception> T timed(String stage, boolean announce, Step<T, E> step) throws E {
        if (announce) line(stage);
        long start = System.nanoTime();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fwbench-progress");
            t.setDaemon(true);  // never keeps the JVM alive
            return t;
        });
        timer.scheduleAtFixedRate(() -> line("  still " + stage + ": " + seconds(System.nanoTime() - start) + " s"),
                tickMillis, tickMillis, TimeUnit.MILLISECONDS);
        try {
            return step.run();
        } finally {
            lastSeconds = (System.nanoTime() - start) / 1e9;
            timer.shutdownNow();
            // a tick already running finishes before the stage returns, so no "still ..." line
            // lands after the stage's own result
            try {
                timer.awaitTermination(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Seconds the last {@link #timed} stage took. */
    double lastSeconds() {
        return lastSeconds;
    }

    /** The last stage's time for a message, e.g. "1.23 s". */
    String lastTime() {
        return String.format(Locale.ROOT, "%.2f s", lastSeconds);
    }

    private static long seconds(long nanos) {
        return Math.round(nanos / 1e9);
    }
}
