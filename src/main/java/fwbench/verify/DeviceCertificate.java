package fwbench.verify;

import fwbench.cuda.CudaContext;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.KernelArgs;
import fwbench.cuda.KernelModule;
import fwbench.cuda.CudaStream;
import fwbench.cuda.TileKernel;
import jcuda.Pointer;

import java.util.OptionalLong;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * The shortest-path certificate of {@link HostCertificate}, run on the device over a result that
 * stays there (kernels/graph.cu, fw_certificate): no n x n copy to the host, no CPU solve.
 * Matrices are n x n with rows ld ints apart. For graphs with negative weights it runs the form
 * that skips terms with an INF operand (fw_certificate_signed), which costs a few instructions a
 * term more where a staged chunk of the operands holds both an INF and a value outside 0..INF. Both
 * are tile kernels, one block a tile of cells, launched in the shape they export.
 */
final class DeviceCertificate {

    private DeviceCertificate() {
    }

    /**
     * fw_certificate[_signed](const int* D, const int* W, int n, int ld, unsigned long long* firstBad):
     * atomicMin of the violating cell indices, 64-bit (n^2 passes 2^31 beyond n = 46340).
     */
    record Check(DeviceBuffer distances, DeviceBuffer weights, int n, int ld, DeviceBuffer firstBad) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(distances), buffer(weights), value(n), value(ld), buffer(firstBad));
        }
    }

    /** fw_certificate_cell(const int* D, const int* W, int n, int ld, int i, int j, int* expected). */
    record Cell(DeviceBuffer distances, DeviceBuffer weights, int n, int ld, int i, int j, DeviceBuffer expected)
            implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(distances), buffer(weights), value(n), value(ld), value(i), value(j), buffer(expected));
        }
    }

    /** How the certificate reads D: int32 cells, or packed16's pairs of 16-bit cells (weights >= 0 only). */
    enum Cells {
        INT32("fw_certificate", "fw_certificate_cell"),
        PACKED16("fw_certificate_packed16", "fw_certificate_cell_packed16");

        final String kernel;
        final String cellKernel;

        Cells(String kernel, String cellKernel) {
            this.kernel = kernel;
            this.cellKernel = cellKernel;
        }
    }

    /** Index i * n + j of the first cell that breaks the certificate, if any, D's cells read as {@code cells} says. */
    static OptionalLong firstViolation(DeviceBuffer weights, DeviceBuffer distances, int n, int ld, boolean negativeWeights, Cells cells) {
        if (negativeWeights && cells != Cells.INT32) throw new IllegalArgumentException("the certificate over " + cells + " cells takes weights >= 0 only");
        KernelModule module = CudaContext.get().module("graph");
        try (CudaStream stream = new CudaStream(); DeviceBuffer first = new DeviceBuffer(2)) {
            first.fill(-1, stream);  // all ones: the largest unsigned 64-bit index, "none"
            TileKernel certificate = module.tileKernel(negativeWeights ? "fw_certificate_signed" : cells.kernel);
            int tile = certificate.shape().tile(), tiles = (n + tile - 1) / tile;
            certificate.launch(stream, tiles, tiles, new Check(distances, weights, n, ld, first));
            stream.synchronize();
            long index = first.readLong(0);
            return index == -1 ? OptionalLong.empty() : OptionalLong.of(index);
        }
    }

    /** The certificate's value of one cell, for the message, D's cells read as {@code cells} says. */
    static int expected(DeviceBuffer weights, DeviceBuffer distances, int n, int ld, int i, int j, Cells cells) {
        KernelModule module = CudaContext.get().module("graph");
        try (CudaStream stream = new CudaStream(); DeviceBuffer out = new DeviceBuffer(1)) {
            module.kernel(cells.cellKernel).launch(stream, 1, 1, 1, 1, 0, new Cell(distances, weights, n, ld, i, j, out));
            stream.synchronize();
            return out.read(0);
        }
    }
}
