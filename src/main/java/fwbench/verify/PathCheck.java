package fwbench.verify;

import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.RealGraph;
import fwbench.graph.ShortestPaths;

import java.util.List;
import java.util.Optional;

/** Checks that the path rebuilt from an intermediate-node matrix is a real path as long as its distance. */
public final class PathCheck {

    private PathCheck() {
    }

    /** Empty when the path from i to j is right, else what is wrong with it. */
    public static Optional<String> problem(Graph graph, ShortestPaths paths, int i, int j) {
        int distance = paths.distance(i, j);
        Optional<List<Integer>> path;
        try {
            path = paths.path(i, j);
        } catch (IllegalStateException e) {
            return Optional.of("path " + i + " -> " + j + ": " + e.getMessage());
        }
        if (path.isEmpty()) {
            return distance >= Distances.INF ? Optional.empty()
                    : Optional.of("path " + i + " -> " + j + ": none rebuilt, but the distance is " + distance);
        }
        List<Integer> vertices = path.get();
        if (vertices.get(0) != i || vertices.get(vertices.size() - 1) != j) {
            return Optional.of("path " + i + " -> " + j + " rebuilt as " + vertices);
        }
        long length = 0;
        for (int s = 1; s < vertices.size(); s++) {
            int w = graph.weight(vertices.get(s - 1), vertices.get(s));
            if (w >= Distances.INF) return Optional.of("path " + i + " -> " + j + " uses the absent edge " + vertices.get(s - 1) + " -> " + vertices.get(s));
            length += w;
        }
        return length == distance ? Optional.empty()
                : Optional.of("path " + i + " -> " + j + " " + vertices + " is " + length + " long, the distance is " + Distances.format(distance));
    }

    /**
     * The same for a graph of real weights and its float64 distances (+infinity: no path): the
     * rebuilt path's length, summed in float64, must be its distance within 2 (n + 1) 2^-53 x the
     * sum of |w| along it (both are sums of the same weights, each with at most n roundings).
     */
    public static Optional<String> realProblem(RealGraph graph, double[] distances, int[] intermediates, int i, int j) {
        int n = graph.n();
        double distance = distances[i * n + j];
        if (i != j && distance == Double.POSITIVE_INFINITY) return Optional.empty();
        List<Integer> vertices;
        try {
            vertices = ShortestPaths.route(n, intermediates, i, j);
        } catch (IllegalStateException e) {
            return Optional.of("path " + i + " -> " + j + ": " + e.getMessage());
        }
        double length = 0, magnitude = 0;
        for (int s = 1; s < vertices.size(); s++) {
            double w = graph.weight(vertices.get(s - 1), vertices.get(s));
            if (w == Double.POSITIVE_INFINITY) return Optional.of("path " + i + " -> " + j + " uses the absent edge " + vertices.get(s - 1) + " -> " + vertices.get(s));
            length += w;
            magnitude += Math.abs(w);
        }
        return Math.abs(length - distance) <= 2.0 * (n + 1) * 0x1p-53 * magnitude ? Optional.empty()
                : Optional.of("path " + i + " -> " + j + " " + vertices + " is " + length + " long, the distance is " + distance);
    }
}
