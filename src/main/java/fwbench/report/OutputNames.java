package fwbench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * File names the report writes, derived only from its input (never from the time or the machine),
 * so that running it again replaces the same files.
 */
public final class OutputNames {

    public static final String TABLES = "report";
    public static final String COMPARE = "compare";
    /** The scaling over GPUs (scaling.md, scaling.csv), written when a result ran on several GPUs. */
    public static final String SCALING = "scaling";

    private OutputNames() {
    }

    /**
     * A chart's base name: the chart's kind and the setup's settings ("time-random-graph-42"), with
     * the device in front when one report covers several devices.
     */
    public static String chart(String kind, RunSetup setup, boolean withDevice) {
        List<String> parts = new ArrayList<>();
        parts.add(kind);
        if (withDevice) parts.add(setup.device());
        parts.addAll(setup.settings().values());
        return String.join("-", parts.stream().map(OutputNames::slug).filter(s -> !s.isEmpty()).toList());
    }

    /** Lower case letters, digits and '.', runs of anything else as one '-': safe in any file system and URL. */
    public static String slug(String text) {
        String lower = text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]+", "-");
        return lower.replaceAll("^-+|-+$", "");
    }

    /** A results file's name without its extension: the default output folder is plot/ and this. */
    public static String baseName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
