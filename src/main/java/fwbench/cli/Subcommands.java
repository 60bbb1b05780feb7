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

    /** Subcommand name to a fresh instance of its command; registered once, here. */
    private static final Map<String, Supplier<Callable<Integer>>> ALL = new LinkedHashMap<>();

    static {
        ALL.put("report", ReportCommand::new);
        ALL.put("solve", SolveCommand::new);
        ALL.put("path", PathCommand::new);
    }

    private Subcommands() {
    }

    public static boolean isSubcommand(String name) {
        return ALL.containsKey(name);
    }

    public static String names() {
        return String.join(", ", ALL.keySet());
    }

    /** Runs {@code args[0]} with the rest of the arguments; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        String name = args[0];
        CommandLine line = new CommandLine(ALL.get(name).get());
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
