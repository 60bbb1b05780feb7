package fwbench.bench;

import fwbench.cuda.Gpu;
import fwbench.results.ResultsFormat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The benchmark's {@code device} parameter: the GPU a run used (name, compute capability, SMs,
 * memory, driver), or the CPU when there is none. The main sets it for every benchmark so that each
 * result in the JSON names its device; each fork checks that it runs where the label says.
 */
public final class DeviceLabel {

    private DeviceLabel() {
    }

    /**
     * The label of this machine: GPU 0's, with the count of GPUs where there are several (what
     * {@code -p gpus=all} spans: "NVIDIA H200 (sm_90; ...; driver 13.0; 2 GPUs)").
     */
    public static String current() {
        Gpu.Probe probe = Gpu.probe();
        int count = Gpu.deviceCount();
        return probe.device().map(d -> count > 1 ? d.describe().replaceFirst("\\)$", "; " + count + " GPUs)") : d.describe()).orElseGet(() -> ResultsFormat.NO_GPU_DEVICE + cpuModel() + "; "
                + Runtime.getRuntime().availableProcessors() + " threads)");
    }

    /** A short name for result files: the GPU's name, or "cpu". */
    public static String slug() {
        return Gpu.probe().device().map(d -> d.slug()).orElse("cpu");
    }

    /** Fails when the recorded label (if any) is not this machine's. */
    static void check(String recorded) {
        if (recorded.isEmpty()) return;
        String actual = current();
        if (!recorded.equals(actual)) {
            throw new IllegalStateException("the run is labelled '" + recorded + "' but this JVM sees '" + actual + "'");
        }
    }

    static String cpuModel() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse(System.getProperty("os.arch"));
        } catch (IOException | RuntimeException e) {
            return System.getProperty("os.arch");
        }
    }
}
