package fwbench.variant;

import java.util.Arrays;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/** The ids of the built-in variants that share a trait, in story order, for messages that name the alternatives. */
public final class VariantIds {

    private VariantIds() {
    }

    /** Those that take real weights: "kleene-f32". */
    public static String takingRealWeights() {
        return idsOf(Variant::takesRealWeights);
    }

    /** Those that take negative weights: "kleene, dataflow, kleene-paths, kleene-bands, kleene-i64, kleene-f64". */
    public static String takingNegativeWeights() {
        return idsOf(Variant::takesNegativeWeights);
    }

    /** Those that span GPUs: "kleene-bands". */
    public static String spanningDevices() {
        return idsOf(Variant::spansDevices);
    }

    private static String idsOf(Predicate<Variant> trait) {
        return Arrays.stream(Variant.values()).filter(trait).map(Variant::id).collect(Collectors.joining(", "));
    }
}
