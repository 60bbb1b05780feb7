package fwbench.run;

import fwbench.report.RunData;
import fwbench.results.ResultsFormat;
import fwbench.tuning.LaunchTuning;
import fwbench.tuning.NRange;
import fwbench.tuning.TuningMode;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import fwbench.verify.Verification;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.stream.Stream;

/**
 * The wall time of a whole run, estimated before it starts and refined as its forks finish (JMH's
 * own ETA covers one session, which the suite makes one fork).
 *
 * <p>A fork runs its warm-up and measured iterations; an iteration lasts its set time, or longer
 * when a solve overruns it. Times per solve come from earlier runs on this device, or from this run
 * (a variant measured at another n is scaled by n^3: a solve does n^3 relaxations); until then, the
 * {@link Model} assumes them where it can (CPU variants, from their planned rates). Beyond its
 * iterations a fork starts a JVM and makes the graph (learned from the forks that ended, assumed
 * before), runs a tuning pass where it will tune ({@link #withTuningPasses}: candidates x 4 solves)
 * and checks its first answer against an oracle (n^3 work, modelled). Only what cannot be
 * assumed (a GPU variant's time on a device never measured) is left out; the estimate then is a
 * lower bound, and says so.
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

        /** A batch of small graphs: its time is not estimated (the estimate says it is left out). */
        static Key smallGraphs() {
            return new Key(ResultsFormat.SMALL_GRAPHS_BENCHMARK, "a batch of small graphs", 0);
        }
    }

    /** The iterations every fork of a benchmark runs; {@code singleShot}: one solve each, no set time (-bm ss). */
    record Iterations(int warmups, double warmupSeconds, int measurements, double measurementSeconds, boolean singleShot) {
        int count() {
            return warmups + measurements;
        }
    }

    /**
     * One planned fork; {@code tuning}: the solves of the tuning pass it runs first, where it tunes
     * its variant's launch choice ({@link LaunchTuning}).
     */
    record Fork(Key key, Iterations iterations, Tuning tuning) {
        Fork(Key key, Iterations iterations) {
            this(key, iterations, Tuning.NONE);
        }
    }

    /** A tuning pass: {@code solves} solves at n (each candidate's warm-up and timed ones). */
    record Tuning(int n, int solves) {
        static final Tuning NONE = new Tuning(0, 0);
    }

    /**
     * The forks with the tuning passes they will run: in mode retune every fork of a variant that
     * tunes, in mode tuned the first fork of each variant and n range that {@code cached} does not
     * hold yet; none in mode table, or where a -D pin fixes the choice.
     */
    static List<Fork> withTuningPasses(List<Fork> forks, TuningMode mode, BiPredicate<Variant, Integer> cached) {
        List<Fork> planned = new ArrayList<>();
        Set<String> tunedRanges = new HashSet<>();
        for (Fork fork : forks) {
            Optional<Variant> variant = Model.variant(fork.key());
            int n = fork.key().n();
            boolean tunes = variant.isPresent() && LaunchTuning.passDue(variant.get(), n, mode, cached)
                    && (mode == TuningMode.RETUNE || tunedRanges.add(variant.get() + " " + NRange.of(n)));
            if (!tunes) {
                planned.add(fork);
                continue;
            }
            int at = NRange.of(n).tuningN(n);
            int solves = variant.get().launchCandidates(at).size() * (LaunchTuning.WARM_UP_SOLVES + LaunchTuning.TIMED_SOLVES);
            planned.add(new Fork(fork.key(), fork.iterations(), new Tuning(at, solves)));
        }
        return planned;
    }

    /** What a fork is assumed to cost before this run or an earlier one measured it. */
    interface Model {
        /** Seconds of one solve of {@code key} before any is measured; empty where nothing can be assumed. */
        OptionalDouble solveSeconds(Key key);

        /** Seconds a fork of {@code key} spends checking its first answer against an oracle. */
        double checkSeconds(Key key);

        /** Assumes nothing, and no checking time (tests, and runs nothing can be assumed of). */
        Model NONE = new Model() {
            @Override
            public OptionalDouble solveSeconds(Key key) {
                return OptionalDouble.empty();
            }

            @Override
            public double checkSeconds(Key key) {
                return 0;
            }
        };

        /**
         * The variants' planned rates ({@link Variant#plannedRelaxRate}) on {@code threads} threads, a
         * variant that spreads over threads at {@link #PARALLEL_RATE_OVER_PLANNED} times its own, and
         * the oracles of {@link Verification}: every cell against the CPU reference up to its limit,
         * above it the certificate (on the host for CPU variants; on the device for GPU ones, at
         * {@link #DEVICE_CERTIFICATE_RATE}).
         */
        static Model planned(int threads) {
            return new Model() {
                @Override
                public OptionalDouble solveSeconds(Key key) {
                    Optional<Variant> v = variant(key);
                    if (v.isEmpty()) return OptionalDouble.empty();
                    OptionalDouble rate = v.get().plannedRelaxRate(threads);
                    if (rate.isEmpty()) return OptionalDouble.empty();
                    double expected = rate.getAsDouble() * (spreadsOverThreads(v.get()) ? PARALLEL_RATE_OVER_PLANNED : 1);
                    return OptionalDouble.of(relaxations(key) / expected);
                }

                @Override
                public double checkSeconds(Key key) {
                    Optional<Variant> v = variant(key);
                    if (v.isEmpty()) return 0;
                    if (v.get().gpu() && key.n() > Verification.REFERENCE_LIMIT) {
                        return relaxations(key) / DEVICE_CERTIFICATE_RATE;
                    }
                    return relaxations(key) / (ORACLE_RATE_PER_THREAD * Math.max(1, threads));
                }
            };
        }

        /** A CPU variant whose planned rate grows with the threads it is given (cpu-blocked, not cpu-serial). */
        static boolean spreadsOverThreads(Variant variant) {
            OptionalDouble one = variant.plannedRelaxRate(1);
            OptionalDouble two = variant.plannedRelaxRate(2);
            return one.isPresent() && two.isPresent() && two.getAsDouble() > one.getAsDouble();
        }

        static Optional<Variant> variant(Key key) {
            return key.benchmark().equals(ResultsFormat.SOLVE_BENCHMARK) && key.n() > 0 ? Variant.forConstant(key.variant()) : Optional.empty();
        }

        private static double relaxations(Key key) {
            return Math.pow(key.n(), 3);
        }
    }

    /**
     * The planned rates are the low end of what was measured, from busy cores, where work spread over
     * threads suffers most; with them the default run without a GPU on 2 cores (cpu-blocked at
     * n = 2500 its longest part) was estimated at 2 min 31 s, and took 47 s and 86 s on quieter cores
     * and up to 4 min on busy ones. The estimate takes such work at twice its planned rate, between the two
     * (1.2 G/s a thread for cpu-blocked); cpu-serial's one thread keeps its rate (it ran at 0.84 to
     * 1.4 G/s on 2 cores at a load average of 4 to 7), and with it the hour limit's figures.
     */
    static final double PARALLEL_RATE_OVER_PLANNED = 2;

    /**
     * The host oracles' rate per thread (the CPU reference and the certificate: parallel rows, n^3
     * steps in all): the reference ran at 0.42 to 0.48 G/s a thread on 2 cores at a load average of
     * 4 to 7 (n = 1000 and 2500); set a little above, as a quieter machine is faster.
     */
    static final double ORACLE_RATE_PER_THREAD = 0.6e9;

    /**
     * The certificate's rate on a device (n^3 terms), set below the 14.5 T/s (11.1 over packed16's result)
     * of an H200 (kernels/NOTES.md, the certificate on the device); kleene-bands' takes less, its bands at once.
     */
    static final double DEVICE_CERTIFICATE_RATE = 10e12;

    /** A fork's JVM start and graph, assumed until a fork has ended. */
    static final double FORK_START_SECONDS = 1.0;

    /**
     * Seconds left; whether that is a lower bound (something not known yet is left out); what was
     * assumed rather than measured.
     */
    record Left(double seconds, boolean lowerBound, List<String> unknown, List<String> assumed) {
        /** "about 2 min 10 s" or "at least 40 s". */
        String text() {
            return (lowerBound ? "at least " : "about ") + duration(seconds);
        }
    }

    private final List<Fork> remaining;
    private int total;
    private final Map<Key, Double> solveSeconds;
    private final Model model;
    private double startSum;
    private int forksEnded;

    /**
     * @param plan         every fork the run will make, warm-up forks included
     * @param solveSeconds times per solve already known (earlier runs on this device)
     * @param model        what is assumed until measured
     */
    RunEstimate(List<Fork> plan, Map<Key, Double> solveSeconds, Model model) {
        this.remaining = new ArrayList<>(plan);
        this.total = plan.size();
        this.solveSeconds = new HashMap<>(solveSeconds);
        this.model = model;
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

    /** A fork of {@code key} ended after {@code wallSeconds}: one fewer left, and what its JVM start and graph cost. */
    void forkEnded(Key key, double wallSeconds) {
        Optional<Fork> fork = remaining.stream().filter(f -> f.key().equals(key)).findFirst();
        if (fork.isEmpty()) return;  // a fork the plan did not foresee: nothing to learn from it
        remaining.remove(fork.get());
        forksEnded++;
        startSum += Math.max(0, wallSeconds - iterationSeconds(fork.get(), solveTime(key).orElse(0.0)) - model.checkSeconds(key)
                - tuningSeconds(fork.get()));
    }

    /** A fork of {@code key} will not run (an earlier fork of its combination failed): no longer planned. */
    void forkSkipped(Key key) {
        Optional<Fork> fork = remaining.stream().filter(f -> f.key().equals(key)).findFirst();
        if (fork.isEmpty()) return;
        remaining.remove(fork.get());
        total--;
    }

    /** The time the forks not yet ended will take. */
    Left left() {
        double seconds = 0;
        Set<String> unknown = new LinkedHashSet<>();
        Set<String> assumed = new LinkedHashSet<>();
        double start = forksEnded == 0 ? FORK_START_SECONDS : startSum / forksEnded;
        for (Fork fork : remaining) {
            Optional<Double> solve = solveTime(fork.key());
            String variant = fork.key().variant().toLowerCase(Locale.ROOT).replace('_', '-');
            if (solve.isEmpty()) {
                unknown.add(variant.isEmpty() ? "the ceiling's time per launch"
                        : fork.key().benchmark().equals(ResultsFormat.SMALL_GRAPHS_BENCHMARK) ? "the time of a batch of small graphs" : "the time per solve of " + variant);
            }
            else if (measuredSolveTime(fork.key()).isEmpty()) assumed.add(variant);
            seconds += start + model.checkSeconds(fork.key()) + iterationSeconds(fork, solve.orElse(0.0)) + tuningSeconds(fork);
        }
        return new Left(seconds, !unknown.isEmpty(), List.copyOf(unknown), List.copyOf(assumed));
    }

    /** The longest time per solve of a fork not yet ended, and its key; empty when none is known or assumed. */
    Optional<Map.Entry<Key, Double>> longestSolve() {
        return remaining.stream().map(Fork::key).distinct()
                .flatMap(key -> solveTime(key).map(t -> Map.entry(key, t)).stream())
                .max(Map.Entry.comparingByValue());
    }

    /** A fork's tuning pass: its solves at the time per solve known or assumed at its n (0 where none is). */
    double tuningSeconds(Fork fork) {
        Tuning tuning = fork.tuning();
        if (tuning.solves() == 0) return 0;
        return tuning.solves() * solveTime(Key.solve(fork.key().variant(), tuning.n())).orElse(0.0);
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

    /** Measured (in this run or an earlier one), else assumed by the model. */
    Optional<Double> solveTime(Key key) {
        Optional<Double> measured = measuredSolveTime(key);
        if (measured.isPresent()) return measured;
        OptionalDouble assumed = model.solveSeconds(key);
        return assumed.isPresent() ? Optional.of(assumed.getAsDouble()) : Optional.empty();
    }

    /** Where {@link #solveTime} came from, in words: "n^3 relaxations at an assumed 1.0 G/s" or a measurement. */
    String solveTimeSource(Key key) {
        if (solveSeconds.containsKey(key)) return "measured on this device";
        if (measuredSolveTime(key).isPresent()) return "measured on this device at another n, scaled by n^3";
        return solveTime(key).map(t -> String.format(Locale.ROOT, "n^3 relaxations at an assumed %.1f G/s", Math.pow(key.n(), 3) / t / 1e9))
                .orElse("not known");
    }

    /** Known, or scaled by n^3 from the same variant at the nearest n known. */
    Optional<Double> measuredSolveTime(Key key) {
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
     * device is {@code device}, newest last so that it wins. A file the report cannot read is passed over,
     * and so is a result of a run in the harness's own JVM ({@code -f 0}), the way a run goes under
     * compute-sanitizer or a profiler, whose times are the tool's, not the device's.
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
                    if (solve.setup().device().equals(device) && solve.harness().forks().orElse(1) > 0) {
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

    /** "45 s", "2 min 10 s", "1 h 5 min", "3 days 2 h". */
    static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) return s + " s";
        if (s < 3600) return s / 60 + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
        long minutes = Math.round(seconds / 60);
        if (minutes < 48 * 60) return minutes / 60 + " h" + (minutes % 60 == 0 ? "" : " " + minutes % 60 + " min");
        long hours = Math.round(seconds / 3600);
        return hours / 24 + " days" + (hours % 24 == 0 ? "" : " " + hours % 24 + " h");
    }
}
