package fwbench.report;

import fwbench.results.ResultsFormat;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The report's "Method": one paragraph a course report can quote, saying how the results were made,
 * from what the results files record: the run's date (in the file's name, results/DATE_DEVICE.json),
 * the device with its driver, the JVM and JMH's settings, the benchmark's parameters, and how every
 * result was verified before it was timed. What a file does not record is left out, never guessed.
 * Pure string building, like {@link Markdown}; the text is Markdown (file names in backticks).
 */
final class Method {

    static final String HEADING = "Method";

    /**
     * The largest n checked cell by cell against the CPU reference: {@code Verification.REFERENCE_LIMIT},
     * which the report may not import (it reads results, never how they are measured); MethodTest checks they agree.
     */
    static final int REFERENCE_LIMIT = 2048;

    /** The date the benchmark puts at the start of a results file's name: 2026-11-22_NVIDIA-H200.json. */
    private static final Pattern DATED_NAME = Pattern.compile("^(\\d{4}-\\d{2}-\\d{2})_");

    /** JMH's short names of the modes the report reads (a time per operation). */
    private static final String AVERAGE_TIME = "avgt";
    private static final String SINGLE_SHOT = "ss";

    private Method() {
    }

    /** How SmallGraphsBenchmark checks a batch before timing it. */
    static final String BATCH_VERIFICATION = "Before a batch of small graphs was timed, every cell of every graph of it had to equal the CPU"
            + " reference's (a textbook Floyd-Warshall in Java).";

    /** The paragraph: where and when, the JVM, JMH's settings, the parameters, the verification. */
    static String paragraph(RunData data) {
        List<String> sentences = new ArrayList<>();
        sentences.add(whereAndWhen(data));
        command(data).ifPresent(sentences::add);
        java(data).ifPresent(sentences::add);
        iterations(data).ifPresent(sentences::add);
        parameters(data).ifPresent(sentences::add);
        clocks(data).ifPresent(sentences::add);
        if (!data.solves().isEmpty()) sentences.add(verification(data));
        if (!data.batches().isEmpty()) sentences.add(BATCH_VERIFICATION);
        return String.join(" ", sentences);
    }

    /** The day a run was made, from its file's name; empty for a name without one (the file's content holds no date). */
    static Optional<LocalDate> runDate(Path file) {
        Matcher dated = DATED_NAME.matcher(file.getFileName().toString());
        if (!dated.find()) return Optional.empty();
        try {
            return Optional.of(LocalDate.parse(dated.group(1)));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** The dates of the runs read, each once, in the order of their files. */
    static List<LocalDate> runDates(RunData data) {
        return data.sources().stream().flatMap(f -> runDate(f).stream()).distinct().toList();
    }

    /** "The results in `A.json` were measured on 2026-11-22 on NVIDIA H200 (...)." or, for several files, each in turn. */
    private static String whereAndWhen(RunData data) {
        List<String> perFile = new ArrayList<>();
        for (Path file : data.sources()) {
            Set<String> devices = new LinkedHashSet<>();
            data.solves().stream().filter(s -> s.source().equals(file)).forEach(s -> devices.add(s.setup().device()));
            data.peaks().stream().filter(p -> p.source().equals(file)).forEach(p -> devices.add(p.device()));
            data.batches().stream().filter(b -> b.source().equals(file)).forEach(b -> devices.add(b.device()));
            String when = runDate(file).map(d -> " on " + d).orElse("");
            String where = devices.isEmpty() ? "" : " " + devices.stream().map(Method::onDevice).collect(Collectors.joining(" and "));
            perFile.add(when + where);
        }
        if (perFile.size() == 1) return "The results in " + code(data.sources().get(0)) + " were measured" + perFile.get(0) + ".";
        List<String> each = new ArrayList<>();
        for (int i = 0; i < perFile.size(); i++) each.add(code(data.sources().get(i)) + ", measured" + perFile.get(i));
        return "The results come from " + each.size() + " files: " + String.join("; ", each) + ".";
    }

    /**
     * "NVML read the GPU's SM clock at the end of every measured iteration: from 1,980 MHz, of a
     * maximum of 1,980 MHz, and no iteration ran throttled." Only for results that recorded clocks
     * (runs with NVML); the flagged ones are named by the report's mark.
     */
    static Optional<String> clocks(RunData data) {
        List<Clocks> recorded = data.solves().stream().flatMap(s -> s.clocks().stream()).toList();
        if (recorded.isEmpty()) return Optional.empty();
        double lowest = recorded.stream().mapToDouble(Clocks::lowestSmMhz).min().orElseThrow();
        double max = recorded.stream().mapToDouble(Clocks::maxSmMhz).max().orElseThrow();
        long flagged = recorded.stream().filter(Clocks::flagged).count();
        String of = recorded.size() < data.solves().size() ? " (for " + recorded.size() + " of the " + data.solves().size() + " results)" : "";
        return Optional.of(String.format(java.util.Locale.ROOT,
                "NVML read the GPU's SM clock at the end of every measured iteration%s: at least %,.0f MHz, of a maximum of %,.0f MHz; %s.",
                of, lowest, max, flagged == 0 ? "no result ran throttled or below " + Math.round(100 * Clocks.LOW_CLOCK_SHARE) + "% of that maximum"
                        : flagged + (flagged == 1 ? " result" : " results") + " ran throttled or below " + Math.round(100 * Clocks.LOW_CLOCK_SHARE)
                        + "% of it (marked " + Clocks.MARK + ")"));
    }

    /** "on NVIDIA H200 (sm_90; 132 SMs; 139.8 GiB; driver 13.0)": the label holds the driver; "on the CPU (...), without a GPU". */
    private static String onDevice(String device) {
        boolean gpu = RunSetup.deviceName(device).equals(device);
        return RunSetup.whereRun(device) + (gpu ? "" : ", without a GPU");
    }

    /** "They ran on OpenJDK 64-Bit Server VM 17.0.15+6 (JDK 17.0.15) under JMH 1.37." from what the files record. */
    private static Optional<String> java(RunData data) {
        Set<String> javas = distinct(data, h -> {
            String vm = String.join(" ", h.vmName().stream().toList()) + h.vmVersion().map(v -> " " + v).orElse("");
            String jdk = h.jdkVersion().map(v -> "JDK " + v).orElse("");
            if (vm.isBlank()) return jdk;
            return jdk.isEmpty() ? vm.strip() : vm.strip() + " (" + jdk + ")";
        });
        Set<String> jmh = distinct(data, h -> h.jmhVersion().orElse(""));
        Set<String> options = distinct(data, h -> String.join(" ", h.jvmArgs().stream().filter(a -> !a.startsWith(COMMAND_OPTION)).toList()));
        if (javas.isEmpty() && jmh.isEmpty()) return Optional.empty();
        StringBuilder text = new StringBuilder("They ran");
        if (!javas.isEmpty()) text.append(" on ").append(String.join(" and ", javas));
        if (!jmh.isEmpty()) text.append(" under JMH ").append(String.join(" and ", jmh));
        if (!options.isEmpty()) {
            text.append(", with the JVM options ").append(options.stream().map(o -> "`" + o + "`").collect(Collectors.joining(" and ")));
        }
        return Optional.of(text.append(".").toString());
    }

    /** How the command that made a run appears among a fork's JVM options. */
    private static final String COMMAND_OPTION = "-D" + ResultsFormat.COMMAND_PROPERTY + "=";

    /**
     * "It was made with `java -jar target/benchmarks.jar -p n=1000`.": the command the benchmark gives
     * every fork, which JMH records among its JVM options; runs before it did, and runs in one JVM
     * (-f 0), say nothing of it.
     */
    static Optional<String> command(RunData data) {
        Set<String> commands = distinct(data, h -> h.jvmArgs().stream().filter(a -> a.startsWith(COMMAND_OPTION))
                .map(a -> a.substring(COMMAND_OPTION.length())).findFirst().orElse(""));
        if (commands.isEmpty()) return Optional.empty();
        return Optional.of((commands.size() == 1 ? "It was made with " : "They were made with ")
                + commands.stream().map(c -> "`" + c + "`").collect(Collectors.joining(" and ")) + ".");
    }

    /** Each value the solves' harness gives, once, in file order; blank values (not recorded) left out. */
    private static Set<String> distinct(RunData data, Function<JmhResult.Harness, String> value) {
        Set<String> values = new LinkedHashSet<>();
        for (RunData.Solve s : data.solves()) {
            String v = value.apply(s.harness());
            if (!v.isBlank()) values.add(v);
        }
        return values;
    }

    /**
     * "JMH ran each variant at each n in 1 fork (a JVM of its own) of 2 warm-up iterations of 500 ms
     * and 5 measured iterations of 500 ms, in its average-time mode: ...", with where each setting
     * held when the results differ (the suite runs fewer iterations at its largest n, and files may
     * come from runs with other options).
     */
    private static Optional<String> iterations(RunData data) {
        Map<JmhResult.Harness, List<RunData.Solve>> groups = new LinkedHashMap<>();
        for (RunData.Solve s : data.solves()) groups.computeIfAbsent(s.harness().iterationsOnly(), h -> new ArrayList<>()).add(s);
        groups.remove(JmhResult.Harness.UNRECORDED);
        if (groups.isEmpty()) return Optional.empty();
        List<String> described = new ArrayList<>();
        for (Map.Entry<JmhResult.Harness, List<RunData.Solve>> group : groups.entrySet()) {
            String settings = settings(group.getKey());
            if (settings.isEmpty()) continue;
            described.add(groups.size() == 1 ? settings : settings + " (" + where(group.getValue(), data) + ")");
        }
        Set<String> modes = groups.keySet().stream().flatMap(h -> h.mode().stream()).collect(Collectors.toCollection(LinkedHashSet::new));
        boolean severalForks = groups.keySet().stream().anyMatch(h -> h.forks().orElse(1) > 1);
        String mean = "a time per solve is the mean of the measured iterations" + (severalForks ? " of every fork" : "")
                + ", ± half the width of its " + Timing.CONFIDENCE + " confidence interval";
        String mode;
        if (modes.equals(Set.of(AVERAGE_TIME))) {
            mode = ", in its average-time mode: an iteration repeats the solve until its set time is up (so it holds one solve at least), and " + mean;
        } else if (modes.equals(Set.of(SINGLE_SHOT))) {
            mode = ", in its single-shot mode: an iteration is one solve, and " + mean;
        } else {
            mode = (modes.isEmpty() ? "; " : ", in its mode" + (modes.size() == 1 ? " " : "s ") + String.join(" and ", modes) + "; ") + mean;
        }
        if (described.isEmpty()) return Optional.of("JMH ran each variant at each n" + mode + ".");
        return Optional.of("JMH ran each variant at each n " + String.join(", and ", described) + mode + ".");
    }

    /** "in 1 fork (a JVM of its own) of 2 warm-up iterations of 500 ms and 5 measured iterations of 500 ms". */
    private static String settings(JmhResult.Harness h) {
        List<String> iterations = new ArrayList<>();
        count(h.warmupIterations(), "warm-up iteration").ifPresent(w -> iterations.add(w + time(h.warmupIterations(), h.warmupTime())));
        count(h.measurementIterations(), "measured iteration")
                .ifPresent(m -> iterations.add(m + time(h.measurementIterations(), h.measurementTime())));
        String forks = count(h.forks(), "fork").map(f -> "in " + f + (h.forks().getAsInt() == 1 ? " (a JVM of its own)" : " (each a JVM of its own)"))
                .orElse("");
        if (iterations.isEmpty()) return forks;
        return forks.isEmpty() ? "with " + String.join(" and ", iterations) : forks + " of " + String.join(" and ", iterations);
    }

    /** " of 500 ms", where there are iterations to last it. */
    private static String time(OptionalInt iterations, Optional<String> time) {
        return iterations.orElse(0) > 0 ? time.map(t -> " of " + t).orElse("") : "";
    }

    /** Where a group of results lies within the data: its files, else its sizes, else its variants. */
    private static String where(List<RunData.Solve> group, RunData data) {
        Set<Path> files = group.stream().map(RunData.Solve::source).collect(Collectors.toCollection(LinkedHashSet::new));
        if (files.size() < data.sources().size()) return "in " + files.stream().map(Method::code).collect(Collectors.joining(", "));
        Set<Integer> sizes = group.stream().map(RunData.Solve::n).collect(Collectors.toCollection(TreeSet::new));
        if (sizes.size() < data.sizes().size()) return "at n = " + sizes(sizes);
        return "for " + group.stream().map(s -> s.variant().id()).distinct().collect(Collectors.joining(", "));
    }

    /** "Its other parameters: graph=random, launch=GRAPH, seed=42." (each setup's, once). */
    private static Optional<String> parameters(RunData data) {
        List<String> settings = data.setups().stream().map(RunSetup::settingsText).filter(t -> !t.isEmpty()).distinct().toList();
        if (settings.isEmpty()) return Optional.empty();
        return Optional.of("The benchmark's parameters besides the variant and n: " + String.join("; ", settings) + ".");
    }

    /**
     * How each result was checked before it was timed ({@code fwbench.verify.Verification}): up to
     * {@link #REFERENCE_LIMIT} every cell against the CPU reference, above it the shortest-path
     * certificate, on the device for GPU variants and on the host for CPU ones; a graph file that may
     * hold a cycle of weight 0 or below against the reference at every n.
     */
    private static String verification(RunData data) {
        Set<Integer> small = new TreeSet<>();
        Set<Integer> large = new TreeSet<>();
        boolean gpuLarge = false, cpuLarge = false, fileLarge = false;
        for (RunData.Solve s : data.solves()) {
            if (s.n() <= REFERENCE_LIMIT) {
                small.add(s.n());
                continue;
            }
            large.add(s.n());
            gpuLarge |= s.variant().onGpu();
            cpuLarge |= !s.variant().onGpu();
            fileLarge |= s.setup().graphIsFile();
        }
        List<String> checks = new ArrayList<>();
        if (!small.isEmpty()) {
            checks.add("at n up to " + Numbers.grouped(REFERENCE_LIMIT) + " (here n = " + sizes(small)
                    + ") every distance had to equal the CPU reference's (a textbook Floyd-Warshall in Java)");
        }
        if (!large.isEmpty()) {
            String where = gpuLarge && cpuLarge ? "on the device for GPU variants and on the host for CPU variants"
                    : gpuLarge ? "on the device" : "on the host";
            checks.add("above " + Numbers.grouped(REFERENCE_LIMIT) + " (here n = " + sizes(large)
                    + ") the distances had to pass the shortest-path certificate, computed " + where
                    + (fileLarge ? " (for a graph file with a weight of 0 or below, the CPU reference's distances again)" : ""));
        }
        return "Before it was timed, each variant's answer at each n was checked once against an oracle that shares none of its code,"
                + " and only results that passed were recorded: " + String.join("; ", checks) + ".";
    }

    /** "1,000; 2,500; 5,000": ';' between sizes, since ',' groups their digits. */
    private static String sizes(Set<Integer> sizes) {
        return sizes.stream().map(Numbers::grouped).collect(Collectors.joining("; "));
    }

    /** "2 warm-up iterations", "1 fork", "no warm-up iterations". */
    private static Optional<String> count(OptionalInt value, String noun) {
        if (value.isEmpty()) return Optional.empty();
        int n = value.getAsInt();
        return Optional.of((n == 0 ? "no" : String.valueOf(n)) + " " + noun + (n == 1 ? "" : "s"));
    }

    private static String code(Path file) {
        return "`" + file.getFileName() + "`";
    }
}
