package fwbench.bench;

import fwbench.graph.Graph;
import fwbench.tuning.LaunchTuning;
import fwbench.tuning.TuningMode;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.Variant;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A benchmark trial's tuning pass ({@link LaunchTuning}) in a JVM of its own, which writes its choice
 * to the cache, tells it to the trial on its standard output, and exits before the trial makes its
 * solver. Run in the trial's own JVM, the pass's solvers left the trial's solver 2.5% slower at
 * n = 1000 on an H200 (its GPU time, every kleene variant; none after a pass in another process).
 */
public final class TuningPassProcess {

    /** The child's line that gives its choice, "fwbench-tuning-choice TILE REST_LAUNCHES BLOCKS_PER_SM"; every other line is passed on. */
    static final String CHOICE_LINE = "fwbench-tuning-choice ";

    private TuningPassProcess() {
    }

    /**
     * Runs the pass in a child JVM of this one's java, class path and heap, with every fwbench.*
     * system property (the cache folder, the pins): it tunes the variant on the trial's graph
     * ({@code graph}, n, seed, launch mode and gpus, as the benchmark's parameters give them) in
     * mode {@code mode} and writes the cache; its lines go to this JVM's output. Returns the choice
     * it made (the table's where there was nothing to tune), empty when it failed.
     */
    static Optional<LaunchChoice> run(Variant variant, String graph, int n, long seed, LaunchMode launch, String gpus, TuningMode mode)
            throws IOException, InterruptedException {
        Process child = new ProcessBuilder(command(variant, graph, n, seed, launch, gpus, mode))
                .redirectInput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Optional<LaunchChoice> choice = Optional.empty();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                if (line.startsWith(CHOICE_LINE)) choice = Optional.of(parseChoice(line));
                else System.out.println(line);
            }
        }
        return child.waitFor() == 0 ? choice : Optional.empty();
    }

    /** The choice of a {@link #CHOICE_LINE}. */
    static LaunchChoice parseChoice(String line) {
        String[] fields = line.substring(CHOICE_LINE.length()).trim().split(" ");
        return new LaunchChoice(Integer.parseInt(fields[0]), Integer.parseInt(fields[1]), Integer.parseInt(fields[2]));
    }

    /** The {@link #CHOICE_LINE} of a choice. */
    static String choiceLine(LaunchChoice choice) {
        return CHOICE_LINE + choice.tile() + " " + choice.restLaunches() + " " + choice.blocksPerSm();
    }

    /**
     * The child's command line: this JVM's java, heap, temporary folder (where JCuda unpacks its
     * libraries) and class path, the fwbench.* properties (the environment, XDG_CACHE_HOME among it,
     * is inherited), then main's arguments.
     */
    static List<String> command(Variant variant, String graph, int n, long seed, LaunchMode launch, String gpus, TuningMode mode) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + Runtime.getRuntime().maxMemory() / (1024 * 1024) + "m");
        command.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        for (Map.Entry<Object, Object> p : System.getProperties().entrySet()) {
            if (p.getKey().toString().startsWith("fwbench.")) command.add("-D" + p.getKey() + "=" + p.getValue());
        }
        command.addAll(List.of("-cp", classPath(), TuningPassProcess.class.getName(),
                variant.name(), graph, Integer.toString(n), Long.toString(seed), launch.name(), gpus, mode.id()));
        return command;
    }

    /**
     * This JVM's class path, and the jar or folder this class came from: under a launcher that loads
     * the suite through a class loader of its own (JUnit's console), java.class.path holds only the
     * launcher.
     */
    static String classPath() {
        String own = System.getProperty("java.class.path");
        CodeSource source = TuningPassProcess.class.getProtectionDomain().getCodeSource();
        if (source == null) return own;
        try {
            String here = Path.of(source.getLocation().toURI()).toString();
            return own.isEmpty() ? here : own + File.pathSeparator + here;
        } catch (URISyntaxException e) {
            return own;
        }
    }

    /**
     * The child: VARIANT GRAPH N SEED LAUNCH GPUS MODE, as {@link #command} writes them; its choice
     * as a {@link #CHOICE_LINE} and exit 0, or one line and exit 1.
     */
    public static void main(String[] args) {
        try {
            Variant variant = Variant.forConstant(args[0]).orElseThrow(() -> new IllegalArgumentException("no variant " + args[0]));
            Graph input = FloydWarshallBenchmark.input(args[1], Integer.parseInt(args[2]), Long.parseLong(args[3]));
            SolverConfig config = new SolverConfig(input, LaunchMode.valueOf(args[4])).withGpus(SolverConfig.parseGpus(args[5]));
            SolverConfig tuned = new LaunchTuning(LaunchTuning.defaultCacheFile(), System.err::println)
                    .forTrial(variant, config, TuningMode.parse(args[6], "mode"));
            System.out.println(choiceLine(tuned.choice()));
            System.exit(0);
        } catch (Exception | LinkageError e) {
            System.err.println("tuning pass: " + e);
            System.exit(1);
        }
    }
}
