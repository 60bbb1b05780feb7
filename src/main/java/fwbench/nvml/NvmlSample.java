package fwbench.nvml;

import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One reading of a device through NVML. A value the device does not report (NVML answers "Not
 * Supported" for power on some boards, for instance) is empty.
 *
 * @param smClockMhz         the SM clock now
 * @param maxSmClockMhz      the highest SM clock the device can run at
 * @param memoryClockMhz     the memory clock now
 * @param temperatureC       the GPU's temperature, in degrees Celsius
 * @param powerMilliwatts    the board's power draw
 * @param clockEventReasons  why the clocks are where they are: NVML's bit mask (nvmlClocksEventReason*)
 */
public record NvmlSample(OptionalInt smClockMhz, OptionalInt maxSmClockMhz, OptionalInt memoryClockMhz, OptionalInt temperatureC,
                         OptionalInt powerMilliwatts, OptionalLong clockEventReasons) {
}
