package fwbench.graph.cell;

import fwbench.graph.Graph;
import fwbench.graph.LongFloydWarshall;
import fwbench.graph.RealFloydWarshall;
import fwbench.graph.RealGraph;
import fwbench.graph.ReferenceFloydWarshall;

/**
 * The CPU oracle's distances of a graph for cells of a given type, the one entry to the three
 * oracles of fwbench.graph, which share no code with any kernel or solver: integer cells from the
 * integer oracle of their width ({@link ReferenceFloydWarshall}, int32, any sign of weights;
 * {@link LongFloydWarshall}, int64, weights >= 0), exact; real cells of either width from the
 * float64 oracle ({@link RealFloydWarshall}), against which they are checked within a tolerance.
 */
public final class ReferenceDistances {

    private ReferenceDistances() {
    }

    /** The reference for {@code cells} (integer cells) of a graph of integer weights. */
    public static DistanceMatrix of(Graph graph, DistanceCells cells) {
        return switch (cells) {
            case INT32 -> DistanceMatrix.of(graph.n(), ReferenceFloydWarshall.distances(graph));
            case INT64 -> DistanceMatrix.of(graph.n(), LongFloydWarshall.distances(graph));
            case FLOAT32, FLOAT64 -> throw new IllegalArgumentException(cells.word() + " cells hold real weights' distances: their reference is of a RealGraph");
        };
    }

    /** The reference for {@code cells} (real cells, float32 or float64) of a graph of real weights: the float64 oracle's distances. */
    public static DistanceMatrix of(RealGraph graph, DistanceCells cells) {
        if (!cells.real()) throw new IllegalArgumentException(cells.word() + " cells hold integer distances: their reference is of an integer Graph");
        return DistanceMatrix.of(graph.n(), RealFloydWarshall.distances(graph));
    }

    /** The oracle that gives the reference in {@code cells}, for messages: "the CPU reference" (int32's), "the int64 CPU reference", ... */
    public static String name(DistanceCells cells) {
        return cells == DistanceCells.INT32 ? "the CPU reference" : "the " + cells.word() + " CPU reference";
    }
}
