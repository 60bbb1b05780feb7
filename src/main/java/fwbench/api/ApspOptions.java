package fwbench.api;

import fwbench.solve.SolveVariants;
import fwbench.usage.UsageException;

import java.util.Optional;
import java.util.function.Consumer;

/**
 * How {@link Apsp#solve} solves: immutable, each method returns a changed copy, e.g.
 * {@code ApspOptions.defaults().routes(true).device(ApspOptions.Device.CPU)}.
 *
 * <p>Defaults: distances only, the fastest variant that takes the graph, the answer verified, the
 * GPU when there is one (else the CPU), real weights in float64 on the CPU, no progress lines.
 *
 * <p>Real weights: float32 keeps about 7 significant digits, and a distance summed over many edges
 * loses more (up to 2 (n + 1) 2^-24 of it, the bound {@code solve}'s check uses), so by default a graph
 * of real weights is solved by the float64 CPU reference, as precise as scipy's
 * {@code shortest_path}, in O(n^3) time on the CPU. {@link #float32(boolean) float32(true)} lets
 * kleene-f32 solve it on the GPU in float32 (weights >= 0, distances only). Integer weights are
 * exact either way: int32 on the GPU, as {@code solve} does.
 */
public final class ApspOptions {

    /** Where the solve may run. */
    public enum Device {
        /** The GPU when there is one, else the CPU. */
        AUTO,
        /** Only GPU variants: refused (an {@link ApspException}) without a GPU, or when none takes the graph. */
        GPU,
        /** Only the CPU, even beside a GPU. */
        CPU
    }

    private static final ApspOptions DEFAULTS = new ApspOptions(false, null, true, Device.AUTO, false, null);

    private final boolean routes;
    private final String variant;
    private final boolean verify;
    private final Device device;
    private final boolean float32;
    private final Consumer<String> progress;

    private ApspOptions(boolean routes, String variant, boolean verify, Device device, boolean float32, Consumer<String> progress) {
        this.routes = routes;
        this.variant = variant;
        this.verify = verify;
        this.device = device;
        this.float32 = float32;
        this.progress = progress;
    }

    /** The defaults (see the class comment). */
    public static ApspOptions defaults() {
        return DEFAULTS;
    }

    /** With routes, {@link ApspResult#path} rebuilds shortest paths (the solve also keeps an n x n matrix of intermediate vertices). */
    public ApspOptions routes(boolean on) {
        return new ApspOptions(on, variant, verify, device, float32, progress);
    }

    /**
     * A variant by name, as the benchmark names them ("kleene", "cpu-blocked", ...), or "reference"
     * for the CPU oracle; null for the default choice. An unknown name is an IllegalArgumentException
     * that lists the known ones.
     */
    public ApspOptions variant(String name) {
        if (name != null) {
            try {
                SolveVariants.parse(name);
            } catch (UsageException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
        return new ApspOptions(routes, name, verify, device, float32, progress);
    }

    /** Whether the answer is checked before it is returned (on by default; {@link ApspResult#verification()} says how). */
    public ApspOptions verify(boolean on) {
        return new ApspOptions(routes, variant, on, device, float32, progress);
    }

    /** Where the solve may run. */
    public ApspOptions device(Device where) {
        if (where == null) throw new IllegalArgumentException("device must be AUTO, GPU or CPU, not null");
        return new ApspOptions(routes, variant, verify, where, float32, progress);
    }

    /**
     * Whether real weights may be solved in float32 on the GPU (kleene-f32: about 7 significant
     * digits), instead of float64 on the CPU. Off by default; integer weights are not affected.
     */
    public ApspOptions float32(boolean allowed) {
        return new ApspOptions(routes, variant, verify, device, allowed, progress);
    }

    /** Where the solve's progress lines go (a logger's info, say): each stage, and every 5 s of a long one; null for none. */
    public ApspOptions progress(Consumer<String> lines) {
        return new ApspOptions(routes, variant, verify, device, float32, lines);
    }

    public boolean routes() {
        return routes;
    }

    public Optional<String> variant() {
        return Optional.ofNullable(variant);
    }

    public boolean verify() {
        return verify;
    }

    public Device device() {
        return device;
    }

    public boolean float32() {
        return float32;
    }

    public Optional<Consumer<String>> progress() {
        return Optional.ofNullable(progress);
    }

    @Override
    public String toString() {
        return "ApspOptions[routes=" + routes + ", variant=" + (variant == null ? "default" : variant) + ", verify=" + verify + ", device=" + device
                + ", float32=" + float32 + "]";
    }
}
