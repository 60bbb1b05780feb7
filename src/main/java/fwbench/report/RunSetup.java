package fwbench.report;

import fwbench.results.ResultsFormat;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;
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

    private static final Pattern GRAPH_FILE = Pattern.compile("[/\\\\]|\\.[A-Za-z][A-Za-z0-9]*$");

    public RunSetup {
        settings = Collections.unmodifiableSortedMap(new TreeMap<>(settings));
    }

    public static RunSetup of(String device, Map<String, String> settings) {
        return new RunSetup(device, new TreeMap<>(settings));
    }

    /** Whether the graph is a file (it sets n itself, and has no seed), not a generator. */
    public boolean graphIsFile() {
        String graph = settings.get(ResultsFormat.GRAPH);
        return graph != null && namesGraphFile(graph);
    }

    /**
     * Whether a graph parameter names a file: a folder or an extension that starts with a letter in
     * it ("road.gr", "data/road"), which a generator's name never has ("random", "sparse:0.01").
     * {@code GraphFiles.looksLikeFile}'s rule, which the report may not import; RunSetupTest checks they agree.
     */
    public static boolean namesGraphFile(String graph) {
        return GRAPH_FILE.matcher(graph.strip()).find();
    }

    /** "graph=random, launch=GRAPH, seed=42" (empty when there are no other parameters). */
    public String settingsText() {
        return settingsText(settings);
    }

    public static String settingsText(Map<String, String> settings) {
        return settings.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    /** The device and the settings, for headings. */
    public String title() {
        return settings.isEmpty() ? deviceName(device) : deviceName(device) + ": " + settingsText();
    }

    /** A device label as a name: the GPU's label, or "CPU (AMD EPYC; 2 threads)" for a run without a GPU. */
    public static String deviceName(String device) {
        return device.startsWith(ResultsFormat.NO_GPU_DEVICE) ? "CPU (" + device.substring(ResultsFormat.NO_GPU_DEVICE.length()) : device;
    }

    /** Where a run was made, for chart titles: "on NVIDIA H200 (...)", "on the CPU (AMD EPYC; 2 threads)". */
    public static String whereRun(String device) {
        String name = deviceName(device);
        return "on " + (name.equals(device) ? "" : "the ") + name;
    }

    /** The same setup on another device (compare matches runs by settings, whatever their device). */
    public RunSetup onDevice(String otherDevice) {
        return new RunSetup(otherDevice, settings);
    }
}
