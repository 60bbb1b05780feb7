package fwbench.cuda;

import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.JCudaDriver;

/** A CUDA event, for timing work on a stream on the GPU's own clock. */
public final class Event implements AutoCloseable {
    private final CUevent handle = new CUevent();
    private boolean closed;

    public Event() {
        JCudaDriver.cuEventCreate(handle, CUevent_flags.CU_EVENT_DEFAULT);
    }

    public void record(CudaStream stream) {
        JCudaDriver.cuEventRecord(handle, stream.handle());
    }

    /** Blocks the calling thread until the work before this event's record is done. */
    public void synchronize() {
        JCudaDriver.cuEventSynchronize(handle);
    }

    /** Milliseconds of GPU time between two recorded, completed events. */
    public static double elapsedMillis(Event start, Event stop) {
        float[] ms = {0};
        JCudaDriver.cuEventElapsedTime(ms, start.handle, stop.handle);
        return ms[0];
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            JCudaDriver.cuEventDestroy(handle);
        }
    }
}
