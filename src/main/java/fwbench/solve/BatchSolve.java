package fwbench.solve;

import fwbench.cell.DistanceMatrix;
import fwbench.cuda.CudaContext;
import fwbench.cuda.DeviceFault;
import fwbench.cuda.Gpu;
import fwbench.graph.Distances;
import fwbench.graph.NegativeCycle;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.graph.ShortestPaths;
import fwbench.graph.SparseGraph;
import fwbench.graph.io.BatchLimits;
import fwbench.graph.io.GraphBatch;
import fwbench.run.HeapCheck;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import fwbench.variant.small.SmallGraphsBatch;
import fwbench.verify.VerificationFailure;
import jcuda.CudaException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Solves a batch of graphs: on a GPU, every graph of integer weights >= 0 in one
 * {@link SmallGraphsBatch} (n <= {@value SmallGraphsBatch#MAX_N}), each checked cell by cell against
 * the CPU reference; without a GPU, with routes (small-graphs gives none) or with
 * {@code reference} named, and for a graph with negative weights (which small-graphs does not take),
 * the CPU reference graph by graph. Graphs with a negative cycle are each named
 * ({@link BatchNegativeCycles}).
 */
public final class BatchSolve {

    /**
     * Heap a cell of the batch takes at the peak: on the GPU the weights handed over, the batch's
     * one array of them, the answer read back and its graph-by-graph copy (four int32); on the CPU
     * less (the answer, and with routes the intermediates).
     */
    public static final int BYTES_PER_CELL = 16;

    private final SolveRequest request;
    private final Progress progress;
    private final boolean gpu;
    /** Why the batch goes to the CPU reference, said once the graphs are read; "" on the GPU. */
    private final String whyCpu;

    private BatchSolve(SolveRequest request, Progress progress, boolean gpu, String whyCpu) {
        this.request = request;
        this.progress = progress;
        this.gpu = gpu;
        this.whyCpu = whyCpu;
    }

    /**
     * A batch pipeline for {@code request}: its variant, if named, must be small-graphs (which needs a
     * GPU and gives no routes) or the CPU reference; refused in one line before any graph is read.
     */
    public static BatchSolve prepare(SolveRequest request, Progress progress) throws UsageException {
        String named = request.variantName() == null ? null : request.variantName().trim().toLowerCase(Locale.ROOT);
        String smallGraphs = Variant.SMALL_GRAPHS.id();
        if (named != null && !named.equals(smallGraphs) && !named.equals(SolveVariants.REFERENCE)) {
            throw new UsageException("a batch of graphs is solved by " + smallGraphs + " or " + SolveVariants.REFERENCE + ", not " + named
                    + "; solve a graph alone (solve --graph FILE) for the other variants");
        }
        Gpu.Probe probe = Gpu.probe();
        if (smallGraphs.equals(named) && !probe.available()) {
            throw new UsageException(smallGraphs + " needs a CUDA device, and there is none (" + probe.reason() + "); leave out "
                    + request.terms().variant() + " to solve the batch on the CPU");
        }
        if (smallGraphs.equals(named) && request.paths()) {
            throw new UsageException(smallGraphs + " computes distances only; with " + request.terms().paths() + " leave out "
                    + request.terms().variant() + ": the CPU reference solves the batch and gives the routes");
        }
        boolean gpu = probe.available() && !request.paths() && !SolveVariants.REFERENCE.equals(named);
        String why = gpu ? "" : "the batch goes to the CPU reference, graph by graph: " + (SolveVariants.REFERENCE.equals(named) ? "named"
                : request.paths() ? smallGraphs + " gives no routes" : "no CUDA device (" + probe.reason() + ")");
        return new BatchSolve(request, progress, gpu, why);
    }

    /** Whether the batch goes through small-graphs on the GPU. */
    public boolean onGpu() {
        return gpu;
    }

    /** What a batch may hold: small-graphs' largest n on the GPU, and as many cells as the heap (and on the GPU one Java array) takes. */
    public BatchLimits limits() {
        HeapCheck.Heap heap = request.heap();
        long heapCells = Math.max(0, HeapCheck.room(heap)) / BYTES_PER_CELL;
        long gib = Math.max(1, (heap.bytes() >> 30) * 2);
        String heapWho = String.format(Locale.ROOT, "what this JVM's heap of %.2f GiB holds (%d bytes a cell: the weights, the answer and their copies)",
                heap.bytes() / (double) (1L << 30), BYTES_PER_CELL);
        String raise = "give it more heap, e.g. " + String.format(Locale.ROOT, heap.raise(), gib);
        if (!gpu) return new BatchLimits(Distances.INT_INDEX_MAX_N, "the CPU reference (a matrix on the host is one Java array)", 1, heapCells, heapWho, raise);
        String who = Variant.SMALL_GRAPHS.id() + " (" + SmallGraphsBatch.MAX_N_WHY + ")";
        int piece = SmallGraphsBatch.ROW_PIECE;  // SmallGraphsBatch holds every graph's weights, rows padded, in one Java array
        if (SmallGraphsBatch.MAX_CELLS < heapCells) return new BatchLimits(SmallGraphsBatch.MAX_N, who, piece, SmallGraphsBatch.MAX_CELLS, "one Java array, which small-graphs uploads", "");
        return new BatchLimits(SmallGraphsBatch.MAX_N, who, piece, heapCells, heapWho, raise);
    }

    /** Every graph's checked answer, in batch order (int32 distances; with routes, the intermediates). */
    public List<SolveResult> solve(GraphBatch batch) throws UsageException, SolveFailure {
        requireHeap(batch);
        if (!gpu) progress.line(whyCpu);
        List<GraphBatch.Member> graphs = batch.graphs();
        SolveResult[] results = new SolveResult[graphs.size()];
        List<Integer> onCpu = new ArrayList<>();
        List<Integer> onGpu = new ArrayList<>();
        for (int g = 0; g < graphs.size(); g++) (gpu && !graphs.get(g).graph().negativeWeights() ? onGpu : onCpu).add(g);
        if (gpu && !onCpu.isEmpty()) {
            progress.line(onCpu.size() + (onCpu.size() == 1 ? " graph has" : " graphs have") + " negative weights, which " + Variant.SMALL_GRAPHS.id()
                    + " does not take: the CPU reference solves " + (onCpu.size() == 1 ? "it" : "them") + " (the first: " + graphs.get(onCpu.get(0)).name() + ")");
        }
        List<NegativeCycleFound> cycles = new ArrayList<>();
        if (!onCpu.isEmpty()) {
            progress.timed("solving " + onCpu.size() + " graphs with the CPU reference (ReferenceFloydWarshall)", () -> {
                for (int g : onCpu) {
                    try {
                        results[g] = reference(graphs.get(g));
                    } catch (NegativeCycleFound e) {
                        cycles.add(e);
                    }
                }
                return null;
            });
            progress.line("solved in " + progress.lastTime());
        }
        if (!cycles.isEmpty()) throw new BatchNegativeCycles(cycles);
        try {
            if (!onGpu.isEmpty()) solveOnGpu(graphs, onGpu, results);
        } catch (VerificationFailure e) {
            throw new SolveFailure(e.getMessage(), e);
        }
        return List.of(results);
    }

    /** Refuses a batch whose matrices and edges do not fit the heap, naming how many of its first graphs do. */
    private void requireHeap(GraphBatch batch) throws UsageException {
        long room = HeapCheck.room(request.heap()) - batch.heapBytes(), cells = 0;
        BatchLimits limits = limits();
        List<GraphBatch.Member> graphs = batch.graphs();
        for (int g = 0; g < graphs.size(); g++) {
            cells += limits.cellsOf(graphs.get(g).graph().n());
            if (cells * BYTES_PER_CELL > room) {
                throw new UsageException(String.format(Locale.ROOT, "%s: the batch's matrices (%d bytes a cell) and edges do not fit in this JVM's heap of %.2f GiB; "
                        + "the largest batch that fits is its first %d graphs; give it more heap: " + request.heap().raise(),
                        batch.source(), BYTES_PER_CELL, request.heap().bytes() / (double) (1L << 30), g, Math.max(1, (request.heap().bytes() >> 30) * 2)));
            }
        }
    }

    /** One graph on the CPU reference, its routes checked on a sample; a negative cycle is thrown, found and named. */
    private SolveResult reference(GraphBatch.Member member) throws NegativeCycleFound {
        SparseGraph graph = member.graph();
        int n = graph.n();
        ShortestPaths withPaths = request.paths() ? ReferenceFloydWarshall.shortestPaths(graph) : null;
        int[] distances = withPaths != null ? withPaths.distances() : ReferenceFloydWarshall.distances(graph);
        int diagonal = ReferenceSolve.negativeDiagonal(n, distances);
        if (diagonal >= 0) {
            Optional<List<Integer>> cycle = NegativeCycle.find(graph);
            throw new NegativeCycleFound(input(member), diagonal, cycle, cycle.map(c -> NegativeCycle.length(graph, c)).orElse(0L));
        }
        boolean checked = request.verify() && withPaths != null;
        String how = checked ? ReferenceSolve.checkSampledPaths(graph, withPaths) : "the CPU reference, the oracle";
        return new SolveResult(SolveVariants.REFERENCE, checked, how, DistanceMatrix.of(n, distances), withPaths != null ? withPaths.intermediates() : null);
    }

    private static SolveInput input(GraphBatch.Member member) {
        return new SolveInput(member.name(), member.firstVertex(), member.graph(), null, null);
    }

    /** The graphs {@code onGpu} through one SmallGraphsBatch, each checked against the CPU reference unless verification is off. */
    private void solveOnGpu(List<GraphBatch.Member> graphs, List<Integer> onGpu, SolveResult[] results) throws UsageException, SolveFailure {
        CudaContext cuda = CudaContext.get();
        long free = cuda.memoryInfo()[0], need = SmallGraphsBatch.deviceBytes(onGpu.stream().mapToInt(g -> graphs.get(g).graph().n()).toArray());
        if (need > free) {
            throw new UsageException(String.format(Locale.ROOT, "the batch needs %,d bytes of device memory (its weights and work matrices, and an N x N scratch "
                            + "square for each graph past %d vertices), and %s has %,d free", need, SmallGraphsBatch.LARGEST_IN_REGISTERS, cuda.device().name(), free));
        }
        List<int[]> weights = new ArrayList<>(onGpu.size());
        for (int g : onGpu) weights.add(graphs.get(g).graph().weights());
        String v = Variant.SMALL_GRAPHS.id();
        int[][] distances;
        try (SmallGraphsBatch batch = progress.timed("copying " + onGpu.size() + " graphs to the device for " + v + " (" + cuda.device().name() + ")",
                () -> new SmallGraphsBatch(weights))) {
            weights.clear();
            progress.timed("solving " + onGpu.size() + " graphs with " + v, () -> {
                batch.solve();
                return null;
            });
            progress.line(String.format(Locale.ROOT, "solved in %s (GPU time %.3f ms)", progress.lastTime(), batch.lastSolveGpuMillis().orElse(0)));
            distances = batch.distances();
        } catch (CudaException e) {
            throw new SolveFailure(DeviceFault.of(v, graphs.get(onGpu.get(0)).graph().n(), e).getMessage(), e);
        }
        String how = request.verify() ? "every cell against the CPU reference" : "not verified (" + request.terms().noVerify() + ")";
        if (request.verify()) {
            progress.timed("verifying " + onGpu.size() + " graphs against the CPU reference", () -> {
                for (int b = 0; b < onGpu.size(); b++) check(graphs.get(onGpu.get(b)), distances[b]);
                return null;
            });
            progress.line("verified in " + progress.lastTime() + ": " + how);
        }
        for (int b = 0; b < onGpu.size(); b++) {
            results[onGpu.get(b)] = new SolveResult(v, request.verify(), how, DistanceMatrix.of(graphs.get(onGpu.get(b)).graph().n(), distances[b]), null);
        }
    }

    /** Fails at graph {@code member}'s first cell that differs from the CPU reference's. */
    private static void check(GraphBatch.Member member, int[] got) {
        int n = member.graph().n();
        int[] expected = ReferenceFloydWarshall.distances(member.graph());
        for (int x = 0; x < expected.length; x++) {
            if (got[x] != expected[x]) {
                throw new VerificationFailure(member.name() + ": small-graphs gives d(" + (x / n + member.firstVertex()) + ", " + (x % n + member.firstVertex()) + ") = "
                        + Distances.format(got[x]) + ", the CPU reference " + Distances.format(expected[x]));
            }
        }
    }
}
