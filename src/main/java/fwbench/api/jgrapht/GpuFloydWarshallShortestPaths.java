package fwbench.api.jgrapht;

import fwbench.api.Apsp;
import fwbench.api.ApspGraph;
import fwbench.api.ApspOptions;
import fwbench.api.ApspResult;
import fwbench.api.NegativeCycleException;
import org.jgrapht.Graph;
import org.jgrapht.GraphPath;
import org.jgrapht.Graphs;
import org.jgrapht.alg.interfaces.ShortestPathAlgorithm;
import org.jgrapht.alg.shortestpath.NegativeCycleDetectedException;
import org.jgrapht.graph.GraphWalk;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * JGraphT's {@link ShortestPathAlgorithm} on fwbench's solve: a drop-in for JGraphT's
 * {@code FloydWarshallShortestPaths}, which is one line to switch:
 * {@code new FloydWarshallShortestPaths<>(g)} becomes {@code new GpuFloydWarshallShortestPaths<>(g)}.
 *
 * <p>As JGraphT's, it takes the vertices when constructed and solves once, on the first query, with
 * routes: every edge's {@code getEdgeWeight} (an undirected edge both ways; parallel edges keep the
 * lightest; an edge of weight +infinity is no edge), on the GPU where there is one
 * ({@link Apsp#solve}). Whole weights whose distances fit int32 are solved exactly in int32, on the
 * GPU's fastest variants; any other weights in float64 by the CPU reference, unless the options
 * allow float32 ({@link ApspOptions#float32(boolean)}). A path between two consecutive vertices
 * takes the lightest edge; the path's weight is the distance solved.
 *
 * <p>Like JGraphT's: a vertex not in the graph is an IllegalArgumentException ("Graph must contain
 * the source vertex!", "... the sink vertex!"); no path is a null {@link #getPath} and a
 * {@link #getPathWeight} of {@code Double.POSITIVE_INFINITY}; a vertex's path to itself is the
 * one-vertex walk of weight 0. Unlike JGraphT's Floyd-Warshall, which returns meaningless distances
 * on a negative cycle, it throws JGraphT's {@link NegativeCycleDetectedException} ("Graph contains
 * a negative-weight cycle", as Bellman-Ford does), with the cycle where it was found (whole
 * weights); a negative self-loop is such a cycle. A NaN or -infinity weight is an
 * IllegalArgumentException, as is a real |w| beyond float32's largest value (3.4028235E38).
 * Not thread-safe for a graph that changes; the solve itself runs once.
 */
public final class GpuFloydWarshallShortestPaths<V, E> implements ShortestPathAlgorithm<V, E> {

    /** JGraphT's messages (BaseShortestPathAlgorithm's, which is not public). */
    static final String NEGATIVE_CYCLE = "Graph contains a negative-weight cycle";
    static final String NO_SOURCE = "Graph must contain the source vertex!";
    static final String NO_SINK = "Graph must contain the sink vertex!";

    private final Graph<V, E> graph;
    private final ApspOptions options;
    private final List<V> vertices;
    private final Map<V, Integer> index;
    private ApspResult result;

    /** With the default options: the GPU where there is one, the answer verified. */
    public GpuFloydWarshallShortestPaths(Graph<V, E> graph) {
        this(graph, ApspOptions.defaults());
    }

    /** With these options (routes are always on: paths are rebuilt from them). */
    public GpuFloydWarshallShortestPaths(Graph<V, E> graph, ApspOptions options) {
        this.graph = graph;
        this.options = options.routes(true);
        this.vertices = new ArrayList<>(graph.vertexSet());
        this.index = new HashMap<>(vertices.size() * 2);
        for (V v : vertices) index.put(v, index.size());
    }

    @Override
    public GraphPath<V, E> getPath(V source, V sink) {
        int i = sourceIndex(source), j = sinkIndex(sink);
        ApspResult solved = result();
        if (i == j) return GraphWalk.singletonWalk(graph, source, 0d);
        if (!solved.reachable(i, j)) return null;
        List<V> walk = new ArrayList<>();
        for (int v : solved.path(i, j)) walk.add(vertices.get(v));
        return new GraphWalk<>(graph, source, sink, walk, edgesAlong(walk), solved.distance(i, j));
    }

    @Override
    public double getPathWeight(V source, V sink) {
        int i = sourceIndex(source), j = sinkIndex(sink);
        return result().distance(i, j);
    }

    /** The paths from {@code source}, each looked up on demand (the vertices are checked then, as JGraphT's Floyd-Warshall does). */
    @Override
    public SingleSourcePaths<V, E> getPaths(V source) {
        return new SingleSourcePaths<>() {
            @Override
            public Graph<V, E> getGraph() {
                return graph;
            }

            @Override
            public V getSourceVertex() {
                return source;
            }

            @Override
            public double getWeight(V sink) {
                return getPathWeight(source, sink);
            }

            @Override
            public GraphPath<V, E> getPath(V sink) {
                return GpuFloydWarshallShortestPaths.this.getPath(source, sink);
            }
        };
    }

    /** Who solved the graph: a variant's name, or "reference" for the CPU oracle (solving it now, if not yet). */
    public String variant() {
        return result().variant();
    }

    /** The cell type the distances were computed in: INT32 for whole weights, else FLOAT64 (FLOAT32 where allowed). */
    public ApspResult.Cells cells() {
        return result().cells();
    }

    /** The solve, made on the first query. */
    private synchronized ApspResult result() {
        if (result != null) return result;
        try {
            result = Apsp.solve(weights(), options);
        } catch (NegativeCycleException e) {
            GraphPath<V, E> cycle = e.cycle().map(this::cycleWalk).orElse(null);
            String what = cycle == null ? "vertex " + vertices.get(e.vertex()) + " reaches one"
                    : cycle.getVertexList().stream().map(String::valueOf).collect(Collectors.joining(" -> ")) + " of weight " + cycle.getWeight();
            NegativeCycleDetectedException thrown = new NegativeCycleDetectedException(NEGATIVE_CYCLE + ": " + what, cycle);
            thrown.initCause(e);
            throw thrown;
        }
        return result;
    }

    /**
     * The graph's edges as an ApspGraph: whole weights (an integer graph, int32 distances) while every
     * weight is whole and no simple path can reach int32's INF; else real ones. Two passes over the
     * edges (the first decides), so that no copy of them is kept.
     */
    private ApspGraph weights() {
        boolean whole = true;
        double maxAbs = 0;
        for (V from : vertices) {
            for (E e : graph.outgoingEdgesOf(from)) {
                double w = graph.getEdgeWeight(e);
                if (Double.isNaN(w) || w == Double.NEGATIVE_INFINITY) {
                    throw new IllegalArgumentException("edge " + e + " weighs " + w + ": a weight must be a number, +infinity for no edge");
                }
                if (w == Double.POSITIVE_INFINITY) continue;
                whole &= w == Math.rint(w);
                maxAbs = Math.max(maxAbs, Math.abs(w));
            }
        }
        // int32 distances stay below 2^30 - 1: (n - 1) x max |w| must too, else the weights are solved as reals
        boolean integers = whole && (vertices.size() - 1) * maxAbs < ApspGraph.INTEGER_LIMIT;
        ApspGraph.Builder builder = ApspGraph.builder(Math.max(1, vertices.size()));
        for (V from : vertices) {
            int i = index.get(from);
            for (E e : graph.outgoingEdgesOf(from)) {
                double w = graph.getEdgeWeight(e);
                if (w == Double.POSITIVE_INFINITY) continue;  // no edge, as JGraphT's Floyd-Warshall reads it
                int j = index.get(Graphs.getOppositeVertex(graph, e, from));
                if (integers) builder.edge(i, j, (long) w);
                else builder.edge(i, j, w);
            }
        }
        return builder.build();
    }

    /** The lightest edge between each two consecutive vertices of a walk. */
    private List<E> edgesAlong(List<V> walk) {
        List<E> edges = new ArrayList<>(walk.size() - 1);
        for (int s = 0; s + 1 < walk.size(); s++) edges.add(lightestEdge(walk.get(s), walk.get(s + 1)));
        return edges;
    }

    private E lightestEdge(V from, V to) {
        E lightest = null;
        for (E e : graph.getAllEdges(from, to)) {
            if (lightest == null || Double.compare(graph.getEdgeWeight(e), graph.getEdgeWeight(lightest)) < 0) lightest = e;
        }
        if (lightest == null) throw new IllegalStateException("no edge " + from + " -> " + to + ": the graph changed after it was solved");
        return lightest;
    }

    /** A negative cycle as a closed walk of the graph, its weight the sum of its lightest edges. */
    private GraphPath<V, E> cycleWalk(List<Integer> cycle) {
        List<V> walk = new ArrayList<>();
        for (int v : cycle) walk.add(vertices.get(v));
        walk.add(walk.get(0));
        List<E> edges = edgesAlong(walk);
        double weight = edges.stream().mapToDouble(graph::getEdgeWeight).sum();
        return new GraphWalk<>(graph, walk.get(0), walk.get(0), walk, edges, weight);
    }

    private int sourceIndex(V source) {
        Integer i = index.get(source);
        if (i == null || !graph.containsVertex(source)) throw new IllegalArgumentException(NO_SOURCE);
        return i;
    }

    private int sinkIndex(V sink) {
        Integer j = index.get(sink);
        if (j == null || !graph.containsVertex(sink)) throw new IllegalArgumentException(NO_SINK);
        return j;
    }
}
