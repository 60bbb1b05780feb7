package fwbench.cli;

import fwbench.bench.FloydWarshallBenchmark;
import fwbench.cuda.CudaContext;
import fwbench.cuda.Gpu;
import fwbench.cuda.ProfilerRange;
import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.io.GraphFile;
import fwbench.graph.io.GraphFileException;
import fwbench.graph.io.GraphFiles;
import fwbench.graph.io.GraphFormat;
import fwbench.tuning.LaunchTuning;
import fwbench.tuning.TuningMode;
import fwbench.run.DeviceMemoryCheck;
import fwbench.run.HeapCheck;
import fwbench.run.RunArguments;
import fwbench.usage.JarCommand;
import fwbench.usage.UsageException;
import fwbench.variant.kernelfile.KernelFile;
import fwbench.variant.kernelfile.KernelFileException;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;
import fwbench.variant.Variant;
import fwbench.variant.VariantIds;
import fwbench.verify.Verification;
import fwbench.verify.VerificationFailure;
import fwbench.cuda.DeviceFault;
import jcuda.CudaException;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code profile --variant V --n N [--ncu | --nsys] [--graph G] [--seed S] [--out FILE]}: one verified
 * solve of a variant under Nsight Compute or Nsight Systems, so that the report holds that solve alone.
 *
 * <p>The command checks everything it can first (the input, then the tool on PATH, then the GPU,
 * the device memory and the heap: a mistake is one line and exit code 2, before anything is
 * allocated on the device), then starts itself again under the tool with {@value #INSIDE}. That JVM
 * makes the benchmark's input, solves once untimed (module load, CUDA graph capture), restores the
 * input, solves between cuProfilerStart and cuProfilerStop ({@link ProfilerRange}), which the tool
 * is told to wait for, and verifies that solve.
 */
@Command(name = "profile", sortOptions = false,
        description = "Profiles one verified solve of a variant with Nsight Compute (ncu, the default) or Nsight Systems (nsys): "
                + "a warm-up solve first, then the profiled one between cuProfilerStart and cuProfilerStop, so that the report holds "
                + "that solve alone (docs/profiling.md).",
        footer = {"", "Exit codes: 0 report written; 1 the profiled run failed or wrote no report; 2 bad input, no tool or no GPU."})
public final class ProfileCommand implements Callable<Integer> {

    /** The tools the command runs under: the executable, the product it comes with, its report's extension and viewer. */
    enum Tool {
        NCU("ncu", "Nsight Compute", ".ncu-rep", "ncu-ui"),
        NSYS("nsys", "Nsight Systems", ".nsys-rep", "nsys-ui");

        final String executable;
        final String product;
        final String extension;
        final String viewer;

        Tool(String executable, String product, String extension, String viewer) {
            this.executable = executable;
            this.product = product;
            this.extension = extension;
            this.viewer = viewer;
        }

        /** The property that names the tool's path when it is not on PATH: -Dfwbench.ncu=/path/to/ncu. */
        String property() {
            return RunArguments.PROPERTY_PREFIX + executable;
        }
    }

    /** The hidden option of the JVM started under the tool: it makes the solves itself. */
    static final String INSIDE = "--inside";

    /** The jar's main class, which the JVM under the tool starts (named, not imported: cli does not use fwbench.Main). */
    static final String MAIN_CLASS = "fwbench.Main";

    /** Where the reports go without --out. */
    static final Path DEFAULT_FOLDER = Path.of("profiles");

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
    boolean help;

    @Option(names = "--variant", required = true, paramLabel = "V",
            description = "a GPU variant, named as for the benchmark's -p variant, or a kernel file FILE.cu")
    String variantName;

    @Option(names = "--n", paramLabel = "N", description = "vertices; a graph file sets its own")
    Integer n;

    @Option(names = "--graph", paramLabel = "G", defaultValue = "random",
            description = "the benchmark's -p graph: a generator or a graph file (default: ${DEFAULT-VALUE})")
    String graph;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "" + GraphSpec.DEFAULT_SEED, description = "the generator's seed (default: ${DEFAULT-VALUE})")
    long seed;

    @ArgGroup(exclusive = true)
    ToolChoice toolChoice;

    /** --ncu or --nsys, not both. */
    static final class ToolChoice {
        @Option(names = "--ncu", description = "profile with Nsight Compute: each kernel's metrics (the default)")
        boolean ncu;

        @Option(names = "--nsys", description = "profile with Nsight Systems: the timeline of the solve's launches")
        boolean nsys;
    }

    @Option(names = "--out", paramLabel = "FILE",
            description = "the report (its extension, .ncu-rep or .nsys-rep, is added if missing); default: profiles/VARIANT_nN")
    Path outFile;

    @Option(names = INSIDE, hidden = true, description = "make the solves in this JVM (the one started under the tool)")
    boolean inside;

    @Spec
    CommandSpec spec;

    /** Where the tools are looked for: PATH (a test gives a folder of its own). */
    private final String searchPath;

    public ProfileCommand() {
        this(System.getenv("PATH"));
    }

    /** Package-private seam: tools looked for on {@code searchPath} instead of PATH. */
    ProfileCommand(String searchPath) {
        this.searchPath = searchPath == null ? "" : searchPath;
    }

    /**
     * What is solved: the graph (a generator or a file), its n, whether its weights go below 0, and
     * for a file its name as given and the heap its edges take ("" and 0 for a generator).
     */
    private record Input(String graph, int n, boolean negativeWeights, String file, long fileHeapBytes) {
    }

    @Override
    public Integer call() throws UsageException {
        PrintWriter out = spec.commandLine().getOut();
        Tool tool = toolChoice != null && toolChoice.nsys ? Tool.NSYS : Tool.NCU;
        // what needs neither the tool nor a GPU first, then the tool, then the GPU: a mistake is the only line printed
        TuningMode tuning = RunArguments.tuningMode(null);
        RunArguments.checkLaunchPins();
        Optional<Variant> builtIn = builtInVariant(variantName);
        Input input = checkInput();
        if (builtIn.isPresent()) checkVariant(builtIn.get(), input);
        Optional<Path> report = inside ? Optional.empty() : checkOut(tool);
        Path toolPath = inside ? null : findTool(tool, System.getProperty(tool.property()), searchPath)
                .orElseThrow(() -> new UsageException(missingTool(tool)));
        Gpu.Probe probe = Gpu.probe();
        if (!probe.available()) throw new UsageException("there is no CUDA device to profile on (" + probe.reason() + ")");
        Variant v = builtIn.isPresent() ? builtIn.get() : kernelFile(variantName);
        checkVariant(v, input);
        if (inside) return profileHere(v, input, tuning, out);
        checkMemory(v, input);
        Path base = report.orElseGet(() -> defaultReport(tool, v, input.n()));
        return runUnder(tool, toolPath, base, v, input, out);
    }

    // ---- the checks, in order ----

    /** The built-in variant named, or empty for a kernel file (loaded once a GPU is known to be there). */
    static Optional<Variant> builtInVariant(String name) throws UsageException {
        if (KernelFile.names(name)) {
            try {
                KernelFile.requireExists(name);
            } catch (KernelFileException e) {
                throw new UsageException(e.getMessage());
            }
            return Optional.empty();
        }
        try {
            return Optional.of(Variant.parse(name));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** The graph and its n: a generator at --n, or a graph file (read in full now) at its own n. */
    private Input checkInput() throws UsageException {
        if (GraphFiles.looksLikeFile(graph)) {
            GraphFile file;
            try {
                file = GraphFiles.read(Path.of(graph.trim()));
            } catch (GraphFileException e) {
                throw new UsageException(e.getMessage());
            }
            if (file.realWeights()) {
                throw new UsageException(graph + " has real weights (not all whole numbers): profile runs the benchmark's integer graphs");
            }
            if (n != null && n != file.n()) {
                throw new UsageException("--n " + n + " conflicts with " + graph + ", which has " + file.n()
                        + " vertices: a graph file sets n itself (leave out --n)");
            }
            return new Input(graph.trim(), file.n(), file.negativeWeights(), graph.trim(), file.graph().heapBytes());
        }
        GraphSpec spec;
        try {
            spec = GraphSpec.parse(graph);
        } catch (IllegalArgumentException e) {
            // "dense" or "road": not a generator, and without an extension not taken for a file either
            throw new UsageException(e.getMessage() + (graph.contains(":") ? "" : ", or a graph file: " + GraphFormat.extensions()));
        }
        if (n == null) throw new UsageException("--n is needed: the vertices of the " + graph + " graph to solve (for example --n 4096)");
        if (n < 1 || n > Distances.GRID_MAX_N) throw new UsageException("--n must be in 1.." + Distances.GRID_MAX_N + ", got " + n);
        return new Input(graph, n, spec.potentialRange() > 0, "", 0);
    }

    /** Refuses a variant the tools cannot profile, or that cannot take the input. */
    private static void checkVariant(Variant v, Input input) throws UsageException {
        if (!v.gpu()) {
            throw new UsageException(v + " runs on the CPU, and ncu and nsys profile CUDA kernels; GPU variants: "
                    + Arrays.stream(Variant.values()).filter(Variant::gpu).map(Variant::id).collect(Collectors.joining(", ")) + ", or a kernel file");
        }
        if (input.n() > v.maxN()) throw new UsageException(v.maxNText() + ", not n=" + input.n());
        if (input.negativeWeights() && !v.takesNegativeWeights()) {
            throw new UsageException(v + " needs edge weights >= 0, and " + input.graph() + " has negative ones; the variants that take them: "
                    + VariantIds.takingNegativeWeights());
        }
    }

    /** The report's name without its extension (the tools add it), from --out; refused where it exists or its folder does not. */
    private Optional<Path> checkOut(Tool tool) throws UsageException {
        if (outFile == null) return Optional.empty();
        String name = outFile.toString();
        Path base = Path.of(name.endsWith(tool.extension) ? name.substring(0, name.length() - tool.extension.length()) : name);
        Path report = Path.of(base + tool.extension);
        if (Files.exists(report)) throw new UsageException(report + " already exists; profile never overwrites a file: choose another --out");
        Path folder = report.toAbsolutePath().getParent();
        if (!Files.isDirectory(folder)) throw new UsageException("the folder of --out, " + folder + ", does not exist");
        if (!Files.isWritable(folder)) throw new UsageException("the folder of --out, " + folder + ", is not writable");
        return Optional.of(base);
    }

    /**
     * The tool: the file {@code override} names (-Dfwbench.ncu), else the first executable of that
     * name in the folders of {@code searchPath}; empty when there is none.
     */
    static Optional<Path> findTool(Tool tool, String override, String searchPath) throws UsageException {
        if (override != null && !override.isBlank()) {
            Path given = Path.of(override.trim());
            if (!Files.isRegularFile(given) || !Files.isExecutable(given)) {
                throw new UsageException("-D" + tool.property() + "=" + override.trim() + " is not an executable file (the path to " + tool.executable + ")");
            }
            return Optional.of(given);
        }
        for (String folder : searchPath.split(File.pathSeparator)) {
            if (folder.isEmpty()) continue;
            Path candidate = Path.of(folder, tool.executable);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) return Optional.of(candidate);
        }
        return Optional.empty();
    }

    /** The line when the tool is not on PATH: where it comes from and the two ways to give it. */
    static String missingTool(Tool tool) {
        return tool.executable + " (" + tool.product + ") is not on PATH; it comes with the CUDA Toolkit: add its bin folder to PATH "
                + "(export PATH=/usr/local/cuda/bin:$PATH), or give its path: java -D" + tool.property() + "=/path/to/" + tool.executable
                + " -jar " + JarCommand.quote(JarCommand.jar()) + " profile ...";
    }

    /** A kernel file's variant, compiled and loaded for the device. */
    private static Variant kernelFile(String name) throws UsageException {
        try {
            return Variant.resolve(name);
        } catch (KernelFileException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** Refuses a solve whose matrices do not fit in the device's free memory, or in the heap the profiled JVM gets (this one's). */
    private static void checkMemory(Variant v, Input input) throws UsageException {
        int devices = v.spansDevices() ? Gpu.deviceCount() : 1;
        CudaContext cuda = CudaContext.get();
        DeviceMemoryCheck.requireFits(v, input.n(), input.file(), cuda.device().name(), cuda.memoryInfo()[0], devices, DeviceMemoryCheck.Units.GIB);
        HeapCheck.requireFits(v, input.n(), input.file(), input.fileHeapBytes(), HeapCheck.Heap.thisJvm("profile ..."));
    }

    /** profiles/VARIANT_nN, with -2, -3 ... where a report of that name exists. */
    private static Path defaultReport(Tool tool, Variant v, int n) {
        String id = v.id().endsWith(KernelFile.EXTENSION) ? v.id().substring(0, v.id().length() - KernelFile.EXTENSION.length()) : v.id();
        String stem = id.replaceAll("[^A-Za-z0-9._-]", "_") + "_n" + n;
        Path base = DEFAULT_FOLDER.resolve(stem);
        for (int copy = 2; Files.exists(Path.of(base + tool.extension)); copy++) base = DEFAULT_FOLDER.resolve(stem + "-" + copy);
        return base;
    }

    // ---- the run under the tool ----

    /**
     * The command that runs the profiled JVM under the tool, which waits for cuProfilerStart
     * (ncu: --profile-from-start off; nsys: --capture-range=cudaProfilerApi, ending at
     * cuProfilerStop with the process left to finish: nsys would stop it there by default, before
     * the verification) and follows it (ncu: --target-processes all).
     */
    static List<String> launchCommand(Tool tool, Path toolPath, Path report, String java, List<String> jvmArgs, String classPath,
                                      List<String> profileArgs) {
        List<String> command = new ArrayList<>();
        command.add(toolPath.toString());
        if (tool == Tool.NCU) {
            command.addAll(List.of("--profile-from-start", "off", "--target-processes", "all"));
        } else {
            // node: each kernel of a replayed CUDA graph on the timeline, not one box for the graph
            command.addAll(List.of("profile", "--capture-range=cudaProfilerApi", "--capture-range-end=stop", "--cuda-graph-trace=node"));
        }
        command.addAll(List.of("-o", report.toString(), java));
        command.addAll(jvmArgs);
        command.addAll(List.of("-cp", classPath, MAIN_CLASS, "profile", INSIDE));
        command.addAll(profileArgs);
        return command;
    }

    /** This JVM's options for the profiled one (heap, -D pins and tuning mode), less a debugger's or agent's, which would clash or be profiled too. */
    static List<String> jvmArgsForProfiledRun(List<String> own) {
        return own.stream().filter(a -> !a.startsWith("-agentlib") && !a.startsWith("-agentpath") && !a.startsWith("-javaagent")
                && !a.startsWith("-Xrunjdwp") && !a.equals("-Xdebug")).toList();
    }

    /** Runs the profiled JVM under the tool, its output on this console, and says where the report is. */
    private int runUnder(Tool tool, Path toolPath, Path base, Variant v, Input input, PrintWriter out) {
        List<String> profileArgs = List.of("--variant", variantName.trim(), "--n", String.valueOf(input.n()), "--graph", input.graph(),
                "--seed", String.valueOf(seed));
        List<String> command = launchCommand(tool, toolPath, base, Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                jvmArgsForProfiledRun(ManagementFactory.getRuntimeMXBean().getInputArguments()), System.getProperty("java.class.path"), profileArgs);
        Path report = Path.of(base + tool.extension);
        PrintWriter err = spec.commandLine().getErr();
        try {
            if (base.toAbsolutePath().getParent() != null) Files.createDirectories(base.toAbsolutePath().getParent());
        } catch (IOException e) {
            err.println("fwbench profile: cannot create the folder of " + report + ": " + e.getMessage());
            return 1;
        }
        out.println("fwbench profile: " + v + " at n=" + input.n() + " on " + input.graph() + ", under " + tool.executable + ": "
                + command.stream().map(JarCommand::quote).collect(Collectors.joining(" ")));
        out.flush();
        int exit;
        try {
            exit = new ProcessBuilder(command).inheritIO().start().waitFor();
        } catch (IOException e) {
            err.println("fwbench profile: cannot start " + toolPath + ": " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
        if (exit != 0) {
            err.println("fwbench profile: " + tool.executable + " ended with exit code " + exit + " (its lines above say why)");
            return exit == 2 ? 2 : 1;
        }
        if (!Files.isRegularFile(report)) {
            err.println("fwbench profile: " + tool.executable + " wrote no report " + report + " (its lines above say why)");
            return 1;
        }
        out.println("fwbench profile: wrote " + report + ": one solve of " + v + " at n=" + input.n() + " on " + input.graph()
                + (input.file().isEmpty() ? ", seed " + seed : ""));
        out.println("fwbench profile: open it with: " + tool.viewer + " " + JarCommand.quote(report.toString()) + " (on the console: "
                + (tool == Tool.NCU ? "ncu --import " : "nsys stats ") + JarCommand.quote(report.toString()) + ")");
        return 0;
    }

    /**
     * In the JVM under the tool: one untimed solve (module load, graph capture), the input
     * restored, the profiled solve between cuProfilerStart and cuProfilerStop, then its check.
     */
    private int profileHere(Variant v, Input input, TuningMode tuning, PrintWriter out) throws UsageException {
        PrintWriter err = spec.commandLine().getErr();
        Graph graph;
        try {
            graph = FloydWarshallBenchmark.input(input.graph(), input.n(), seed);
        } catch (IOException | IllegalStateException e) {
            throw new UsageException(e.getMessage());
        }
        SolverConfig config = new SolverConfig(graph, LaunchMode.GRAPH);
        if (tuning != TuningMode.TABLE) {
            // the launch choice the benchmark tuned on this device, where the cache holds one: the solve the runs time
            config = new LaunchTuning(LaunchTuning.defaultCacheFile(), line -> out.println("fwbench profile: " + line)).cached(v, config);
        }
        Solver solver;
        try {
            solver = v.create(config);
        } catch (UnsupportedInputException e) {
            throw new UsageException(e.getMessage());
        }
        try (solver) {
            long start = System.nanoTime();
            solver.reset();
            solver.solve();
            out.println(String.format(Locale.ROOT, "fwbench profile: warm-up solve of %s at n=%d (not profiled): %.1f ms",
                    solver.describe(), input.n(), (System.nanoTime() - start) / 1e6));
            solver.reset();
            start = System.nanoTime();
            try (ProfilerRange range = ProfilerRange.start()) {
                solver.solve();
            }
            double millis = (System.nanoTime() - start) / 1e6;
            String gpu = solver.lastSolveGpuMillis().isPresent()
                    ? String.format(Locale.ROOT, " (GPU time %.1f ms)", solver.lastSolveGpuMillis().getAsDouble()) : "";
            out.println(String.format(Locale.ROOT, "fwbench profile: profiled solve, between cuProfilerStart and cuProfilerStop: %.1f ms%s", millis, gpu));
            out.println("fwbench profile: verified: " + Verification.check(solver, graph));
            out.flush();
            return 0;
        } catch (VerificationFailure e) {
            err.println("fwbench profile: " + e.getMessage());
            return 1;
        } catch (CudaException e) {
            err.println("fwbench profile: " + DeviceFault.of(variantName.trim(), input.n(), e).getMessage());
            return 1;
        }
    }
}
