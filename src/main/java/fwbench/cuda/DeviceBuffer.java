package fwbench.cuda;

import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUDA_MEMCPY2D;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUmemorytype;
import jcuda.driver.JCudaDriver;

import java.nio.ByteBuffer;

/**
 * Device memory for int32 cells, freed by {@link #close()} (use try-with-resources), on the device
 * of the context that was current when it was allocated.
 */
public final class DeviceBuffer implements AutoCloseable {
    private final CUdeviceptr pointer;
    private final long cells;
    private final int device;
    private final boolean owned;
    private boolean closed;

    /** Allocates room for {@code cells} ints in the current context; contents are undefined. */
    public DeviceBuffer(long cells) {
        if (cells <= 0) throw new IllegalArgumentException("a device buffer needs at least one cell, got " + cells);
        this.cells = cells;
        this.pointer = new CUdeviceptr();
        this.owned = true;
        CUdevice current = new CUdevice();
        JCudaDriver.cuCtxGetDevice(current);
        this.device = ordinalOf(current);
        JCudaDriver.cuMemAlloc(pointer, bytes());
    }

    private DeviceBuffer(CUdeviceptr pointer, long cells, int device) {
        this.pointer = pointer;
        this.cells = cells;
        this.device = device;
        this.owned = false;
    }

    /** The ordinal of a CUdevice handle (JCuda compares handles by their native value). */
    private static int ordinalOf(CUdevice device) {
        int count = Gpu.deviceCount();
        for (int i = 0; i < count; i++) {
            CUdevice d = new CUdevice();
            JCudaDriver.cuDeviceGet(d, i);
            if (d.equals(device)) return i;
        }
        throw new IllegalStateException("the current context's device is none of the " + count + " the driver lists");
    }

    /**
     * The cells {@code first} .. {@code first + count - 1} of this buffer as a buffer of their own,
     * which shares this one's memory and frees nothing when closed: a row band's tile row, passed
     * to a kernel or copied.
     */
    public DeviceBuffer slice(long first, long count) {
        if (first < 0 || count <= 0 || first + count > cells) {
            throw new IllegalArgumentException("cells " + first + " .. " + (first + count - 1) + " of a buffer of " + cells);
        }
        return new DeviceBuffer(pointer.withByteOffset(first * Sizeof.INT), count, device);
    }

    /** The ordinal of the device that holds this buffer. */
    public int device() {
        return device;
    }

    /**
     * Enqueues copying all of {@code source} into the first cells of this buffer on
     * {@code stream}: cuMemcpyPeerAsync between devices (direct where peer access is enabled,
     * staged through host memory by the driver otherwise), a device-to-device copy on one device.
     * The stream belongs to either device's context, whichever is current.
     */
    public void copyFromDevice(DeviceBuffer source, CudaStream stream) {
        if (source.cells > cells) throw new IllegalArgumentException("copy of " + source.cells + " cells into " + cells);
        long bytes = source.bytes();
        if (source.device == device) {
            JCudaDriver.cuMemcpyDtoDAsync(pointer, source.pointer, bytes, stream.handle());
        } else {
            JCudaDriver.cuMemcpyPeerAsync(pointer, CudaContext.handleOf(device), source.pointer,
                    CudaContext.handleOf(source.device), bytes, stream.handle());
        }
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

    /** Copies the host array in (synchronously, {@link #landed()}); it must hold exactly {@link #cells()} ints. */
    public void upload(int[] host) {
        requireLength(host);
        JCudaDriver.cuMemcpyHtoD(pointer, Pointer.to(host), bytes());
        landed();
    }

    /**
     * Waits until the copies in from the host have reached the device: from pageable memory a copy
     * may still be in flight when it returns, on the legacy stream, which orders nothing on the
     * suite's non-blocking streams.
     */
    private void landed() {
        CudaContext.of(device).synchronize();
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
        uploadRows(host, n, ld, 0, n);
    }

    /**
     * Copies rows firstRow .. firstRow + rows - 1 of an n x n host matrix into the first rows of
     * this buffer, whose rows are {@code ld} ints apart (synchronously): one row band.
     */
    public void uploadRows(int[] host, int n, int ld, int firstRow, int rows) {
        requireBand(host.length, n, ld, firstRow, rows);
        CUDA_MEMCPY2D copy = new CUDA_MEMCPY2D();
        copy.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_HOST;
        copy.srcHost = Pointer.to(host);
        copy.srcPitch = (long) n * Sizeof.INT;
        copy.srcY = firstRow;
        copy.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        copy.dstDevice = pointer;
        copy.dstPitch = (long) ld * Sizeof.INT;
        copy.WidthInBytes = (long) n * Sizeof.INT;
        copy.Height = rows;
        JCudaDriver.cuMemcpy2D(copy);
        landed();
    }

    /**
     * Copies the first {@code rows} rows of this buffer (rows {@code ld} ints apart, their first n
     * cells) into rows firstRow .. firstRow + rows - 1 of an n x n host matrix (synchronously).
     */
    public void downloadRows(int[] host, int n, int ld, int firstRow, int rows) {
        requireBand(host.length, n, ld, firstRow, rows);
        CUDA_MEMCPY2D copy = new CUDA_MEMCPY2D();
        copy.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        copy.srcDevice = pointer;
        copy.srcPitch = (long) ld * Sizeof.INT;
        copy.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_HOST;
        copy.dstHost = Pointer.to(host);
        copy.dstPitch = (long) n * Sizeof.INT;
        copy.dstY = firstRow;
        copy.WidthInBytes = (long) n * Sizeof.INT;
        copy.Height = rows;
        JCudaDriver.cuMemcpy2D(copy);
    }

    /**
     * Copies whole rows into this buffer from a direct buffer: its ints from position 0 to its limit
     * (rows of {@code ld} ints, native order) land from row {@code firstRow} on (synchronously).
     * A band of a matrix too large for a Java array ({@code host} from {@link java.nio.ByteBuffer#allocateDirect}).
     */
    public void uploadRows(ByteBuffer host, int ld, long firstRow) {
        long bytes = host.limit(), first = firstRow * ld;
        if (!host.isDirect() || bytes % ((long) ld * Sizeof.INT) != 0 || firstRow < 0 || first + bytes / Sizeof.INT > cells) {
            throw new IllegalArgumentException(bytes + " bytes from row " + firstRow + " (rows of " + ld + " ints) do not fit a buffer of " + cells + " cells"
                    + (host.isDirect() ? "" : ", or the host buffer is not direct"));
        }
        // a view from position 0: the pointer is the buffer's first byte, whatever its position
        JCudaDriver.cuMemcpyHtoD(pointer.withByteOffset(first * Sizeof.INT), Pointer.to(host.duplicate().position(0).slice()), bytes);
        landed();
    }

    /**
     * Copies rows firstRow .. firstRow + rows - 1 of this buffer (rows {@code ld} ints apart, their
     * first n cells) into a direct buffer from its byte 0, rows n ints apart, native order
     * (synchronously): a band of a matrix too large for a Java array.
     */
    public void downloadRows(ByteBuffer host, int n, int ld, long firstRow, int rows) {
        if (!host.isDirect() || ld < n || firstRow < 0 || rows < 1 || (long) rows * n * Sizeof.INT > host.capacity()
                || (firstRow + rows) * ld > cells) {
            throw new IllegalArgumentException("rows " + firstRow + " .. " + (firstRow + rows - 1) + " of " + n + " cells with rows " + ld
                    + " apart do not fit a buffer of " + cells + " cells, or a direct host buffer of " + host.capacity() + " bytes");
        }
        CUDA_MEMCPY2D copy = new CUDA_MEMCPY2D();
        copy.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        copy.srcDevice = pointer;
        copy.srcPitch = (long) ld * Sizeof.INT;
        copy.srcY = firstRow;
        copy.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_HOST;
        copy.dstHost = Pointer.to(host.duplicate().position(0).slice());
        copy.dstPitch = (long) n * Sizeof.INT;
        copy.WidthInBytes = (long) n * Sizeof.INT;
        copy.Height = rows;
        JCudaDriver.cuMemcpy2D(copy);
    }

    private void requireBand(long hostCells, int n, int ld, int firstRow, int rows) {
        if (hostCells != (long) n * n || ld < n || firstRow < 0 || rows < 1 || firstRow + rows > n || (long) rows * ld > cells) {
            throw new IllegalArgumentException("rows " + firstRow + " .. " + (firstRow + rows - 1) + " of " + n + " x " + n
                    + " cells with rows " + ld + " apart do not fit a buffer of " + cells);
        }
    }

    /** The top-left n x n cells of this buffer, whose rows are {@code ld} ints apart (synchronously). */
    public int[] downloadRows(int n, int ld) {
        if (ld == n && cells == (long) n * n) return download();
        int[] host = new int[Math.multiplyExact(n, n)];
        requirePitched(host.length, n, ld);
        downloadRows(host, n, ld, 0, n);
        return host;
    }

    /**
     * The top-left n x n 64-bit words of this buffer, whose rows are {@code ld} words apart
     * (synchronously; each word two int cells, little-endian as the device stores it).
     */
    public long[] downloadLongRows(int n, int ld) {
        long[] host = new long[Math.multiplyExact(n, n)];
        if (ld < n || 2L * ld * ld > cells) throw new IllegalArgumentException(n + " x " + n + " 64-bit words with rows " + ld + " apart do not fit a buffer of " + cells + " cells");
        CUDA_MEMCPY2D copy = new CUDA_MEMCPY2D();
        copy.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        copy.srcDevice = pointer;
        copy.srcPitch = (long) ld * Sizeof.LONG;
        copy.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_HOST;
        copy.dstHost = Pointer.to(host);
        copy.dstPitch = (long) n * Sizeof.LONG;
        copy.WidthInBytes = (long) n * Sizeof.LONG;
        copy.Height = n;
        JCudaDriver.cuMemcpy2D(copy);
        return host;
    }

    /** Copies 64-bit words into this buffer from word {@code firstWord} on (synchronously, {@link #landed()}). */
    public void uploadLongs(long[] host, long firstWord) {
        if (firstWord < 0 || 2 * (firstWord + host.length) > cells) {
            throw new IllegalArgumentException(host.length + " 64-bit words from word " + firstWord + " do not fit a buffer of " + cells + " cells");
        }
        JCudaDriver.cuMemcpyHtoD(pointer.withByteOffset(firstWord * Sizeof.LONG), Pointer.to(host), (long) host.length * Sizeof.LONG);
        landed();
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

    /** Writes one cell (synchronously, {@link #landed()}). */
    public void write(long index, int value) {
        JCudaDriver.cuMemcpyHtoD(pointer.withByteOffset(index * Sizeof.INT), Pointer.to(new int[] {value}), Sizeof.INT);
        landed();
    }

    /** Enqueues a device-to-device copy of a buffer of the same size. */
    public void copyFrom(DeviceBuffer source, CudaStream stream) {
        if (source.cells != cells) throw new IllegalArgumentException("copy of " + source.cells + " cells into " + cells);
        JCudaDriver.cuMemcpyDtoDAsync(pointer, source.pointer, bytes(), stream.handle());
    }

    /**
     * Enqueues copying columns {@code firstColumn} .. {@code firstColumn + columns - 1} of every row of
     * {@code source}, a matrix of ld ints a row the size of this one, into the same cells of this one.
     */
    public void copyColumnsFrom(DeviceBuffer source, int ld, int firstColumn, int columns, CudaStream stream) {
        long rows = cells / ld;
        if (source.cells != cells || rows * ld != cells || firstColumn < 0 || columns <= 0 || firstColumn + columns > ld) {
            throw new IllegalArgumentException("columns " + firstColumn + " .. " + (firstColumn + columns - 1) + " of " + ld + "-wide matrices of " + source.cells + " and " + cells + " cells");
        }
        CUDA_MEMCPY2D copy = new CUDA_MEMCPY2D();
        copy.srcMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        copy.srcDevice = source.pointer;
        copy.srcPitch = (long) ld * Sizeof.INT;
        copy.srcXInBytes = (long) firstColumn * Sizeof.INT;
        copy.dstMemoryType = CUmemorytype.CU_MEMORYTYPE_DEVICE;
        copy.dstDevice = pointer;
        copy.dstPitch = copy.srcPitch;
        copy.dstXInBytes = copy.srcXInBytes;
        copy.WidthInBytes = (long) columns * Sizeof.INT;
        copy.Height = rows;
        JCudaDriver.cuMemcpy2DAsync(copy, stream.handle());
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
            if (owned) JCudaDriver.cuMemFree(pointer);
        }
    }
}
