package fwbench.cuda;

import jcuda.driver.JCudaDriver;

/**
 * The stretch of work a profiler records when it starts with collection off (ncu
 * --profile-from-start off, nsys --capture-range=cudaProfilerApi): cuProfilerStart when opened,
 * cuProfilerStop when closed, in device 0's context. Outside a profiler both calls do nothing.
 *
 * <pre>
 *   try (ProfilerRange range = ProfilerRange.start()) {
 *       solver.solve();
 *   }
 * </pre>
 */
public final class ProfilerRange implements AutoCloseable {

    private final CudaContext context;

    private ProfilerRange(CudaContext context) {
        this.context = context;
    }

    /** Starts collection in device 0's context (made current on this thread: the calls apply to the current context). */
    public static ProfilerRange start() {
        CudaContext context = CudaContext.get();
        JCudaDriver.cuProfilerStart();
        return new ProfilerRange(context);
    }

    /** Stops collection; the work launched before it is recorded, since the solve returns only when the device is done. */
    @Override
    public void close() {
        context.makeCurrent();
        JCudaDriver.cuProfilerStop();
    }
}
