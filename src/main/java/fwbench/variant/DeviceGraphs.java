package fwbench.variant;

import fwbench.cuda.CudaContext;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.cuda.CudaStream;
import fwbench.graph.GeneratedGraph;
import fwbench.graph.Graph;

/** Puts a graph's weights into device memory: generated graphs on the device itself, others by copy. */
public final class DeviceGraphs {

    private DeviceGraphs() {
    }

    /** Fills {@code target} (n x n cells) with the graph's weights; returns when done. */
    public static void load(Graph graph, DeviceBuffer target, CudaStream stream) {
        if (graph instanceof GeneratedGraph g) {
            // same cells as GraphSpec.generate, without an n x n host array
            Kernel generate = CudaContext.get().module("graph").kernel("fw_generate");
            int n = g.n();
            generate.launch(stream, (n + 31) / 32, (n + 7) / 8, 32, 8, 0,
                    target, n, g.seed(), g.spec().edgeThreshold(), g.spec().maxWeight());
            stream.synchronize();
        } else {
            target.upload(graph.weights());
        }
    }
}
