package fwbench.cli;

import fwbench.cuda.CudaContext;
import fwbench.cuda.Gpu;
import fwbench.graph.RealFloydWarshall;
import fwbench.graph.io.GraphFile;
import fwbench.run.DeviceMemoryCheck;
import fwbench.run.HeapCheck;
import fwbench.usage.UsageException;
import fwbench.variant.SolveOrder;
import fwbench.variant.Variant;
import fwbench.variant.kernelfile.KernelFile;
import fwbench.variant.kernelfile.KernelFileException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Which variants {@code solve} tries for a graph, in order (none: the CPU reference), each choice
 * said in a note, and the checks that the first fits in device memory and in the heap before any
 * matrix is allocated.
 */
final class SolveVariants {

    /** --variant value for the CPU reference (ReferenceFloydWarshall), beside the registry's variants. */
    static final String REFERENCE = "reference";

    private final Path graphFile;
    private final boolean paths;
    private final String variantName;

    /** For --graph {@code graphFile}, with or without --paths, and --variant {@code variantName} (null: not given). */
    SolveVariants(Path graphFile, boolean paths, String variantName) {
        this.graphFile = graphFile;
        this.paths = paths;
        this.variantName = variantName;
    }

    /**
     * The variants to try in order (empty: the CPU reference), each choice said in a note; refuses
     * a named variant the graph's weights rule out, and a first GPU variant that does not fit (the
     * default's first gives way to the next that fits, if one does).
     */
    List<Variant> choose(Optional<Variant> requested, GraphFile file, List<String> notes) throws UsageException {
        if (requested.isPresent() && file.realWeights() && !requested.get().takesRealWeights()) {
            throw new UsageException(requested.get() + " takes integer weights only, and " + graphFile + " has real ones (not all whole numbers): use --variant "
                    + Variant.realWeightVariants() + ", or leave out --variant");
        }
        if (requested.isPresent() && file.negativeWeights() && !requested.get().takesNegativeWeights()) {
            throw new UsageException(requested.get() + " needs edge weights >= 0 (it adds INF like any other number) and " + graphFile
                    + " has negative ones; use --variant " + (file.realWeights() ? "" : Variant.negativeWeightVariants() + " (on a GPU), ")
                    + "reference, or leave out --variant");
        }
        boolean reference = REFERENCE.equalsIgnoreCase(variantName == null ? "" : variantName.trim());
        List<Variant> candidates = reference ? List.of() : requested.map(List::of).orElseGet(() -> defaultCandidates(file, notes));
        if (requested.isEmpty() && !candidates.isEmpty() && candidates.get(0).gpu()) {
            candidates = DeviceMemoryCheck.fromFirstThatFits(candidates, file.n(), CudaContext.get().memoryInfo()[0], notes);
        }
        if (!candidates.isEmpty() && candidates.get(0).gpu()) requireDeviceMemory(candidates.get(0), file.n());
        if (candidates.isEmpty()) requireReferenceHeap(file);
        else requireHeap(candidates.get(0), file);
        return candidates;
    }

    /** The variant named with --variant (empty for none, or for 'reference'); unknown names are refused with the list. */
    static Optional<Variant> parse(String name) throws UsageException {
        if (name == null || name.trim().equalsIgnoreCase(REFERENCE)) return Optional.empty();
        try {
            return Optional.of(Variant.resolve(name));
        } catch (KernelFileException e) {
            throw new UsageException(e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown variant '" + name + "'; variants: " + Variant.ids() + ", " + REFERENCE + "; " + KernelFile.CHOICE);
        }
    }

    /**
     * The variants the default tries for n vertices, in order: the GPU variants (when there is a
     * device), then the CPU variants, each in the registry's {@link SolveOrder#preference(int)}.
     * With --paths only variants that produce the intermediate-node matrix, without it only those
     * that do not (recording intermediates costs time). The one place that decides the default.
     */
    static List<Variant> defaultOrder(boolean paths, boolean gpu, int n) {
        List<Variant> order = new ArrayList<>();
        if (gpu) SolveOrder.preference(n).stream().filter(v -> v.gpu() && v.producesPaths() == paths).forEach(order::add);
        SolveOrder.preference(n).stream().filter(v -> !v.gpu() && v.producesPaths() == paths).forEach(order::add);
        return order;
    }

    /** Refuses a named variant that cannot run here, or cannot give what was asked for. */
    void checkRunnable(Variant v) throws UsageException {
        Gpu.Probe probe = Gpu.probe();
        if (v.gpu() && !probe.available()) {
            throw new UsageException(v + " needs a CUDA device, and there is none (" + probe.reason() + "); leave out --variant to solve on the CPU");
        }
        if (paths && !v.producesPaths()) {
            throw new UsageException(v + " computes distances only; with --paths use " + pathChoices() + " (or leave out --variant)");
        }
    }

    /** The variants the default tries, in order; empty for the CPU reference (each choice said in a line). */
    private List<Variant> defaultCandidates(GraphFile file, List<String> notes) {
        Gpu.Probe probe = Gpu.probe();
        List<Variant> order = defaultOrder(paths, probe.available(), file.n());
        if (file.negativeWeights()) return negativeWeightCandidates(order, file, probe, notes);
        if (file.realWeights()) return realWeightCandidates(order, probe, notes);
        if (order.isEmpty()) {
            notes.add("--paths: no variant " + (probe.available() ? "in this build" : "that runs without a GPU (" + probe.reason() + ")")
                    + " computes the intermediate-node matrix: solving with the CPU reference, which does");
        } else if (!probe.available()) {
            notes.add("no CUDA device (" + probe.reason() + "): solving on the CPU");
        }
        return order;
    }

    /**
     * The default's variants that take negative weights (on a GPU, in solve's order: kleene, dataflow, kleene-bands; with --paths kleene-paths);
     * empty for the CPU reference, said in a note.
     */
    private List<Variant> negativeWeightCandidates(List<Variant> order, GraphFile file, Gpu.Probe probe, List<String> notes) {
        List<Variant> negative = file.realWeights() ? List.of() : order.stream().filter(Variant::takesNegativeWeights).toList();
        if (negative.isEmpty()) {
            String why = file.realWeights() ? "no variant takes real weights of either sign"
                    : !probe.available() ? "the variants that take them (" + Variant.negativeWeightVariants() + ") need a CUDA device (" + probe.reason() + ")"
                    : "no variant in this build takes them" + (paths ? " with --paths" : "");
            notes.add(graphFile + " has negative weights and " + why + ": solving with the " + (file.realWeights() ? "float64 " : "")
                    + "CPU reference, which tests for INF");
        }
        return negative;
    }

    /** The default's variants that take real weights (kleene-f32 on a GPU); empty for the float64 CPU reference, said in a note. */
    private List<Variant> realWeightCandidates(List<Variant> order, Gpu.Probe probe, List<String> notes) {
        List<Variant> real = order.stream().filter(Variant::takesRealWeights).toList();
        if (!real.isEmpty()) return real;
        if (!probe.available()) {
            notes.add("no CUDA device (" + probe.reason() + "): solving " + graphFile + "'s real weights with the float64 CPU reference");
        } else {
            notes.add("--paths: no variant that takes real weights (" + Variant.realWeightVariants()
                    + ") computes the intermediate-node matrix: solving with the float64 CPU reference, which does");
        }
        return real;
    }

    /** The variants that produce the intermediate-node matrix, and the reference, for messages. */
    static String pathChoices() {
        String variants = Arrays.stream(Variant.values()).filter(Variant::producesPaths).map(Variant::id).collect(Collectors.joining(", "));
        return variants.isEmpty() ? REFERENCE : variants + " or " + REFERENCE;
    }

    /** Refuses, with the bytes needed and free, a graph whose matrices do not fit in device memory beside the reserve. */
    void requireDeviceMemory(Variant v, int n) throws UsageException {
        CudaContext cuda = CudaContext.get();
        DeviceMemoryCheck.requireFits(v, n, graphFile.toString(), cuda.device().name(), cuda.memoryInfo()[0], DeviceMemoryCheck.Units.BYTES);
    }

    /** Refuses, with the largest n that fits and the -Xmx that would do, a graph whose solve with v does not fit in the heap. */
    void requireHeap(Variant v, GraphFile file) throws UsageException {
        if (file.realWeights()) {
            // the float32 answer read back, and while it is checked the float64 reference's matrix
            HeapCheck.requireRealFits(v.toString(), "its float32 answer and the float64 reference's n x n matrix", Float.BYTES + Double.BYTES,
                    file.n(), graphFile.toString(), file.heapBytes(), HeapCheck.Heap.thisJvm("solve ..."));
            return;
        }
        HeapCheck.requireFits(v, file.n(), graphFile.toString(), file.heapBytes(), HeapCheck.Heap.thisJvm("solve ..."));
    }

    /** Refuses, as {@link #requireHeap} does, a graph whose solve with the CPU reference does not fit in the heap. */
    void requireReferenceHeap(GraphFile file) throws UsageException {
        if (file.realWeights()) {
            // its float64 distances (and intermediate nodes), then the float32 answer written
            HeapCheck.requireRealFits("the float64 CPU reference", "its float64" + (paths ? ", int32" : "") + " and float32 n x n matrices",
                    RealFloydWarshall.heapBytesPerCell(paths) + Float.BYTES, file.n(), graphFile.toString(), file.heapBytes(), HeapCheck.Heap.thisJvm("solve ..."));
            return;
        }
        HeapCheck.requireReferenceFits(paths, file.n(), graphFile.toString(), file.heapBytes(), HeapCheck.Heap.thisJvm("solve ..."));
    }
}
