package fwbench.variant.core;

import fwbench.GpuTest;
import fwbench.cuda.CudaContext;
import fwbench.cuda.DeviceBuffer;
import fwbench.graph.Distances;
import fwbench.graph.SparseGraph;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A graph file's padded matrix uploaded row band by row band from a direct buffer: the cells the whole matrix gives. */
@GpuTest
class SparseUploadGpuTest {

    @ParameterizedTest
    @CsvSource({"1, 0, 1100", "3, 0, 1100", "7, 128, 300", "1000000, 0, 1100"})  // band rows; first row; rows (a slice, as a kleene-bands band)
    void bandsGiveTheWholeMatrix(int bandRows, int firstRow, int rows) {
        int n = 1037, ld = 1100;
        SplittableRandom random = new SplittableRandom(3);
        int count = 6 * n;
        int[] edges = new int[3 * count];
        for (int e = 0; e < count; e++) {
            edges[3 * e] = random.nextInt(n);
            edges[3 * e + 1] = random.nextInt(n);
            edges[3 * e + 2] = random.nextInt(0, 100);
        }
        SparseGraph g = SparseGraph.lightestEdges(n, edges, count, "random");
        int[] whole = g.weights();
        CudaContext.get().makeCurrent();
        try (DeviceBuffer target = new DeviceBuffer((long) rows * ld)) {
            DeviceGraphs.uploadSparseRows(g, target, ld, firstRow, rows, (long) bandRows * ld * 4);
            int[] got = target.download();
            for (int r = 0; r < rows; r++) {
                int i = firstRow + r;
                for (int j = 0; j < ld; j++) {
                    int expected = i < n && j < n ? whole[i * n + j] : i == j ? 0 : Distances.INF;
                    assertEquals(expected, got[r * ld + j], "cell (" + i + ", " + j + ")");
                }
            }
        }
    }
}
