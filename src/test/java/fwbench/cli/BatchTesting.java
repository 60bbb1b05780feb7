package fwbench.cli;

import fwbench.graph.Distances;
import fwbench.graph.io.BatchSolutionFiles;
import fwbench.graph.io.GraphFileException;
import fwbench.graph.io.Solution;
import org.jgrapht.Graph;
import org.jgrapht.alg.shortestpath.FloydWarshallShortestPaths;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleDirectedWeightedGraph;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/** Batches for the tests of solve on many graphs: weights written as .gedges, and JGraphT's Floyd-Warshall as the oracle. */
final class BatchTesting {

    /** Sizes that are multiples of no tile, and small-graphs' size classes' edges. */
    static final int[] MIXED_SIZES = {1, 7, 33, 100, 128};

    private BatchTesting() {
    }

    /**
     * n x n weights, INF for no edge: about a third of the pairs an edge of weight 0..2 (zero-weight
     * edges and cycles, many ties), the last vertex with no edge out (unreachable pairs).
     */
    static int[] weights(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] w = new int[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) w[i * n + j] = i == j ? 0 : i < n - 1 && random.nextInt(10) < 3 ? random.nextInt(3) : Distances.INF;
        }
        return w;
    }

    /** Writes the graphs as lines 'g u v w', each graph ending with the self-loop 'g n-1 n-1 0' that sets its n. */
    static Path writeGraphColumn(Path file, List<int[]> graphs) throws IOException {
        StringBuilder text = new StringBuilder("# graph source target weight\n");
        for (int g = 0; g < graphs.size(); g++) {
            int[] w = graphs.get(g);
            int n = (int) Math.round(Math.sqrt(w.length));
            for (int x = 0; x < w.length; x++) {
                if (x / n != x % n && w[x] < Distances.INF) text.append(g).append(' ').append(x / n).append(' ').append(x % n).append(' ').append(w[x]).append('\n');
            }
            text.append(g).append(' ').append(n - 1).append(' ').append(n - 1).append(" 0\n");
        }
        return Files.writeString(file, text);
    }

    /** The batch of {@link #MIXED_SIZES}, seeded by size. */
    static List<int[]> mixed() {
        List<int[]> graphs = new ArrayList<>();
        for (int n : MIXED_SIZES) graphs.add(weights(n, 1000 + n));
        return graphs;
    }

    /** JGraphT's all-pairs distances of the weights, INF where no path: an oracle that shares no code with fwbench. */
    static int[] jgraphtDistances(int[] w) {
        int n = (int) Math.round(Math.sqrt(w.length));
        Graph<Integer, DefaultWeightedEdge> g = new SimpleDirectedWeightedGraph<>(DefaultWeightedEdge.class);
        for (int v = 0; v < n; v++) g.addVertex(v);
        for (int x = 0; x < w.length; x++) {
            if (x / n != x % n && w[x] < Distances.INF) g.setEdgeWeight(g.addEdge(x / n, x % n), w[x]);
        }
        FloydWarshallShortestPaths<Integer, DefaultWeightedEdge> fw = new FloydWarshallShortestPaths<>(g);
        int[] d = new int[n * n];
        for (int x = 0; x < d.length; x++) {
            double weight = fw.getPathWeight(x / n, x % n);
            d[x] = Double.isInfinite(weight) ? Distances.INF : (int) weight;
        }
        return d;
    }

    /** Asserts that every graph of the batch file holds JGraphT's distances. */
    static void assertOracleDistances(Path batchFile, List<int[]> graphs) throws GraphFileException {
        assertEquals(graphs.size(), BatchSolutionFiles.count(batchFile));
        for (int g = 0; g < graphs.size(); g++) {
            Solution s = BatchSolutionFiles.readGraph(batchFile, g);
            int[] expected = jgraphtDistances(graphs.get(g));
            assertEquals(expected.length, s.distances().length, "graph " + g + ": cells");
            for (int x = 0; x < expected.length; x++) {
                if (expected[x] != s.distances()[x]) fail("graph " + g + " (n=" + s.n() + "): cell " + x + " is " + s.distances()[x] + ", JGraphT " + expected[x]);
            }
        }
    }
}
