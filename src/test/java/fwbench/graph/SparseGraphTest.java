package fwbench.graph;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** A graph kept as its edges answers every question as the same graph as a matrix does, and makes the matrix only when asked. */
class SparseGraphTest {

    /** Random edges with parallel edges, self-loops of every sign and, for some seeds, every pair. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6})
    void answersAsTheMatrixOfItsLightestEdges(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int n = 1 + random.nextInt(30);
        boolean everyPair = seed % 3 == 0, negative = seed % 2 == 0;
        int count = everyPair ? n * n + n : random.nextInt(3 * n);
        int[] edges = new int[3 * count];
        int[] matrix = new int[n * n];
        Arrays.fill(matrix, Distances.INF);
        for (int i = 0; i < n; i++) matrix[i * n + i] = 0;
        for (int e = 0; e < count; e++) {
            int i = everyPair && e < n * n ? e / n : random.nextInt(n), j = everyPair && e < n * n ? e % n : random.nextInt(n);
            int w = random.nextInt(negative ? -5 : 1, 100);
            edges[3 * e] = i;
            edges[3 * e + 1] = j;
            edges[3 * e + 2] = w;
            if (i == j && w >= 0) continue;  // a self-loop of weight >= 0 never shortens a path
            matrix[i * n + j] = Math.min(matrix[i * n + j], w);
        }
        SparseGraph sparse = SparseGraph.lightestEdges(n, edges, count, "sparse");
        MatrixGraph dense = new MatrixGraph(n, matrix, "dense");
        assertArrayEquals(dense.weights(), sparse.weights());
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) assertEquals(dense.weight(i, j), sparse.weight(i, j), i + "," + j);
        assertEquals(dense.positiveWeights(), sparse.positiveWeights());
        assertEquals(dense.negativeWeights(), sparse.negativeWeights());
        assertEquals(dense.maxWeight(), sparse.maxWeight());
        assertEquals(dense.complete(), sparse.complete());
        long stored = Arrays.stream(matrix).filter(w -> w != Distances.INF).count() - Arrays.stream(diagonal(matrix, n)).filter(w -> w == 0).count();
        assertEquals(stored, sparse.edges());
    }

    private static int[] diagonal(int[] matrix, int n) {
        int[] d = new int[n];
        for (int i = 0; i < n; i++) d[i] = matrix[i * n + i];
        return d;
    }

    @Test
    void keepsTheLightestOfParallelEdgesAndOnlyNegativeSelfLoops() {
        int[] edges = {0, 1, 7, 0, 1, 3, 0, 1, 9, 2, 2, 4, 1, 1, -2};
        SparseGraph g = SparseGraph.lightestEdges(3, edges, 5, "g");
        assertEquals(3, g.weight(0, 1));
        assertEquals(0, g.weight(2, 2));
        assertEquals(-2, g.weight(1, 1));
        assertEquals(2, g.edges());
        assertEquals(3, g.maxAbsWeight());
    }
}
