package fwbench.cuda;

import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUDA_MEMCPY2D;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUmemorytype;
import jcuda.driver.JCudaDriver;

/** Device memory for int32 cells, freed by {@link #close()} (use try-with-resources). */
public final class DeviceBuffer implements AutoCloseable {
    private final CUdeviceptr pointer = new CUdeviceptr();
    private final long cells;
    private boolean closed;

    /** Allocates room for {@code cells} ints; contents are undefined. */
    public DeviceBuffer(long cells) {
        if (cells <= 0) throw new IllegalArgumentException("a device buffer needs at least one cell, got " + cells);
        this.cells = cells;
        JCudaDriver.cuMemAlloc(pointer, bytes());
    }

    public CUdeviceptr pointer() {
        return pointer;
    }

    public long cells() {
        return cells;
    }

    public long bytes() {
        return cells * Sizeof.INT;
    }

    /** Copies the host array in (synchronously); it must hold exactly {@link #cells()} ints. */
    public void upload(int[] host) {
        requireLength(host);
        JCudaDriver.cuMemcpyHtoD(pointer, Pointer.to(host), bytes());
    }

    /** Copies the contents out (synchronously) into a new array. */
    public int[] download() {
        if (cells > Integer.MAX_VALUE - 8) throw new IllegalStateException("buffer of " + cells + " cells is larger than a Java array");
        int[] host = new int[(int) cells];
        JCudaDriver.cuMemcpyDtoH(Pointer.to(host), pointer, bytes());
        return host;
    }

    /**
     * Copies an n x n host matrix into the top-left corner of this buffer, whose rows are
     * {@code ld} ints apart (synchronously).
     */
    public void uploadRows(int[] host, int n, int ld) {
        if (ld == n) {
            upload(host);
            return;
        }
        requirePitched(host.length, n, ld);
        CUDA_MEMCPY2D copy = new CUDA_MEMCPY2D();
        copy.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_HOST;
        copy.srcHost = Pointer.to(host);
        copy.srcPitch = (long) n * Sizeof.INT;
        copy.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        copy.dstDevice = pointer;
        copy.dstPitch = (long) ld * Sizeof.INT;
        copy.WidthInBytes = (long) n * Sizeof.INT;
        copy.Height = n;
        JCudaDriver.cuMemcpy2D(copy);
    }

    /** The top-left n x n cells of this buffer, whose rows are {@code ld} ints apart (synchronously). */
    public int[] downloadRows(int n, int ld) {
        if (ld == n && cells == (long) n * n) return download();
        int[] host = new int[Math.multiplyExact(n, n)];
        requirePitched(host.length, n, ld);
        CUDA_MEMCPY2D copy = new CUDA_MEMCPY2D();
        copy.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        copy.srcDevice = pointer;
        copy.srcPitch = (long) ld * Sizeof.INT;
        copy.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_HOST;
        copy.dstHost = Pointer.to(host);
        copy.dstPitch = (long) n * Sizeof.INT;
        copy.WidthInBytes = (long) n * Sizeof.INT;
        copy.Height = n;
        JCudaDriver.cuMemcpy2D(copy);
        return host;
    }

    private void requirePitched(long hostCells, int n, int ld) {
        if (hostCells != (long) n * n || ld < n || (long) ld * ld > cells) {
            throw new IllegalArgumentException(n + " x " + n + " cells with rows " + ld + " apart do not fit a buffer of " + cells);
        }
    }

    /** Reads one cell (synchronously). */
    public int read(long index) {
        int[] value = {0};
        JCudaDriver.cuMemcpyDtoH(Pointer.to(value), pointer.withByteOffset(index * Sizeof.INT), Sizeof.INT);
        return value[0];
    }

    /** Reads the 64-bit integer in cells {@code index} and {@code index + 1} (synchronously; little-endian, as the device stores it). */
    public long readLong(long index) {
        long[] value = {0};
        JCudaDriver.cuMemcpyDtoH(Pointer.to(value), pointer.withByteOffset(index * Sizeof.INT), Sizeof.LONG);
        return value[0];
    }

    /** Writes one cell (synchronously). */
    public void write(long index, int value) {
        JCudaDriver.cuMemcpyHtoD(pointer.withByteOffset(index * Sizeof.INT), Pointer.to(new int[] {value}), Sizeof.INT);
    }

    /** Enqueues a device-to-device copy of a buffer of the same size. */
    public void copyFrom(DeviceBuffer source, CudaStream stream) {
        if (source.cells != cells) throw new IllegalArgumentException("copy of " + source.cells + " cells into " + cells);
        JCudaDriver.cuMemcpyDtoDAsync(pointer, source.pointer, bytes(), stream.handle());
    }

    /** Enqueues setting every cell to {@code value}. */
    public void fill(int value, CudaStream stream) {
        JCudaDriver.cuMemsetD32Async(pointer, value, cells, stream.handle());
    }

    private void requireLength(int[] host) {
        if (host.length != cells) throw new IllegalArgumentException("host array of " + host.length + " ints for a buffer of " + cells);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            JCudaDriver.cuMemFree(pointer);
        }
    }
}
