package fwbench.graph.io;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.graph.Distances;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Cells read where they lie in a binary solution, or from the whole text one: the same cells as the in-memory reader's. */
class SolutionCellsTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"s.apsp", "s.txt"})
    void everyCellAsTheWholeFileReadsIt(String name) throws IOException {
        int n = 23;
        SplittableRandom random = new SplittableRandom(5);
        int[] d = new int[n * n], k = new int[n * n];
        float[] f = new float[n * n];
        for (int c = 0; c < d.length; c++) {
            d[c] = random.nextInt(6) == 0 ? Distances.INF : random.nextInt(1000);
            k[c] = random.nextInt(n + 2);
            f[c] = random.nextInt(6) == 0 ? Float.POSITIVE_INFINITY : random.nextFloat() * 100;
        }
        for (Solution s : new Solution[] {new Solution(n, 1, d, k), new Solution(n, 0, DistanceMatrix.of(n, f), null), new Solution(n, 0, d, null)}) {
            Path file = dir.resolve(s.cells().word() + "-" + s.hasPaths() + "-" + name);
            SolutionFiles.write(file, s, false);
            try (SolutionCells cells = SolutionCells.open(file)) {
                assertEquals(n, cells.n());
                assertEquals(s.firstVertex(), cells.firstVertex());
                assertEquals(s.hasPaths(), cells.hasPaths());
                assertEquals(s.cells(), cells.cells());
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        int c = i * n + j;
                        String expected = s.cells() == CellType.FLOAT32 ? (f[c] == Float.POSITIVE_INFINITY ? "INF" : Float.toString(f[c])) : Distances.format(d[c]);
                        assertEquals(expected, cells.distanceText(i, j));
                        assertEquals(i == j || !expected.equals("INF"), cells.reachable(i, j));
                        if (s.hasPaths()) assertEquals(k[i * n + j], cells.intermediate(i, j));
                    }
                }
                if (!s.hasPaths()) assertThrows(IllegalStateException.class, () -> cells.intermediate(0, 0));
            }
        }
    }
}
