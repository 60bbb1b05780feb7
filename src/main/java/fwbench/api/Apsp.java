package fwbench.api;

import fwbench.graph.RealGraph;
import fwbench.solve.NegativeCycleFound;
import fwbench.solve.Progress;
import fwbench.solve.Solve;
import fwbench.solve.SolveFailure;
import fwbench.solve.SolveInput;
import fwbench.solve.SolveRequest;
import fwbench.usage.UsageException;

/**
 * All-pairs shortest paths of a graph, on the GPU where there is one: the library's entry point.
 * <pre>
 *   ApspGraph graph = ApspGraph.builder(4).edge(0, 1, 5).edge(1, 2, -2).edge(0, 2, 4).build();
 *   ApspResult result = Apsp.solve(graph, ApspOptions.defaults().routes(true));
 *   result.distance(0, 2);   // 3.0
 *   result.path(0, 2);       // [0, 1, 2]
 *   result.distance(2, 0);   // Infinity: no path
 * </pre>
 *
 * <p>It runs {@code solve}'s pipeline: the fastest GPU variant that takes the graph (the next
 * where one refuses it; for integer weights only), the CPU without a GPU, device memory and the
 * heap checked before any n x n matrix is made, the answer verified before it is returned (every
 * cell against the CPU reference up to n = 2048, else the shortest-path certificate;
 * {@link ApspResult#verification()} says which). docs/library.md has the details.
 *
 * <p>Throws {@link NegativeCycleException} for a negative cycle, {@link ApspException} where the
 * graph cannot be solved as asked (no GPU for {@link ApspOptions.Device#GPU}, too large for the
 * heap or the device, a failed check), IllegalArgumentException for bad options.
 */
public final class Apsp {

    /** How often a long stage says it is still running, where progress lines are asked for. */
    private static final long TICK_MILLIS = 5_000;

    private Apsp() {
    }

    /** Distances only, with {@link ApspOptions#defaults()}. */
    public static ApspResult solve(ApspGraph graph) {
        return solve(graph, ApspOptions.defaults());
    }

    /** The graph's shortest paths, solved as the options say. */
    public static ApspResult solve(ApspGraph graph, ApspOptions options) {
        if (options.float32() && graph.realWeights()) requireFloat32(graph);
        SolveRequest request = SolveRequest.forLibrary(options.routes(), options.variant().orElse(null), options.verify(), device(options.device()),
                options.float32());
        Progress progress = options.progress().map(lines -> new Progress(lines, "", TICK_MILLIS)).orElseGet(Progress::silent);
        String summary = "the graph: n=" + graph.n() + ", " + graph.edges() + (graph.edges() == 1 ? " edge" : " edges")
                + (graph.realWeights() ? " of real weights" : " of integer weights");
        SolveInput input = new SolveInput("the graph", 0, graph.integerGraph(), graph.realGraph(), summary);
        try {
            return new ApspResult(Solve.prepare(request, progress).solve(input));
        } catch (NegativeCycleFound e) {
            // a vertex on the cycle where it is known; else the one whose distance to itself fell below 0
            int vertex = e.cycle().map(c -> c.get(0)).orElse(e.vertex());
            throw new NegativeCycleException(e.getMessage() + ": shortest paths are undefined", vertex, e.cycle(), e);
        } catch (UsageException | SolveFailure e) {
            throw new ApspException(e.getMessage(), e);
        }
    }

    private static SolveRequest.Device device(ApspOptions.Device device) {
        return switch (device) {
            case AUTO -> SolveRequest.Device.ANY;
            case GPU -> SolveRequest.Device.GPU;
            case CPU -> SolveRequest.Device.CPU;
        };
    }

    /**
     * What float32 needs of real weights, as {@code solve} asks of a file: |w| 0 or in float32's
     * normal range (kleene-f32's error bound assumes it), and no simple path beyond half of float32's
     * largest value.
     */
    private static void requireFloat32(ApspGraph graph) {
        if (graph.smallestRealWeight() < RealGraph.MIN_ABS_WEIGHT) {
            throw new IllegalArgumentException("float32 was asked for, and a weight of " + graph.smallestRealWeight() + " is too close to 0 for it: |w| must be 0 or at least "
                    + Float.MIN_NORMAL + " (float32's smallest normal value)");
        }
        double bound = (graph.n() - 1) * graph.realGraph().maxAbsWeight();
        if (bound > RealGraph.MAX_ABS_WEIGHT / 2) {
            throw new IllegalArgumentException("float32 was asked for, and a simple path of n - 1 = " + (graph.n() - 1) + " edges of up to |w| = "
                    + graph.realGraph().maxAbsWeight() + " could weigh " + bound + ", above " + (float) (RealGraph.MAX_ABS_WEIGHT / 2)
                    + " (half of float32's largest value)");
        }
    }
}
