package fwbench.solve;

import fwbench.cell.CellType;
import fwbench.graph.Distances;
import fwbench.graph.SparseGraph;
import fwbench.graph.io.GraphFiles;
import fwbench.usage.UsageException;

/**
 * Which cell type solve's distances take for a graph (docs/solve.md, "Cell types"): int32 for
 * integer weights whose distances fit it, int64 past it, float64 for real weights; a cell asked
 * for ({@code --cell}) is checked against what the graph needs, and refused in one line naming
 * the cells allowed.
 */
public final class CellChoice {

    /** The option that asks for a cell type. */
    public static final String OPTION = "--cell";

    private CellChoice() {
    }

    /** The cell named by the option's value; refused in one line with the names allowed. */
    public static CellType parse(String word) throws UsageException {
        return CellType.ofWord(word).orElseThrow(() -> new UsageException(OPTION + " '" + word + "' is not a cell type; allowed: " + CellType.words()));
    }

    /**
     * The cell for a graph named {@code name}: integer weights ({@code graph}) or real ones
     * ({@code graph} null); {@code asked} is the cell asked for, or null for the default.
     */
    public static CellType of(CellType asked, String name, SparseGraph graph) throws UsageException {
        if (graph == null) {
            if (asked == null) return CellType.FLOAT64;
            if (asked.real()) return asked;
            throw new UsageException(OPTION + " " + asked.word() + " holds integer distances, and " + name
                    + " has real weights (not all whole numbers); allowed: float64 (the default), float32");
        }
        boolean fits = GraphFiles.fitsInt32(graph);
        CellType needed = fits ? CellType.INT32 : CellType.INT64;
        if (asked == null) return needed;
        if (asked == CellType.INT32 && !fits) {
            throw new UsageException(OPTION + " int32 cannot hold " + name + "'s distances: a simple path of n - 1 = " + (graph.n() - 1)
                    + " edges of up to |w| = " + graph.maxAbsWeight() + " could weigh " + GraphFiles.distanceBound(graph) + ", not below INF = "
                    + Distances.INF + "; use " + OPTION + " int64 (or leave out " + OPTION + ")");
        }
        if (asked.real()) {
            throw new UsageException(OPTION + " " + asked.word() + " is for real weights, and " + name + "'s are integers; allowed: "
                    + (fits ? "int32 (the default), int64" : "int64 (the default: its distances may pass int32)"));
        }
        return asked;
    }
}
