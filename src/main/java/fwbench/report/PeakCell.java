package fwbench.report;

import java.util.Locale;
import java.util.Optional;

/**
 * The cell types whose min-plus ceiling PeakBenchmark measures (its {@code cell} parameter): a
 * variant's percent of peak is taken against the ceiling of the cells it relaxes.
 */
public enum PeakCell {
    /** int32 cells: one {@code min(c, a + b)} per instruction. */
    INT32,
    /** two 16-bit cells per 32-bit word: {@code __viaddmin_s16x2} relaxes both in one instruction. */
    PACKED16;

    /**
     * The ceiling a variant is held against: PACKED16 for "packed16", INT32 for every other GPU
     * variant. CPU variants get none: the ceiling is the GPU's, and they do not run on it.
     */
    public static Optional<PeakCell> forVariant(VariantName variant) {
        if (variant.id().equals("packed16")) return Optional.of(PACKED16);
        if (variant.known().map(v -> !v.gpu()).orElse(false)) return Optional.empty();
        return Optional.of(INT32);
    }

    /** The cell named by a result's {@code cell} parameter, if this version knows it. */
    public static Optional<PeakCell> parse(String text) {
        for (PeakCell c : values()) if (c.name().equals(text.trim().toUpperCase(Locale.ROOT))) return Optional.of(c);
        return Optional.empty();
    }
}
