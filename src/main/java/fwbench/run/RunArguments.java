package fwbench.run;

import fwbench.results.ResultsFormat;
import fwbench.tuning.TuningMode;
import fwbench.usage.JarCommand;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A benchmark run's command line: JMH's whole command line (-p, -f, -wi, -i, -w, -r, -l, -prof ...)
 * with the options the suite handles itself taken out first, since JMH would refuse them or, for
 * -rff, -rf and -o, apply them per session.
 *
 * @param args             the words as the user gave them
 * @param commandLine      the command as the user gave it, recorded with every forked result ({@link ResultsFormat#COMMAND_PROPERTY})
 * @param options          JMH's options, the suite's taken out
 * @param resultFile       -rff (null: a name from the date and the device)
 * @param resultFormat     -rf (null: JSON)
 * @param logFile          -o: one log for all sessions, since JMH would truncate it per session (null: the console)
 * @param allowLongSolves  {@link #ALLOW_LONG_SOLVES} was given
 * @param tuningOption     {@link #TUNING}'s value (null: not given)
 */
public record RunArguments(List<String> args, String commandLine, CommandLineOptions options, String resultFile, String resultFormat,
                           String logFile, boolean allowLongSolves, String tuningOption) {

    /** The option that lets a run start whose solves are estimated at more than {@link BenchmarkRun#LONG_SOLVE_SECONDS} each. */
    public static final String ALLOW_LONG_SOLVES = "--allow-long-solves";

    /** The option that chooses the tuning mode of the forks ({@link TuningMode}): tuned, retune or table. */
    public static final String TUNING = "--tuning";

    /** The prefix of the suite's system properties. */
    public static final String PROPERTY_PREFIX = "fwbench.";

    /**
     * Takes the suite's options (-rff, -rf, -o, {@link #ALLOW_LONG_SOLVES}, {@link #TUNING}) out of
     * {@code args} and parses the rest as JMH does; a word JMH refuses is one line, which names
     * {@code jmhHelp}, the option that lists JMH's own.
     */
    public static RunArguments parse(String[] args, String jmhHelp) throws UsageException {
        List<String> jmhArgs = new ArrayList<>(Arrays.asList(args));
        String resultFile = takeOption(jmhArgs, "-rff");
        String resultFormat = takeOption(jmhArgs, "-rf");
        String logFile = takeOption(jmhArgs, "-o");
        boolean allowLongSolves = jmhArgs.remove(ALLOW_LONG_SOLVES);
        String tuningOption = takeOption(jmhArgs, TUNING);
        CommandLineOptions options;
        try {
            options = new CommandLineOptions(jmhArgs.toArray(String[]::new));
        } catch (CommandLineOptionException e) {
            throw new UsageException(e.getMessage() + " (" + jmhHelp + " lists the options)");
        }
        return new RunArguments(List.of(args), JarCommand.line(args), options, resultFile, resultFormat, logFile, allowLongSolves, tuningOption);
    }

    /**
     * Sets the forks' -Dfwbench.* properties here ({@link #adoptForkProperties(CommandLineOptions)}),
     * then checks the tuning mode and the launch pins they give; returns the run's tuning mode.
     */
    public TuningMode adoptForkProperties() throws UsageException {
        adoptForkProperties(options);
        TuningMode tuning = tuningMode(tuningOption);
        checkLaunchPins();
        return tuning;
    }

    /** JMH's -f, else 1: -f 0 runs the benchmarks in this JVM. */
    int forkCount() {
        return options.getForkCount().orElse(1);
    }

    /**
     * The tuning mode of the run: {@link #TUNING}'s value where given, else this JVM's
     * -Dfwbench.tuning (which the forks would inherit), else the default; a bad value of either is
     * refused naming the three.
     */
    public static TuningMode tuningMode(String option) throws UsageException {
        try {
            return option != null ? TuningMode.parse(option, TUNING) : TuningMode.fromProperty();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * The suite's own properties given to the forks with -jvmArgs, -jvmArgsPrepend or -jvmArgsAppend
     * (-Dfwbench.kleene.tile=64, -Dfwbench.tuning.dir=...) are set in this JVM too, before anything
     * reads them: the pins are then checked here, and the plan, the memory checks and the estimate
     * use what the forks will.
     */
    static void adoptForkProperties(CommandLineOptions options) {
        List<String> forkArgs = new ArrayList<>(options.getJvmArgs().orElse(List.of()));  // in the order a fork sees them
        forkArgs.addAll(options.getJvmArgsPrepend().orElse(List.of()));
        forkArgs.addAll(options.getJvmArgsAppend().orElse(List.of()));
        for (String arg : forkArgs) {
            if (!arg.startsWith("-D" + PROPERTY_PREFIX)) continue;
            int equals = arg.indexOf('=');
            if (equals < 0) System.setProperty(arg.substring(2), "");
            else System.setProperty(arg.substring(2, equals), arg.substring(equals + 1));
        }
    }

    /** Refuses a -D pin of a launch setting set to a value it does not take ({@link Variant#checkLaunchPins()}). */
    public static void checkLaunchPins() throws UsageException {
        try {
            Variant.checkLaunchPins();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** Refuses a benchmark pattern that is not a regular expression. */
    public static void checkPatterns(List<String> includes) throws UsageException {
        for (String regex : includes) {
            try {
                Pattern.compile(regex);
            } catch (PatternSyntaxException e) {
                throw new UsageException("the benchmark pattern '" + regex + "' is not a regular expression: " + e.getDescription());
            }
        }
    }

    /**
     * The user's -jvmArgsAppend and the tuning mode after them: set on every fork, since -jvmArgs
     * would drop the -D this JVM was started with.
     */
    static String[] forkArgsAppended(CommandLineOptions options, TuningMode tuning) {
        List<String> args = new ArrayList<>(options.getJvmArgsAppend().orElse(List.of()));
        args.add("-D" + TuningMode.PROPERTY + "=" + tuning.id());
        return args.toArray(String[]::new);
    }

    /** The fork's JVM options and, last, the command that made the run, which JMH so records with every result. */
    static String[] withCommand(String[] forkArgs, String command) {
        List<String> args = new ArrayList<>(List.of(forkArgs));
        args.add("-D" + ResultsFormat.COMMAND_PROPERTY + "=" + command);
        return args.toArray(String[]::new);
    }

    /** Removes "-name value" from the list and returns the value (null if absent). */
    private static String takeOption(List<String> args, String name) throws UsageException {
        int at = args.indexOf(name);
        if (at < 0) return null;
        if (at + 1 >= args.size()) throw new UsageException(name + " needs a value");
        String value = args.get(at + 1);
        args.subList(at, at + 2).clear();
        return value;
    }
}
