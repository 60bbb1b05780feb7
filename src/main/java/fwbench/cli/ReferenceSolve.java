package fwbench.cli;

import fwbench.graph.Graph;
import fwbench.graph.NegativeCycle;
import fwbench.graph.RealFloydWarshall;
import fwbench.graph.RealGraph;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.graph.ShortestPaths;
import fwbench.graph.io.GraphFile;
import fwbench.graph.io.Solution;
import fwbench.usage.UsageException;
import fwbench.verify.PathCheck;
import fwbench.verify.VerificationFailure;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * {@code solve} on the CPU reference (int32, or float64 for real weights) when no variant takes
 * the graph, with its own checks, and the negative cycle a solve shows, named on stderr.
 */
final class ReferenceSolve {

    /** Pairs whose rebuilt path is checked after a reference solve with --paths. */
    static final int SAMPLED_PATHS = 2000;

    private final Path graphFile;
    private final boolean paths;
    private final boolean noVerify;
    private final Progress progress;
    private final SolveVariants variants;

    ReferenceSolve(Path graphFile, boolean paths, boolean noVerify, Progress progress, SolveVariants variants) {
        this.graphFile = graphFile;
        this.paths = paths;
        this.noVerify = noVerify;
        this.progress = progress;
        this.variants = variants;
    }

    /** The int32 CPU reference's solution, checked; empty after a negative cycle, named on stderr. */
    Optional<Solution> solve(GraphFile file, PrintWriter err) throws UsageException {
        variants.requireReferenceHeap(file);
        Graph graph = file.graph();
        int n = graph.n();
        int[] distances;
        ShortestPaths withPaths = null;
        String stage = "solving with the CPU reference (ReferenceFloydWarshall, " + Runtime.getRuntime().availableProcessors() + " threads)";
        if (paths) {
            withPaths = progress.timed(stage, () -> ReferenceFloydWarshall.shortestPaths(graph));
            distances = withPaths.distances();
        } else {
            distances = progress.timed(stage, () -> ReferenceFloydWarshall.distances(graph));
        }
        progress.line("solved in " + progress.lastTime());
        int diagonal = negativeDiagonal(n, distances);
        if (diagonal >= 0) {
            reportNegativeCycle(file, diagonal, "vertex " + (diagonal + file.firstVertex()) + " has a negative distance to itself", err);
            return Optional.empty();
        }
        if (noVerify) {
            progress.line("not verified (--no-verify)");
        } else if (paths) {
            ShortestPaths result = withPaths;
            String how = progress.timed("verifying", () -> checkSampledPaths(graph, result));
            progress.line("verified in " + progress.lastTime() + ": " + how);
        } else {
            progress.line("not re-checked: the CPU reference is the oracle the variants are checked against (itself tested against JGraphT)");
        }
        return Optional.of(new Solution(n, file.firstVertex(), distances, paths ? withPaths.intermediates() : null));
    }

    /**
     * Names a negative cycle of the graph on stderr (found on the CPU by {@link NegativeCycle}),
     * after a solve that showed one: {@code evidence} says how, {@code vertex} reaches the cycle.
     */
    void reportNegativeCycle(GraphFile file, int vertex, String evidence, PrintWriter err) {
        Graph graph = file.graph();
        Optional<List<Integer>> cycle = progress.timed(evidence + ": looking for the negative cycle", () -> NegativeCycle.find(graph));
        String what = cycle.map(c -> "negative cycle " + describeCycle(c, file.firstVertex()) + " of length " + NegativeCycle.length(graph, c))
                .orElse("vertex " + (vertex + file.firstVertex()) + " reaches a cycle of negative length");
        err.println("fwbench solve: " + graphFile + " has a " + what + " (vertices numbered as in the file): shortest paths are undefined; nothing written");
        err.flush();
    }

    /**
     * Solves a graph of real weights with the float64 CPU reference, and writes its distances as
     * float32; a negative distance from a vertex to itself (a negative cycle) writes nothing.
     */
    Optional<Solution> solveReal(GraphFile file, PrintWriter err) throws UsageException {
        variants.requireReferenceHeap(file);
        RealGraph graph = file.realGraph();
        int n = graph.n();
        int[] intermediates = paths ? new int[n * n] : null;
        String stage = "solving with the float64 CPU reference (RealFloydWarshall, " + Runtime.getRuntime().availableProcessors() + " threads)";
        double[] distances = progress.timed(stage, () -> paths ? RealFloydWarshall.distances(graph, intermediates) : RealFloydWarshall.distances(graph));
        progress.line("solved in " + progress.lastTime());
        for (int v = 0; v < n; v++) {
            if (distances[v * n + v] < 0) {
                err.println("fwbench solve: " + graphFile + ": vertex " + (v + file.firstVertex()) + " reaches a cycle of negative length "
                        + "(vertices numbered as in the file): shortest paths are undefined; nothing written");
                err.flush();
                return Optional.empty();
            }
        }
        if (noVerify) {
            progress.line("not verified (--no-verify)");
        } else if (paths) {
            String how = progress.timed("verifying", () -> checkSampledRealPaths(graph, distances, intermediates));
            progress.line("verified in " + progress.lastTime() + ": " + how);
        } else {
            progress.line("not re-checked: the float64 CPU reference is the oracle kleene-f32 is checked against");
        }
        float[] written = new float[distances.length];
        for (int c = 0; c < written.length; c++) written[c] = (float) distances[c];
        return Optional.of(Solution.real(n, file.firstVertex(), written, intermediates));
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

    /** "3 -> 1 -> 2 -> 3", in the file's numbering; a long cycle is shortened in the middle. */
    static String describeCycle(List<Integer> cycle, int firstVertex) {
        List<String> shown = new ArrayList<>();
        int size = cycle.size();
        for (int s = 0; s <= size; s++) {
            if (size > 12 && s == 6) {
                shown.add("... (" + (size - 10) + " more)");
                s = size - 4;
            }
            shown.add(String.valueOf(cycle.get(s % size) + firstVertex));
        }
        return String.join(" -> ", shown);
    }
}
