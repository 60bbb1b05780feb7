package fwbench.nvml;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The NVML functions the suite calls, as nvml.h declares them (JNA binds each by its name when it is
 * first called; one the library lacks throws UnsatisfiedLinkError then). Every function returns an
 * nvmlReturn_t, 0 on success; a device is an opaque nvmlDevice_t.
 */
interface NvmlLibrary extends Library {

    int nvmlInit_v2();

    int nvmlShutdown();

    /** A static string naming an nvmlReturn_t ("Not Supported"). */
    String nvmlErrorString(int result);

    int nvmlDeviceGetHandleByPciBusId_v2(String pciBusId, PointerByReference device);

    /** The current clock of a domain (nvmlClockType_t), in MHz. */
    int nvmlDeviceGetClockInfo(Pointer device, int clockType, IntByReference mhz);

    /** The highest clock the domain can run at, in MHz. */
    int nvmlDeviceGetMaxClockInfo(Pointer device, int clockType, IntByReference mhz);

    int nvmlDeviceGetTemperature(Pointer device, int sensor, IntByReference celsius);

    int nvmlDeviceGetPowerUsage(Pointer device, IntByReference milliwatts);

    /** Why the clocks are where they are: a bit mask of nvmlClocksEventReason* (driver 535 and later). */
    int nvmlDeviceGetCurrentClocksEventReasons(Pointer device, LongByReference reasons);

    /** The same mask under its older name, for drivers before 535. */
    int nvmlDeviceGetCurrentClocksThrottleReasons(Pointer device, LongByReference reasons);
}
