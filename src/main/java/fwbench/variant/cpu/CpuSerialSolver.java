package fwbench.variant.cpu;

import fwbench.variant.core.VariantTraits;
import fwbench.variant.core.SolverConfig;

import fwbench.graph.Distances;

/** The textbook k-i-j loops on one thread; the JIT vectorizes the inner loop. */
public final class CpuSerialSolver extends CpuSolver {

    public CpuSerialSolver(VariantTraits variant, SolverConfig config) {
        super(variant, config);
    }

    @Override
    public void solve() {
        for (int k = 0; k < n; k++) {
            int rowK = k * n;
            for (int i = 0; i < n; i++) {
                int dik = d[i * n + k];
                if (dik >= Distances.INF) continue;  // nothing goes through an unreachable k
                int rowI = i * n;
                for (int j = 0; j < n; j++) d[rowI + j] = Math.min(d[rowI + j], dik + d[rowK + j]);
            }
        }
    }
}
