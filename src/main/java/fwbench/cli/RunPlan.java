package fwbench.cli;

import fwbench.cuda.DeviceInfo;
import fwbench.graph.Distances;
import fwbench.variant.Variant;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Which variants run at which n: the user's choice, narrowed to what this machine can do.
 * <ul>
 *   <li>Without a CUDA device the GPU variants are dropped (one note says so).</li>
 *   <li>A variant the user did not name runs only up to its {@link Variant#defaultMaxN()}, so CPU
 *       variants (and naive at huge n) join a run only where a solve takes seconds.</li>
 *   <li>An n whose matrices do not fit in the device's free memory is refused before anything runs.</li>
 * </ul>
 */
public record RunPlan(List<Group> groups, List<String> notes) {

    /** One variant and the sizes it runs at. */
    public record Group(Variant variant, List<Integer> sizes) {
    }

    /**
     * @param named        the variants named with -p variant (empty: every registered variant)
     * @param sizes        the sizes to run (never empty)
     * @param device       the CUDA device, if any
     * @param noDeviceWhy  why there is no device (for the note), when there is none
     * @param freeBytes    free device memory (ignored without a device)
     */
    public static RunPlan make(List<Variant> named, List<Integer> sizes, Optional<DeviceInfo> device,
                               String noDeviceWhy, long freeBytes) throws UsageException {
        List<String> notes = new ArrayList<>();
        List<Variant> variants = new ArrayList<>(named.isEmpty() ? List.of(Variant.values()) : named);
        if (device.isEmpty()) {
            List<Variant> dropped = variants.stream().filter(Variant::gpu).toList();
            variants.removeAll(dropped);
            if (variants.isEmpty()) {
                throw new UsageException("nothing to run: " + ids(dropped) + (dropped.size() == 1 ? " needs" : " need")
                        + " a CUDA device, and there is none (" + noDeviceWhy + ")");
            }
            if (!dropped.isEmpty()) {
                notes.add("No CUDA device (" + noDeviceWhy + "): skipping the GPU variants, running " + ids(variants) + ".");
            }
        }
        List<Group> groups = new ArrayList<>();
        for (Variant v : variants) {
            List<Integer> run = sizes;
            if (named.isEmpty()) {
                run = sizes.stream().filter(n -> n <= v.defaultMaxN()).toList();
                List<Integer> skipped = sizes.stream().filter(n -> n > v.defaultMaxN()).toList();
                if (!skipped.isEmpty()) {
                    notes.add(v + " skipped at n=" + join(skipped) + " (a solve there takes minutes; its default limit is n="
                            + v.defaultMaxN() + "; name it with -p variant=" + v + " to run it)");
                }
            }
            if (v.gpu() && device.isPresent()) {
                for (int n : run) requireFits(v, n, device.get(), freeBytes);
            }
            if (!run.isEmpty()) groups.add(new Group(v, run));
        }
        if (groups.isEmpty()) throw new UsageException("nothing to run: no variant is planned at n=" + join(sizes));
        return new RunPlan(groups, notes);
    }

    private static void requireFits(Variant v, int n, DeviceInfo device, long freeBytes) throws UsageException {
        long need = v.deviceBytes(n) + Variant.DEVICE_RESERVE_BYTES;
        if (need <= freeBytes) return;
        int largest = (int) Math.min(Distances.MAX_N,
                Math.floor(Math.sqrt((freeBytes - Variant.DEVICE_RESERVE_BYTES) / (double) v.deviceBytes(1))));
        throw new UsageException(String.format(Locale.ROOT,
                "n=%d does not fit in device memory: %s needs %.2f GiB, the %s has %.2f GiB free (largest n for %s: %d)",
                n, v, need / GIB, device.name(), freeBytes / GIB, v, largest));
    }

    private static final double GIB = 1L << 30;

    /** Number of (variant, n) benchmarks in the plan. */
    public int size() {
        return groups.stream().mapToInt(g -> g.sizes().size()).sum();
    }

    private static String ids(List<Variant> variants) {
        return variants.stream().map(Variant::id).collect(Collectors.joining(", "));
    }

    private static String join(List<Integer> sizes) {
        return sizes.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
