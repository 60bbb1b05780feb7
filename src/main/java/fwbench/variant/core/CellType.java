package fwbench.variant.core;

import fwbench.graph.Distances;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a distance cell is on the device: its width and the width of the word it is moved and
 * relaxed in (32 bits, or 64 for the 64-bit cells), the value that means "no path", and the
 * kernel of kernels/peak.cu that measures the min-plus ceiling of such cells. A variant's percent of
 * peak is taken against the ceiling of its cell type. The constant names are the {@code cell}
 * parameter of PeakBenchmark, so results files name them ("INT32"): do not rename.
 */
public enum CellType {
    /** One int32 distance per word: one {@code min(c, a + b)} per instruction. */
    INT32(32, 32, Distances.INF, "fw_peak_int32"),
    /** Two 16-bit distances per 32-bit word: {@code __viaddmin_s16x2} relaxes both in one instruction. */
    PACKED16(16, 32, 0x3FFF, "fw_peak_packed16"),
    /**
     * One float32 distance per word: {@code fminf(c, a + b)}, an add and a min. No path is
     * +infinity on the device; {@link #inf()} is 2^24, below which float32 holds every integer, so
     * an integer graph whose distances stay below it is solved exactly.
     */
    FLOAT32(32, 32, 1 << 24, "fw_peak_float32"),
    /**
     * One int64 distance per 64-bit word: {@code min(c, a + b)} in several instructions (no 64-bit
     * add-min). The device's no path is a quarter of the int64 range; the solver narrows its
     * distances to the suite's int32 cells, so {@link #inf()} is int32's.
     */
    INT64(64, 64, Distances.INF, "fw_peak_int64"),
    /**
     * One float64 distance per 64-bit word: {@code min(c, a + b)}, an add, a compare and two selects. No path is +infinity on the
     * device; float64 holds every integer below 2^53, so every int32 distance exactly, and the solver
     * narrows its distances to the suite's int32 cells: {@link #inf()} is int32's. solve also gives
     * it real weights, uploaded as doubles (fwbench.variant.kleene.KleeneWideSolver).
     */
    FLOAT64(64, 64, Distances.INF, "fw_peak_float64");

    /** Bits of the int32 words that host buffers and matrix sizes count in. */
    private static final int INT_BITS = 32;

    private final int bits;
    private final int wordBits;
    private final int inf;
    private final String peakKernel;

    CellType(int bits, int wordBits, int inf, String peakKernel) {
        this.bits = bits;
        this.wordBits = wordBits;
        this.inf = inf;
        this.peakKernel = peakKernel;
    }

    /** Whether the cells are floating point, so the variant takes graphs of real weights (fwbench.graph.RealGraph). */
    public boolean real() {
        return this == FLOAT32 || this == FLOAT64;
    }

    /** Bits of one distance. */
    public int bits() {
        return bits;
    }

    /** Bits of the word the kernels move and relax the cells in: 32, or 64 for the 64-bit cells. */
    public int wordBits() {
        return wordBits;
    }

    /** Distances in one word ({@link #wordBits()}), relaxed together: 2 for packed16, 1 otherwise. */
    public int cellsPerWord() {
        return wordBits / bits;
    }

    /** int32 words one word of these cells takes in device memory: 2 for the 64-bit cells, 1 otherwise. */
    public int intsPerWord() {
        return wordBits / INT_BITS;
    }

    /**
     * The distance that means "no path" in the integer cells. It is a quarter of the cell's range so
     * that INF + INF (a relaxation through an unreachable pivot) cannot overflow, and kernels need no
     * check; every finite distance must therefore stay below it. FLOAT32: the bound of exact integers.
     * INT64, FLOAT64: int32's, the cells their distances are narrowed to.
     */
    public int inf() {
        return inf;
    }

    /** The largest finite distance a cell can hold: {@link #inf()} - 1. */
    public int maxDistance() {
        return inf - 1;
    }

    /** The kernels/peak.cu kernel that measures the device's min-plus ceiling on these cells. */
    public String peakKernel() {
        return peakKernel;
    }

    /** The cell type with this constant name, ignoring case ("int32", "PACKED16"); empty if none. */
    public static Optional<CellType> named(String text) {
        String t = text.trim();
        return Arrays.stream(values()).filter(c -> c.name().equalsIgnoreCase(t)).findFirst();
    }

    /** All names in lower case, comma separated, for messages: "int32, packed16". */
    public static String names() {
        return Arrays.stream(values()).map(c -> c.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "));
    }
}
