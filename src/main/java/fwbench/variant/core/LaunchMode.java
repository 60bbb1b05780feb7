package fwbench.variant.core;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How a GPU solve's kernel launches reach the device (the benchmark's {@code launch} parameter). */
public enum LaunchMode {
    /** The launches are captured once into a CUDA graph; each solve replays it (a few us of host time in all). */
    GRAPH,
    /** Each solve issues every launch from Java (about 6 us of host time per launch, as the reports did). */
    STREAM;

    public static LaunchMode parse(String text) {
        for (LaunchMode m : values()) if (m.name().equalsIgnoreCase(text.trim())) return m;
        throw new IllegalArgumentException("unknown launch mode '" + text + "'; modes: " + names());
    }

    public static String names() {
        return Arrays.stream(values()).map(m -> m.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "));
    }
}
