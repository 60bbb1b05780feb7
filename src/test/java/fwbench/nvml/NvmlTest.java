package fwbench.nvml;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import org.junit.jupiter.api.Test;

import java.util.OptionalInt;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The binding without a GPU: a missing library, one that is not NVML, a failing nvmlInit, each a
 * reason for one line and never an exception; and, through a stand-in for the library, what a
 * device's reading holds, with the older name of the reasons' function on drivers before 535.
 */
class NvmlTest {

    @Test
    void aMissingLibraryIsAReasonNotAnError() {
        String name = "libnvidia-ml-absent.so.1";
        Nvml.Opening opening = Nvml.open(() -> Native.load(name, NvmlLibrary.class), name);
        assertTrue(opening.nvml().isEmpty());
        assertEquals("no NVML (libnvidia-ml-absent.so.1 not found)", opening.reason());
    }

    /** This machine's own NVML: on one without the driver (CI, a laptop) the line the benchmark command prints. */
    @Test
    void theDriversLibraryOpensOrSaysWhyNot() {
        Nvml.Opening opening = Nvml.open();
        opening.nvml().ifPresent(Nvml::close);
        assertTrue(opening.nvml().isPresent() || opening.reason().equals("no NVML (libnvidia-ml.so.1 not found)")
                || opening.reason().startsWith("no NVML (nvmlInit_v2 failed: "), opening.reason());
    }

    @Test
    void aLibraryThatIsNotNvmlIsAReason() {
        Nvml.Opening opening = Nvml.open(() -> Native.load("libc.so.6", NvmlLibrary.class), "libc.so.6");
        assertEquals("no NVML (libc.so.6 has no nvmlInit_v2)", opening.reason());
    }

    @Test
    void aFailedInitNamesNvmlsError() {
        FakeNvml driverNotLoaded = new FakeNvml();
        driverNotLoaded.initResult = 9;
        Nvml.Opening opening = Nvml.open(() -> driverNotLoaded, Nvml.LIBRARY);
        assertEquals("no NVML (nvmlInit_v2 failed: Driver Not Loaded)", opening.reason());
    }

    @Test
    void aDeviceIsReadWithWhatItReports() throws NvmlException {
        FakeNvml library = new FakeNvml();
        library.powerResult = 3;  // Not Supported, as on some boards
        try (Nvml nvml = Nvml.open(() -> library, Nvml.LIBRARY).nvml().orElseThrow()) {
            NvmlSample sample = nvml.sample(nvml.device("00000000:3B:00.0"));
            assertEquals(new NvmlSample(OptionalInt.of(1530), OptionalInt.of(1980), OptionalInt.of(2619), OptionalInt.of(71),
                    OptionalInt.empty(), OptionalLong.of(0x4)), sample);
            assertEquals("00000000:3B:00.0", library.busIdAsked);
        }
        assertEquals(1, library.shutdowns, "closed once, by try-with-resources");
    }

    /** Drivers before 535 have the reasons under their former name only. */
    @Test
    void anOlderDriverGivesTheReasonsUnderTheirFormerName() throws NvmlException {
        FakeNvml library = new FakeNvml();
        library.hasEventReasons = false;
        try (Nvml nvml = Nvml.open(() -> library, Nvml.LIBRARY).nvml().orElseThrow()) {
            Nvml.Device device = nvml.device("0000:3b:00.0");
            assertEquals(OptionalLong.of(0x4), nvml.sample(device).clockEventReasons());
            assertEquals(OptionalLong.of(0x4), nvml.sample(device).clockEventReasons());
        }
        assertEquals(1, library.eventReasonCalls, "the newer name is tried once");
    }

    @Test
    void anUnknownDeviceIsNvmlsOwnWords() {
        FakeNvml library = new FakeNvml();
        library.handleResult = 6;
        Nvml nvml = Nvml.open(() -> library, Nvml.LIBRARY).nvml().orElseThrow();
        NvmlException e = assertThrows(NvmlException.class, () -> nvml.device("0000:3b:00.0"));
        assertEquals("nvmlDeviceGetHandleByPciBusId_v2(0000:3b:00.0) failed: Not Found", e.getMessage());
    }

    /** NVML as a throttled H100 answers it: SM clock 1,530 of 1,980 MHz, power cap (0x4). */
    private static final class FakeNvml implements NvmlLibrary {
        int initResult;
        int handleResult;
        int powerResult;
        boolean hasEventReasons = true;
        int eventReasonCalls;
        int shutdowns;
        String busIdAsked;

        @Override
        public int nvmlInit_v2() {
            return initResult;
        }

        @Override
        public int nvmlShutdown() {
            shutdowns++;
            return 0;
        }

        @Override
        public String nvmlErrorString(int result) {
            return switch (result) {
                case 3 -> "Not Supported";
                case 6 -> "Not Found";
                case 9 -> "Driver Not Loaded";
                default -> "Unknown Error";
            };
        }

        @Override
        public int nvmlDeviceGetHandleByPciBusId_v2(String pciBusId, PointerByReference device) {
            busIdAsked = pciBusId;
            device.setValue(new Pointer(0x1000));
            return handleResult;
        }

        @Override
        public int nvmlDeviceGetClockInfo(Pointer device, int clockType, IntByReference mhz) {
            mhz.setValue(clockType == Nvml.CLOCK_SM ? 1530 : 2619);
            return 0;
        }

        @Override
        public int nvmlDeviceGetMaxClockInfo(Pointer device, int clockType, IntByReference mhz) {
            mhz.setValue(1980);
            return 0;
        }

        @Override
        public int nvmlDeviceGetTemperature(Pointer device, int sensor, IntByReference celsius) {
            celsius.setValue(71);
            return 0;
        }

        @Override
        public int nvmlDeviceGetPowerUsage(Pointer device, IntByReference milliwatts) {
            milliwatts.setValue(699_000);
            return powerResult;
        }

        @Override
        public int nvmlDeviceGetCurrentClocksEventReasons(Pointer device, LongByReference reasons) {
            eventReasonCalls++;
            if (!hasEventReasons) throw new UnsatisfiedLinkError("Error looking up function 'nvmlDeviceGetCurrentClocksEventReasons'");
            reasons.setValue(0x4);
            return 0;
        }

        @Override
        public int nvmlDeviceGetCurrentClocksThrottleReasons(Pointer device, LongByReference reasons) {
            reasons.setValue(0x4);
            return 0;
        }
    }
}
