package fwbench.variant;

import fwbench.cell.CellType;
import fwbench.variant.dataflow.DataflowLaunch;
import fwbench.variant.kleene.KleenePathsSolver;
import fwbench.variant.kleene.KleeneSolver;
import fwbench.variant.schedule.DataflowSchedule;
import fwbench.variant.schedule.LookaheadRounds;

import fwbench.graph.Distances;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes kernels/fw_constants.cuh, the constants the kernels share with Java, from the Java
 * constants named beside each value: each is defined once, here on the Java side. The header is
 * committed (the kernels build needs no JVM); KernelConstantsTest fails while it differs from
 * {@link #header()} and gives {@link #REGENERATE}.
 */
public final class KernelConstants {

    /** The header, relative to the repository root. */
    public static final String HEADER = "kernels/fw_constants.cuh";

    /**
     * Rewrites {@link #HEADER} from the Java constants; run from the repository root. The path goes
     * in exec.arguments, not exec.args: the build's kernels step (exec:exec) would take exec.args as its own.
     */
    public static final String REGENERATE =
            "mvn -q compile exec:java -Dexec.mainClass=fwbench.variant.KernelConstants -Dexec.arguments=" + HEADER;

    private KernelConstants() {
    }

    /** The text of kernels/fw_constants.cuh. */
    public static String header() {
        StringBuilder h = new StringBuilder();
        h.append("// Generated from the Java constants named beside each value (")
                .append(KernelConstants.class.getName()).append("):\n")
                .append("// do not edit here. A unit test fails while this file and the Java side disagree, and says how to\n")
                .append("// regenerate it.\n")
                .append("#pragma once\n\n");
        define(h, Distances.class.getName() + ".INF: the distance of an absent edge",
                "FW_INF", hex(Distances.INF));
        define(h, Distances.class.getName() + ".INT_INDEX_MAX_N: the largest n whose cells i * n + j an int indexes (kernels 01..06)",
                "FW_INT_INDEX_MAX_N", Integer.toString(Distances.INT_INDEX_MAX_N));
        define(h, CellType.class.getName() + ".PACKED16.inf(): packed16's 16-bit INF, every finite distance stays below it",
                "FW_INF16", hex(CellType.PACKED16.inf()));
        define(h, KleenePathsSolver.class.getName() + ".ROUTE_BITS: the low bits of a route key that mark an improving k",
                "FW_ROUTE_BITS", Integer.toString(KleenePathsSolver.ROUTE_BITS));
        define(h, KleenePathsSolver.class.getName() + ".ROUTE_INF: the no-path distance of a route key",
                "FW_ROUTE_INF", hex(KleenePathsSolver.ROUTE_INF));
        define(h, KleenePathsSolver.class.getName() + ".GROUPED_ROUTE_BITS: the same for kleene-paths' rounds in groups, whose marks name a group's k",
                "FW_GROUPED_ROUTE_BITS", Integer.toString(KleenePathsSolver.GROUPED_ROUTE_BITS));
        define(h, KleenePathsSolver.class.getName() + ".GROUPED_ROUTE_INF: the no-path distance of a route key in groups",
                "FW_GROUPED_ROUTE_INF", hex(KleenePathsSolver.GROUPED_ROUTE_INF));
        define(h, KleeneSolver.class.getName() + ".MAX_GROUPED_ROUNDS: the largest group of kleene's rounds",
                "FW_KLEENE_MAX_GROUPED_ROUNDS", Integer.toString(KleeneSolver.MAX_GROUPED_ROUNDS));
        define(h, DataflowSchedule.class.getName() + ".FIELD_BITS: a dataflow work item is round << 2 F | row << F | column",
                "FW_ITEM_FIELD_BITS", Integer.toString(DataflowSchedule.FIELD_BITS));
        define(h, DataflowSchedule.class.getName() + ".FOLDED_PIVOT_MAX_TILE: dataflow's tiles up to this fold the next pivot's update into its item",
                "FW_DATAFLOW_FOLDED_PIVOT_MAX_TILE", Integer.toString(DataflowSchedule.FOLDED_PIVOT_MAX_TILE));
        define(h, DataflowSchedule.class.getName() + ".SECOND_CHAIN_PACKED_MAX_TILE: packed16's dataflow tiles up to this run a second chain in block 1",
                "FW_DATAFLOW_SECOND_CHAIN_PACKED_MAX_TILE", Integer.toString(DataflowSchedule.SECOND_CHAIN_PACKED_MAX_TILE));
        define(h, DataflowLaunch.class.getName() + ".SELF_RESET_MAX_TILE: dataflow's kernels of tiles up to this leave their counters zero when they end",
                "FW_DATAFLOW_SELF_RESET_MAX_TILE", Integer.toString(DataflowLaunch.SELF_RESET_MAX_TILE));
        h.append("// ").append(LookaheadRounds.class.getName()).append(": which tiles a phase-3 launch of kleene updates\n");
        for (LookaheadRounds.RestMode mode : LookaheadRounds.RestMode.values()) {
            h.append("#define FW_REST_").append(mode.name()).append(' ').append(mode.code).append('\n');
        }
        return h.toString();
    }

    private static void define(StringBuilder h, String comment, String macro, String value) {
        h.append("// ").append(comment).append('\n').append("#define ").append(macro).append(' ').append(value).append('\n');
    }

    private static String hex(int value) {
        return "0x" + Integer.toHexString(value).toUpperCase(Locale.ROOT);
    }

    /**
     * Writes {@link #header()} to the one path given, e.g. kernels/fw_constants.cuh; leaves a file
     * that already holds it untouched, since a newer header makes the build recompile every kernel.
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: KernelConstants PATH (from the repository root: " + REGENERATE + ")");
            System.exit(2);
        }
        Path path = Path.of(args[0]);
        String text = header();
        if (Files.isRegularFile(path) && Files.readString(path, StandardCharsets.UTF_8).equals(text)) return;
        Files.writeString(path, text, StandardCharsets.UTF_8);
    }
}
