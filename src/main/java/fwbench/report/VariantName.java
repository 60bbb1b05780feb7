package fwbench.report;

import fwbench.variant.CellType;
import fwbench.variant.Variant;

import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;

/**
 * A variant as a result names it: the enum constant in the benchmark's {@code variant} parameter
 * ("BLOCKED"). Known constants print as their registry id ("blocked") and sort in story order;
 * a constant this version does not know (results from another version) still gets a row, after the
 * known ones, printed in lower case with '-' for '_'.
 */
public record VariantName(String constant) implements Comparable<VariantName> {

    /** Known variants first, in {@link Variant#storyOrder()}; unknown ones after, by name, so the order never depends on input order. */
    private static final Comparator<VariantName> ORDER = Comparator
            .comparingInt((VariantName v) -> v.known().map(Variant::storyOrder).orElse(Integer.MAX_VALUE))
            .thenComparing(VariantName::constant);

    public static VariantName of(Variant variant) {
        return new VariantName(variant.name());
    }

    /** The registry's variant with this constant name, if this version has it. */
    public Optional<Variant> known() {
        return Variant.forConstant(constant);
    }

    /**
     * The ceiling the variant is held against: that of its {@link Variant#cellType()}. CPU variants
     * get none (the ceiling is the GPU's, and they do not run on it); a variant this version does
     * not know is taken for an int32 GPU variant, as every variant was before packed cells.
     */
    public Optional<CellType> peakCell() {
        return known().map(v -> v.gpu() ? Optional.of(v.cellType()) : Optional.<CellType>empty()).orElse(Optional.of(CellType.INT32));
    }

    /** What users read and type: {@link Variant#id()}, or the constant in lower case with '-' for '_'. */
    public String id() {
        return known().map(Variant::id).orElse(constant.toLowerCase(Locale.ROOT).replace('_', '-'));
    }

    @Override
    public int compareTo(VariantName other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return id();
    }
}
