package fwbench.cuda;

import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** One fatbin loaded into the context: the kernels of one kernels/*.cu file. */
public final class KernelModule {
    /** A tile kernel NAME exports its {@link LaunchShape} as {@code extern "C" __constant__ int NAME_shape[5]}. */
    public static final String SHAPE_SUFFIX = "_shape";

    private final String name;
    private final CUmodule module;
    private final Map<String, LaunchShape> shapes = new HashMap<>();

    KernelModule(String name, CUmodule module) {
        this.name = name;
        this.module = module;
    }

    /** The extern "C" kernel of that name. */
    public Kernel kernel(String function) {
        CUfunction f = new CUfunction();
        JCudaDriver.cuModuleGetFunction(f, module, function);
        return new Kernel(name + "::" + function, f);
    }

    /** Whether the module has an extern "C" kernel of that name. */
    public boolean hasKernel(String function) {
        try {
            JCudaDriver.cuModuleGetFunction(new CUfunction(), module, function);
            return true;
        } catch (CudaException e) {
            if (!e.getMessage().contains(CUresult.stringFor(CUresult.CUDA_ERROR_NOT_FOUND))) throw e;
            return false;
        }
    }

    /**
     * The bytes of the module's extern "C" __constant__ or __device__ variable of that name (a kernel
     * file's descriptor); empty when the module has none.
     */
    public Optional<byte[]> global(String symbol) {
        CUdeviceptr address = new CUdeviceptr();
        long[] bytes = {0};
        try {
            JCudaDriver.cuModuleGetGlobal(address, bytes, module, symbol);
        } catch (CudaException e) {
            if (!e.getMessage().contains(CUresult.stringFor(CUresult.CUDA_ERROR_NOT_FOUND))) throw e;
            return Optional.empty();
        }
        byte[] value = new byte[Math.toIntExact(bytes[0])];
        if (value.length > 0) JCudaDriver.cuMemcpyDtoH(Pointer.to(value), address, value.length);
        return Optional.of(value);
    }

    /** The extern "C" kernel of that name with the launch shape it exports beside it. */
    public TileKernel tileKernel(String function) {
        return new TileKernel(kernel(function), shape(function));
    }

    /** The launch shape the kernel of that name exports, read from the device once per module. */
    public synchronized LaunchShape shape(String function) {
        return shapes.computeIfAbsent(function, this::readShape);
    }

    private LaunchShape readShape(String function) {
        String symbol = function + SHAPE_SUFFIX;
        CUdeviceptr address = new CUdeviceptr();
        long[] bytes = {0};
        try {
            JCudaDriver.cuModuleGetGlobal(address, bytes, module, symbol);
        } catch (CudaException e) {
            // only a missing symbol means a missing export; any other error (a fault left by an
            // earlier kernel, no current context) is itself the problem
            if (!e.getMessage().contains(CUresult.stringFor(CUresult.CUDA_ERROR_NOT_FOUND))) throw e;
            throw missingShape(function, symbol, e);
        }
        long expected = (long) LaunchShape.FIELDS * Sizeof.INT;
        if (bytes[0] != expected) {
            throw new IllegalStateException("kernels/" + name + ".cu: " + symbol + " is " + bytes[0] + " bytes, not "
                    + expected + " (int[" + LaunchShape.FIELDS + "]: threads, shared bytes, tile, cell rows, cell columns)");
        }
        int[] fields = new int[LaunchShape.FIELDS];
        JCudaDriver.cuMemcpyDtoH(Pointer.to(fields), address, expected);
        return LaunchShape.of(fields);
    }

    private IllegalStateException missingShape(String function, String symbol, CudaException cause) {
        return new IllegalStateException("kernels/" + name + ".cu: kernel " + function + " exports no launch shape: no extern \"C\" __constant__ int "
                + symbol + "[" + LaunchShape.FIELDS + "]", cause);
    }

    public String name() {
        return name;
    }
}
