package fwbench.solve;

import fwbench.GpuTest;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.graph.SparseGraph;
import fwbench.graph.io.SolutionBands;
import fwbench.variant.Variant;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.kleene.BandsSolver;
import fwbench.variant.kleene.KleeneSolver;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * The distances read back by row band from the device (kleene's matrix; kleene-bands' three bands
 * on one GPU, a read band crossing theirs) against the CPU reference.
 */
@GpuTest
class OffHeapRowsGpuTest {

    private static SparseGraph graph(int n) {
        SplittableRandom random = new SplittableRandom(n);
        int count = 5 * n;
        int[] edges = new int[3 * count];
        for (int e = 0; e < count; e++) {
            edges[3 * e] = random.nextInt(n);
            edges[3 * e + 1] = random.nextInt(n);
            edges[3 * e + 2] = random.nextInt(1, 60);
        }
        return SparseGraph.lightestEdges(n, edges, count, "random");
    }

    /** Every row through bands of {@code readRows} rows, as the band writer asks for them. */
    private static int[] readByBands(Solver solver, int readRows) throws IOException {
        int n = solver.n();
        SolutionBands.RowSource rows = OffHeapSolve.rows(solver);
        ByteBuffer band = ByteBuffer.allocateDirect(readRows * n * 4).order(ByteOrder.nativeOrder());
        int[] all = new int[n * n];
        for (int from = 0; from < n; from += readRows) {
            int count = Math.min(readRows, n - from);
            rows.read(from, count, band);
            IntBuffer ints = band.duplicate().order(ByteOrder.nativeOrder()).asIntBuffer();
            ints.get(all, from * n, count * n);
        }
        return all;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 500, 1037})
    void rowBandsGiveTheReference(int readRows) throws IOException {
        SparseGraph g = graph(1037);
        int[] expected = ReferenceFloydWarshall.distances(g);
        try (KleeneSolver kleene = new KleeneSolver(Variant.KLEENE, SolverConfig.of(g));
             BandsSolver bands = new BandsSolver(Variant.KLEENE_BANDS, SolverConfig.of(g), 3, 1, 64, 0)) {
            for (Solver s : new Solver[] {kleene, bands}) {
                s.reset();
                s.solve();
                assertArrayEquals(expected, readByBands(s, readRows), s.variant().toString());
            }
        }
    }
}
