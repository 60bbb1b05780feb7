package fwbench.cuda;

import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.JCudaDriver;

/** A CUDA event: times work on a stream on the GPU's own clock, or orders work across streams. */
public final class Event implements AutoCloseable {
    private final CUevent handle = new CUevent();
    private boolean closed;

    /** An event that can time work. */
    public Event() {
        this(true);
    }

    /** With {@code timing} false the event only orders work (cheaper: no timestamp). */
    public Event(boolean timing) {
        JCudaDriver.cuEventCreate(handle, timing ? CUevent_flags.CU_EVENT_DEFAULT : CUevent_flags.CU_EVENT_DISABLE_TIMING);
    }

    CUevent handle() {
        return handle;
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
