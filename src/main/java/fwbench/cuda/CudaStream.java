package fwbench.cuda;

import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;
import jcuda.driver.JCudaDriver;

/** A CUDA stream that does not synchronize with the legacy default stream. */
public final class CudaStream implements AutoCloseable {
    private final CUstream handle = new CUstream();
    private boolean closed;

    public CudaStream() {
        JCudaDriver.cuStreamCreate(handle, CUstream_flags.CU_STREAM_NON_BLOCKING);
    }

    public CUstream handle() {
        return handle;
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
