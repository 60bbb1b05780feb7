package fwbench.solve;

import fwbench.cell.CellType;
import fwbench.cuda.CudaContext;
import fwbench.cuda.Gpu;
import fwbench.graph.RealFloydWarshall;
import fwbench.run.DeviceMemoryCheck;
import fwbench.run.HeapCheck;
import fwbench.solve.SolveRequest.Device;
import fwbench.usage.UsageException;
import fwbench.variant.SolveOrder;
import fwbench.variant.Variant;
import fwbench.variant.VariantIds;
import fwbench.variant.kernelfile.KernelFile;
import fwbench.variant.kernelfile.KernelFileException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Which variants a solve tries for a graph, in order (none: the CPU reference), each choice said
 * in a note, and the checks that the first fits in device memory and in the heap before any
 * matrix is allocated.
 */
public final class SolveVariants {

    /** The variant name of the CPU reference (ReferenceFloydWarshall), beside the registry's variants. */
    public static final String REFERENCE = "reference";

    private final SolveRequest request;
    private final SolveRequest.Terms terms;

    SolveVariants(SolveRequest request) {
        this.request = request;
        this.terms = request.terms();
    }

    /**
     * The variants to try in order (empty: the CPU reference), each choice said in a note; refuses
     * a named variant the graph's weights rule out, a first GPU variant that does not fit (the
     * default's first gives way to the next that fits, if one does), and a CPU solve where only the
     * GPU was asked for.
     */
    List<Variant> choose(Optional<Variant> requested, SolveInput input, List<String> notes) throws UsageException {
        if (requested.isPresent() && input.realWeights() && !requested.get().takesRealWeights()) {
            throw new UsageException(requested.get() + " takes integer weights only, and " + input.name() + " has real ones (not all whole numbers): use "
                    + terms.variant() + " " + VariantIds.takingRealWeights() + ", or leave out " + terms.variant());
        }
        if (requested.isPresent() && input.negativeWeights() && !requested.get().takesNegativeWeights()) {
            throw new UsageException(requested.get() + " needs edge weights >= 0 (it adds INF like any other number) and " + input.name()
                    + " has negative ones; use " + terms.variant() + " " + (input.realWeights() ? "" : VariantIds.takingNegativeWeights() + " (on a GPU), ")
                    + "reference, or leave out " + terms.variant());
        }
        boolean reference = REFERENCE.equalsIgnoreCase(request.variantName() == null ? "" : request.variantName().trim());
        List<Variant> candidates = reference ? List.of() : requested.map(List::of).orElseGet(() -> defaultCandidates(input, notes));
        if (request.device() == Device.GPU) candidates = candidates.stream().filter(Variant::gpu).toList();
        if (request.device() == Device.GPU && candidates.isEmpty()) {
            throw new UsageException("the GPU was asked for, and no GPU variant solves " + input.name() + (notes.isEmpty() ? "" : ": " + notes.get(notes.size() - 1)));
        }
        if (requested.isEmpty() && !candidates.isEmpty() && candidates.get(0).gpu()) {
            candidates = DeviceMemoryCheck.fromFirstThatFits(candidates, input.n(), CudaContext.get().memoryInfo()[0], notes);
        }
        if (!candidates.isEmpty() && candidates.get(0).gpu()) requireDeviceMemory(candidates.get(0), input);
        if (candidates.isEmpty()) requireReferenceHeap(input);
        else requireHeap(candidates.get(0), input);
        return candidates;
    }

    /** The variant named (empty for none, or for 'reference'); unknown names are refused with the list. */
    public static Optional<Variant> parse(String name) throws UsageException {
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
     * With paths only variants that produce the intermediate-node matrix, without them only those
     * that do not (recording intermediates costs time). The one place that decides the default.
     */
    public static List<Variant> defaultOrder(boolean paths, boolean gpu, int n) {
        List<Variant> order = new ArrayList<>();
        if (gpu) SolveOrder.preference(n).stream().filter(v -> v.gpu() && v.producesPaths() == paths).forEach(order::add);
        SolveOrder.preference(n).stream().filter(v -> !v.gpu() && v.producesPaths() == paths).forEach(order::add);
        return order;
    }

    /** Refuses a named variant (empty: the default, or the reference) that cannot run here, or cannot give what was asked for. */
    void checkRunnable(Optional<Variant> named) throws UsageException {
        Gpu.Probe probe = Gpu.probe();
        if (request.device() == Device.GPU && !probe.available()) {
            throw new UsageException("the GPU was asked for, and there is none (" + probe.reason() + ")");
        }
        boolean reference = named.isEmpty() && request.variantName() != null;
        if (request.device() == Device.GPU && reference) throw new UsageException("the GPU was asked for, and " + REFERENCE + " runs on the CPU");
        if (named.isEmpty()) return;
        Variant v = named.get();
        if (v.gpu() && request.device() == Device.CPU) throw new UsageException(v + " runs on the GPU, and the CPU was asked for");
        if (!v.gpu() && request.device() == Device.GPU) throw new UsageException(v + " runs on the CPU, and the GPU was asked for");
        if (v.gpu() && !probe.available()) {
            throw new UsageException(v + " needs a CUDA device, and there is none (" + probe.reason() + "); leave out " + terms.variant() + " to solve on the CPU");
        }
        if (request.paths() && !v.producesPaths()) {
            throw new UsageException(v + " computes distances only; with " + terms.paths() + " use " + pathChoices() + " (or leave out " + terms.variant() + ")");
        }
    }

    /** Whether the default may use the GPU, and why not when it may not. */
    private Optional<String> noGpu(Gpu.Probe probe) {
        if (request.device() == Device.CPU) return Optional.of("the CPU was asked for");
        return probe.available() ? Optional.empty() : Optional.of("no CUDA device (" + probe.reason() + ")");
    }

    /** The variants the default tries, in order; empty for the CPU reference (each choice said in a line). */
    private List<Variant> defaultCandidates(SolveInput input, List<String> notes) {
        Gpu.Probe probe = Gpu.probe();
        Optional<String> noGpu = noGpu(probe);
        List<Variant> order = defaultOrder(request.paths(), noGpu.isEmpty(), input.n());
        if (input.negativeWeights()) return negativeWeightCandidates(order, input, probe, notes);
        if (input.realWeights()) return realWeightCandidates(order, input, noGpu, notes);
        if (order.isEmpty()) {
            String where = noGpu.isEmpty() ? "in this build" : request.device() == Device.CPU ? "that runs on the CPU"
                    : "that runs without a GPU (" + probe.reason() + ")";
            notes.add(terms.paths() + ": no variant " + where + " computes the intermediate-node matrix: solving with the CPU reference, which does");
        } else if (noGpu.isPresent()) {
            notes.add(noGpu.get() + ": solving on the CPU");
        }
        return order;
    }

    /**
     * The default's variants that take negative weights (on a GPU, in solve's order: kleene, dataflow, kleene-bands, kleene-i64, kleene-f64; with --paths kleene-paths);
     * empty for the CPU reference, said in a note.
     */
    private List<Variant> negativeWeightCandidates(List<Variant> order, SolveInput input, Gpu.Probe probe, List<String> notes) {
        List<Variant> negative = input.realWeights() ? List.of() : order.stream().filter(Variant::takesNegativeWeights).toList();
        if (negative.isEmpty()) {
            String why = input.realWeights() ? "no variant takes real weights of either sign"
                    : request.device() == Device.CPU ? "the variants that take them (" + VariantIds.takingNegativeWeights() + ") run on the GPU, and the CPU was asked for"
                    : !probe.available() ? "the variants that take them (" + VariantIds.takingNegativeWeights() + ") need a CUDA device (" + probe.reason() + ")"
                    : "no variant in this build takes them" + (request.paths() ? " with " + terms.paths() : "");
            notes.add(input.name() + " has negative weights and " + why + ": solving with the " + (input.realWeights() ? "float64 " : "")
                    + "CPU reference, which tests for INF");
        }
        return negative;
    }

    /**
     * The default's variants that take real weights, in the request's cells (kleene-f32 on a GPU
     * where float32 was asked for, kleene-f64 where float64 was); empty for the float64 CPU
     * reference (the library's default), said in a note.
     */
    private List<Variant> realWeightCandidates(List<Variant> order, SolveInput input, Optional<String> noGpu, List<String> notes) {
        CellType cells = request.float32() ? CellType.FLOAT32 : request.cell() == CellType.FLOAT64 ? CellType.FLOAT64 : null;
        List<Variant> real = order.stream().filter(v -> v.takesRealWeights() && (cells == null || v.cellType() == cells)).toList();
        if (!real.isEmpty() && cells != null) return real;
        if (noGpu.isPresent()) {
            notes.add(noGpu.get() + ": solving " + input.name() + "'s real weights with the float64 CPU reference");
        } else if (!real.isEmpty()) {
            // only the library comes here (solve asks for float64 by default), and it asks for float32 or for nothing
            String float32 = real.stream().filter(v -> v.cellType() == CellType.FLOAT32).map(Variant::id).collect(Collectors.joining(", "));
            notes.add("float32 was not asked for: solving " + input.name() + "'s real weights with the float64 CPU reference, not "
                    + float32 + " in float32 on the GPU");
        } else {
            notes.add(terms.paths() + ": no variant that takes real weights (" + VariantIds.takingRealWeights()
                    + ") computes the intermediate-node matrix: solving with the float64 CPU reference, which does");
        }
        return List.of();
    }

    /** The variants that produce the intermediate-node matrix, and the reference, for messages. */
    public static String pathChoices() {
        String variants = Arrays.stream(Variant.values()).filter(Variant::producesPaths).map(Variant::id).collect(Collectors.joining(", "));
        return variants.isEmpty() ? REFERENCE : variants + " or " + REFERENCE;
    }

    /** Refuses, with the bytes needed and free, a graph whose matrices do not fit in device memory beside the reserve. */
    void requireDeviceMemory(Variant v, SolveInput input) throws UsageException {
        CudaContext cuda = CudaContext.get();
        DeviceMemoryCheck.requireFits(v, input.n(), input.name(), cuda.device().name(), cuda.memoryInfo()[0], DeviceMemoryCheck.Units.BYTES);
    }

    /** Refuses, with the largest n that fits and the -Xmx that would do, a graph whose solve with v does not fit in the heap. */
    void requireHeap(Variant v, SolveInput input) throws UsageException {
        if (input.realWeights() && v.cellType() == CellType.FLOAT64) {
            // the dense weights uploaded, the float64 answer read back, and while it is checked the float64 reference's matrix
            HeapCheck.requireRealFits(v.toString(), "the weights it uploads, its float64 answer and the float64 reference's n x n matrices", 3 * Double.BYTES,
                    input.n(), input.name(), input.heapBytes(), request.heap());
            return;
        }
        if (input.realWeights()) {
            // the float32 answer read back, and while it is checked the float64 reference's matrix
            HeapCheck.requireRealFits(v.toString(), "its float32 answer and the float64 reference's n x n matrix", Float.BYTES + Double.BYTES,
                    input.n(), input.name(), input.heapBytes(), request.heap());
            return;
        }
        HeapCheck.requireFits(v, input.n(), input.name(), input.heapBytes(), request.heap());
    }

    /** Refuses, as {@link #requireHeap} does, a graph whose solve with the CPU reference does not fit in the heap. */
    void requireReferenceHeap(SolveInput input) throws UsageException {
        if (input.realWeights()) {
            // its float64 distances (and intermediate nodes), then the float32 answer written
            HeapCheck.requireRealFits("the float64 CPU reference", "its float64" + (request.paths() ? ", int32" : "") + " and float32 n x n matrices",
                    RealFloydWarshall.heapBytesPerCell(request.paths()) + Float.BYTES, input.n(), input.name(), input.heapBytes(), request.heap());
            return;
        }
        HeapCheck.requireReferenceFits(request.paths(), input.n(), input.name(), input.heapBytes(), request.heap());
    }
}
