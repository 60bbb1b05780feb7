package fwbench.solve;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.cuda.CudaContext;
import fwbench.cuda.DeviceFault;
import fwbench.cuda.Gpu;
import fwbench.graph.LongFloydWarshall;
import fwbench.graph.SparseGraph;
import fwbench.graph.io.GraphFiles;
import fwbench.run.HeapCheck;
import fwbench.solve.SolveRequest.Device;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.verify.ReferenceDistances;
import fwbench.verify.Verification;
import jcuda.CudaException;

/**
 * A solve in int64 cells, for an integer graph whose distances may pass int32: kleene-i64 on a
 * GPU, its 64-bit distances read back and checked cell by cell against the int64 CPU reference
 * ({@link LongFloydWarshall}); without a GPU (or with {@code --variant reference}) that reference
 * alone. Weights must be >= 0: the step that ends a kleene solve with negative weights works on
 * int32 cells. Every refusal comes before anything is allocated.
 */
final class Int64Solve {

    private static final Variant VARIANT = Variant.KLEENE_I64;

    private final SolveRequest request;
    private final Progress progress;
    private final SolveVariants variants;

    Int64Solve(SolveRequest request, Progress progress, SolveVariants variants) {
        this.request = request;
        this.progress = progress;
        this.variants = variants;
    }

    SolveResult solve(SolveInput input) throws UsageException {
        SparseGraph graph = input.graph();
        String why = input.name() + " is solved in int64 cells";
        if (input.negativeWeights()) {
            throw new UsageException(why + ", and int64 cells take weights >= 0 only (kleene's negative-weight step works on int32 cells); "
                    + input.name() + " has negative ones");
        }
        if (request.paths()) throw new UsageException(why + ", and " + request.terms().paths() + " rebuilds routes from int32 distances only; leave it out");
        String named = request.variantName() == null ? null : request.variantName().trim();
        boolean reference = SolveVariants.REFERENCE.equalsIgnoreCase(named == null ? "" : named);
        if (named != null && !reference && !named.equalsIgnoreCase(VARIANT.id())) {
            throw new UsageException(why + ": " + request.terms().variant() + " " + VARIANT.id() + " or " + SolveVariants.REFERENCE
                    + ", or leave out " + request.terms().variant());
        }
        boolean gpu = !reference && request.device() != Device.CPU && Gpu.probe().available();
        if (input.summary() != null) progress.line(input.summary());
        return gpu ? onGpu(input, graph) : onCpu(input, graph);
    }

    private SolveResult onCpu(SolveInput input, SparseGraph graph) throws UsageException {
        HeapCheck.requireRealFits("the int64 CPU reference", "its int64 n x n matrix", LongFloydWarshall.HEAP_BYTES_PER_CELL,
                input.n(), input.name(), input.heapBytes(), request.heap());
        progress.line(cellsNote(input) + " with the CPU reference");
        DistanceMatrix d = progress.timed("solving with the int64 CPU reference (LongFloydWarshall, " + Runtime.getRuntime().availableProcessors() + " threads)",
                () -> ReferenceDistances.of(graph, CellType.INT64));
        progress.line("solved in " + progress.lastTime());
        String how = request.verify() ? "not re-checked: the int64 CPU reference is the oracle kleene-i64 is checked against"
                : "not verified (" + request.terms().noVerify() + ")";
        progress.line(how);
        return new SolveResult(SolveVariants.REFERENCE, false, how, d, null);
    }

    private SolveResult onGpu(SolveInput input, SparseGraph graph) throws UsageException {
        if (request.verify() && input.n() > Verification.REFERENCE_LIMIT) {
            throw new UsageException(VARIANT + "'s int64 distances are checked cell by cell against the int64 CPU reference, up to n = "
                    + Verification.REFERENCE_LIMIT + ", and " + input.name() + " has n = " + input.n() + ": use " + request.terms().noVerify()
                    + " to write them unchecked, or " + request.terms().variant() + " " + SolveVariants.REFERENCE + " (the CPU)");
        }
        variants.requireDeviceMemory(VARIANT, input);
        // its int64 answer read back, and while it is checked the int64 reference's matrix
        HeapCheck.requireRealFits(VARIANT.toString(), "its int64 answer and the int64 CPU reference's n x n matrix", 2 * LongFloydWarshall.HEAP_BYTES_PER_CELL,
                input.n(), input.name(), input.heapBytes(), request.heap());
        progress.line(cellsNote(input) + " with " + VARIANT);
        try (Solver solver = progress.timed("copying the graph to the device for " + VARIANT + " (" + CudaContext.get().device().name() + ")", true,
                () -> VARIANT.create(SolverConfig.of(graph)))) {
            try {
                progress.timed("solving with " + VARIANT, () -> {
                    solver.reset();
                    solver.solve();
                    return null;
                });
            } catch (CudaException e) {
                throw DeviceFault.of(VARIANT.id(), input.n(), e);
            }
            progress.line("solved in " + progress.lastTime());
            DistanceMatrix d = solver.distanceMatrix();
            String how;
            if (!request.verify()) {
                how = "not verified (" + request.terms().noVerify() + ")";
                progress.line(how);
            } else {
                String subject = VARIANT + " at n=" + input.n() + " (" + graph.describe() + ")";
                how = progress.timed("verifying", () -> Verification.checkCells(subject, graph, d));
                progress.line("verified in " + progress.lastTime() + ": " + how);
            }
            return new SolveResult(VARIANT.id(), request.verify(), how, d, null);
        }
    }

    /** Why the solve is in int64: the graph needs it, or it was asked for. */
    private static String cellsNote(SolveInput input) {
        return GraphFiles.fitsInt32(input.graph()) ? "int64 cells were asked for: solving " + input.name() + " in int64"
                : input.name() + "'s distances may pass int32 ((n - 1) x max |w| = " + GraphFiles.distanceBound(input.graph())
                + "): solving in int64";
    }
}
