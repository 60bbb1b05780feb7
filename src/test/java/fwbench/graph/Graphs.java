package fwbench.graph;

import java.util.Arrays;

/** Small graphs for tests. */
public final class Graphs {
    private Graphs() {
    }

    /** Report 003's 6x6 worked example (note the zero-weight edge 0 -> 4). */
    public static final int[][] REPORT_003_WEIGHTS = {
            {0, 41, 67, 34, 0, 69},
            {24, 0, 78, 58, 62, 64},
            {5, 45, 0, 81, 27, 61},
            {91, 95, 42, 0, 27, 36},
            {91, 4, 2, 53, 0, 92},
            {82, 21, 16, 18, 95, 0}};
    public static final int[][] REPORT_003_DISTANCES = {
            {0, 4, 2, 34, 0, 63},
            {24, 0, 26, 58, 24, 64},
            {5, 9, 0, 39, 5, 61},
            {34, 31, 29, 0, 27, 36},
            {7, 4, 2, 41, 0, 63},
            {21, 21, 16, 18, 21, 0}};
    /** The report's "simple implementation" table: 7 = n + 1 marks "no intermediate". */
    public static final int[][] REPORT_003_INTERMEDIATES = {
            {7, 4, 4, 7, 7, 4},
            {7, 7, 4, 7, 0, 7},
            {7, 4, 7, 0, 0, 7},
            {4, 4, 4, 7, 7, 7},
            {2, 7, 7, 2, 7, 2},
            {2, 7, 7, 7, 2, 7}};

    public static int[] flatten(int[][] m) {
        return Arrays.stream(m).flatMapToInt(Arrays::stream).toArray();
    }

    public static MatrixGraph report003() {
        return new MatrixGraph(6, flatten(REPORT_003_WEIGHTS), "report 003's 6x6 example");
    }

    /** n vertices, no edges. */
    public static MatrixGraph empty(int n) {
        int[] w = new int[n * n];
        Arrays.fill(w, Distances.INF);
        for (int i = 0; i < n; i++) w[i * n + i] = 0;
        return new MatrixGraph(n, w, "empty graph, n=" + n);
    }

    /** Every edge present with weight w. */
    public static MatrixGraph complete(int n, int weight) {
        int[] w = new int[n * n];
        Arrays.fill(w, weight);
        for (int i = 0; i < n; i++) w[i * n + i] = 0;
        return new MatrixGraph(n, w, "complete graph, n=" + n);
    }

    /** Edges i -> i+1 (mod n) of weight 1: d(i, j) = (j - i) mod n. */
    public static MatrixGraph directedCycle(int n) {
        MatrixGraph e = empty(n);
        int[] w = e.weights();
        for (int i = 0; i < n; i++) if (n > 1) w[i * n + (i + 1) % n] = 1;
        return new MatrixGraph(n, w, "directed cycle, n=" + n);
    }

    /** Two complete halves with no edge between them: pairs across are unreachable. */
    public static MatrixGraph twoComponents(int n) {
        int[] w = empty(n).weights();
        int half = n / 2;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (i != j && (i < half) == (j < half)) w[i * n + j] = 1 + (i * 7 + j * 3) % 5;
        return new MatrixGraph(n, w, "two components, n=" + n);
    }
}
