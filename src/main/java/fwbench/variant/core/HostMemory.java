package fwbench.variant.core;

import java.util.function.IntToLongFunction;

/**
 * What a solve with a variant holds in the JVM heap for a graph of n vertices, at the most at once,
 * in n x n int32 matrices; the graph's own edges (a file's) come on top. The planner and
 * {@code solve} size runs from it before anything is allocated, as they do device memory from
 * {@link DeviceMemory}.
 */
public final class HostMemory {

    /**
     * A CPU variant's: its input and its work matrix, and while its answer is checked a copy of that
     * answer and of the weights the shortest-path certificate reads (or the CPU reference's matrix).
     */
    public static final HostMemory CPU_SOLVER = new HostMemory(4, true);

    private final int matrices;
    private final boolean evenForGeneratedGraphs;
    private final IntToLongFunction extraBytes;  // beside the matrices, by n, for any graph
    private final String extraWhat;

    private HostMemory(int matrices, boolean evenForGeneratedGraphs, IntToLongFunction extraBytes, String extraWhat) {
        this.matrices = matrices;
        this.evenForGeneratedGraphs = evenForGeneratedGraphs;
        this.extraBytes = extraBytes;
        this.extraWhat = extraWhat;
    }

    private HostMemory(int matrices, boolean evenForGeneratedGraphs) {
        this(matrices, evenForGeneratedGraphs, n -> 0, "");
    }

    /** With {@code bytes(n)} more for any graph, {@code what} it is (for messages): a dataflow schedule. */
    public HostMemory plus(String what, IntToLongFunction bytes) {
        return new HostMemory(matrices, evenForGeneratedGraphs, bytes, what);
    }

    /** What the heap holds, for messages: "1 n x n int32 matrix and its work-item schedule". */
    public String what(boolean graphFile) {
        String m = (graphFile || evenForGeneratedGraphs) && matrices > 0 ? matrices + " n x n int32 " + (matrices == 1 ? "matrix" : "matrices") : "";
        if (extraWhat.isEmpty()) return m;
        return m.isEmpty() ? extraWhat : m + " and " + extraWhat;
    }

    /**
     * A GPU variant's: its matrices live on the device; the host holds {@code matrices} read back
     * (the distances, and the intermediate-node matrix), or before that a graph file's matrix on its
     * way to the device. A generated graph is made and checked on the device: nothing in the heap.
     */
    public static HostMemory readBack(int matrices) {
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
    public long bytes(int n, boolean graphFile) {
        long held = !graphFile && !evenForGeneratedGraphs ? 0 : matrices * 4L * n * n;
        return held + extraBytes.applyAsLong(n);
    }

    /** The largest n (up to {@code limit}) whose heap fits in {@code bytes}, 0 if none (bytes grow with n). */
    public int largestN(long bytes, boolean graphFile, int limit) {
        if (bytes(limit, graphFile) <= bytes) return limit;
        int lo = 0, hi = limit;  // bytes(lo) fits (or lo = 0), bytes(hi) does not
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (bytes(mid, graphFile) <= bytes) lo = mid;
            else hi = mid;
        }
        return lo;
    }
}
