package fwbench.report;

import fwbench.variant.Variant;

import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;

/**
 * A variant as a result names it: the enum constant in the benchmark's {@code variant} parameter
 * ("BLOCKED"). Known constants print as their registry id ("blocked") and sort in registry order;
 * a constant this version does not know (results from another version) still gets a row, after the
 * known ones, printed in lower case with '-' for '_'.
 */
public record VariantName(String constant) implements Comparable<VariantName> {

    /** Known variants first, in {@link Variant#values()} order; unknown ones after, by name, so the order never depends on input order. */
    private static final Comparator<VariantName> ORDER = Comparator
            .comparingInt((VariantName v) -> v.known().map(Enum::ordinal).orElse(Integer.MAX_VALUE))
            .thenComparing(VariantName::constant);

    public static VariantName of(Variant variant) {
        return new VariantName(variant.name());
    }

    /** The registry's variant with this constant name, if this version has it. */
    public Optional<Variant> known() {
        for (Variant v : Variant.values()) {
            if (v.name().equals(constant)) return Optional.of(v);
        }
        return Optional.empty();
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
