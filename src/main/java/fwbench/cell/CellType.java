package fwbench.cell;

import fwbench.graph.Distances;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a distance cell is, the one description of each type. On the device: its width and the
 * width of the word it is moved and relaxed in (32 bits, or 64 for the 64-bit cells), the value
 * that means "no path", and the kernel of kernels/peak.cu that measures the min-plus ceiling of
 * such cells (a variant's percent of peak is taken against the ceiling of its cell type). On the
 * host: the cells its distances are read back in ({@link #hostCells()}: packed16's are narrowed to
 * int32) and, for those, their size, code and layout version in solve's binary files, their word
 * in the text header and on solve's {@code --cell} (docs/solve.md, "Output files"), and their
 * rounding, which the checks' tolerances derive from. Each host type has its {@link DistanceMatrix}.
 * The constant names are the {@code cell} parameter of PeakBenchmark, so results files name them
 * ("INT32"): do not rename.
 */
public enum CellType {
    /** One int32 distance per word: one {@code min(c, a + b)} per instruction. File: version 1 (no cell field). */
    INT32(32, 32, Distances.INF, "fw_peak_int32", 1, 0, 0),
    /**
     * Two 16-bit distances per 32-bit word: {@code __viaddmin_s16x2} relaxes both in one
     * instruction. A device type only: its solvers narrow their distances to int32 on the host.
     */
    PACKED16(16, 32, 0x3FFF, "fw_peak_packed16", 0, -1, 0),
    /**
     * One float32 distance per word: {@code fminf(c, a + b)}, an add and a min; a product relaxes two
     * k steps with two adds and one three-way minimum of the bits (kernels/cells.cuh). No path is
     * +infinity on the device; {@link #inf()} is 2^24, below which float32 holds every integer, so
     * an integer graph whose distances stay below it is solved exactly. File: version 2, code 1.
     */
    FLOAT32(32, 32, 1 << 24, "fw_peak_float32", 2, 1, 0x1p-24),
    /**
     * One int64 distance per 64-bit word: {@code min(c, a + b)} in several instructions (no 64-bit
     * add-min). The device's no path is a quarter of the int64 range ({@link Distances#INF64} on the
     * host); narrowed to the suite's int32 cells, its {@link #inf()} is int32's. File: version 3, code 2.
     */
    INT64(64, 64, Distances.INF, "fw_peak_int64", 3, 2, 0),
    /**
     * One float64 distance per 64-bit word: {@code min(c, a + b)}, an add, a compare and two
     * selects. No path is +infinity on the device; float64 holds every integer below 2^53, so every
     * int32 distance exactly, and narrowed to the suite's int32 cells its {@link #inf()} is int32's.
     * solve also gives it real weights, uploaded as doubles (fwbench.variant.kleene.KleeneWideSolver).
     * File: version 3, code 3.
     */
    FLOAT64(64, 64, Distances.INF, "fw_peak_float64", 3, 3, 0x1p-53);

    /** Bits of the int32 words that host buffers and matrix sizes count in. */
    private static final int INT_BITS = 32;

    private final int bits;
    private final int wordBits;
    private final int inf;
    private final String peakKernel;
    private final int version;
    private final int code;
    private final double roundoff;

    CellType(int bits, int wordBits, int inf, String peakKernel, int version, int code, double roundoff) {
        this.bits = bits;
        this.wordBits = wordBits;
        this.inf = inf;
        this.peakKernel = peakKernel;
        this.version = version;
        this.code = code;
        this.roundoff = roundoff;
    }

    /** Whether the cells are floating point (they round: {@link #roundoff()} above 0), so the variant takes graphs of real weights (fwbench.graph.RealGraph). */
    public boolean real() {
        return roundoff > 0;
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

    /** Whether the host holds distances in these cells (solve's files, {@link DistanceMatrix}); packed16's are narrowed to int32. */
    public boolean host() {
        return version > 0;
    }

    /** The cells the host reads these distances back in: these, or int32 for packed16. */
    public CellType hostCells() {
        return host() ? this : INT32;
    }

    /** Bytes of one distance of the host's cells ({@link #hostCells()}) in the binary form. */
    public int bytes() {
        return hostCells().bits / Byte.SIZE;
    }

    /** The binary header's cell type field (versions 2 and 3). */
    public int code() {
        return hostCells().code;
    }

    /** The layout version that holds the host's cells: 1 for int32, 2 for float32, 3 for the 64-bit cells. */
    public int version() {
        return hostCells().version;
    }

    /** The name in lower case: "int32", "packed16", "float32", "int64", "float64". */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * u, the largest relative error of one rounding to these cells (an addition, a weight's
     * conversion): 2^-24 for float32, 2^-53 for float64; 0 for the integer cells, which are exact.
     * The checks' tolerances are derived from it (fwbench.verify.Verification#tolerance).
     */
    public double roundoff() {
        return roundoff;
    }

    /** The cell types the host holds distances in, in order: int32, float32, int64, float64. */
    public static List<CellType> hostTypes() {
        return Arrays.stream(values()).filter(CellType::host).toList();
    }

    /** The host cell type a version's header names by {@code code}, if that version holds it (version 1 has no code: int32). */
    public static Optional<CellType> ofCode(int version, int code) {
        return hostTypes().stream().filter(c -> c.version == version && version != INT32.version && c.code == code).findFirst();
    }

    /** The host cell type named {@code word} (any case), if any: what solve's {@code --cell} and a text header take. */
    public static Optional<CellType> ofWord(String word) {
        return hostTypes().stream().filter(c -> c.word().equalsIgnoreCase(word.trim())).findFirst();
    }

    /** The host types' words, for messages: "int32, float32, int64, float64". */
    public static String words() {
        return hostTypes().stream().map(CellType::word).collect(Collectors.joining(", "));
    }

    /** The cell type with this constant name, ignoring case ("int32", "PACKED16"); empty if none. */
    public static Optional<CellType> named(String text) {
        String t = text.trim();
        return Arrays.stream(values()).filter(c -> c.name().equalsIgnoreCase(t)).findFirst();
    }

    /** All names in lower case, comma separated, for messages: "int32, packed16". */
    public static String names() {
        return Arrays.stream(values()).map(CellType::word).collect(Collectors.joining(", "));
    }
}
