package fwbench.variant.small;

import fwbench.cuda.CudaContext;
import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.DeviceInfo;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;
import fwbench.cuda.KernelModule;
import fwbench.cuda.TileKernel;

import jcuda.Pointer;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;

/**
 * The kernel of one size class of kernels/14_small_graphs.cu, fw_small_graphs_N, and how a grid of
 * it is launched, a block a graph, with the threads its launch shape exports. Classes up to
 * {@value #LARGEST_IN_REGISTERS} hold a graph in the block's registers; the larger ones run kleene's
 * rounds over a padded copy of the graph in global memory (N x N ints of scratch a block), with
 * dynamic shared memory.
 */
public final class SizeClassKernel {

    /** The largest class whose graphs a block holds in registers; past it, in global memory. */
    static final int LARGEST_IN_REGISTERS = 128;

    /** The largest class. */
    static final int LARGEST = 512;

    /** The padded sizes, ascending: a graph of n goes to the first at least n. */
    static final int[] CLASSES = {32, 64, LARGEST_IN_REGISTERS, 256, LARGEST};

    /** fw_small_graphs_N for N up to {@value #LARGEST_IN_REGISTERS}(int* d, const long long* offset, const int* size, const int* graphs): block b solves graphs[b]. */
    public record Launch(DeviceBuffer d, DeviceBuffer offset, DeviceBuffer size, DeviceBuffer graphs) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), buffer(offset), buffer(size), buffer(graphs));
        }
    }

    /** fw_small_graphs_N past {@value #LARGEST_IN_REGISTERS}: as {@link Launch}, and N x N ints of scratch for each block of the grid. */
    public record TiledLaunch(DeviceBuffer d, DeviceBuffer offset, DeviceBuffer size, DeviceBuffer graphs, DeviceBuffer scratch) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), buffer(offset), buffer(size), buffer(graphs), buffer(scratch));
        }
    }

    private final int size;
    private final Kernel inRegisters;  // null past LARGEST_IN_REGISTERS
    private final TileKernel tiled;    // null up to it
    private final int threads;

    private SizeClassKernel(int size, Kernel inRegisters, TileKernel tiled, int threads) {
        this.size = size;
        this.inRegisters = inRegisters;
        this.tiled = tiled;
        this.threads = threads;
    }

    /**
     * Class c's kernel from the module, checked to take the threads a block it is launched with; a
     * class in global memory is refused (IllegalArgumentException, one line) on a GPU whose blocks
     * may not have its shared memory (below sm_80).
     */
    static SizeClassKernel of(CudaContext cuda, KernelModule module, int c) {
        int size = CLASSES[c];
        String name = "fw_small_graphs_" + size;
        if (size <= LARGEST_IN_REGISTERS) {
            Kernel kernel = module.kernel(name);
            int threads = module.shape(name).threads();
            if (kernel.maxThreadsPerBlock() < threads) {
                throw new IllegalStateException(kernel + " takes " + kernel.maxThreadsPerBlock() + " threads a block, not " + threads);
            }
            return new SizeClassKernel(size, kernel, null, threads);
        }
        int shared = module.shape(name).sharedBytes();
        DeviceInfo device = cuda.device();
        if (shared > device.maxSharedBytesPerBlock()) {
            throw new IllegalArgumentException("small-graphs solves n = " + (CLASSES[c - 1] + 1) + " .. " + size + " with " + shared
                    + " bytes of shared memory a block, and " + device.name() + " allows " + device.maxSharedBytesPerBlock()
                    + ": on this GPU it takes n up to " + LARGEST_IN_REGISTERS);
        }
        TileKernel kernel = module.tileKernel(name);
        return new SizeClassKernel(size, null, kernel, kernel.shape().threads());
    }

    /** Threads a block. */
    int threads() {
        return threads;
    }

    /** Ints of scratch a grid of {@code blocks} needs: N x N a block past {@value #LARGEST_IN_REGISTERS}, none up to it. */
    long scratchInts(int blocks) {
        return tiled != null ? (long) blocks * size * size : 0;
    }

    /**
     * Device bytes of scratch one graph of n needs (a grid of one block): the registry's extra beside
     * the matrices. None past the largest class, whose n is refused before anything is allocated.
     */
    static long scratchBytes(int n, int paddedN) {
        if (n <= LARGEST_IN_REGISTERS || n > LARGEST) return 0;
        long side = CLASSES[indexOfClassFor(n)];
        return Integer.BYTES * side * side;
    }

    /**
     * Enqueues a grid of {@code blocks} blocks, block b solving graphs[b]; scratch holds
     * {@link #scratchInts}(blocks) ints (null where that is 0).
     */
    void launch(CudaStream stream, int blocks, DeviceBuffer d, DeviceBuffer offset, DeviceBuffer sizes, DeviceBuffer graphs, DeviceBuffer scratch) {
        if (tiled != null) tiled.launch(stream, blocks, 1, new TiledLaunch(d, offset, sizes, graphs, scratch));
        else inRegisters.launch(stream, blocks, 1, threads(), 1, 0, new Launch(d, offset, sizes, graphs));
    }

    /** The index in {@link #CLASSES} of the smallest class at least n (n from 1 to the largest class). */
    static int indexOfClassFor(int n) {
        int c = 0;
        while (n > CLASSES[c]) c++;
        return c;
    }

    @Override
    public String toString() {
        return tiled != null ? tiled.toString() : inRegisters.toString();
    }
}
