package fwbench.run;

import fwbench.cuda.DeviceInfo;
import fwbench.graph.GraphSpec;
import fwbench.usage.JarCommand;
import fwbench.usage.UsageException;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.Variant;
import fwbench.variant.VariantIds;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Which variants run at which n: the user's choice, narrowed to what this machine can do.
 * <ul>
 *   <li>Without a CUDA device the GPU variants are dropped ({@link #withoutDevice} says so).</li>
 *   <li>A variant the user did not name runs only up to its {@link Variant#defaultMaxN()}, so CPU
 *       variants (and naive at huge n) join a run only where a solve takes seconds.</li>
 *   <li>An n past a variant's {@link Variant#maxN()} is refused for a variant the user named, and
 *       skipped with a note for one they did not.</li>
 *   <li>An n whose matrices do not fit in the device's free memory, or in the heap of JMH's forks, is
 *       refused before anything runs.</li>
 *   <li>A graph file runs at its own n, in a group of its own (one per variant and file); the
 *       generators run at the sizes asked for, together.</li>
 *   <li>A graph with negative weights (a file, or a generator with potentials) runs only with the
 *       variants that {@linkplain Variant#takesNegativeWeights() take them}; naming only others
 *       for it is refused.</li>
 * </ul>
 *
 * @param groups        the groups, in order (each fork of each of their combinations is a JMH session)
 * @param notes         lines that say what the plan leaves out and why
 * @param withoutDevice without a CUDA device: why there is none and which variants run instead
 *                      (the run prints it on the device's own line)
 */
public record RunPlan(List<Group> groups, List<String> notes, Optional<String> withoutDevice) {

    /** A plan made where there is a device, or where nothing was dropped for the lack of one. */
    public RunPlan(List<Group> groups, List<String> notes) {
        this(groups, notes, Optional.empty());
    }

    /**
     * A variant, the sizes it runs at, and the {@code -p graph} values it runs on
     * (empty: the benchmark's default graph).
     */
    public record Group(Variant variant, List<Integer> sizes, List<String> graphs) {
        public Group(Variant variant, List<Integer> sizes) {
            this(variant, sizes, List.of());
        }
    }

    /**
     * A graph file named with {@code -p graph}, read before planning: its -p value, its vertex
     * count, the heap its edges take, and whether some weight is negative.
     */
    public record FileGraph(String parameter, int n, long heapBytes, boolean negativeWeights) {
        public FileGraph(String parameter, int n, long heapBytes) {
            this(parameter, n, heapBytes, false);
        }
    }

    /**
     * The -p gpus choice as the planner needs it: what was asked ({@link SolverConfig#ALL_GPUS} or a
     * count), the devices a variant that spans GPUs then uses, and the least free memory among them.
     */
    public record Gpus(int requested, int devices, long freeBytes) {
        /** One device with that much free memory: the default on a host of one GPU. */
        public static Gpus one(long freeBytes) {
            return new Gpus(SolverConfig.ALL_GPUS, 1, freeBytes);
        }
    }

    /** Plans generated graphs only (the benchmark's default graph, or those named in the options). */
    public static RunPlan make(List<Variant> named, List<Integer> sizes, Optional<DeviceInfo> device,
                               String noDeviceWhy, long freeBytes, Optional<HeapCheck.Heap> heap) throws UsageException {
        return make(named, sizes, List.of(), List.of(), device, noDeviceWhy, freeBytes, heap);
    }

    /**
     * @param named        the variants named with -p variant (empty: every registered variant)
     * @param sizes        the sizes generated graphs run at (never empty)
     * @param generators   the -p graph values that are generators (empty: the default graph, unless there are files)
     * @param files        the -p graph values that are files; each runs at its own n
     * @param device       the CUDA device, if any
     * @param noDeviceWhy  why there is no device (for the note), when there is none
     * @param freeBytes    free device memory (ignored without a device)
     * @param heap         the heap of JMH's forks, where it can be known
     */
    public static RunPlan make(List<Variant> named, List<Integer> sizes, List<String> generators, List<FileGraph> files,
                               Optional<DeviceInfo> device, String noDeviceWhy, long freeBytes, Optional<HeapCheck.Heap> heap) throws UsageException {
        return make(named, sizes, generators, files, device, noDeviceWhy, freeBytes, Gpus.one(freeBytes), heap);
    }

    /**
     * As above, with -p gpus: a count above 1 is refused for a named variant that does not span
     * GPUs, and leaves out those not named; a variant that spans GPUs is sized by each device's
     * share ({@code gpus}), the others by device 0's {@code freeBytes}.
     */
    public static RunPlan make(List<Variant> named, List<Integer> sizes, List<String> generators, List<FileGraph> files,
                               Optional<DeviceInfo> device, String noDeviceWhy, long freeBytes, Gpus gpus,
                               Optional<HeapCheck.Heap> heap) throws UsageException {
        List<String> notes = new ArrayList<>();
        Optional<String> withoutDevice = Optional.empty();
        List<Variant> variants = new ArrayList<>(named.isEmpty() ? List.of(Variant.values()) : named);
        if (device.isEmpty()) {
            List<Variant> dropped = variants.stream().filter(Variant::gpu).toList();
            variants.removeAll(dropped);
            if (variants.isEmpty()) {
                throw new UsageException("nothing to run: " + ids(dropped) + (dropped.size() == 1 ? " needs" : " need")
                        + " a CUDA device, and there is none (" + noDeviceWhy + ")");
            }
            if (!dropped.isEmpty()) {
                withoutDevice = Optional.of(noDeviceWhy + "; skipping the GPU variants, running " + ids(variants));
            }
        }
        if (gpus.requested() > 1) {
            List<Variant> single = variants.stream().filter(v -> !v.spansDevices()).toList();
            String spanning = VariantIds.spanningDevices();
            if (!named.isEmpty() && !single.isEmpty()) {
                throw new UsageException("-p gpus=" + gpus.requested() + ": " + ids(single) + (single.size() == 1 ? " runs" : " run")
                        + " on one GPU; the variants that span GPUs: " + spanning);
            }
            variants.removeAll(single);
            if (!single.isEmpty()) notes.add("-p gpus=" + gpus.requested() + ": running only the variants that span GPUs (" + spanning + ")");
        }
        boolean generated = !generators.isEmpty() || files.isEmpty();
        requireTakers(named, variants, device.isPresent(), generators, files);
        List<Group> groups = new ArrayList<>();
        for (Variant v : variants) {
            List<String> takes = v.takesNegativeWeights() ? generators : generators.stream().filter(g -> !negativeWeights(g)).toList();
            if (takes.size() < generators.size()) {
                notes.add(v + " skipped on " + String.join(", ", generators.stream().filter(RunPlan::negativeWeights).toList())
                        + " (negative weights; the variants that take them: " + VariantIds.takingNegativeWeights() + ")");
            }
            if (generated && (generators.isEmpty() || !takes.isEmpty())) {
                List<Integer> run = sizes;
                List<Integer> beyond = sizes.stream().filter(n -> n > v.maxN()).toList();
                if (!beyond.isEmpty()) {
                    // past what the variant's kernels (or Java arrays) take: refused when named, skipped otherwise
                    if (!named.isEmpty()) throw new UsageException(v.maxNText() + ", not n=" + join(beyond));
                    notes.add(v + " skipped at n=" + join(beyond) + ": " + v.maxNText());
                    run = sizes.stream().filter(n -> n <= v.maxN()).toList();
                }
                if (named.isEmpty()) {
                    List<Integer> within = run;
                    run = within.stream().filter(n -> n <= v.defaultMaxN()).toList();
                    List<Integer> skipped = within.stream().filter(n -> n > v.defaultMaxN()).toList();
                    if (!skipped.isEmpty()) {
                        notes.add(v + " skipped at n=" + join(skipped) + " (a solve there takes minutes; its default limit is n="
                                + v.defaultMaxN() + "; name it with -p variant=" + v + " to run it)");
                    }
                }
                for (int n : run) {
                    if (v.gpu() && device.isPresent()) requireFits(v, n, "", device.get(), freeBytes, gpus);
                    if (heap.isPresent()) HeapCheck.requireFits(v, n, "", 0, heap.get());
                }
                takes = withinNegativeWeightBounds(v, takes, run, !named.isEmpty(), notes);
                if (!run.isEmpty() && (generators.isEmpty() || !takes.isEmpty())) groups.add(new Group(v, run, takes));
            }
            for (FileGraph file : files) {
                if (file.negativeWeights() && !v.takesNegativeWeights()) {
                    notes.add(v + " skipped on " + file.parameter() + " (negative weights; the variants that take them: " + VariantIds.takingNegativeWeights() + ")");
                    continue;
                }
                if (named.isEmpty() && file.n() > v.defaultMaxN()) {
                    notes.add(v + " skipped on " + file.parameter() + " (n=" + file.n() + "; a solve there takes minutes; its default limit is n="
                            + v.defaultMaxN() + "; name it with -p variant=" + v + " to run it)");
                    continue;
                }
                if (v.gpu() && device.isPresent()) {
                    requireFits(v, file.n(), file.parameter(), device.get(), freeBytes, gpus);
                }
                if (heap.isPresent()) HeapCheck.requireFits(v, file.n(), file.parameter(), file.heapBytes(), heap.get());
                groups.add(new Group(v, List.of(file.n()), List.of(file.parameter())));
            }
        }
        if (groups.isEmpty()) {
            throw new UsageException("nothing to run: no variant is planned " + (generated ? "at n=" + join(sizes) : "")
                    + (generated && !files.isEmpty() ? " or " : "")
                    + (files.isEmpty() ? "" : "on " + files.stream().map(FileGraph::parameter).collect(Collectors.joining(", "))));
        }
        return new RunPlan(groups, notes, withoutDevice);
    }

    /** Device 0's free memory for a variant on one GPU, each chosen device's share for one that spans them. */
    private static void requireFits(Variant v, int n, String file, DeviceInfo device, long freeBytes, Gpus gpus) throws UsageException {
        if (v.spansDevices()) DeviceMemoryCheck.requireFits(v, n, file, device.name(), gpus.freeBytes(), gpus.devices(), DeviceMemoryCheck.Units.GIB);
        else DeviceMemoryCheck.requireFits(v, n, file, device.name(), freeBytes, DeviceMemoryCheck.Units.GIB);
    }

    /**
     * The generators a variant keeps: one with negative weights too far from 0 for the variant's
     * INF at some planned n is refused when the variant was named, and otherwise left out with a note.
     */
    private static List<String> withinNegativeWeightBounds(Variant v, List<String> generators, List<Integer> sizes, boolean named,
                                                           List<String> notes) throws UsageException {
        List<String> kept = new ArrayList<>();
        for (String g : generators) {
            Optional<String> refusal = Optional.empty();
            for (int n : sizes) {
                refusal = v.negativeWeightRefusal(GraphSpec.parse(g).instance(n, 0));
                if (refusal.isPresent()) break;
            }
            if (refusal.isEmpty()) {
                kept.add(g);
            } else if (named) {
                throw new UsageException("-p graph=" + g + ": " + refusal.get());
            } else {
                notes.add(v + " skipped on " + g + ": " + refusal.get());
            }
        }
        return kept;
    }

    /** Whether a generator's graphs have negative weights (it is valid: the command checked it). */
    private static boolean negativeWeights(String generator) {
        return GraphSpec.parse(generator).potentialRange() > 0;
    }

    /**
     * Refuses graphs with negative weights when no variant of the plan takes them: none of those
     * named does, or without a device only CPU variants run. A graph file can still be solved by the CPU reference.
     */
    private static void requireTakers(List<Variant> named, List<Variant> variants, boolean device, List<String> generators,
                                      List<FileGraph> files) throws UsageException {
        if (variants.stream().anyMatch(Variant::takesNegativeWeights)) return;
        List<String> negative = new ArrayList<>(generators.stream().filter(RunPlan::negativeWeights).toList());
        List<String> negativeFiles = files.stream().filter(FileGraph::negativeWeights).map(FileGraph::parameter).toList();
        negative.addAll(negativeFiles);
        if (negative.isEmpty()) return;
        String who, instead;
        if (!device) {
            who = "the variants that run here do not take";
            instead = VariantIds.takingNegativeWeights() + " take them on a CUDA device, and there is none here";
        } else {
            // with a device only the variants named can leave out every taker: unnamed, kleene-bands takes them at any -p gpus
            who = ids(named) + (named.size() == 1 ? " does" : " do") + " not take";
            instead = "name one of " + VariantIds.takingNegativeWeights() + " with -p variant";
        }
        String reference = negativeFiles.size() == 1
                ? "; the CPU reference solves it: " + JarCommand.line("solve", "--graph", negativeFiles.get(0).trim()) + " --out FILE" : "";
        throw new UsageException(String.join(",", negative) + " has negative weights, which " + who
                + " (INF plus a negative weight is less than INF): " + instead + reference);
    }

    /** Number of (variant, graph, n) benchmarks in the plan. */
    public int size() {
        return groups.stream().mapToInt(g -> g.sizes().size() * Math.max(1, g.graphs().size())).sum();
    }

    private static String ids(List<Variant> variants) {
        return variants.stream().map(Variant::id).collect(Collectors.joining(", "));
    }

    private static String join(List<Integer> sizes) {
        return sizes.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
