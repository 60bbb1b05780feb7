package fwbench.verify;

import fwbench.GpuTest;
import fwbench.cuda.CudaContext;
import fwbench.cuda.DeviceBuffer;
import fwbench.graph.GraphSpec;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.variant.Variant;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.JCudaDriver;
import org.junit.jupiter.api.Test;

import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The device certificate's 64-bit reads (kernels/graph.cu) without an n^3 check of minutes: n = 64
 * vertices whose rows lie ld = 40,000,000 ints apart, so the last rows start past 2^31 cells. Needs
 * about 21 GB of free device memory and is skipped with less.
 */
@GpuTest
class WideCertificateTest {

    @Test
    void rowsPast2To31AreCheckedAndTheFirstBadCellIsALong() {
        int n = 64, ld = 40_000_000;
        long cells = (long) (n - 1) * ld + n;
        assertTrue((long) (n - 1) * ld > Integer.MAX_VALUE, "the last row starts past 2^31 cells");
        long free = CudaContext.get().memoryInfo()[0];
        assumeTrue(free > 2 * cells * Sizeof.INT + Variant.DEVICE_RESERVE_BYTES, "needs " + (2 * cells * Sizeof.INT >> 20) + " MiB of device memory");
        var graph = GraphSpec.parse("sparse:0.2").instance(n, 3);
        int[] w = graph.weights(), dist = ReferenceFloydWarshall.distances(graph);
        try (DeviceBuffer weights = new DeviceBuffer(cells); DeviceBuffer distances = new DeviceBuffer(cells)) {
            for (int r = 0; r < n; r++) {
                long at = (long) r * ld * Sizeof.INT;
                JCudaDriver.cuMemcpyHtoD(weights.pointer().withByteOffset(at), Pointer.to(w).withByteOffset((long) r * n * Sizeof.INT), (long) n * Sizeof.INT);
                JCudaDriver.cuMemcpyHtoD(distances.pointer().withByteOffset(at), Pointer.to(dist).withByteOffset((long) r * n * Sizeof.INT), (long) n * Sizeof.INT);
            }
            for (boolean signed : new boolean[] {false, true}) {
                assertEquals(OptionalLong.empty(), DeviceCertificate.firstViolation(weights, distances, n, ld, signed, DeviceCertificate.Cells.INT32), "signed " + signed);
            }
            int i = n - 1, j = 5;
            distances.write((long) i * ld + j, dist[i * n + j] + 1);
            for (boolean signed : new boolean[] {false, true}) {
                assertEquals(OptionalLong.of((long) i * n + j), DeviceCertificate.firstViolation(weights, distances, n, ld, signed, DeviceCertificate.Cells.INT32), "signed " + signed);
            }
            assertEquals(dist[i * n + j], DeviceCertificate.expected(weights, distances, n, ld, i, j, DeviceCertificate.Cells.INT32));
        }
    }
}
