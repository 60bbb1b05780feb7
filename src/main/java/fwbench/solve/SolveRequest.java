package fwbench.solve;

import fwbench.cell.CellType;
import fwbench.run.HeapCheck;
import fwbench.tuning.TuningMode;
import fwbench.variant.Variant;

/**
 * What a solve is asked for, beside the graph: {@code solve}'s options, or a library call's.
 *
 * @param paths       also the intermediate-node matrix, to rebuild routes
 * @param variantName a variant of the registry, "reference" (the CPU oracle), or null for the default choice
 * @param verify      check the answer before returning it
 * @param device      where it may run
 * @param float32     whether real weights may be solved in float32 on the GPU (kleene-f32); else
 *                    the float64 CPU reference solves them
 * @param tuning      whether the launch choices the benchmark tuned on this device are read
 * @param heap        this JVM's heap, and the words that give it more, for a refusal
 * @param terms       what messages call the options
 * @param cell        the cell type of the distances, chosen for the graph ({@link CellChoice}); null: the
 *                    library's choice (int32, and for real weights float32 or the float64 CPU reference)
 */
public record SolveRequest(boolean paths, String variantName, boolean verify, Device device, boolean float32, TuningMode tuning,
                           HeapCheck.Heap heap, Terms terms, CellType cell) {

    /** Where a solve may run. */
    public enum Device {
        /** The GPU when there is one, else the CPU: {@code solve}'s default. */
        ANY,
        /** Only GPU variants; refused where there is no GPU, or none takes the graph. */
        GPU,
        /** Only the CPU variants and the CPU reference, even beside a GPU. */
        CPU
    }

    /**
     * How messages name the options: {@code solve}'s flags, or the library's methods.
     *
     * @param variant  the option that names a variant ("--variant")
     * @param paths    the option that asks for routes ("--paths")
     * @param noVerify the option that skips the check ("--no-verify")
     */
    public record Terms(String variant, String paths, String noVerify) {
        /** {@code solve}'s command line. */
        public static final Terms COMMAND_LINE = new Terms("--variant", "--paths", "--no-verify");
        /** The library's options (fwbench.api.ApspOptions). */
        public static final Terms LIBRARY = new Terms("ApspOptions.variant", "ApspOptions.routes", "ApspOptions.verify(false)");
    }

    /**
     * A library call's request: the launch pins and the tuning mode from this JVM's -D properties
     * (a bad one refused with an IllegalArgumentException), this JVM's heap.
     */
    public static SolveRequest forLibrary(boolean paths, String variantName, boolean verify, Device device, boolean float32) {
        Variant.checkLaunchPins();
        return new SolveRequest(paths, variantName, verify, device, float32, TuningMode.fromProperty(),
                new HeapCheck.Heap(Runtime.getRuntime().maxMemory(), "start its JVM with -Xmx%dg"), Terms.LIBRARY);
    }

    /** A request with the library's choice of cells. */
    public SolveRequest(boolean paths, String variantName, boolean verify, Device device, boolean float32, TuningMode tuning,
                        HeapCheck.Heap heap, Terms terms) {
        this(paths, variantName, verify, device, float32, tuning, heap, terms, null);
    }

    /** The same request, for distances in {@code cell}. */
    public SolveRequest withCell(CellType cell) {
        return new SolveRequest(paths, variantName, verify, device, cell == CellType.FLOAT32, tuning, heap, terms, cell);
    }

    public SolveRequest {
        if (device == null || tuning == null || heap == null || terms == null) throw new IllegalArgumentException("device, tuning, heap and terms are required");
    }
}
