package fwbench.report;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What one table holds fixed: the device and every benchmark parameter except variant and n
 * (graph, launch, seed, and any parameter a later version adds). Results with different setups
 * never share a table or a chart.
 *
 * @param device   the benchmark's {@code device} parameter ("NVIDIA H200 (sm_90; ...)")
 * @param settings the other parameters by name, sorted so that titles and file names are stable
 */
public record RunSetup(String device, SortedMap<String, String> settings) {

    public RunSetup {
        settings = Collections.unmodifiableSortedMap(new TreeMap<>(settings));
    }

    public static RunSetup of(String device, Map<String, String> settings) {
        return new RunSetup(device, new TreeMap<>(settings));
    }

    /** "graph=random, launch=GRAPH, seed=42" (empty when there are no other parameters). */
    public String settingsText() {
        return settingsText(settings);
    }

    public static String settingsText(Map<String, String> settings) {
        return settings.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    /** The device and the settings, for titles. */
    public String title() {
        return settings.isEmpty() ? device : device + ": " + settingsText();
    }

    /** The same setup on another device (compare matches runs by settings, whatever their device). */
    public RunSetup onDevice(String otherDevice) {
        return new RunSetup(otherDevice, settings);
    }
}
