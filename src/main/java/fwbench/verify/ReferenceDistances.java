package fwbench.verify;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.graph.Graph;
import fwbench.graph.LongFloydWarshall;
import fwbench.graph.RealFloydWarshall;
import fwbench.graph.RealGraph;
import fwbench.graph.ReferenceFloydWarshall;

/**
 * The CPU oracle's distances of a graph for cells of a given type ({@link CellType}), the one
 * entry to the three oracles of fwbench.graph, which share no code with any kernel or solver:
 * integer cells from the integer oracle of their width ({@link ReferenceFloydWarshall}, int32, any
 * sign of weights; {@link LongFloydWarshall}, int64, weights >= 0), exact; real cells of either
 * width from the float64 oracle ({@link RealFloydWarshall}), against which they are checked
 * within a tolerance.
 */
public final class ReferenceDistances {

    private ReferenceDistances() {
    }

    /**
     * The reference for {@code cells} (integer cells; packed16's are read back as int32) of a graph
     * of integer weights: the int32 oracle's distances for cells of 32 bits or fewer, the int64
     * oracle's for wider ones.
     */
    public static DistanceMatrix of(Graph graph, CellType cells) {
        CellType host = cells.hostCells();
        if (host.real()) throw new IllegalArgumentException(cells.word() + " cells hold real weights' distances: their reference is of a RealGraph");
        return host.bits() <= Integer.SIZE ? DistanceMatrix.of(graph.n(), ReferenceFloydWarshall.distances(graph))
                : DistanceMatrix.of(graph.n(), LongFloydWarshall.distances(graph));
    }

    /** The reference for {@code cells} (real cells, float32 or float64) of a graph of real weights: the float64 oracle's distances. */
    public static DistanceMatrix of(RealGraph graph, CellType cells) {
        if (!cells.real()) throw new IllegalArgumentException(cells.word() + " cells hold integer distances: their reference is of an integer Graph");
        return DistanceMatrix.of(graph.n(), RealFloydWarshall.distances(graph));
    }

    /** The oracle that gives the reference in {@code cells}, for messages: "the CPU reference" (int32's), "the int64 CPU reference", ... */
    public static String name(CellType cells) {
        return cells == CellType.INT32 ? "the CPU reference" : "the " + cells.word() + " CPU reference";
    }
}
