package fwbench.verify;

import fwbench.cuda.CudaContext;
import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;
import fwbench.cuda.KernelModule;
import fwbench.cuda.TileKernel;
import fwbench.variant.kleene.BandsSolver;
import jcuda.Pointer;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.stream.Stream;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * The shortest-path certificate of {@link DeviceCertificate}, split by row band like a
 * kleene-bands solve: each device checks its band's rows of D against all of W, whose rows it
 * reads a chunk of {@link BandsSolver#CERTIFICATE_CHUNK_ROWS} at a time (from its own bands in
 * place, from other devices' bands by a copy), so that no device holds more than its band and a
 * chunk (kernels/graph.cu, fw_certificate_rows and fw_certificate_rows_end; each chunk is the
 * one-device certificate's register-tiled product). The devices run at once.
 */
final class BandCertificate {

    private BandCertificate() {
    }

    /**
     * fw_certificate_rows[_signed](const int* D, const int* W, int n, int ld, int firstRow, int rows, int k0, int kCount,
     * unsigned* witness, unsigned long long* firstBad): one chunk of W's rows against a band of D.
     */
    record Chunk(DeviceBuffer distances, DeviceBuffer weights, int n, int ld, int firstRow, int rows, int k0, int kCount,
                 DeviceBuffer witness, DeviceBuffer firstBad) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(distances), buffer(weights), value(n), value(ld), value(firstRow), value(rows), value(k0), value(kCount),
                    buffer(witness), buffer(firstBad));
        }
    }

    /** fw_certificate_rows_end(const int* D, int n, int ld, int firstRow, int rows, const unsigned* witness, unsigned long long* firstBad). */
    record End(DeviceBuffer distances, int n, int ld, int firstRow, int rows, DeviceBuffer witness, DeviceBuffer firstBad) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(distances), value(n), value(ld), value(firstRow), value(rows), buffer(witness), buffer(firstBad));
        }
    }

    /**
     * What one band's check holds on its device until it is read: its stream, kernel, first bad
     * cell, witness bits and, where some rows of W lie on another device, the chunk they are copied to.
     */
    private record Check(BandsSolver.BandView band, int rows, CudaContext cuda, CudaStream stream, TileKernel certificate, Kernel end,
                         DeviceBuffer firstBad, DeviceBuffer witness, DeviceBuffer scratch) {
        void close() {
            cuda.makeCurrent();
            Stream.of(firstBad, witness, scratch).filter(Objects::nonNull).forEach(DeviceBuffer::close);
            stream.close();
        }
    }

    /** Index i * n + j of the first cell (the smallest, over all bands) that breaks the certificate, if any. */
    static OptionalLong firstViolation(BandsSolver solver, boolean negativeWeights) {
        int n = solver.n(), ld = solver.leadingDimension();
        // a thread's witness bits share a word with 7 others' only where rows start on a word
        if (ld % 32 != 0) throw new IllegalStateException("the banded certificate needs rows of a multiple of 32 ints, not " + ld);
        List<BandsSolver.BandView> bands = solver.bandViews().stream().filter(b -> b.firstRow() < n).toList();
        List<Check> checks = new ArrayList<>();
        try {
            // Every allocation and kernel lookup first, on every device, then the work: allocated
            // between launches, the bands of two GPUs checked one after the other (kernels/NOTES.md,
            // The certificate on the device).
            for (BandsSolver.BandView band : bands) {
                int rows = Math.min(band.rows(), n - band.firstRow());
                CudaContext cuda = CudaContext.of(band.device());
                KernelModule graph = cuda.module("graph");
                TileKernel certificate = graph.tileKernel(negativeWeights ? "fw_certificate_rows_signed" : "fw_certificate_rows");
                Kernel end = graph.kernel("fw_certificate_rows_end");
                boolean remote = bands.stream().anyMatch(b -> b.device() != band.device());
                DeviceBuffer first = null, witness = null, scratch = null;
                CudaStream stream = new CudaStream();
                try {
                    first = new DeviceBuffer(2);
                    witness = new DeviceBuffer(((long) rows * ld + 31) / 32 + 1);
                    if (remote) scratch = new DeviceBuffer((long) BandsSolver.CERTIFICATE_CHUNK_ROWS * ld);
                } catch (RuntimeException e) {
                    new Check(band, rows, cuda, stream, certificate, end, first, witness, scratch).close();
                    throw e;
                }
                checks.add(new Check(band, rows, cuda, stream, certificate, end, first, witness, scratch));
            }
            for (Check check : checks) {
                BandsSolver.BandView band = check.band();
                int rows = check.rows(), tile = check.certificate().shape().tile();
                CudaStream stream = check.stream();
                check.cuda().makeCurrent();
                check.firstBad().fill(-1, stream);  // all ones: the largest unsigned 64-bit index, "none"
                check.witness().fill(0, stream);
                for (BandsSolver.BandView source : bands) {
                    int kRows = Math.min(source.rows(), n - source.firstRow());
                    for (int c0 = 0; c0 < kRows; c0 += BandsSolver.CERTIFICATE_CHUNK_ROWS) {
                        int count = Math.min(BandsSolver.CERTIFICATE_CHUNK_ROWS, kRows - c0);
                        DeviceBuffer w = source.weights().slice((long) c0 * ld, (long) count * ld);
                        if (source.device() != band.device()) {
                            check.scratch().copyFromDevice(w, stream);
                            w = check.scratch().slice(0, (long) count * ld);
                        }
                        check.certificate().launch(stream, (n + tile - 1) / tile, (rows + tile - 1) / tile,
                                new Chunk(band.distances(), w, n, ld, band.firstRow(), rows, source.firstRow() + c0, count, check.witness(), check.firstBad()));
                    }
                }
                check.end().launch(stream, (n + 31) / 32, (rows + 7) / 8, 32, 8, 0,
                        new End(band.distances(), n, ld, band.firstRow(), rows, check.witness(), check.firstBad()));
            }
            long worst = -1;  // unsigned: -1 is "none", above every index
            for (Check check : checks) {
                check.cuda().makeCurrent();
                check.stream().synchronize();
                long index = check.firstBad().readLong(0);
                if (Long.compareUnsigned(index, worst) < 0) worst = index;
            }
            return worst == -1 ? OptionalLong.empty() : OptionalLong.of(worst);
        } finally {
            checks.forEach(Check::close);
            CudaContext.get();
        }
    }
}
