package fwbench.variant;

import java.util.ArrayList;
import java.util.List;

import static fwbench.variant.Variant.BATCHED;
import static fwbench.variant.Variant.BLOCKED;
import static fwbench.variant.Variant.BLOCKED_REG;
import static fwbench.variant.Variant.CPU_BLOCKED;
import static fwbench.variant.Variant.CPU_SERIAL;
import static fwbench.variant.Variant.DATAFLOW;
import static fwbench.variant.Variant.KLEENE;
import static fwbench.variant.Variant.KLEENE_BANDS;
import static fwbench.variant.Variant.KLEENE_F32;
import static fwbench.variant.Variant.KLEENE_F64;
import static fwbench.variant.Variant.KLEENE_I64;
import static fwbench.variant.Variant.KLEENE_PACKED16;
import static fwbench.variant.Variant.KLEENE_PATHS;
import static fwbench.variant.Variant.NAIVE;
import static fwbench.variant.Variant.PACKED16;
import static fwbench.variant.Variant.PATHS;
import static fwbench.variant.Variant.SMALL_GRAPHS;
import static fwbench.variant.Variant.TILED_4X4;

/**
 * The order {@code solve} tries variants in when none is named, fastest first; a variant that
 * refuses the graph (packed16's 16-bit bound) hands it to the next. Not the story order:
 * dataflow, though later in the story, is slower than kleene's rounds on an H200 (kernels/NOTES.md, dataflow).
 * small-graphs comes last of the GPU variants: it takes n <= 512 only, and pays where many graphs share a launch.
 */
public final class SolveOrder {

    /**
     * From this n {@code solve} tries kleene-packed16 before packed16 (they take the same graphs): the
     * smallest n of the runs where it was the faster (kernels/NOTES.md, kleene-packed16).
     */
    public static final int KLEENE_PACKED16_FIRST_FROM_N = 5000;

    private static final List<Variant> PREFERENCE = List.of(
            PACKED16, KLEENE_PACKED16, KLEENE, DATAFLOW, KLEENE_BANDS, KLEENE_F32, KLEENE_I64, KLEENE_F64, KLEENE_PATHS, PATHS, TILED_4X4, BATCHED, BLOCKED_REG,
            BLOCKED, NAIVE, SMALL_GRAPHS, CPU_BLOCKED, CPU_SERIAL);

    private SolveOrder() {
    }

    /** Every variant once, in the order {@code solve} tries them for a graph of n vertices: GPU variants fastest first, then CPU variants. */
    public static List<Variant> preference(int n) {
        if (n < KLEENE_PACKED16_FIRST_FROM_N) return PREFERENCE;
        List<Variant> order = new ArrayList<>(PREFERENCE);
        order.remove(KLEENE_PACKED16);
        order.add(order.indexOf(PACKED16), KLEENE_PACKED16);
        return List.copyOf(order);
    }
}
