package fwbench.variant;

import fwbench.graph.Distances;

/** The textbook k-i-j loops on one thread; the JIT vectorizes the inner loop. */
final class CpuSerialSolver extends CpuSolver {

    CpuSerialSolver(SolverConfig config) {
        super(Variant.CPU_SERIAL, config);
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
