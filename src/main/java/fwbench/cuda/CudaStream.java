package fwbench.cuda;

import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;
import jcuda.driver.JCudaDriver;

/** A CUDA stream that does not synchronize with the legacy default stream. */
public final class CudaStream implements AutoCloseable {
    private final CUstream handle = new CUstream();
    private boolean closed;

    /** A stream of default priority. */
    public CudaStream() {
        JCudaDriver.cuStreamCreate(handle, CUstream_flags.CU_STREAM_NON_BLOCKING);
    }

    /**
     * A stream of the highest or the lowest priority the device offers: when kernels of several
     * streams are ready, the block scheduler starts the higher-priority stream's blocks first.
     */
    public static CudaStream withPriority(boolean highest) {
        int[] least = {0}, greatest = {0};
        JCudaDriver.cuCtxGetStreamPriorityRange(least, greatest);
        return new CudaStream(highest ? greatest[0] : least[0]);
    }

    private CudaStream(int priority) {
        JCudaDriver.cuStreamCreateWithPriority(handle, CUstream_flags.CU_STREAM_NON_BLOCKING, priority);
    }

    public CUstream handle() {
        return handle;
    }

    /** Work enqueued on this stream after this call waits for the event's recorded work. */
    public void waitFor(Event event) {
        JCudaDriver.cuStreamWaitEvent(handle, event.handle(), 0);
    }

    public void synchronize() {
        JCudaDriver.cuStreamSynchronize(handle);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            JCudaDriver.cuStreamDestroy(handle);
        }
    }
}
