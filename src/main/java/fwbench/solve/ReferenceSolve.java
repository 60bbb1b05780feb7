package fwbench.solve;

import fwbench.cell.DistanceMatrix;
import fwbench.graph.Graph;
import fwbench.graph.NegativeCycle;
import fwbench.graph.RealFloydWarshall;
import fwbench.graph.RealGraph;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.graph.ShortestPaths;
import fwbench.usage.UsageException;
import fwbench.verify.PathCheck;
import fwbench.verify.VerificationFailure;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A solve on the CPU reference (int32, or float64 for real weights) when no variant takes the
 * graph, with its own checks, and the negative cycle a solve shows, looked for on the CPU.
 */
final class ReferenceSolve {

    /** Pairs whose rebuilt path is checked after a reference solve with paths. */
    static final int SAMPLED_PATHS = 2000;

    private final SolveRequest request;
    private final Progress progress;
    private final SolveVariants variants;

    ReferenceSolve(SolveRequest request, Progress progress, SolveVariants variants) {
        this.request = request;
        this.progress = progress;
        this.variants = variants;
    }

    /** The int32 CPU reference's solution, checked; a negative cycle is thrown, found and named. */
    SolveResult solve(SolveInput input) throws UsageException, NegativeCycleFound {
        variants.requireReferenceHeap(input);
        Graph graph = input.graph();
        int n = graph.n();
        int[] distances;
        ShortestPaths withPaths = null;
        String stage = "solving with the CPU reference (ReferenceFloydWarshall, " + Runtime.getRuntime().availableProcessors() + " threads)";
        if (request.paths()) {
            withPaths = progress.timed(stage, () -> ReferenceFloydWarshall.shortestPaths(graph));
            distances = withPaths.distances();
        } else {
            distances = progress.timed(stage, () -> ReferenceFloydWarshall.distances(graph));
        }
        progress.line("solved in " + progress.lastTime());
        int diagonal = negativeDiagonal(n, distances);
        if (diagonal >= 0) {
            throw negativeCycle(input, diagonal, "vertex " + (diagonal + input.firstVertex()) + " has a negative distance to itself");
        }
        String how;
        if (!request.verify()) {
            how = "not verified (" + request.terms().noVerify() + ")";
            progress.line(how);
        } else if (request.paths()) {
            ShortestPaths result = withPaths;
            how = progress.timed("verifying", () -> checkSampledPaths(graph, result));
            progress.line("verified in " + progress.lastTime() + ": " + how);
        } else {
            how = "not re-checked: the CPU reference is the oracle the variants are checked against (itself tested against JGraphT)";
            progress.line(how);
        }
        boolean checked = request.verify() && request.paths();
        return new SolveResult(SolveVariants.REFERENCE, checked, how, DistanceMatrix.of(n, distances), request.paths() ? withPaths.intermediates() : null);
    }

    /**
     * The negative cycle of an integer graph (found on the CPU by {@link NegativeCycle}), after a
     * solve that showed one: {@code evidence} says how, {@code vertex} reaches the cycle.
     */
    NegativeCycleFound negativeCycle(SolveInput input, int vertex, String evidence) {
        Graph graph = input.graph();
        Optional<List<Integer>> cycle = progress.timed(evidence + ": looking for the negative cycle", () -> NegativeCycle.find(graph));
        return new NegativeCycleFound(input, vertex, cycle, cycle.map(c -> NegativeCycle.length(graph, c)).orElse(0L));
    }

    /**
     * Solves a graph of real weights with the float64 CPU reference; a negative distance from a
     * vertex to itself (a negative cycle) is thrown, naming the vertex.
     */
    SolveResult solveReal(SolveInput input) throws UsageException, NegativeCycleFound {
        variants.requireReferenceHeap(input);
        RealGraph graph = input.realGraph();
        int n = graph.n();
        int[] intermediates = request.paths() ? new int[n * n] : null;
        String stage = "solving with the float64 CPU reference (RealFloydWarshall, " + Runtime.getRuntime().availableProcessors() + " threads)";
        double[] distances = progress.timed(stage, () -> intermediates != null ? RealFloydWarshall.distances(graph, intermediates) : RealFloydWarshall.distances(graph));
        progress.line("solved in " + progress.lastTime());
        for (int v = 0; v < n; v++) {
            if (distances[v * n + v] < 0) throw new NegativeCycleFound(input, v, Optional.empty(), 0);
        }
        String how;
        if (!request.verify()) {
            how = "not verified (" + request.terms().noVerify() + ")";
            progress.line(how);
        } else if (request.paths()) {
            how = progress.timed("verifying", () -> checkSampledRealPaths(graph, distances, intermediates));
            progress.line("verified in " + progress.lastTime() + ": " + how);
        } else {
            how = "not re-checked: the float64 CPU reference is the oracle kleene-f32 and kleene-f64 are checked against";
            progress.line(how);
        }
        boolean checked = request.verify() && request.paths();
        return new SolveResult(SolveVariants.REFERENCE, checked, how, DistanceMatrix.of(n, distances), intermediates);
    }

    /** Rebuilds sampled paths from the float64 reference's intermediate-node matrix and checks each against the graph. */
    static String checkSampledRealPaths(RealGraph graph, double[] distances, int[] intermediates) {
        int n = graph.n();
        long all = (long) n * n, checked = Math.min(SAMPLED_PATHS, all);
        SplittableRandom random = new SplittableRandom(n);
        for (long s = 0; s < checked; s++) {
            long cell = all <= SAMPLED_PATHS ? s : random.nextLong(all);
            Optional<String> problem = PathCheck.realProblem(graph, distances, intermediates, (int) (cell / n), (int) (cell % n));
            if (problem.isPresent()) throw new VerificationFailure("the float64 CPU reference's intermediate-node matrix is wrong: " + problem.get());
        }
        return (all <= SAMPLED_PATHS ? "all " : "") + checked + (all <= SAMPLED_PATHS ? "" : " sampled")
                + " rebuilt paths are real paths as long as their distances (within float64 rounding)";
    }

    /** Rebuilds sampled paths from the reference's intermediate-node matrix and checks each against the graph. */
    static String checkSampledPaths(Graph graph, ShortestPaths result) {
        int n = graph.n();
        long all = (long) n * n, checked = Math.min(SAMPLED_PATHS, all);
        SplittableRandom random = new SplittableRandom(n);
        for (long s = 0; s < checked; s++) {
            long cell = all <= SAMPLED_PATHS ? s : random.nextLong(all);
            Optional<String> problem = PathCheck.problem(graph, result, (int) (cell / n), (int) (cell % n));
            if (problem.isPresent()) throw new VerificationFailure("the CPU reference's intermediate-node matrix is wrong: " + problem.get());
        }
        return (all <= SAMPLED_PATHS ? "all " : "") + checked + (all <= SAMPLED_PATHS ? "" : " sampled") + " rebuilt paths are real paths as long as their distances";
    }

    /** The first vertex whose distance to itself is negative, or -1. */
    static int negativeDiagonal(int n, int[] distances) {
        for (int v = 0; v < n; v++) if (distances[v * n + v] < 0) return v;
        return -1;
    }
}
