package fwbench.run;

import fwbench.cuda.DeviceFault;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.io.GraphFiles;
import fwbench.usage.UsageException;
import fwbench.variant.kernelfile.KernelFile;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.Variant;
import fwbench.verify.Verification;
import fwbench.verify.VerificationFailure;
import jcuda.CudaException;

import java.io.PrintStream;
import java.util.List;

/**
 * Before a run with a user's kernel file starts, it is solved once here and checked, at its smallest
 * planned n, on the first generated graph of its plan (the default one without), with the default
 * seed: a kernel that faults or answers wrong is one line and exit 2, with nothing written to
 * results/. Every fork still verifies its own trial before timing it.
 */
final class KernelFilePreflight {

    /** The graph a preflight solves: the default graph at the group's smallest n, with the benchmark's default seed. */
    private static final String DEFAULT_GRAPH = "random";

    private KernelFilePreflight() {
    }

    static void check(List<RunPlan.Group> groups, PrintStream out) throws UsageException {
        for (RunPlan.Group group : groups) {
            Variant variant = group.variant();
            if (variant.kernelFile().isEmpty()) continue;
            String given = variant.kernelFile().map(KernelFile::given).orElseThrow();
            String graphText = group.graphs().stream().filter(g -> !GraphFiles.looksLikeFile(g)).findFirst().orElse(DEFAULT_GRAPH);
            int n = group.sizes().stream().mapToInt(Integer::intValue).min().orElseThrow();
            Graph graph = GraphSpec.parse(graphText).instance(n, GraphSpec.DEFAULT_SEED);
            try (Solver solver = variant.create(new SolverConfig(graph, LaunchMode.GRAPH))) {
                try {
                    solver.reset();
                    solver.solve();
                } catch (CudaException e) {
                    throw new UsageException(DeviceFault.of(given, n, e).getMessage());
                }
                out.println("fwbench: " + given + " verified at n=" + n + " before the run: " + Verification.check(solver, graph));
            } catch (VerificationFailure e) {
                throw new UsageException(e.getMessage());
            }
        }
    }
}
