package fwbench.report;

import java.util.List;

/** The charts the report draws, with the base of their file names and a caption. */
public enum ChartKind {
    TIME("time", "time per solve vs n"),
    SPEEDUP("speedup", "speedup over the baseline vs n"),
    THROUGHPUT("throughput", "relaxations per second vs n"),
    BARS("bars", "speedup over the baseline per n"),
    COMPARE("compare", "ratio after / before of the time per solve"),
    BATCHES("batches", "graphs per second vs n, batches of small graphs");

    /** The charts of one run's table, in the order the report shows them (COMPARE belongs to a comparison, BATCHES to a {@link BatchTable}). */
    public static final List<ChartKind> RUN = List.of(TIME, SPEEDUP, THROUGHPUT, BARS);

    /**
     * The charts the report draws for a table: {@link #RUN}, less the speedup and bar charts where no
     * variant but the baseline has a speedup (they would show the baseline's 1x and nothing else),
     * and less the speedup line chart where the speedups are at one n (a column of dots; the bars show them).
     * {@link SpeedupTable#chartNotes} says which are left out.
     */
    public static List<ChartKind> of(SpeedupTable table) {
        return RUN.stream().filter(k -> !k.showsSpeedups() || table.hasSpeedups())
                .filter(k -> k != SPEEDUP || table.hasSpeedupLines()).toList();
    }

    /** Whether the chart is of speedups over the baseline. */
    public boolean showsSpeedups() {
        return this == SPEEDUP || this == BARS;
    }

    private final String fileKind;
    private final String caption;

    ChartKind(String fileKind, String caption) {
        this.fileKind = fileKind;
        this.caption = caption;
    }

    public String fileKind() {
        return fileKind;
    }

    public String caption() {
        return caption;
    }

    /** The chart's file name without extension, for a setup. */
    public String baseName(RunSetup setup, boolean withDevice) {
        return OutputNames.chart(fileKind, setup, withDevice);
    }
}
