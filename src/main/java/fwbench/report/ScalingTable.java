package fwbench.report;

import fwbench.results.ResultsFormat;
import fwbench.variant.Variant;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a variant that spans GPUs scales: each of its results on more than one GPU against one GPU
 * at the same n, device and settings: the same variant on one GPU where the input has it, else
 * its one-GPU counterpart ({@link Variant#oneDeviceCounterpart()}: kleene for kleene-bands). Empty
 * when no result ran on more than one GPU.
 */
public record ScalingTable(List<Row> rows) {

    /** One result on {@code gpus} GPUs and the one-GPU result it is held against. */
    public record Row(String device, Map<String, String> settings, int n, VariantName variant, int gpus, Timing time,
                      VariantName oneGpu, Timing oneGpuTime) {
        /** One GPU's time / this time. */
        public double speedup() {
            return oneGpuTime.millis() / time.millis();
        }

        /** The speedup per GPU (1 is perfect scaling). */
        public double perGpu() {
            return speedup() / gpus;
        }
    }

    /** "; 2 GPUs)" at the end of a device label: the host's GPUs, which -p gpus=all spans. */
    private static final Pattern HOST_GPUS = Pattern.compile("; (\\d+) GPUs\\)$");

    public static ScalingTable build(RunData data) {
        List<Row> rows = new ArrayList<>();
        for (RunData.Solve s : data.solves()) {
            int gpus = gpusUsed(s);
            if (gpus < 2) continue;
            Optional<RunData.Solve> same = oneGpu(data, s, s.variant());
            Optional<RunData.Solve> one = same.isPresent() ? same
                    : s.variant().known().flatMap(Variant::oneDeviceCounterpart).flatMap(c -> oneGpu(data, s, VariantName.of(c)));
            one.ifPresent(o -> rows.add(new Row(s.setup().device(), withoutGpus(s.setup().settings()), s.n(), s.variant(), gpus, s.time(),
                    o.variant(), o.time())));
        }
        rows.sort(Comparator.comparing(Row::device).thenComparing(r -> r.settings().toString()).thenComparingInt(Row::n)
                .thenComparing(Row::variant).thenComparingInt(Row::gpus));
        return new ScalingTable(List.copyOf(rows));
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /**
     * The GPUs a result ran on: 1 for a variant that does not span GPUs; for one that does, its
     * {@code -p gpus} count, or with {@code gpus=all} the host's count from the device label.
     */
    static int gpusUsed(RunData.Solve s) {
        if (s.variant().known().map(v -> !v.spansDevices()).orElse(true)) return 1;
        String gpus = s.setup().settings().get(ResultsFormat.GPUS);
        if (gpus != null) {
            try {
                return Integer.parseInt(gpus.trim());
            } catch (NumberFormatException e) {
                return 1;
            }
        }
        Matcher m = HOST_GPUS.matcher(s.setup().device());
        return m.find() ? Integer.parseInt(m.group(1)) : 1;
    }

    /** A result of {@code variant} on one GPU at s's n, device and settings (gpus aside). */
    private static Optional<RunData.Solve> oneGpu(RunData data, RunData.Solve s, VariantName variant) {
        Map<String, String> settings = withoutGpus(s.setup().settings());
        return data.solves().stream()
                .filter(o -> o.variant().equals(variant) && o.n() == s.n() && gpusUsed(o) == 1)
                .filter(o -> o.setup().device().equals(s.setup().device()) && withoutGpus(o.setup().settings()).equals(settings))
                .findFirst();
    }

    private static Map<String, String> withoutGpus(Map<String, String> settings) {
        Map<String, String> rest = new TreeMap<>(settings);
        rest.remove(ResultsFormat.GPUS);
        return rest;
    }

    /** The table in Markdown, under a heading; empty text when there are no rows. */
    public String markdown(List<String> inputs) {
        if (rows.isEmpty()) return "";
        StringBuilder md = new StringBuilder("# Scaling over GPUs\n\nFrom " + String.join(", ", inputs)
                + ": each result on several GPUs against one GPU at the same n (the same variant on one GPU where the run has it,"
                + " else kleene); per GPU: the speedup / the GPUs (1 is perfect scaling).\n\n"
                + "| device | settings | n | variant | GPUs | time (ms) | one GPU | one GPU's time (ms) | speedup | per GPU |\n"
                + "| --- | --- | ---: | --- | ---: | ---: | --- | ---: | ---: | ---: |\n");
        for (Row r : rows) {
            md.append("| ").append(RunSetup.deviceName(r.device())).append(" | ").append(RunSetup.settingsText(r.settings())).append(" | ")
                    .append(Numbers.grouped(r.n())).append(" | ").append(r.variant().id()).append(" | ").append(r.gpus()).append(" | ")
                    .append(Numbers.millisWithError(r.time())).append(" | ").append(r.oneGpu().id()).append(" | ")
                    .append(Numbers.millisWithError(r.oneGpuTime())).append(" | ").append(Numbers.speedup(r.speedup())).append(" | ")
                    .append(Numbers.ratio(r.perGpu())).append(" |\n");
        }
        return md.toString();
    }

    /** The table as CSV (device, settings, n, variant, GPUs, times in ms, speedup, per GPU). */
    public String csv() {
        StringBuilder csv = new StringBuilder(Csv.line(List.of("device", "settings", "n", "variant", "gpus", "time_ms", "one_gpu_variant",
                "one_gpu_time_ms", "speedup", "per_gpu"))).append('\n');
        for (Row r : rows) {
            csv.append(Csv.line(List.of(r.device(), RunSetup.settingsText(r.settings()), Integer.toString(r.n()), r.variant().id(),
                    Integer.toString(r.gpus()), Double.toString(r.time().millis()), r.oneGpu().id(), Double.toString(r.oneGpuTime().millis()),
                    Double.toString(r.speedup()), Double.toString(r.perGpu())))).append('\n');
        }
        return csv.toString();
    }
}
