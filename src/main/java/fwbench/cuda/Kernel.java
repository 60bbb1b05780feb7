package fwbench.cuda;

import jcuda.driver.CUfunction;
import jcuda.driver.JCudaDriver;

import static jcuda.driver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES;
import static jcuda.driver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK;
import static jcuda.driver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES;

/** A kernel and its launch; a kernel that exports its launch shape is used as a {@link TileKernel}. */
public final class Kernel {
    private final String name;
    private final CUfunction function;

    Kernel(String name, CUfunction function) {
        this.name = name;
        this.function = function;
    }

    /** Lets launches use more than 48 KB of dynamic shared memory (sm_70 and later). */
    public Kernel allowDynamicSharedMemory(int bytes) {
        JCudaDriver.cuFuncSetAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
        return this;
    }

    /** The most threads a block of this kernel may have: its registers' and {@code __launch_bounds__}' limit. */
    public int maxThreadsPerBlock() {
        return attribute(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    }

    /** The static shared memory of one block of this kernel, in bytes. */
    public int staticSharedBytes() {
        return attribute(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
    }

    private int attribute(int attribute) {
        int[] value = {0};
        JCudaDriver.cuFuncGetAttribute(value, attribute, function);
        return value[0];
    }

    /**
     * How many blocks of {@code blockThreads} threads and {@code sharedBytes} of dynamic shared
     * memory fit on one SM at once (registers, shared memory and threads all counted).
     */
    public int residentBlocksPerMultiprocessor(int blockThreads, int sharedBytes) {
        int[] blocks = new int[1];
        JCudaDriver.cuOccupancyMaxActiveBlocksPerMultiprocessor(blocks, function, blockThreads, sharedBytes);
        if (blocks[0] < 1) {
            throw new IllegalStateException(name + ": no block of " + blockThreads + " threads and " + sharedBytes
                    + " bytes of shared memory fits on an SM of this device");
        }
        return blocks[0];
    }

    /**
     * Enqueues one launch on the stream; with a 1-D grid or block pass 1 for the unused sizes.
     * {@code args} is the kernel family's record of named arguments.
     */
    public void launch(CudaStream stream, int gridX, int gridY, int blockX, int blockY, int sharedBytes, KernelArgs args) {
        JCudaDriver.cuLaunchKernel(function, gridX, gridY, 1, blockX, blockY, 1, sharedBytes,
                stream.handle(), args.kernelParams(), null);
    }

    @Override
    public String toString() {
        return name;
    }
}
