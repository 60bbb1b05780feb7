package fwbench.cuda;

/**
 * A tile kernel and the launch shape it exports: every launch is a 1-D block of
 * {@link LaunchShape#threads()} threads with {@link LaunchShape#sharedBytes()} of dynamic shared
 * memory, which the kernel is allowed on creation.
 */
public final class TileKernel {
    private final Kernel kernel;
    private final LaunchShape shape;

    TileKernel(Kernel kernel, LaunchShape shape) {
        this.kernel = kernel.allowDynamicSharedMemory(shape.sharedBytes());
        this.shape = shape;
    }

    public LaunchShape shape() {
        return shape;
    }

    /** Enqueues one launch of gridX x gridY blocks of the kernel's shape; with a 1-D grid pass 1 for gridY. */
    public void launch(CudaStream stream, int gridX, int gridY, KernelArgs args) {
        kernel.launch(stream, gridX, gridY, shape.threads(), 1, shape.sharedBytes(), args);
    }

    /**
     * How many blocks of this shape fit on one SM at once (registers, shared memory and threads all
     * counted): the grid of a persistent kernel is this times the SMs.
     */
    public int residentBlocksPerMultiprocessor() {
        return kernel.residentBlocksPerMultiprocessor(shape.threads(), shape.sharedBytes());
    }

    @Override
    public String toString() {
        return kernel.toString();
    }
}
