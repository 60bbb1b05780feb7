package fwbench.cli;

import fwbench.results.ResultsFormat;
import fwbench.run.BenchmarkRun;
import fwbench.run.RunArguments;
import fwbench.tuning.TuningMode;
import fwbench.usage.UsageException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The default command: JMH's whole command line (-p, -f, -wi, -i, -w, -r, -l, -prof ...) with
 * the suite's defaults on top; -h and -lp answer with the suite's own help ({@link HelpPage}), the
 * lists JMH answers go to JMH, and a run goes to the runner ({@link BenchmarkRun}), which checks
 * the parameters before anything runs, plans, and writes every result as each fork ends.
 */
public final class BenchmarkCommand {

    private final PrintStream out;
    private final PrintStream err;
    private final BenchmarkRun runner;

    public BenchmarkCommand(Path resultsDirectory, PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
        this.runner = new BenchmarkRun(resultsDirectory, out, err);
    }

    /** Runs the command; returns the process exit code (0 ok, 1 a benchmark failed, 2 bad input). */
    public int run(String[] args) {
        try {
            return execute(args);
        } catch (UsageException e) {
            err.println("fwbench: " + e.getMessage());
            return 2;
        }
    }

    private int execute(String[] args) throws UsageException {
        if (args.length > 0 && HelpPage.HELP_WORDS.contains(args[0]) || Arrays.asList(args).contains("--help")) {
            HelpPage.print(out);
            return 0;
        }
        if (args.length > 0 && args[0].equals(HelpPage.JMH_HELP)) return delegateToJmh(new String[] {"-h"});
        if (args.length > 0) checkCommandTypo(args[0]);
        RunArguments arguments = RunArguments.parse(args, HelpPage.JMH_HELP);
        CommandLineOptions options = arguments.options();
        if (options.shouldHelp()) {
            HelpPage.print(out);
            return 0;
        }
        TuningMode tuning = arguments.adoptForkProperties();
        if (options.shouldListWithParams()) {
            // JMH would list "variant = {}" and "cell = {}": their values are the registry's and CellType's
            RunArguments.checkPatterns(options.getIncludes());
            HelpPage.printParameters(out, options.getIncludes());
            return 0;
        }
        if (asksJmhOnly(options)) return delegateToJmh(args);
        return runner.run(arguments, tuning);
    }

    /** The lists JMH answers (-l, -lprof, -lrf); nothing runs. */
    private static boolean asksJmhOnly(CommandLineOptions options) {
        return options.shouldList() || options.shouldListProfilers() || options.shouldListResultFormats();
    }

    /**
     * A first word that is not an option, matches no benchmark and is a typo of a command
     * ("reprot") is refused with the command meant; any other word stays a benchmark pattern.
     */
    private static void checkCommandTypo(String first) throws UsageException {
        if (first.startsWith("-")) return;
        try {
            Pattern pattern = Pattern.compile(first);
            if (pattern.matcher(ResultsFormat.SOLVE_BENCHMARK).find() || pattern.matcher(ResultsFormat.PEAK_BENCHMARK).find()) return;
        } catch (PatternSyntaxException e) {
            return;  // RunArguments.checkPatterns says what is wrong with it
        }
        List<String> commands = new ArrayList<>(Subcommands.summaries().keySet());
        commands.add(HelpPage.HELP_WORDS.get(0));
        Optional<String> meant = CommandSuggestion.closest(first, commands);
        if (meant.isPresent()) throw new UsageException("unknown command '" + first + "'; did you mean " + meant.get() + "?");
    }

    private int delegateToJmh(String[] args) {
        try {
            org.openjdk.jmh.Main.main(args);
            return 0;
        } catch (IOException e) {
            err.println("fwbench: " + e.getMessage());
            return 1;
        }
    }
}
