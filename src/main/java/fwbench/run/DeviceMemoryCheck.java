package fwbench.run;

import fwbench.usage.UsageException;
import fwbench.variant.Variant;

import java.util.List;
import java.util.Locale;

/**
 * Whether a GPU variant's matrices at n fit in the device's free memory beside
 * {@link Variant#DEVICE_RESERVE_BYTES}, and the line that refuses them when they do not: the
 * run planner and solve both ask here, before anything is allocated.
 */
public final class DeviceMemoryCheck {

    /** How a refusal states the memory. */
    public enum Units {
        /** GiB to two places and the largest n that fits: the planner's, for a run over many sizes. */
        GIB,
        /** Exact bytes, the context's reserve apart: solve's, for the one graph it was given. */
        BYTES
    }

    private static final double GIB = 1L << 30;

    private DeviceMemoryCheck() {
    }

    /**
     * The order from its first GPU variant whose matrices fit in {@code freeBytes} beside the
     * reserve at n, each GPU variant dropped before it said in a note: a faster variant that needs
     * more memory gives way to the next. Unchanged when none fits, so that the first one's refusal
     * ({@link #requireFits}) says what it needs.
     */
    public static List<Variant> fromFirstThatFits(List<Variant> order, int n, long freeBytes, List<String> notes) {
        int first = 0;
        while (first < order.size() && order.get(first).gpu() && need(order.get(first), n, 1) > freeBytes) first++;
        if (first == 0 || first == order.size() || !order.get(first).gpu()) return order;
        for (Variant v : order.subList(0, first)) {
            notes.add(String.format(Locale.ROOT, "%s needs %,d bytes of device memory at n=%d and %,d are free: trying %s first", v,
                    need(v, n, 1), n, freeBytes, order.get(first)));
        }
        return order.subList(first, order.size());
    }

    /** What variant v needs on each of {@code devices} GPUs at n: its matrices and the reserve. */
    private static long need(Variant v, int n, int devices) {
        return v.deviceBytesPerDevice(n, devices) + Variant.DEVICE_RESERVE_BYTES;
    }

    /**
     * Refuses n when variant v's matrices and the reserve need more than {@code freeBytes}.
     *
     * @param file the graph file as the user named it, or "" for a generated graph
     */
    public static void requireFits(Variant v, int n, String file, String deviceName, long freeBytes, Units units) throws UsageException {
        requireFits(v, n, file, deviceName, freeBytes, 1, units);
    }

    /**
     * The same on {@code devices} GPUs, each with at least {@code freeBytes} free: a variant that
     * {@linkplain Variant#spansDevices() spans them} needs its share on each (the others, all on one).
     */
    public static void requireFits(Variant v, int n, String file, String deviceName, long freeBytes, int devices, Units units) throws UsageException {
        long need = need(v, n, devices);
        if (need <= freeBytes) return;
        long matrices = need - Variant.DEVICE_RESERVE_BYTES;
        String graph = file.isEmpty() ? "n=" + n : file + " (n=" + n + ")";
        boolean split = devices > 1 && v.spansDevices();
        String amounts = switch (units) {
            case GIB -> split
                    ? String.format(Locale.ROOT, "%.2f GiB on each of %d GPUs, the least free of them has %.2f GiB (largest n for %s on %d GPUs: %d)",
                            need / GIB, devices, freeBytes / GIB, v, devices, v.largestN(freeBytes - Variant.DEVICE_RESERVE_BYTES, devices))
                    : String.format(Locale.ROOT, "%.2f GiB, the %s has %.2f GiB free (largest n for %s: %d)",
                            need / GIB, deviceName, freeBytes / GIB, v, v.largestN(freeBytes - Variant.DEVICE_RESERVE_BYTES));
            case BYTES -> String.format(Locale.ROOT, "%,d bytes (%,d for its matrices, %,d kept for the context), the %s has %,d bytes free",
                    need, matrices, Variant.DEVICE_RESERVE_BYTES, deviceName, freeBytes);
        };
        throw new UsageException(graph + " does not fit in device memory: " + v + " needs " + amounts);
    }
}
