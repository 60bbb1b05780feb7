package fwbench.solve;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Where a solve says what it does: each stage says what starts, and a background timer adds a
 * line every few seconds while it lasts, so a long solve is visibly alive. {@code solve} prints the
 * lines on stderr; a program using the library passes its logger, or nothing ({@link #silent()}).
 */
public final class Progress {

    /** A stage's work. */
    @FunctionalInterface
    public interface Step<T, E extends Exception> {
        T run() throws E;
    }

    private final Consumer<String> sink;
    private final String prefix;
    /** 0: no "still ..." lines (and no timer thread). */
    private final long tickMillis;
    private double lastSeconds;

    /** Lines to {@code err}, each after {@code prefix}, and a "still ..." line every {@code tickMillis} of a stage. */
    public Progress(PrintWriter err, String prefix, long tickMillis) {
        this(text -> {
            synchronized (err) {
                err.println(text);
                err.flush();
            }
        }, prefix, tickMillis);
    }

    /** Lines to {@code sink} (called from the solving thread, and from a timer thread for the "still ..." lines). */
    public Progress(Consumer<String> sink, String prefix, long tickMillis) {
        if (tickMillis < 0) throw new IllegalArgumentException("tickMillis must be >= 0, got " + tickMillis);
        this.sink = sink;
        this.prefix = prefix;
        this.tickMillis = tickMillis;
    }

    /** No lines at all: stages are only timed. */
    public static Progress silent() {
        return new Progress(text -> { }, "", 0);
    }

    /** One line. */
    public void line(String text) {
        sink.accept(prefix + text);
    }

    /** Runs a stage: says it starts, then "still ...: N s" every tick until it ends. */
    public <T, E extends Exception> T timed(String stage, Step<T, E> step) throws E {
        return timed(stage, true, step);
    }

    /**
     * Runs a stage; without {@code announce} only the ticks speak, so a stage that fails at once
     * (reading a bad file) leaves its one-line error alone on the screen.
     */
    public <T, E extends Exception> T timed(String stage, boolean announce, Step<T, E> step) throws E {
        if (announce) line(stage);
        long start = System.nanoTime();
        ScheduledExecutorService timer = tickMillis == 0 ? null : Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fwbench-progress");
            t.setDaemon(true);  // never keeps the JVM alive
            return t;
        });
        if (timer != null) {
            timer.scheduleAtFixedRate(() -> line("  still " + stage + ": " + seconds(System.nanoTime() - start) + " s"),
                    tickMillis, tickMillis, TimeUnit.MILLISECONDS);
        }
        try {
            return step.run();
        } finally {
            lastSeconds = (System.nanoTime() - start) / 1e9;
            if (timer != null) stop(timer);
        }
    }

    /**
     * Stops the timer; a tick already running finishes before the stage returns, so no "still ..."
     * line lands after the stage's own result.
     */
    private static void stop(ScheduledExecutorService timer) {
        timer.shutdownNow();
        try {
            timer.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Seconds the last {@link #timed} stage took. */
    public double lastSeconds() {
        return lastSeconds;
    }

    /** The last stage's time for a message, e.g. "1.23 s". */
    public String lastTime() {
        return String.format(Locale.ROOT, "%.2f s", lastSeconds);
    }

    private static long seconds(long nanos) {
        return Math.round(nanos / 1e9);
    }
}
