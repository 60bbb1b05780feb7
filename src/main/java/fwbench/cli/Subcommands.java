package fwbench.cli;

import fwbench.report.ReportCommand;
import fwbench.usage.UsageException;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * The jar's subcommands besides benchmarking (java -jar benchmarks.jar NAME ...), run through
 * picocli with the suite's error convention: a user's mistake is one line on stderr and exit
 * code 2, never a stack trace. A subcommand is a picocli {@code @Command} that implements
 * {@code Callable<Integer>} and throws {@link UsageException} for bad input.
 */
public final class Subcommands {

    /** A subcommand: a fresh instance of its command, and its one-line summary for the suite's help page. */
    private record Entry(Supplier<Callable<Integer>> command, String summary) {
    }

    /** Subcommand name to its entry; registered once, here. */
    private static final Map<String, Entry> ALL = new LinkedHashMap<>();

    static {
        ALL.put("report", new Entry(ReportCommand::new, "tables (Markdown, CSV), charts (PNG, SVG) and report.html from results files; --compare two runs"));
        ALL.put("solve", new Entry(SolveCommand::new, "shortest paths of a graph file on the GPU (CPU without one), verified, written to a file"));
        ALL.put("path", new Entry(PathCommand::new, "one shortest path between two vertices, from a file written by 'solve --paths'"));
        ALL.put("profile", new Entry(ProfileCommand::new, "one verified solve of a variant under Nsight Compute (ncu) or Nsight Systems (nsys)"));
    }

    private Subcommands() {
    }

    public static boolean isSubcommand(String name) {
        return ALL.containsKey(name);
    }

    public static String names() {
        return String.join(", ", ALL.keySet());
    }

    /** Subcommand name to its one-line summary, in registration order. */
    public static Map<String, String> summaries() {
        Map<String, String> summaries = new LinkedHashMap<>();
        ALL.forEach((name, entry) -> summaries.put(name, entry.summary()));
        return summaries;
    }

    /** Runs {@code args[0]} with the rest of the arguments; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(ALL.get(args[0]).command().get(), args, out, err);
    }

    /** Runs {@code command} as subcommand {@code args[0]}, with the suite's error convention (tests give a command of their own making). */
    static int run(Callable<Integer> command, String[] args, PrintWriter out, PrintWriter err) {
        String name = args[0];
        CommandLine line = new CommandLine(command);
        line.setOut(out);
        line.setErr(err);
        line.setParameterExceptionHandler((e, ignored) -> {
            err.println("fwbench " + name + ": " + e.getMessage() + " (--help for usage)");
            err.flush();
            return 2;
        });
        line.setExecutionExceptionHandler((e, ignored, parseResult) -> {
            if (e instanceof UsageException) {
                err.println("fwbench " + name + ": " + e.getMessage());
                err.flush();
                return 2;
            }
            throw e;
        });
        return line.execute(Arrays.copyOfRange(args, 1, args.length));
    }
}
