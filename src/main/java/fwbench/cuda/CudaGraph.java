package fwbench.cuda;

import jcuda.driver.CUgraph;
import jcuda.driver.CUgraphExec;
import jcuda.driver.CUstreamCaptureMode;
import jcuda.driver.JCudaDriver;

/**
 * A sequence of launches captured once from a stream and replayed as one unit. Replaying a graph
 * costs the host a few microseconds in all instead of a few per kernel, which matters when a solve
 * is hundreds of short launches.
 */
public final class CudaGraph implements AutoCloseable {
    /**
     * CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY (cuda.h; JCuda 12.6 has no constant for it):
     * kernels keep the priority of the stream they were captured from.
     */
    private static final long USE_NODE_PRIORITY = 8;

    private final CUgraph graph = new CUgraph();
    private final CUgraphExec exec = new CUgraphExec();
    private boolean closed;

    /** Records what {@code enqueue} puts on the stream (nothing runs) and instantiates it. */
    public static CudaGraph capture(CudaStream stream, Runnable enqueue) {
        return new CudaGraph(stream, enqueue);
    }

    private CudaGraph(CudaStream stream, Runnable enqueue) {
        JCudaDriver.cuStreamBeginCapture(stream.handle(), CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_THREAD_LOCAL);
        try {
            enqueue.run();
        } finally {
            JCudaDriver.cuStreamEndCapture(stream.handle(), graph);
        }
        JCudaDriver.cuGraphInstantiate(exec, graph, USE_NODE_PRIORITY);
    }

    public void launch(CudaStream stream) {
        JCudaDriver.cuGraphLaunch(exec, stream.handle());
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            JCudaDriver.cuGraphExecDestroy(exec);
            JCudaDriver.cuGraphDestroy(graph);
        }
    }
}
