package fwbench.report;

import fwbench.cell.CellType;
import fwbench.variant.Variant;
import fwbench.variant.kernelfile.KernelFile;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A variant as a result names it: the enum constant in the benchmark's {@code variant} parameter
 * ("BLOCKED"). Known constants print as their registry id ("blocked") and sort in story order;
 * a user's kernel file is named by its path ("kernels/examples/example_blocked.cu") and prints as its
 * file name; a constant this version does not know (results from another version) still gets a row,
 * after the known ones, printed in lower case with '-' for '_'. Kernel files and unknown variants
 * get colours and markers of their own, by their place among them.
 */
public record VariantName(String constant) implements Comparable<VariantName> {

    /**
     * Colours of variants this version does not know (from older or newer results), by their place
     * among the unknown ones shown: the lighter half of Tableau 20, none a known variant's colour.
     */
    private static final int[] UNKNOWN_COLOURS = {0xA0CBE8, 0xFFBE7D, 0x8CD17D, 0xB6992D, 0x499894, 0xF1CE63, 0xD37295,
            0xFABFD2, 0xD4A6C8, 0xD7B5A6};

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

    /** Whether it runs on a GPU: a known variant's trait; a kernel file, or a variant this version does not know, is taken for a GPU one. */
    public boolean onGpu() {
        return known().map(Variant::gpu).orElse(true);
    }

    /**
     * What users read and type: {@link Variant#id()}; a kernel file's file name ("my_fw.cu", its path
     * as given is the constant); else the constant in lower case with '-' for '_'.
     */
    public String id() {
        if (KernelFile.names(constant)) return KernelFile.displayName(constant);
        return known().map(Variant::id).orElse(constant.toLowerCase(Locale.ROOT).replace('_', '-'));
    }

    /**
     * The variant's colour (0xRRGGBB) in every chart and table: the registry's, or for a variant this
     * version does not know one of {@link #UNKNOWN_COLOURS} by its place among the unknown ones of
     * {@code shown} (every variant of the table, so that it is the same in each of its charts).
     */
    public int colour(List<VariantName> shown) {
        return known().map(Variant::chartColour).orElseGet(() -> UNKNOWN_COLOURS[unknownIndex(shown) % UNKNOWN_COLOURS.length]);
    }

    /**
     * The variant's point marker: the registry's, or for a kernel file or an unknown variant one that no
     * built-in variant uses, by its place among them (all markers in turn once those run out).
     */
    public Variant.Marker marker(List<VariantName> shown) {
        Set<Variant.Marker> used = Arrays.stream(Variant.values()).map(Variant::chartMarker).collect(Collectors.toSet());
        List<Variant.Marker> spare = Arrays.stream(Variant.Marker.values()).filter(m -> !used.contains(m)).toList();
        return known().map(Variant::chartMarker).orElseGet(() -> {
            int index = unknownIndex(shown);
            return index < spare.size() ? spare.get(index) : Variant.Marker.values()[index % Variant.Marker.values().length];
        });
    }

    /** How many variants this version does not know come before this one in {@code shown} (rows are sorted: deterministic). */
    private int unknownIndex(List<VariantName> shown) {
        return (int) shown.stream().filter(v -> v.known().isEmpty()).takeWhile(v -> !v.equals(this)).count();
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
