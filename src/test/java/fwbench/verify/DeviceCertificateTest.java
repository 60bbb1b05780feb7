package fwbench.verify;

import fwbench.GpuTest;
import fwbench.cuda.CudaContext;
import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.LaunchShape;
import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.ReferenceFloydWarshall;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The device certificate (kernels/graph.cu) against its CPU twin, HostCertificate, at sizes that
 * are not a multiple of its tile (2100 = 16 x 128 + 52, 4099 = 32 x 128 + 3) with rows ld = n + 3
 * apart and poison in the padding: the CPU reference's answer passes, and one wrong cell in the
 * last row or the last column, too long, too short or finite where there is no path, is flagged at
 * the same first cell as HostCertificate flags (in the changed row: no other row reads it).
 */
@GpuTest
class DeviceCertificateTest {

    /** Padding cells (past n in each row, and the rows past n): read as an operand, it would lower a sum. */
    private static final int POISON = -7;

    @Test
    void theExportedShapeCoversItsTile() {
        for (String kernel : new String[] {"fw_certificate", "fw_certificate_signed", "fw_certificate_packed16", "fw_certificate_rows", "fw_certificate_rows_signed"}) {
            LaunchShape shape = CudaContext.get().module("graph").tileKernel(kernel).shape();
            assertEquals(new LaunchShape(256, 0, 128, 8, 8), shape, kernel);
            assertEquals((long) shape.tile() * shape.tile(), (long) shape.threads() * shape.cellRows() * shape.cellColumns(), kernel);
        }
    }

    /** Weights 1 (ties everywhere) and unreachable pairs: the plain form and the signed one. */
    @Test
    void hopCountsInBothForms() {
        check(GraphSpec.parse("hops:0.002").instance(2100, 11), false, true);
        check(GraphSpec.parse("hops:0.001").instance(4099, 14), false, true);
    }

    /** Negative and zero weights with unreachable pairs: chunks with INF and negative operands take the exact path. */
    @Test
    void sparseNegativeWeightsInTheSignedForm() {
        Graph graph = GraphSpec.parse("sparse:0.0006+potentials:100").instance(4099, 12);
        assertTrue(graph.negativeWeights());
        check(graph, true);
    }

    /** A complete graph with negative weights: INF only on the masked diagonal of W. */
    @Test
    void completeNegativeWeightsInTheSignedForm() {
        check(GraphSpec.parse("random+potentials:300").instance(2100, 13), true);
    }

    private static void check(Graph graph, boolean... signedForms) {
        int n = graph.n(), ld = n + 3;
        int[] w = graph.weights(), d = ReferenceFloydWarshall.distances(graph);
        CudaContext.get();  // current on this thread before the buffers are allocated
        try (DeviceBuffer weights = new DeviceBuffer((long) ld * ld); DeviceBuffer distances = new DeviceBuffer((long) ld * ld);
             CudaStream stream = new CudaStream()) {
            weights.fill(POISON, stream);
            distances.fill(POISON, stream);
            stream.synchronize();
            weights.uploadRows(w, n, ld);
            distances.uploadRows(d, n, ld);
            for (boolean signed : signedForms) {
                String form = signed ? "signed form" : "plain form";
                assertEquals(OptionalLong.empty(), DeviceCertificate.firstViolation(weights, distances, n, ld, signed, DeviceCertificate.Cells.INT32),
                        graph.describe() + ", " + form + ": the CPU reference's answer passes");
                for (int[] change : changes(d, n)) {
                    int cell = change[0], i = cell / n, j = cell % n;
                    int[] wrong = d.clone();
                    wrong[cell] = change[1];
                    long host = HostCertificate.firstViolationInRow(n, w, wrong, i);
                    String what = graph.describe() + ", " + form + ", cell (" + i + ", " + j + ") from " + Distances.format(d[cell]) + " to "
                            + Distances.format(change[1]);
                    assertTrue(host >= 0 && host <= cell, what + ": HostCertificate flags a cell of the row up to the changed one");
                    distances.write((long) i * ld + j, change[1]);
                    try {
                        assertEquals(OptionalLong.of(host), DeviceCertificate.firstViolation(weights, distances, n, ld, signed, DeviceCertificate.Cells.INT32), what);
                        int fi = (int) (host / n), fj = (int) (host % n);
                        assertEquals(HostCertificate.expected(graph, wrong, fi, fj), DeviceCertificate.expected(weights, distances, n, ld, fi, fj, DeviceCertificate.Cells.INT32),
                                what + ": expected value of the flagged cell");
                    } finally {
                        distances.write((long) i * ld + j, d[cell]);
                    }
                }
            }
        }
    }

    /**
     * {cell, wrong value}: in the last row and the last column, the last finite cell off the
     * diagonal one longer and one shorter, and the last unreachable one (if any) finite.
     */
    private static List<int[]> changes(int[] d, int n) {
        return changes(d, n, Distances.INF - 50);
    }

    /** As {@link #changes(int[], int)}, an unreachable cell made {@code unreachableTo}. */
    static List<int[]> changes(int[] d, int n, int unreachableTo) {
        List<int[]> changes = new ArrayList<>();
        for (boolean lastRow : new boolean[] {true, false}) {
            int finite = -1, unreachable = -1;
            for (int x = n - 2; x >= 0 && (finite < 0 || unreachable < 0); x--) {
                int cell = lastRow ? (n - 1) * n + x : x * n + n - 1;
                if (d[cell] != Distances.INF && finite < 0) finite = cell;
                if (d[cell] == Distances.INF && unreachable < 0) unreachable = cell;
            }
            assertTrue(finite >= 0, "a finite cell in the last " + (lastRow ? "row" : "column"));
            changes.add(new int[] {finite, d[finite] + 1});
            changes.add(new int[] {finite, d[finite] - 1});
            if (unreachable >= 0) changes.add(new int[] {unreachable, unreachableTo});
        }
        return changes;
    }
}
