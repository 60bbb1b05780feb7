package fwbench.variant.core;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The launch settings a solver runs with, once its table, a tuned choice or a -D pin has decided
 * each ({@link LaunchSetting}): a results file records them beside every result, so that a
 * comparison of two runs can tell a changed choice from a changed kernel. 0: its launch has no
 * such setting; the kleene family's bulk launches and rounds a group are set even where fixed
 * (kleene-f64's one bulk launch, the 64-bit cells' rounds one by one).
 *
 * @param tile          T
 * @param restLaunches  launches a round's bulk is split into
 * @param blocksPerSm   resident blocks per multiprocessor of a dataflow launch
 * @param groupedRounds rounds a group (1: one by one)
 */
public record LaunchInEffect(int tile, int restLaunches, int blocksPerSm, int groupedRounds) {

    /** A variant without launch settings (the CPU variants, the reports' kernels, a kernel file). */
    public static final LaunchInEffect NONE = new LaunchInEffect(0, 0, 0, 0);

    public LaunchInEffect {
        if (tile < 0 || restLaunches < 0 || blocksPerSm < 0 || groupedRounds < 0) {
            throw new IllegalArgumentException("launch settings are >= 0, not T=" + tile + ", " + restLaunches + ", " + blocksPerSm + ", " + groupedRounds);
        }
    }

    /** The settings the variant has, by name ("tile", "restLaunches", "blocksPerSm", "groupedRounds", in that order). */
    public Map<String, Integer> named() {
        Map<String, Integer> named = new LinkedHashMap<>();
        if (tile > 0) named.put("tile", tile);
        if (restLaunches > 0) named.put("restLaunches", restLaunches);
        if (blocksPerSm > 0) named.put("blocksPerSm", blocksPerSm);
        if (groupedRounds > 0) named.put("groupedRounds", groupedRounds);
        return named;
    }
}
