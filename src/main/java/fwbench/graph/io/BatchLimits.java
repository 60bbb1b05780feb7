package fwbench.graph.io;

import fwbench.graph.Distances;

import java.util.Locale;

/**
 * What a batch of graphs may hold, checked while it is read, so that a batch that cannot be solved
 * is refused before the rest is read and before any matrix is made.
 *
 * @param maxN      the largest n of a graph (the solver's, or {@link Distances#INT_INDEX_MAX_N})
 * @param whoMaxN   the solver that sets maxN and why, for the refusal ("small-graphs ... (one thread block a graph)")
 * @param rowPiece  the solver's rows are whole multiples of this many cells (1 for none): a graph of n holds n rows of n rounded up to it
 * @param maxCells  the most cells, summed over the graphs, the batch may hold
 * @param whoCells  what sets maxCells, for the refusal
 * @param raise     how to raise maxCells, the refusal's last words ("" for no advice)
 */
public record BatchLimits(int maxN, String whoMaxN, int rowPiece, long maxCells, String whoCells, String raise) {

    /** No limit but a Java array's. */
    public static final BatchLimits NONE = new BatchLimits(Distances.INT_INDEX_MAX_N, "a matrix on the host is one Java array",
            1, Long.MAX_VALUE, "", "");

    /** The cells a graph of n holds, counted against maxCells. */
    public long cellsOf(int n) {
        return (long) n * ((n + rowPiece - 1) / rowPiece * rowPiece);
    }

    /** Refuses graph {@code name} of n vertices when n is past maxN. */
    void checkN(String name, int n) throws GraphFileException {
        if (n > maxN) throw new GraphFileException(name + " has n = " + n + ": " + whoMaxN + " takes n <= " + maxN);
    }

    /**
     * Refuses graph {@code g} when the cells of the graphs so far, with its own, pass maxCells: the
     * first g graphs are the largest batch of these that fits.
     */
    void checkCells(String name, int g, long cellsWithIt) throws GraphFileException {
        if (cellsWithIt > maxCells) {
            throw new GraphFileException(String.format(Locale.ROOT, "%s takes the batch to %,d matrix cells, past %s; the largest batch that fits is its first %d %s%s",
                    name, cellsWithIt, whoCells, g, g == 1 ? "graph" : "graphs", raise.isEmpty() ? "" : "; " + raise));
        }
    }
}
