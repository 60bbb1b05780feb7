package fwbench.variant;

import fwbench.variant.core.DeviceGraphs;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.kleene.KleenePathsSolver;
import fwbench.variant.schedule.KleeneKernelArgs;

import fwbench.GpuTest;
import fwbench.cuda.CudaContext;
import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.graph.GraphSpec;
import fwbench.graph.ReferenceFloydWarshall;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.JCudaDriver;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The kernels' 64-bit cell offsets (kernels/fw.cuh), checked in seconds instead of by a solve of
 * minutes: a kernel is given a tile, or cells, whose offset passes 2^31 in a matrix that is mostly
 * never touched. Each test needs about 9 GB of free device memory and is skipped with less.
 */
@GpuTest
class WideMatrixTest {

    /** A side whose last cells lie past 2^31: 46464^2 = 2158903296 (a multiple of 128 and of 256). */
    static final int WIDE = 46_464;

    private static void assumeFree(long bytes) {
        long free = CudaContext.get().memoryInfo()[0];
        assumeTrue(free > bytes + Variant.DEVICE_RESERVE_BYTES, "needs " + (bytes >> 20) + " MiB of device memory, " + (free >> 20) + " free");
    }

    /** rows x columns ints at cell {@code at} of d, rows ld ints apart. */
    private static void put(DeviceBuffer d, long at, int ld, int[] cells, int columns) {
        for (int r = 0; r < cells.length / columns; r++) {
            JCudaDriver.cuMemcpyHtoD(d.pointer().withByteOffset((at + (long) r * ld) * Sizeof.INT), Pointer.to(cells).withByteOffset((long) r * columns * Sizeof.INT),
                    (long) columns * Sizeof.INT);
        }
    }

    private static int[] get(DeviceBuffer d, long at, int ld, int rows, int columns) {
        int[] cells = new int[rows * columns];
        for (int r = 0; r < rows; r++) {
            JCudaDriver.cuMemcpyDtoH(Pointer.to(cells).withByteOffset((long) r * columns * Sizeof.INT), d.pointer().withByteOffset((at + (long) r * ld) * Sizeof.INT),
                    (long) columns * Sizeof.INT);
        }
        return cells;
    }

    /**
     * kleene's pivot closure (fw_kleene_phase1_t128: a tile's base pointer, then load_cells and
     * store_cells) on tile (128, 128) of a matrix of ld = 131072, whose first cell is at 2^31 + 2^14.
     */
    @Test
    void aPivotTilePast2To31IsClosedInPlace() {
        int t = 128, ld = 131_072, p = 128;
        long at = (long) p * t * ld + (long) p * t;
        assertEquals((1L << 31) + (1L << 14), at);
        long cells = (long) (p + 1) * t * ld;
        assumeFree(cells * Sizeof.INT);
        var graph = GraphSpec.RANDOM.instance(t, 7);
        CudaContext cuda = CudaContext.get();
        try (DeviceBuffer d = new DeviceBuffer(cells); CudaStream stream = new CudaStream()) {
            put(d, at, ld, graph.weights(), t);
            cuda.module(Variant.KLEENE.kernelModule()).tileKernel("fw_kleene_phase1_t128").launch(stream, 1, 1, new KleeneKernelArgs.ClosePivot(d, ld, p));
            stream.synchronize();
            assertArrayEquals(ReferenceFloydWarshall.distances(graph), get(d, at, ld, t, t));
        }
    }

    /**
     * The generator, then kleene-f32's and kleene-paths' element-wise conversions there and back, over
     * a WIDE x WIDE matrix: the cells past 2^31 come out as the host's generator makes them.
     */
    @Test
    void elementWiseKernelsReachTheCellsPast2To31() {
        long cells = (long) WIDE * WIDE;
        assumeFree(cells * Sizeof.INT);
        var graph = GraphSpec.RANDOM.instance(WIDE, 42);
        CudaContext cuda = CudaContext.get();
        int[][] probes = {{WIDE - 1, WIDE - 2}, {WIDE - 2, WIDE - 1}, {(int) ((1L << 31) / WIDE), (int) ((1L << 31) % WIDE)}};
        try (DeviceBuffer d = new DeviceBuffer(cells); CudaStream stream = new CudaStream()) {
            DeviceGraphs.load(graph, d, WIDE, stream);
            for (int[] c : probes) assertEquals(graph.weight(c[0], c[1]), d.read((long) c[0] * WIDE + c[1]), "generated cell " + c[0] + ", " + c[1]);
            assertEquals(0, d.read(cells - 1), "the last diagonal cell");
            for (String[] there : new String[][] {{"11_kleene_f32", "fw_kleene_f32_from_int", "fw_kleene_f32_to_int"},
                    {"10_kleene_paths", "fw_kleene_paths_keys", "fw_kleene_paths_distances"}}) {
                var module = cuda.module(there[0]);
                int[] before = new int[probes.length];
                for (int k = 0; k < probes.length; k++) before[k] = d.read((long) probes[k][0] * WIDE + probes[k][1]);
                module.kernel(there[1]).launch(stream, (WIDE + 31) / 32, (WIDE + 7) / 8, 32, 8, 0, new GpuSolver.InPlace(d, WIDE));
                stream.synchronize();
                int[] c = probes[0];
                int converted = d.read((long) c[0] * WIDE + c[1]);
                assertEquals(there[1].endsWith("from_int") ? Float.floatToRawIntBits(before[0]) : before[0] << KleenePathsSolver.ROUTE_BITS, converted,
                        there[1] + " at " + c[0] + ", " + c[1]);
                module.kernel(there[2]).launch(stream, (WIDE + 31) / 32, (WIDE + 7) / 8, 32, 8, 0, new GpuSolver.InPlace(d, WIDE));
                stream.synchronize();
                for (int k = 0; k < probes.length; k++) {
                    assertEquals(before[k], d.read((long) probes[k][0] * WIDE + probes[k][1]), there[2] + " at " + probes[k][0] + ", " + probes[k][1]);
                }
            }
        }
    }
}
