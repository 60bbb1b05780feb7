package fwbench.variant;

/**
 * What a solve with a variant holds in the JVM heap for a graph of n vertices, at the most at once,
 * in n x n int32 matrices; the graph's own edges (a file's) come on top. The planner and
 * {@code solve} size runs from it before anything is allocated, as they do device memory from
 * {@link DeviceMemory}.
 */
final class HostMemory {

    /**
     * A CPU variant's: its input and its work matrix, and while its answer is checked a copy of that
     * answer and of the weights the shortest-path certificate reads (or the CPU reference's matrix).
     */
    static final HostMemory CPU_SOLVER = new HostMemory(4, true);

    private final int matrices;
    private final boolean evenForGeneratedGraphs;

    private HostMemory(int matrices, boolean evenForGeneratedGraphs) {
        this.matrices = matrices;
        this.evenForGeneratedGraphs = evenForGeneratedGraphs;
    }

    /**
     * A GPU variant's: its matrices live on the device; the host holds {@code matrices} read back
     * (the distances, and the intermediate-node matrix), or before that a graph file's matrix on its
     * way to the device. A generated graph is made and checked on the device: nothing in the heap.
     */
    static HostMemory readBack(int matrices) {
        return new HostMemory(matrices, false);
    }

    /** n x n matrices held at once. */
    int matrices() {
        return matrices;
    }

    /**
     * Heap bytes for n vertices.
     *
     * @param graphFile whether the graph comes from a file (held on the host) rather than a generator
     */
    long bytes(int n, boolean graphFile) {
        if (!graphFile && !evenForGeneratedGraphs) return 0;
        return matrices * 4L * n * n;
    }

    /** The largest n (up to {@code limit}) whose matrices fit in {@code bytes}, 0 if none. */
    int largestN(long bytes, boolean graphFile, int limit) {
        if (bytes(limit, graphFile) <= bytes) return limit;
        return (int) Math.min(limit, Math.floor(Math.sqrt(Math.max(0, bytes) / (matrices * 4.0))));
    }
}
