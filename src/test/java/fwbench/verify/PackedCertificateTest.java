package fwbench.verify;

import fwbench.GpuTest;
import fwbench.cell.CellType;
import fwbench.cuda.DeviceBuffer;
import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.variant.Variant;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.PackedDistances;
import fwbench.variant.core.SolverConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The certificate over packed16's packed result (fw_certificate_packed16): a packed16 solve past the
 * CPU reference's limit passes it; one wrong cell of the last row or column, too long, too short, or
 * finite where there is no path (just below 16-bit INF), is flagged at the cell HostCertificate flags
 * in the int32 copy, and Verification names it with the certificate's value. Sizes past a multiple
 * of the certificate's 128-cell tile and of packed16's 256 padding.
 */
@GpuTest
class PackedCertificateTest {

    @ParameterizedTest(name = "{0} n={1}")
    @CsvSource({"hops:0.002, 2100", "random, 2307"})
    void theRightAnswerPassesAndAWrongCellIsNamed(String spec, int n) {
        Graph g = GraphSpec.parse(spec).instance(n, 17);
        try (GpuSolver solver = (GpuSolver) Variant.PACKED16.create(SolverConfig.of(g))) {
            PackedDistances packed = (PackedDistances) solver;
            assertEquals("passes the shortest-path certificate on the device", Verification.verify(solver, g));
            int[] d = solver.distances(), w = g.weights();
            int ld = solver.leadingDimension();
            DeviceBuffer cells = packed.packedDistances();
            for (int[] change : DeviceCertificateTest.changes(d, n, CellType.PACKED16.inf() - 1)) {
                int cell = change[0], i = cell / n, j = cell % n;
                int[] wrong = d.clone();
                wrong[cell] = change[1];
                long host = HostCertificate.firstViolationInRow(n, w, wrong, i);
                String what = g.describe() + ", cell (" + i + ", " + j + ") from " + Distances.format(d[cell]) + " to " + change[1];
                long word = (long) i * (ld / 2) + j / 2;
                int pair = cells.read(word);
                int shift = (j & 1) * 16;
                cells.write(word, (pair & ~(0xFFFF << shift)) | ((change[1] & 0xFFFF) << shift));
                try {
                    assertEquals(change[1], packed.distance(i, j), what + ": the packed cell reads back");
                    assertEquals(OptionalLong.of(host), DeviceCertificate.firstViolation(solver.deviceInput(), cells, n, ld, false,
                            DeviceCertificate.Cells.PACKED16), what);
                    var failure = assertThrows(VerificationFailure.class, () -> Verification.check(solver, g), what);
                    int fi = (int) (host / n), fj = (int) (host % n);
                    assertTrue(failure.getMessage().contains("wrong distance at (" + fi + ", " + fj + "): expected "
                            + Distances.format(HostCertificate.expected(g, wrong, fi, fj)) + " "), failure.getMessage());
                    assertTrue(failure.getMessage().endsWith("got " + Distances.format(wrong[(int) host])), failure.getMessage());
                } finally {
                    cells.write(word, pair);
                }
            }
            assertEquals("passes the shortest-path certificate on the device", Verification.check(solver, g));
        }
    }
}
