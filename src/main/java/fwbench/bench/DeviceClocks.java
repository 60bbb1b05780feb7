package fwbench.bench;

import fwbench.cuda.Gpu;
import fwbench.nvml.Nvml;
import fwbench.nvml.NvmlException;
import fwbench.nvml.NvmlSample;

import java.util.Optional;

/**
 * The clocks, temperature, power and clock event reasons of the GPU the solves run on (CUDA device
 * 0), read through NVML by its PCI bus id. Opened once a JVM, on first use, and shut at the JVM's
 * end; where there is no NVML, no GPU, or NVML does not know the device, {@link #sample()} is
 * empty and {@link #whyNotRecorded()} says why, for the benchmark command's one line.
 */
public final class DeviceClocks {

    /** What the benchmark command says after the reason, once a run, where clocks are not recorded. */
    public static final String NOT_RECORDED = "clocks and throttling are not recorded";

    /** What opening found: NVML and the device, or (both null) why there are none. */
    private record Reading(Nvml nvml, Nvml.Device device, String reason) {
        static Reading absent(String reason) {
            return new Reading(null, null, reason);
        }
    }

    private static Reading reading;

    private DeviceClocks() {
    }

    /** The device's reading now; empty without NVML or a GPU. */
    static synchronized Optional<NvmlSample> sample() {
        Reading opened = opened();
        return opened.device() == null ? Optional.empty() : Optional.of(opened.nvml().sample(opened.device()));
    }

    /**
     * Why this machine's runs record no clocks and throttling, in a few words ("no NVML
     * (libnvidia-ml.so.1 not found)"), or empty when they do.
     */
    public static synchronized Optional<String> whyNotRecorded() {
        Reading opened = opened();
        return opened.device() == null ? Optional.of(opened.reason()) : Optional.empty();
    }

    private static Reading opened() {
        if (reading == null) reading = open();
        return reading;
    }

    private static Reading open() {
        Nvml.Opening opening = Nvml.open();
        if (opening.nvml().isEmpty()) return Reading.absent(opening.reason());
        Nvml nvml = opening.nvml().get();
        Optional<String> busId = Gpu.pciBusId();
        if (busId.isEmpty()) {
            nvml.close();
            return Reading.absent("no GPU (" + (Gpu.available() ? "CUDA gave no PCI bus id for device 0" : Gpu.probe().reason()) + ")");
        }
        try {
            Nvml.Device device = nvml.device(busId.get());
            Runtime.getRuntime().addShutdownHook(new Thread(nvml::close, "fwbench-nvml-shutdown"));
            return new Reading(nvml, device, "");
        } catch (NvmlException e) {
            nvml.close();
            return Reading.absent("NVML does not know CUDA device 0 (" + e.getMessage() + ")");
        }
    }
}
