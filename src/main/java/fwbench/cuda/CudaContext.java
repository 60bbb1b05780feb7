package fwbench.cuda;

import jcuda.CudaException;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The primary context of a device, shared by everything in this JVM, and the kernel modules
 * loaded into it. Everything but a solve that spans devices uses device 0's ({@link #get()}).
 * CUDA contexts are current per thread: call {@link #makeCurrent()} on any thread that is about to
 * issue CUDA calls (JMH may run setup and measurement on different threads), and before work on
 * another device's buffers, streams or kernels.
 */
public final class CudaContext {

    private static final Map<Integer, CudaContext> contexts = new HashMap<>();
    /** Pairs (from, to) whose peer access was asked for, and the answer: once per pair per JVM. */
    private static final Map<List<Integer>, Boolean> peerAccess = new HashMap<>();

    private final int ordinal;
    private final CUdevice device = new CUdevice();
    private final CUcontext context = new CUcontext();
    private final DeviceInfo info;
    private final Map<String, KernelModule> modules = new HashMap<>();

    private CudaContext(int ordinal) {
        Gpu.require();
        this.ordinal = ordinal;
        JCudaDriver.cuDeviceGet(device, ordinal);
        info = Gpu.describe(device);
        JCudaDriver.cuDevicePrimaryCtxRetain(context, device);
        makeCurrent();
    }

    /** The context of device 0, created on first use; throws if there is no device. */
    public static CudaContext get() {
        return of(0);
    }

    /**
     * The primary context of device {@code ordinal} (0 .. {@link Gpu#deviceCount()} - 1), created on
     * first use and made current.
     */
    public static synchronized CudaContext of(int ordinal) {
        Gpu.require();  // without a device: why there is none
        int count = Gpu.deviceCount();
        if (ordinal < 0 || ordinal >= count) throw new IllegalArgumentException("device " + ordinal + " of " + count);
        CudaContext c = contexts.computeIfAbsent(ordinal, CudaContext::new);
        c.makeCurrent();
        return c;
    }

    /**
     * Lets kernels and copies of {@code from}'s device reach {@code to}'s memory directly, where
     * cuDeviceCanAccessPeer says they can; returns whether they can. Asked and enabled once per
     * pair. Without it cuMemcpyPeerAsync still copies, staged through host memory by the driver.
     */
    public static synchronized boolean enablePeerAccess(CudaContext from, CudaContext to) {
        if (from.ordinal == to.ordinal) return true;
        return peerAccess.computeIfAbsent(List.of(from.ordinal, to.ordinal), pair -> {
            int[] can = {0};
            JCudaDriver.cuDeviceCanAccessPeer(can, from.device, to.device);
            if (can[0] == 0) return false;
            from.makeCurrent();
            try {
                JCudaDriver.cuCtxEnablePeerAccess(to.context, 0);
            } catch (CudaException e) {
                // enabled by someone else in this process (the primary contexts are shared)
                if (!e.getMessage().contains(CUresult.stringFor(CUresult.CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED))) throw e;
            }
            return true;
        });
    }

    /** The device's ordinal, as the driver numbers devices. */
    public int ordinal() {
        return ordinal;
    }

    CUcontext handle() {
        return context;
    }

    /** The context of a device that {@link #of} has made, without making it current. */
    static synchronized CUcontext handleOf(int ordinal) {
        CudaContext c = contexts.get(ordinal);
        if (c == null) throw new IllegalStateException("no context was made for device " + ordinal);
        return c.context;
    }

    public DeviceInfo device() {
        return info;
    }

    public void makeCurrent() {
        JCudaDriver.cuCtxSetCurrent(context);
    }

    /** Free and total memory of this context's device in bytes, as the driver reports them now. */
    public long[] memoryInfo() {
        makeCurrent();
        long[] free = {0}, total = {0};
        JCudaDriver.cuMemGetInfo(free, total);
        return new long[] {free[0], total[0]};
    }

    /**
     * The module built from kernels/NAME.cu, loaded once from the class path
     * (the Maven build puts the fatbins under /kernels).
     */
    public synchronized KernelModule module(String name) {
        makeCurrent();
        return modules.computeIfAbsent(name, n -> {
            CUmodule module = new CUmodule();
            JCudaDriver.cuModuleLoadData(module, fatbin(n));
            return new KernelModule(n, module);
        });
    }

    /**
     * The module of a kernel file compiled at run time ({@link KernelCompiler}), loaded once under
     * {@code name} from {@code image} (a cubin); {@link #module(String)} returns it from then on.
     */
    public synchronized KernelModule loadModule(String name, byte[] image) {
        makeCurrent();
        return modules.computeIfAbsent(name, n -> {
            CUmodule module = new CUmodule();
            JCudaDriver.cuModuleLoadData(module, image);
            return new KernelModule(n, module);
        });
    }

    /**
     * The SHA-256 of the fatbin built from kernels/NAME.cu, in hex: what its kernels' code is, so that
     * something measured with them (a tuned launch choice) can tell a rebuild with changed kernels.
     * Reads the class path only; needs no device.
     */
    public static String fatbinSha256(String name) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(fatbin(name)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
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
        makeCurrent();
        JCudaDriver.cuCtxSynchronize();
    }
}
