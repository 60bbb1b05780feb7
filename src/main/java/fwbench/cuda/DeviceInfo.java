package fwbench.cuda;

import java.util.Locale;

/**
 * The CUDA device a run uses, as the driver reports it. Recorded with every result.
 *
 * @param name                    the device's marketing name, e.g. "NVIDIA H100 80GB HBM3"
 * @param computeMajor            compute capability, major part
 * @param computeMinor            compute capability, minor part
 * @param driverVersion           CUDA driver API version, e.g. 13000 for 13.0
 * @param totalMemoryBytes        device memory
 * @param multiprocessors         streaming multiprocessors
 * @param maxSharedBytesPerBlock  shared memory a block may opt in to
 */
public record DeviceInfo(String name, int computeMajor, int computeMinor, int driverVersion,
                         long totalMemoryBytes, int multiprocessors, int maxSharedBytesPerBlock) {

    public int computeCapability() {
        return computeMajor * 10 + computeMinor;
    }

    /**
     * One line for logs and result files: name, sm_XY, SMs, memory, driver. No commas, because
     * JMH splits -p values at commas and this line is the benchmark's {@code device} parameter.
     */
    public String describe() {
        return String.format(Locale.ROOT, "%s (sm_%d%d; %d SMs; %.1f GiB; driver %d.%d)",
                name, computeMajor, computeMinor, multiprocessors,
                totalMemoryBytes / (double) (1L << 30), driverVersion / 1000, driverVersion % 1000 / 10);
    }

    /** The name reduced to letters, digits and dashes, for file names. */
    public String slug() {
        return name.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }
}
