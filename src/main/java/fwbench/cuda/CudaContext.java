package fwbench.cuda;

import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The primary context of device 0, shared by everything in this JVM, and the kernel modules
 * loaded into it. CUDA contexts are current per thread: call {@link #makeCurrent()} on any thread
 * that is about to issue CUDA calls (JMH may run setup and measurement on different threads).
 */
public final class CudaContext {

    private static CudaContext shared;

    private final CUdevice device = new CUdevice();
    private final CUcontext context = new CUcontext();
    private final DeviceInfo info;
    private final Map<String, KernelModule> modules = new HashMap<>();

    private CudaContext() {
        info = Gpu.require();
        JCudaDriver.cuDeviceGet(device, 0);
        JCudaDriver.cuDevicePrimaryCtxRetain(context, device);
        makeCurrent();
    }

    /** The context of device 0, created on first use; throws if there is no device. */
    public static synchronized CudaContext get() {
        if (shared == null) shared = new CudaContext();
        shared.makeCurrent();
        return shared;
    }

    public DeviceInfo device() {
        return info;
    }

    public void makeCurrent() {
        JCudaDriver.cuCtxSetCurrent(context);
    }

    /** Free and total device memory in bytes, as the driver reports them now. */
    public long[] memoryInfo() {
        long[] free = {0}, total = {0};
        JCudaDriver.cuMemGetInfo(free, total);
        return new long[] {free[0], total[0]};
    }

    /**
     * The module built from kernels/NAME.cu, loaded once from the class path
     * (the Maven build puts the fatbins under /kernels).
     */
    public synchronized KernelModule module(String name) {
        return modules.computeIfAbsent(name, n -> {
            CUmodule module = new CUmodule();
            JCudaDriver.cuModuleLoadData(module, fatbin(n));
            return new KernelModule(n, module);
        });
    }

    private static byte[] fatbin(String name) {
        String resource = "/kernels/" + name + ".fatbin";
        try (InputStream in = CudaContext.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not on the class path: build with 'mvn package' (nvcc compiles kernels/*.cu)");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /** Waits for all work of this context. */
    public void synchronize() {
        JCudaDriver.cuCtxSynchronize();
    }
}
