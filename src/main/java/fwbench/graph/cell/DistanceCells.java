package fwbench.graph.cell;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The cell type of a solution's distances, as solve writes it (docs/solve.md, "Output files"):
 * its code in the binary header (version 2 and 3), its size, and its word in the text header and
 * on solve's {@code --cell}.
 */
public enum DistanceCells {
    /** int32, {@link fwbench.graph.Distances#INF} for no path: version 1 (no cell field). */
    INT32(0, 4, 0),
    /** float32, +infinity for no path: version 2. */
    FLOAT32(1, 4, 0x1p-24),
    /** int64, {@link fwbench.graph.Distances#INF64} for no path: version 3. */
    INT64(2, 8, 0),
    /** float64, +infinity for no path: version 3. */
    FLOAT64(3, 8, 0x1p-53);

    private final int code;
    private final int bytes;
    private final double roundoff;

    DistanceCells(int code, int bytes, double roundoff) {
        this.code = code;
        this.bytes = bytes;
        this.roundoff = roundoff;
    }

    /** The binary header's cell type field (versions 2 and 3). */
    public int code() {
        return code;
    }

    /** Bytes of one distance in the binary form. */
    public int bytes() {
        return bytes;
    }

    /** The name: "int32", "float32", "int64", "float64". */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the cells are floating point: they round ({@link #roundoff()} above 0). */
    public boolean real() {
        return roundoff > 0;
    }

    /**
     * u, the largest relative error of one rounding to these cells (an addition, a weight's
     * conversion): 2^-24 for float32, 2^-53 for float64; 0 for the integer cells, which are exact.
     * The checks' tolerances are derived from it (fwbench.verify.Verification#tolerance).
     */
    public double roundoff() {
        return roundoff;
    }

    /** The layout version that holds these cells: 1 for int32, 2 for float32, 3 for the 64-bit cells. */
    public int version() {
        return this == INT32 ? 1 : this == FLOAT32 ? 2 : 3;
    }

    /** The cell type a version's header names by {@code code}, if that version holds it. */
    public static Optional<DistanceCells> ofCode(int version, int code) {
        return Arrays.stream(values()).filter(c -> c != INT32 && c.code == code && c.version() == version).findFirst();
    }

    /** The cell type named {@code word} (any case), if any. */
    public static Optional<DistanceCells> ofWord(String word) {
        return Arrays.stream(values()).filter(c -> c.word().equalsIgnoreCase(word.trim())).findFirst();
    }

    /** The words, for messages: "int32, float32, int64, float64". */
    public static String words() {
        return Arrays.stream(values()).map(DistanceCells::word).collect(Collectors.joining(", "));
    }
}
