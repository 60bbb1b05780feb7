package fwbench.cli;

import fwbench.cuda.Gpu;
import fwbench.report.ReportCommand;
import fwbench.usage.JarCommand;
import org.apache.commons.text.StringTokenizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Every command the program suggests works: each "java -jar ..." line it prints (at the end of a
 * CPU run, on the help page, in error messages) is taken from its output and run as printed, in
 * this JVM, as {@code fwbench.Main} would run it, and must exit with 0. Only what cannot run here
 * is changed, and each change is named where it is made: placeholders (FILE, FROM, TO, COMMAND,
 * DATE_DEVICE) get real values, and benchmark runs get tiny sizes and iterations (-f 0: in this JVM).
 */
class SuggestedCommandsTest {

    /** A suggestion: "java -jar JAR words", up to a closing quote, a shell comment or the end of the line. */
    private static final Pattern SUGGESTION = Pattern.compile("(')?java -jar (.*)");

    /** What makes a benchmark run quick here; the options it replaces take a value each. */
    private static final List<String> QUICK = List.of("-f", "0", "-wi", "0", "-i", "1", "-w", "20ms", "-r", "20ms");
    private static final Set<String> TIMING = Set.of("-f", "-wi", "-i", "-w", "-r");
    private static final String SMALL_N = "n=40";

    /** The committed run the help page's "report results/DATE_DEVICE.json" is tried on. */
    private static final Path COMMITTED_RUN = Path.of("results", "2026-11-22_NVIDIA-H200.json");

    @TempDir
    Path dir;

    private Path results() {
        return dir.resolve("results");
    }

    private final List<String> tried = new ArrayList<>();

    // ---- running the jar's commands in this JVM ----

    /** What one command printed, stdout then stderr, and its exit code. */
    private record Outcome(int code, String out, String err) {
        String all() {
            return out + err;
        }
    }

    /**
     * As fwbench.Main dispatches, with the two folders Main takes from the working directory put in
     * this test's own: results/ (where runs go) and plot/ (where a report goes by default).
     */
    private Outcome jar(List<String> args) {
        String[] words = args.toArray(String[]::new);
        if (!args.isEmpty() && args.get(0).equals("report")) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = new CommandLine(new ReportCommand(results(), dir.resolve("plot"))).setOut(new PrintWriter(out, true))
                    .setErr(new PrintWriter(err, true)).execute(args.subList(1, args.size()).toArray(String[]::new));
            return new Outcome(code, out.toString(), err.toString());
        }
        if (!args.isEmpty() && Subcommands.isSubcommand(args.get(0))) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Subcommands.run(words, new PrintWriter(out, true), new PrintWriter(err, true));
            return new Outcome(code, out.toString(), err.toString());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new BenchmarkCommand(results(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(words);
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Outcome jar(String... args) {
        return jar(List.of(args));
    }

    /** Every suggested command in {@code text}, as the words a shell would pass after "java -jar JAR". */
    static List<List<String>> suggestions(String text) {
        List<List<String>> found = new ArrayList<>();
        for (String line : text.split("\n")) {
            Matcher m = SUGGESTION.matcher(line);
            if (!m.find()) continue;
            String command = m.group(2);
            if (m.group(1) != null) command = command.substring(0, command.indexOf('\''));  // 'java -jar ... --help' gives...
            int comment = command.indexOf(" #");
            if (comment >= 0) command = command.substring(0, comment);
            List<String> words = new StringTokenizer(command.strip(), ' ', '\'').getTokenList();
            assertEquals(JarCommand.BUILT_JAR, words.get(0), "the jar a suggestion names, in: " + line);
            found.add(words.subList(1, words.size()));
        }
        return found;
    }

    /** Runs a suggestion with the placeholders given values; it must exit with 0. */
    private Outcome runSuggested(List<String> words, Map<String, String> placeholders) {
        List<String> args = new ArrayList<>();
        for (String word : words) {
            String filled = word;
            for (Map.Entry<String, String> p : placeholders.entrySet()) filled = filled.replace(p.getKey(), p.getValue());
            args.add(filled);
        }
        if (isBenchmarkRun(args)) args = quick(args);
        Outcome outcome = jar(args);
        tried.add(String.join(" ", args));
        assertEquals(0, outcome.code(), "suggested: " + String.join(" ", words) + "\nran: " + args + "\n" + outcome.all());
        return outcome;
    }

    private static boolean isBenchmarkRun(List<String> args) {
        return args.isEmpty() || !(Subcommands.isSubcommand(args.get(0)) || HelpPage.HELP_WORDS.contains(args.get(0))
                || args.get(0).equals(HelpPage.JMH_HELP));
    }

    /** The run with tiny iterations and sizes: what is tried is that its variants, values and options are accepted and it runs. */
    private static List<String> quick(List<String> args) {
        List<String> quick = new ArrayList<>();
        for (int a = 0; a < args.size(); a++) {
            if (TIMING.contains(args.get(a))) {
                a++;
            } else if (args.get(a).equals("-p") && a + 1 < args.size() && args.get(a + 1).startsWith("n=")) {
                a++;
            } else {
                quick.add(args.get(a));
            }
        }
        quick.addAll(QUICK);
        quick.addAll(List.of("-p", SMALL_N));
        return quick;
    }

    // ---- the suggestions ----

    /** A run without a GPU ends with a summary and a report command; the report runs on the file and names its baseline. */
    @Test
    void theEndOfACpuRun() throws Exception {
        Outcome run = jar("-p", "variant=cpu-serial,cpu-blocked", "-p", "n=24,40", "-f", "0", "-wi", "0", "-i", "1", "-r", "20ms");
        assertEquals(0, run.code(), run.all());
        String out = run.out();
        assertTrue(out.contains("\nfwbench: summary of the run\n"), out);
        assertTrue(out.contains("speedups are over cpu-serial (the run has no naive: its first variant in story order)"), out);
        for (String row : List.of("24  cpu-serial", "24  cpu-blocked", "40  cpu-serial", "40  cpu-blocked")) {
            assertTrue(Pattern.compile("(?m)^ +" + row + " +[0-9.]+( ± [0-9.]+)? +[0-9.]+x +[0-9.,]+$").matcher(out).find(), row + "\n" + out);
        }
        assertFalse(out.contains("% complete, ETA"), "JMH's own ETA is replaced:\n" + out);
        assertTrue(out.contains("# Run progress: fork 1 of 4 of the whole run, "), out);
        // nothing of a CPU run is unknown: its solves are assumed from n^3 until measured
        assertTrue(out.contains("fwbench: estimated time for the whole run (4 forks): about "), out);

        List<List<String>> suggested = suggestions(run.all());
        assertEquals(1, suggested.size(), run.all());
        Path file;
        try (var files = Files.list(results())) {
            file = files.findFirst().orElseThrow();
        }
        assertEquals(List.of("report", file.toString()), suggested.get(0));
        Outcome report = runSuggested(suggested.get(0), Map.of());
        assertTrue(report.out().startsWith("fwbench report: speedups are over cpu-serial (the run has no naive"), report.all());
    }

    /** With -rf csv the run suggests no report (which reads JSON only), and says how to get one. */
    @Test
    void aCsvRunSuggestsNoReport() {
        Outcome run = jar("-p", "variant=cpu-blocked", "-p", "n=24", "-f", "0", "-wi", "0", "-i", "1", "-r", "20ms", "-rf", "csv");
        assertEquals(0, run.code(), run.all());
        assertTrue(run.out().contains("the report reads JSON results, and this run wrote csv (-rf csv); run with -rf json (the default)"),
                run.out());
        assertTrue(run.out().contains("\nfwbench: summary of the run\n"), "the summary does not need JSON:\n" + run.out());
        List<List<String>> suggested = suggestions(run.all());
        assertEquals(List.of(), suggested);
    }

    /**
     * The help page's commands: the examples (those that need a CUDA device only where there is
     * one; without, they must be refused for that reason), each command's --help and JMH's help.
     */
    @Test
    void theHelpPage() {
        Outcome help = jar("--help");
        assertEquals(0, help.code());
        List<String> lines = help.out().lines().filter(l -> l.contains("java -jar ")).toList();
        int run = 0;
        for (String line : lines) {
            for (List<String> words : suggestions(line)) {
                if (words.stream().anyMatch(w -> w.startsWith("["))) continue;  // the usage synopsis, not a command
                if (words.contains("COMMAND")) {
                    for (String command : Subcommands.summaries().keySet()) runSuggested(words, Map.of("COMMAND", command));
                } else if (words.get(0).equals("profile")) {
                    // as printed, but with no profiler to find (a real one would take minutes): every check before the lookup passes
                    StringWriter out = new StringWriter();
                    StringWriter err = new StringWriter();
                    int code = Subcommands.run(new ProfileCommand(dir.resolve("no-tools").toString()), words.toArray(String[]::new),
                            new PrintWriter(out, true), new PrintWriter(err, true));
                    assertEquals(2, code, line + "\n" + out + err);
                    assertTrue(err.toString().startsWith("fwbench profile: ncu (Nsight Compute) is not on PATH"), err.toString());
                    tried.add(String.join(" ", words));
                } else if (line.contains("# needs a CUDA device") && !Gpu.available()) {
                    // as printed: refused while planning, before anything runs
                    Outcome refused = jar(words);
                    assertEquals(2, refused.code(), line + "\n" + refused.all());
                    assertTrue(refused.err().startsWith("fwbench: nothing to run: "), refused.err());
                } else {
                    assertTrue(Files.isRegularFile(COMMITTED_RUN), COMMITTED_RUN + " is committed");
                    runSuggested(words, Map.of("results/DATE_DEVICE.json", COMMITTED_RUN.toString()));
                }
                run++;
            }
        }
        assertTrue(run >= 7, "the examples, COMMAND --help and --jmh-help: " + tried);
    }

    /** A subcommand's usage error and a JMH option error point at a help that works. */
    @Test
    void helpPointersInErrorMessages() {
        StringWriter err = new StringWriter();
        assertEquals(2, Subcommands.run(new String[] {"report", "--bogus"}, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true)));
        assertTrue(err.toString().strip().endsWith("(--help for usage)"), err.toString());
        runSuggested(List.of("report", "--help"), Map.of());

        Outcome jmh = jar("-wi");
        assertEquals(2, jmh.code());
        assertTrue(jmh.err().contains("(" + HelpPage.JMH_HELP + " lists the options)"), jmh.err());
        runSuggested(List.of(HelpPage.JMH_HELP), Map.of());
    }

    /** A graph with negative weights is refused by the benchmark with a solve command that takes it. */
    @Test
    void theNegativeWeightsMessage() throws Exception {
        assumeFalse(Gpu.available(), "with a GPU the variants that take negative weights run the graph: no refusal to suggest from");
        Path graph = Files.writeString(dir.resolve("neg.edges"), "0 1 5\n1 2 -2\n0 2 4\n");
        Outcome refused = jar("-p", "graph=" + graph);
        assertEquals(2, refused.code(), refused.all());
        List<List<String>> suggested = suggestions(refused.err());
        assertEquals(1, suggested.size(), refused.err());
        Path out = dir.resolve("neg.txt");
        runSuggested(suggested.get(0), Map.of("FILE", out.toString()));
        assertTrue(Files.readString(out).contains("-2"), "the distances, with the negative edge");
    }

    /** solve --paths suggests the path command for its file. */
    @Test
    void solveWithPathsSuggestsPath() throws Exception {
        Path graph = Files.writeString(dir.resolve("line.edges"), "0 1 2\n1 2 3\n");
        Outcome solved = jar("solve", "--graph", graph.toString(), "--out", dir.resolve("line.sol").toString(), "--paths");
        assertEquals(0, solved.code(), solved.all());
        List<List<String>> suggested = suggestions(solved.all());
        assertEquals(1, suggested.size(), solved.all());
        Outcome path = runSuggested(suggested.get(0), Map.of("FROM", "0", "TO", "2"));
        assertTrue(path.out().contains("5"), path.out());
    }
}
