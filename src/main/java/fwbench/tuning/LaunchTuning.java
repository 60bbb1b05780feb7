package fwbench.tuning;

import fwbench.cuda.CudaContext;
import fwbench.cuda.DeviceInfo;
import fwbench.graph.GraphSpec;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.TileFits;
import fwbench.variant.Variant;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiPredicate;
import java.util.function.Consumer;

/**
 * Tunes a tile variant's launch choice on the device it runs on: the first benchmark trial of a
 * (device, kernels, variant, n range) times each of the variant's {@linkplain Variant#launchCandidates
 * candidates} and keeps the table's choice unless another is clearly faster ({@link ChoiceSelection});
 * the choice is cached on disk ({@link TuningCache}) for the later trials and runs. The -D pins win
 * over it; {@code solve} reads the cache but never tunes.
 */
public final class LaunchTuning {

    /** Solves a candidate runs before it is timed: the first one loads the kernels and captures the CUDA graph. */
    public static final int WARM_UP_SOLVES = 1;

    /** Solves timed per candidate, their median kept: one slow solve (a clock ramp, a neighbour) does not decide. */
    public static final int TIMED_SOLVES = 3;

    /** The cache file and where the lines about each choice go: what differs between a run and a test. */
    private final Path cacheFile;
    private final Consumer<String> say;

    /**
     * @param cacheFile the cache ({@link #defaultCacheFile()} outside tests)
     * @param say       where the one line about each choice goes (a trial's stderr)
     */
    public LaunchTuning(Path cacheFile, Consumer<String> say) {
        this.cacheFile = cacheFile;
        this.say = say;
    }

    /** $XDG_CACHE_HOME/fwbench/tuning.json, else ~/.cache/fwbench/tuning.json; -Dfwbench.tuning.dir=DIR puts it in DIR. */
    public static Path defaultCacheFile() {
        return TuningCache.defaultFile();
    }

    /**
     * A benchmark trial's configuration with its variant's launch choice: in mode {@link TuningMode#TUNED}
     * a cached one, else a tuning pass's, which is cached; in {@link TuningMode#RETUNE} always a
     * pass's; in {@link TuningMode#TABLE}, and for variants with nothing to tune or pinned by -D,
     * the configuration as it is (the table decides). Runs on device 0, before the trial's own solver is made.
     */
    public SolverConfig forTrial(Variant variant, SolverConfig config, TuningMode mode) {
        int n = config.n();
        if (mode == TuningMode.TABLE || TileFits.launchCandidates(variant, n).size() < 2) return config;
        if (!variant.launchPins().isEmpty()) {
            say.accept("tuning " + variant + ": not tuned, " + String.join(" and ", variant.launchPins()) + " pins its launch choice");
            return config;
        }
        TuningCache.Key key = key(variant, n);
        TuningCache cache = TuningCache.read(cacheFile, say, "the choices are tuned again and the file rewritten");
        if (mode == TuningMode.TUNED) {
            Optional<TuningCache.Entry> cached = cache.find(key);
            if (cached.isPresent()) return config.withChoice(usable(variant, n, cached.get(), "cached in " + cacheFile));
        }
        Pass pass = tune(variant, config, key);
        cache.put(pass.entry());
        boolean written = cache.write(say);
        say.accept(pass.line() + "; " + (written ? "cached in " + cacheFile : "not cached"));
        LaunchChoice choice = pass.entry().choice();
        if (TileFits.launchCandidates(variant, n).contains(choice)) return config.withChoice(choice);
        say.accept(notACandidate(variant, n, choice, "tuned at n=" + pass.entry().tunedAtN()));
        return config;
    }

    /**
     * Whether {@link #forTrial} would run a tuning pass for this variant at n in this mode: not in
     * {@link TuningMode#TABLE}, not for a variant with nothing to tune or pinned by -D, and in
     * {@link TuningMode#TUNED} only where the cache has no entry. Says nothing.
     */
    public boolean passDue(Variant variant, int n, TuningMode mode) {
        return passDue(variant, n, mode, this::holds);
    }

    /** {@link #passDue(Variant, int, TuningMode)} with {@code cached} saying what the cache holds (the run's estimate, before any device is used). */
    public static boolean passDue(Variant variant, int n, TuningMode mode, BiPredicate<Variant, Integer> cached) {
        if (mode == TuningMode.TABLE || nothingToTune(variant, n) || !variant.launchPins().isEmpty()) return false;
        return mode == TuningMode.RETUNE || !cached.test(variant, n);
    }

    /**
     * For {@code solve}: the cached choice where there is one (one line says so),
     * else the configuration as it is. Never runs a tuning pass: a solve of the user's graph is one
     * solve, not a benchmark, and must not spend seconds timing others.
     */
    public SolverConfig cached(Variant variant, SolverConfig config) {
        int n = config.n();
        if (nothingToTune(variant, n) || !variant.launchPins().isEmpty()) return config;
        TuningCache cache = TuningCache.read(cacheFile, say, "the table's launch choice is used");
        Optional<TuningCache.Entry> cached = cache.find(key(variant, n));
        return cached.isEmpty() ? config : config.withChoice(usable(variant, n, cached.get(), "cached in " + cacheFile));
    }

    /** Whether the variant has fewer than two launch choices at n: nothing to tune or to cache. */
    private static boolean nothingToTune(Variant variant, int n) {
        return variant.launchCandidates(n).size() < 2;
    }

    /** Whether the cache holds a choice for the variant at n on this device (the run's estimate asks; nothing is said). */
    public boolean holds(Variant variant, int n) {
        return TuningCache.read(cacheFile, line -> { }, "").find(key(variant, n)).isPresent();
    }

    /** What a cached choice belongs to on this device. */
    private static TuningCache.Key key(Variant variant, int n) {
        DeviceInfo device = CudaContext.get().device();
        return new TuningCache.Key(device.name(), device.computeCapability(), CudaContext.fatbinSha256(variant.kernelModule()),
                variant.id(), NRange.of(n));
    }

    /**
     * The entry's choice where it is a candidate at n, saying so in one line in the words describe()
     * uses; else (a tile whose memory the run did not plan for at this n) the table's.
     */
    private LaunchChoice usable(Variant variant, int n, TuningCache.Entry entry, String where) {
        LaunchChoice choice = entry.choice();
        String tuned = where + " on " + entry.date() + ", tuned at n=" + entry.tunedAtN();
        if (!TileFits.launchCandidates(variant, n).contains(choice)) {
            say.accept(notACandidate(variant, n, choice, tuned));
            return LaunchChoice.TABLE;
        }
        say.accept("tuning " + variant + " for " + entry.key().range().text() + " on " + deviceText(entry.key()) + ": " + choice.text() + " "
                + LaunchChoice.TUNED + " (" + tuned + ")");
        return choice;
    }

    /** The line for a tuned choice that is no candidate at the trial's n: the table's is used. */
    private static String notACandidate(Variant variant, int n, LaunchChoice choice, String tuned) {
        return "tuning " + variant + ": " + choice.text() + " " + LaunchChoice.TUNED + " (" + tuned + ") is no candidate at n=" + n
                + ", so " + variant.tableChoice(n).text() + " from the table";
    }

    /** A tuning pass's entry for the cache and its line for the log. */
    private record Pass(TuningCache.Entry entry, String line) {
    }

    /**
     * The tuning pass: each candidate built on the trial's graph (or, in the last n range, on a
     * generated graph at {@link NRange#ONE_RANGE_FROM}), {@link #WARM_UP_SOLVES} solves, then the
     * median GPU time of {@link #TIMED_SOLVES}; each solver closed before the next is made.
     */
    private Pass tune(Variant variant, SolverConfig config, TuningCache.Key key) {
        NRange range = key.range();
        int tuningN = range.tuningN(config.n());
        SolverConfig measured = range.open() ? new SolverConfig(GraphSpec.RANDOM.instance(tuningN, GraphSpec.DEFAULT_SEED), config.launch()) : config;
        List<ChoiceSelection.Measured> times = new ArrayList<>();
        for (LaunchChoice candidate : TileFits.launchCandidates(variant, tuningN)) {  // a tile the device cannot hold is not measured
            try (Solver solver = variant.create(measured.withChoice(candidate))) {
                times.add(new ChoiceSelection.Measured(candidate, medianMillis(solver)));
            }
        }
        LaunchChoice table = variant.tableChoice(tuningN);
        ChoiceSelection.Measured chosen = ChoiceSelection.choose(table, times);
        Map<String, Double> millis = new LinkedHashMap<>();
        times.forEach(t -> millis.put(t.choice().text(), t.millis()));
        return new Pass(new TuningCache.Entry(key, tuningN, chosen.choice(), millis, LocalDate.now().toString()),
                "tuning " + variant + " for " + range.text() + " on " + deviceText(key) + (range.open() ? ", at n=" + tuningN : "") + ": "
                        + ChoiceSelection.explain(table, chosen, times));
    }

    /** The median GPU time (CUDA events around the solve, as the benchmark records) of {@link #TIMED_SOLVES} solves after the warm-up. */
    static double medianMillis(Solver solver) {
        for (int s = 0; s < WARM_UP_SOLVES; s++) {
            solver.reset();
            solver.solve();
        }
        double[] millis = new double[TIMED_SOLVES];
        for (int s = 0; s < TIMED_SOLVES; s++) {
            solver.reset();
            solver.solve();
            millis[s] = solver.lastSolveGpuMillis().orElseThrow(() -> new IllegalStateException(solver.variant() + " has no GPU time"));
        }
        Arrays.sort(millis);
        return millis[TIMED_SOLVES / 2];
    }

    /** "NVIDIA H200 (sm_90)". */
    private static String deviceText(TuningCache.Key key) {
        return key.device() + " (sm_" + key.computeCapability() + ")";
    }
}
