package fwbench.nvml;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * NVML, the NVIDIA Management Library the driver installs (libnvidia-ml.so.1), opened once: the
 * clocks, temperature, power and clock event reasons of a device. Without the library, or where
 * nvmlInit fails (no driver loaded), {@link #open()} gives the reason in a few words instead, for
 * one line; nothing here throws for a missing library.
 */
public final class Nvml implements AutoCloseable {

    /** The library's name as the driver installs it (the unversioned libnvidia-ml.so comes only with the CUDA toolkit's stubs). */
    public static final String LIBRARY = "libnvidia-ml.so.1";

    static final int SUCCESS = 0;
    static final int CLOCK_SM = 1;
    static final int CLOCK_MEM = 2;
    static final int TEMPERATURE_GPU = 0;

    /** NVML opened, or why not: "no NVML (libnvidia-ml.so.1 not found)". */
    public record Opening(Optional<Nvml> nvml, String reason) {
    }

    /** A device NVML knows, by its handle. */
    public static final class Device {
        private final Pointer handle;

        private Device(Pointer handle) {
            this.handle = handle;
        }
    }

    private final NvmlLibrary library;
    /** Whether the driver has nvmlDeviceGetCurrentClocksEventReasons; older ones only its former name. */
    private boolean hasEventReasons = true;
    private boolean closed;

    private Nvml(NvmlLibrary library) {
        this.library = library;
    }

    /** NVML initialised, or why it cannot be. Close it when done (nvmlShutdown). */
    public static Opening open() {
        return open(() -> Native.load(LIBRARY, NvmlLibrary.class), LIBRARY);
    }

    /** As {@link #open()}, with the library from {@code load} (a test's, or another file) named {@code name} in the reason. */
    static Opening open(Supplier<NvmlLibrary> load, String name) {
        NvmlLibrary library;
        try {
            library = load.get();
        } catch (UnsatisfiedLinkError e) {
            return absent("no NVML (" + name + " not found)");
        } catch (LinkageError e) {
            // JNA's own native stub did not load (a temporary folder mounted noexec, say)
            return absent("no NVML (JNA could not load its native library: " + e.getMessage() + ")");
        }
        int result;
        try {
            result = library.nvmlInit_v2();
        } catch (UnsatisfiedLinkError e) {
            return absent("no NVML (" + name + " has no nvmlInit_v2)");
        }
        if (result != SUCCESS) return absent("no NVML (nvmlInit_v2 failed: " + errorText(library, result) + ")");
        return new Opening(Optional.of(new Nvml(library)), "");
    }

    private static Opening absent(String reason) {
        return new Opening(Optional.empty(), reason);
    }

    /**
     * The device at a PCI bus id as CUDA gives it ("0000:3b:00.0"): the same GPU whatever order
     * CUDA_VISIBLE_DEVICES or CUDA's fastest-first numbering puts it in, which NVML's indices ignore.
     */
    public Device device(String pciBusId) throws NvmlException {
        PointerByReference handle = new PointerByReference();
        check("nvmlDeviceGetHandleByPciBusId_v2(" + pciBusId + ")", library.nvmlDeviceGetHandleByPciBusId_v2(pciBusId, handle));
        return new Device(handle.getValue());
    }

    /** What the device reports now; each value it does not report is empty. */
    public NvmlSample sample(Device device) {
        Pointer handle = device.handle;
        return new NvmlSample(
                value(mhz -> library.nvmlDeviceGetClockInfo(handle, CLOCK_SM, mhz)),
                value(mhz -> library.nvmlDeviceGetMaxClockInfo(handle, CLOCK_SM, mhz)),
                value(mhz -> library.nvmlDeviceGetClockInfo(handle, CLOCK_MEM, mhz)),
                value(celsius -> library.nvmlDeviceGetTemperature(handle, TEMPERATURE_GPU, celsius)),
                value(milliwatts -> library.nvmlDeviceGetPowerUsage(handle, milliwatts)),
                clockEventReasons(handle));
    }

    private OptionalLong clockEventReasons(Pointer handle) {
        LongByReference reasons = new LongByReference();
        int result;
        if (hasEventReasons) {
            try {
                result = library.nvmlDeviceGetCurrentClocksEventReasons(handle, reasons);
            } catch (UnsatisfiedLinkError e) {
                hasEventReasons = false;
                result = library.nvmlDeviceGetCurrentClocksThrottleReasons(handle, reasons);
            }
        } else {
            result = library.nvmlDeviceGetCurrentClocksThrottleReasons(handle, reasons);
        }
        return result == SUCCESS ? OptionalLong.of(reasons.getValue()) : OptionalLong.empty();
    }

    /** A getter of one unsigned int: NVML writes it into {@code out} and returns an nvmlReturn_t. */
    private interface IntGetter {
        int read(IntByReference out);
    }

    private static OptionalInt value(IntGetter getter) {
        IntByReference out = new IntByReference();
        return getter.read(out) == SUCCESS ? OptionalInt.of(out.getValue()) : OptionalInt.empty();
    }

    private void check(String call, int result) throws NvmlException {
        if (result != SUCCESS) throw new NvmlException(call + " failed: " + errorText(library, result));
    }

    private static String errorText(NvmlLibrary library, int result) {
        try {
            String text = library.nvmlErrorString(result);
            return text == null || text.isBlank() ? "error " + result : text;
        } catch (UnsatisfiedLinkError e) {
            return "error " + result;
        }
    }

    /** nvmlShutdown, once. */
    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        library.nvmlShutdown();
    }
}
