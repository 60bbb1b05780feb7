package fwbench.cli;

import fwbench.report.RunData;
import fwbench.results.ResultsFormat;
import fwbench.usage.UsageException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The wall time of a whole run, estimated before it starts and refined as its forks finish (JMH's
 * own ETA covers one session, one variant, and starts again with each).
 *
 * <p>A fork runs its warm-up and measured iterations; an iteration lasts its set time, or longer
 * when a solve overruns it. Times per solve come from earlier runs on this device, or from this run
 * (a variant measured at another n is scaled by n^3: a solve does n^3 relaxations). What a fork costs
 * beyond its iterations (JVM start, the graph, verification) is learned from the forks that finished.
 * Until those are known the estimate leaves them out and is a lower bound, and says so.
 */
final class RunEstimate {

    /** What a time per solve is known by: a benchmark, and for solves the variant (enum constant) and n. */
    record Key(String benchmark, String variant, int n) {
        static Key solve(String variant, int n) {
            return new Key(ResultsFormat.SOLVE_BENCHMARK, variant, n);
        }

        /** The ceiling's launches take about the same time whatever the cell. */
        static Key peak() {
            return new Key(ResultsFormat.PEAK_BENCHMARK, "", 0);
        }
    }

    /** The iterations every fork of a benchmark runs; {@code singleShot}: one solve each, no set time (-bm ss). */
    record Iterations(int warmups, double warmupSeconds, int measurements, double measurementSeconds, boolean singleShot) {
        int count() {
            return warmups + measurements;
        }
    }

    /** One planned fork. */
    record Fork(Key key, Iterations iterations) {
    }

    /** Seconds left, and whether that is a lower bound (something not known yet is left out). */
    record Left(double seconds, boolean lowerBound, List<String> unknown) {
        /** "about 2 min 10 s" or "at least 40 s". */
        String text() {
            return (lowerBound ? "at least " : "about ") + duration(seconds);
        }
    }

    private final List<Fork> remaining;
    private final int total;
    private final Map<Key, Double> solveSeconds;
    private double overheadSum;
    private int forksEnded;

    /**
     * @param plan         every fork the run will make, warm-up forks included
     * @param solveSeconds times per solve already known (earlier runs on this device)
     */
    RunEstimate(List<Fork> plan, Map<Key, Double> solveSeconds) {
        this.remaining = new ArrayList<>(plan);
        this.total = plan.size();
        this.solveSeconds = new HashMap<>(solveSeconds);
    }

    int forks() {
        return total;
    }

    int forksEnded() {
        return forksEnded;
    }

    /** A time per solve measured in this run (an iteration's score). */
    void learn(Key key, double seconds) {
        if (seconds > 0 && Double.isFinite(seconds)) solveSeconds.put(key, seconds);
    }

    /** A fork of {@code key} ended after {@code wallSeconds}: one fewer left, and what it cost beyond its iterations. */
    void forkEnded(Key key, double wallSeconds) {
        Optional<Fork> fork = remaining.stream().filter(f -> f.key().equals(key)).findFirst();
        if (fork.isEmpty()) return;  // a fork the plan did not foresee: nothing to learn from it
        remaining.remove(fork.get());
        forksEnded++;
        overheadSum += Math.max(0, wallSeconds - iterationSeconds(fork.get(), solveTime(key).orElse(0.0)));
    }

    /** The time the forks not yet ended will take. */
    Left left() {
        double seconds = 0;
        Set<String> unknown = new LinkedHashSet<>();
        if (forksEnded == 0) unknown.add("what a fork costs beyond its iterations (JVM start, graph, verification)");
        double overhead = forksEnded == 0 ? 0 : overheadSum / forksEnded;
        for (Fork fork : remaining) {
            Optional<Double> solve = solveTime(fork.key());
            if (solve.isEmpty()) unknown.add(fork.key().variant().isEmpty() ? "the ceiling's time per launch" : "the time per solve of "
                    + fork.key().variant().toLowerCase(Locale.ROOT).replace('_', '-'));
            seconds += overhead + iterationSeconds(fork, solve.orElse(0.0));
        }
        return new Left(seconds, !unknown.isEmpty(), List.copyOf(unknown));
    }

    /**
     * A fork's iterations with solves of {@code solve} seconds: an iteration stops at the first solve
     * that ends after its set time (half a solve late on average), or lasts one solve when that is longer;
     * one more solve is verified before the first.
     */
    static double iterationSeconds(Fork fork, double solve) {
        Iterations it = fork.iterations();
        if (it.singleShot()) return (it.count() + 1) * solve;
        return iteration(it.warmupSeconds(), solve) * it.warmups() + iteration(it.measurementSeconds(), solve) * it.measurements() + solve;
    }

    private static double iteration(double set, double solve) {
        return solve >= set ? solve : set + solve / 2;
    }

    /** Known, or scaled by n^3 from the same variant at the nearest n known. */
    Optional<Double> solveTime(Key key) {
        Double known = solveSeconds.get(key);
        if (known != null) return Optional.of(known);
        if (key.n() <= 0) return Optional.empty();
        return solveSeconds.entrySet().stream()
                .filter(e -> e.getKey().benchmark().equals(key.benchmark()) && e.getKey().variant().equals(key.variant()) && e.getKey().n() > 0)
                .min(Comparator.comparingDouble(e -> Math.abs(Math.log((double) e.getKey().n() / key.n()))))
                .map(e -> e.getValue() * Math.pow((double) key.n() / e.getKey().n(), 3));
    }

    /**
     * Times per solve of earlier runs on this device: the JSON results in {@code directory} whose
     * device is {@code device}, newest last so that it wins. A file the report cannot read is passed over.
     */
    static Map<Key, Double> earlierRuns(Path directory, String device) {
        Map<Key, Double> times = new HashMap<>();
        List<Path> files;
        try (Stream<Path> list = Files.list(directory)) {
            files = list.filter(f -> f.toString().endsWith(".json") && Files.isRegularFile(f))
                    .sorted(Comparator.comparing(RunEstimate::modified)).toList();
        } catch (IOException e) {
            return times;  // no results folder yet: nothing known
        }
        for (Path file : files) {
            try {
                for (RunData.Solve solve : RunData.read(List.of(file)).solves()) {
                    if (solve.setup().device().equals(device)) {
                        times.put(Key.solve(solve.variant().constant(), solve.n()), solve.time().millis() / 1e3);
                    }
                }
            } catch (UsageException e) {
                // not a run of this suite, or one the report refuses: it tells nothing about times
            }
        }
        return times;
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    /** "45 s", "2 min 10 s", "1 h 5 min". */
    static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) return s + " s";
        if (s < 3600) return s / 60 + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
        long minutes = Math.round(seconds / 60);
        return minutes / 60 + " h" + (minutes % 60 == 0 ? "" : " " + minutes % 60 + " min");
    }
}
