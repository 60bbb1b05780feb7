package fwbench.cuda;

import jcuda.Pointer;
import jcuda.driver.CUfunction;
import jcuda.driver.JCudaDriver;

import static jcuda.driver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES;

/**
 * A kernel and its launch. Arguments are passed in declaration order: {@link DeviceBuffer}
 * (a device pointer), {@link Integer} (int) or {@link Long} (64-bit integer).
 */
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

    /**
     * How many blocks of {@code blockThreads} threads and {@code sharedBytes} of dynamic shared
     * memory fit on one SM at once (registers, shared memory and threads all counted): the grid of
     * a persistent kernel is this times the SMs.
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

    /** Enqueues one launch on the stream; with a 1-D grid or block pass 1 for the unused sizes. */
    public void launch(CudaStream stream, int gridX, int gridY, int blockX, int blockY, int sharedBytes, Object... args) {
        Pointer[] pointers = new Pointer[args.length];
        for (int a = 0; a < args.length; a++) {
            Object arg = args[a];
            if (arg instanceof DeviceBuffer b) pointers[a] = Pointer.to(b.pointer());
            else if (arg instanceof Integer i) pointers[a] = Pointer.to(new int[] {i});
            else if (arg instanceof Long l) pointers[a] = Pointer.to(new long[] {l});
            else throw new IllegalArgumentException(name + ": unsupported kernel argument " + arg);
        }
        JCudaDriver.cuLaunchKernel(function, gridX, gridY, 1, blockX, blockY, 1, sharedBytes,
                stream.handle(), Pointer.to(pointers), null);
    }

    @Override
    public String toString() {
        return name;
    }
}
