package fwbench.cuda;

import jcuda.CudaException;
import jcuda.driver.CUdevice;
import jcuda.driver.JCudaDriver;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import static jcuda.driver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR;
import static jcuda.driver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR;
import static jcuda.driver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN;
import static jcuda.driver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT;

/**
 * Finds the CUDA device once per JVM. Without a driver or a device the answer is a reason, not an
 * exception: the suite then runs its CPU variants and skips GPU tests.
 */
public final class Gpu {

    /** What the probe found: a device, or why there is none. */
    public record Probe(Optional<DeviceInfo> device, String reason) {
        public boolean available() {
            return device.isPresent();
        }
    }

    private static Probe probe;
    private static int deviceCount;

    private Gpu() {
    }

    /** The device the suite uses (device 0), probed on first call. */
    public static synchronized Probe probe() {
        if (probe == null) probe = detect();
        return probe;
    }

    /** How many CUDA devices the driver reports; 0 without a device. */
    public static synchronized int deviceCount() {
        if (!available()) return 0;
        if (deviceCount == 0) {
            int[] count = {0};
            JCudaDriver.cuDeviceGetCount(count);
            deviceCount = count[0];
        }
        return deviceCount;
    }

    /**
     * The PCI bus id of the device the suite uses ("0000:3b:00.0"), by which NVML finds the same GPU
     * whatever CUDA numbers it; empty without a device.
     */
    public static Optional<String> pciBusId() {
        if (!available()) return Optional.empty();
        try {
            CUdevice device = new CUdevice();
            JCudaDriver.cuDeviceGet(device, 0);
            String[] busId = {null};
            JCudaDriver.cuDeviceGetPCIBusId(busId, 64, device);
            return Optional.ofNullable(busId[0]).map(String::trim).filter(id -> !id.isEmpty());
        } catch (CudaException e) {
            return Optional.empty();
        }
    }

    public static boolean available() {
        return probe().available();
    }

    /** The device, or an IllegalStateException that says why there is none. */
    public static DeviceInfo require() {
        return probe().device().orElseThrow(() -> new IllegalStateException(probe().reason()));
    }

    private static Probe detect() {
        try {
            JCudaDriver.setExceptionsEnabled(true);
            JCudaDriver.cuInit(0);
        } catch (LinkageError e) {
            // JCuda's native library links against libcuda.so.1, which only the NVIDIA driver provides
            return absent("no NVIDIA driver (libcuda could not be loaded)");
        } catch (CudaException e) {
            return absent("the CUDA driver did not start: " + e.getMessage());
        }
        try {
            int[] count = {0};
            JCudaDriver.cuDeviceGetCount(count);
            if (count[0] == 0) return absent("the NVIDIA driver reports no CUDA device");
            CUdevice device = new CUdevice();
            JCudaDriver.cuDeviceGet(device, 0);
            DeviceInfo info = describe(device);
            Optional<JarTargets> targets = JarTargets.ofJar();
            if (targets.isPresent() && !targets.get().runsOn(info.computeMajor(), info.computeMinor())) {
                return absent("the jar's kernels were built for " + targets.get().line() + ", which the " + info.name() + " (sm_"
                        + info.computeMajor() + info.computeMinor() + ") cannot run: build the jar on this machine, or with -Dcuda.arch=all for every GPU");
            }
            return new Probe(Optional.of(info), "");
        } catch (CudaException e) {
            return absent("no usable CUDA device: " + e.getMessage());
        }
    }

    static DeviceInfo describe(CUdevice device) {
        byte[] name = new byte[256];
        JCudaDriver.cuDeviceGetName(name, name.length, device);
        int end = 0;
        while (end < name.length && name[end] != 0) end++;
        int[] driver = {0};
        JCudaDriver.cuDriverGetVersion(driver);
        long[] memory = {0};
        JCudaDriver.cuDeviceTotalMem(memory, device);
        return new DeviceInfo(new String(name, 0, end, StandardCharsets.US_ASCII).trim(),
                attribute(device, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
                attribute(device, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR),
                driver[0], memory[0],
                attribute(device, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
                attribute(device, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN));
    }

    private static int attribute(CUdevice device, int attribute) {
        int[] value = {0};
        JCudaDriver.cuDeviceGetAttribute(value, attribute, device);
        return value[0];
    }

    private static Probe absent(String reason) {
        return new Probe(Optional.empty(), reason);
    }
}
