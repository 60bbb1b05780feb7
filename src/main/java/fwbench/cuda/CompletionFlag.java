package fwbench.cuda;

import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstreamWriteValue_flags;
import jcuda.driver.JCudaDriver;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static jcuda.driver.JCudaDriver.CU_MEMHOSTALLOC_DEVICEMAP;
import static jcuda.driver.JCudaDriver.CU_MEMHOSTALLOC_PORTABLE;

/**
 * An int in pinned host memory that a stream writes when it reaches a point, so that the host
 * learns that the work before that point is done by reading its own memory: sooner than an
 * event's synchronize returns, which at small n is a visible part of a solve (kernels/NOTES.md, The
 * host's notice of a solve's end). The write orders every earlier write of the stream before it
 * (the default flags).
 */
public final class CompletionFlag implements AutoCloseable {

    /** How long {@link #await} spins before it hands the wait to the driver. */
    public static final long SPIN_NANOS = 2_000_000;

    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());

    private final Pointer host = new Pointer();
    private final CUdeviceptr device = new CUdeviceptr();
    private final ByteBuffer view;
    private int value;
    private boolean closed;

    public CompletionFlag() {
        JCudaDriver.cuMemHostAlloc(host, Integer.BYTES, CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE);
        try {
            JCudaDriver.cuMemHostGetDevicePointer(device, host, 0);
            view = host.getByteBuffer(0, Integer.BYTES);
        } catch (RuntimeException e) {
            JCudaDriver.cuMemFreeHost(host);
            throw e;
        }
        INT.setVolatile(view, 0, value);
    }

    /** Enqueues on {@code stream} a write of a value this flag has not held since it was made; returns that value. */
    public int enqueueWrite(CudaStream stream) {
        value++;
        JCudaDriver.cuStreamWriteValue32(stream.handle(), device, value, CUstreamWriteValue_flags.CU_STREAM_WRITE_VALUE_DEFAULT);
        return value;
    }

    /**
     * Returns once the flag holds {@code expected}, spinning up to {@link #SPIN_NANOS}; past that
     * (a long solve, or a stream that failed before the write) it waits on {@code after}, an event
     * recorded after the write, so a failure surfaces as the driver's error instead of a hang.
     */
    public void await(int expected, Event after) {
        long deadline = System.nanoTime() + SPIN_NANOS;
        while ((int) INT.getAcquire(view, 0) != expected) {
            if (System.nanoTime() - deadline > 0) {
                after.synchronize();
                return;
            }
            Thread.onSpinWait();
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            JCudaDriver.cuMemFreeHost(host);
        }
    }
}
