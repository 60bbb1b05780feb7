package fwbench.results;

import java.util.ArrayList;
import java.util.List;

/**
 * NVML's clock event reasons (nvml.h, nvmlClocksEventReason*; "throttle reasons" before driver 535), the bits of
 * {@link ResultsFormat#GPU_CLOCK_REASONS}: why a device's clocks are below their maximum. The benchmarks record
 * them; the report names those that are throttling.
 */
public enum ClockEventReason {
    GPU_IDLE(0x1, "GPU idle", false),
    APPLICATIONS_CLOCKS_SETTING(0x2, "applications clocks setting", false),
    SW_POWER_CAP(0x4, "power cap", true),
    HW_SLOWDOWN(0x8, "hardware slowdown", true),
    SYNC_BOOST(0x10, "sync boost", false),
    SW_THERMAL_SLOWDOWN(0x20, "thermal slowdown", true),
    HW_THERMAL_SLOWDOWN(0x40, "hardware thermal slowdown", true),
    HW_POWER_BRAKE_SLOWDOWN(0x80, "power brake", true),
    DISPLAY_CLOCK_SETTING(0x100, "display clock setting", false);

    /** The reasons that are thermal or power throttling: the clocks held down by heat or by a power limit, not by a setting or idleness. */
    public static final long THROTTLING = throttlingBits();

    private final long bit;
    private final String text;
    private final boolean throttling;

    ClockEventReason(long bit, String text, boolean throttling) {
        this.bit = bit;
        this.text = text;
        this.throttling = throttling;
    }

    public long bit() {
        return bit;
    }

    /** In a few words: "power cap". */
    public String text() {
        return text;
    }

    /** Whether a mask holds a thermal or power throttle reason. */
    public static boolean throttled(long mask) {
        return (mask & THROTTLING) != 0;
    }

    /** The reasons in a mask that are not throttling (an idle GPU, a clocks setting), in NVML's bit order. */
    public static List<ClockEventReason> othersIn(long mask) {
        List<ClockEventReason> found = new ArrayList<>();
        for (ClockEventReason reason : values()) if (!reason.throttling && (mask & reason.bit) != 0) found.add(reason);
        return found;
    }

    /** The throttling reasons in a mask, in NVML's bit order. */
    public static List<ClockEventReason> throttlingIn(long mask) {
        List<ClockEventReason> found = new ArrayList<>();
        for (ClockEventReason reason : values()) if (reason.throttling && (mask & reason.bit) != 0) found.add(reason);
        return found;
    }

    private static long throttlingBits() {
        long bits = 0;
        for (ClockEventReason reason : values()) if (reason.throttling) bits |= reason.bit;
        return bits;
    }
}
