package fwbench.graph;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NegativeCycleTest {

    /** A real simple cycle of the graph with negative length. */
    static void assertNegativeCycle(Graph graph, List<Integer> cycle) {
        assertEquals(cycle.size(), new HashSet<>(cycle).size(), "simple: " + cycle);
        for (int s = 0; s < cycle.size(); s++) {
            int from = cycle.get(s), to = cycle.get((s + 1) % cycle.size());
            assertTrue(graph.weight(from, to) < Distances.INF, "edge " + from + " -> " + to + " of " + cycle);
        }
        assertTrue(NegativeCycle.length(graph, cycle) < 0, cycle + " weighs " + NegativeCycle.length(graph, cycle));
    }

    static MatrixGraph graph(int n, int[][] edges) {
        int[] w = Graphs.empty(n).weights();
        for (int[] e : edges) w[e[0] * n + e[1]] = e[2];
        return new MatrixGraph(n, w, "test graph");
    }

    @Test
    void aVertexWithANegativeDiagonalNeedNotLieOnTheCycle() {
        // 0 <-> 1 weighs 2; 1 -> 2 -> 1 weighs -4. Vertex 0 reaches the cycle and returns: its diagonal goes negative too.
        MatrixGraph g = graph(3, new int[][] {{0, 1, 1}, {1, 0, 1}, {1, 2, 1}, {2, 1, -5}});
        assertEquals(0, ReferenceFloydWarshall.shortestPaths(g).negativeCycleVertex());
        List<Integer> cycle = NegativeCycle.find(g).orElseThrow();
        assertNegativeCycle(g, cycle);
        assertEquals(new HashSet<>(List.of(1, 2)), new HashSet<>(cycle));
    }

    @Test
    void aNegativeSelfLoopIsACycleOfOne() {
        int[] w = Graphs.directedCycle(4).weights();
        w[2 * 4 + 2] = -1;
        assertEquals(List.of(2), NegativeCycle.find(new MatrixGraph(4, w, "self-loop")).orElseThrow());
    }

    @Test
    void negativeEdgesWithoutANegativeCycleFindNone() {
        MatrixGraph g = graph(3, new int[][] {{0, 1, -3}, {1, 2, -3}, {2, 0, 6}});
        assertEquals(Optional.empty(), NegativeCycle.find(g));
    }

    /** 5 to 64 vertices, an eighth of the pairs an edge weighing -6 to 39. */
    static MatrixGraph randomWithNegativeEdges(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int n = 5 + random.nextInt(60);
        int[] w = Graphs.empty(n).weights();
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (i != j && random.nextInt(8) == 0) w[i * n + j] = random.nextInt(-6, 40);
        return new MatrixGraph(n, w, "random, seed " + seed);
    }

    /** Random graphs with negative edges: a cycle is found exactly when the reference's diagonal goes negative, and it is real. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
    void foundExactlyWhenTheDiagonalGoesNegative(int seed) {
        MatrixGraph g = randomWithNegativeEdges(seed);
        boolean negativeDiagonal = ReferenceFloydWarshall.shortestPaths(g).negativeCycleVertex() >= 0;
        Optional<List<Integer>> cycle = NegativeCycle.find(g);
        assertEquals(negativeDiagonal, cycle.isPresent(), g.describe());
        cycle.ifPresent(c -> assertNegativeCycle(g, c));
    }

    @Test
    void theRandomCasesIncludeBoth() {
        int with = 0;
        for (int seed = 1; seed <= 20; seed++) {
            if (NegativeCycle.find(randomWithNegativeEdges(seed)).isPresent()) with++;
        }
        assertNotEquals(0, with, "some random graphs have a negative cycle");
        assertNotEquals(20, with, "some have none");
    }
}
