package fwbench.report;

import fwbench.usage.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code report RESULTS.json... [--baseline VARIANT] [--out FOLDER] [--readme README.md]}: the tables
 * (Markdown, CSV) and charts (PNG, SVG) of one or more runs, and both in one HTML page; with
 * {@code --compare AFTER.json}, the ratio after / before per variant and n instead.
 *
 * <p>Order of work: read every input into typed records ({@link RunData}), compute the tables
 * (pure functions), check every path, then render and write. Nothing is written when an input is
 * bad. The report never writes into results/ and never overwrites an input.
 */
@Command(name = "report", sortOptions = false, usageHelpAutoWidth = true,
        description = {"Tables (Markdown, CSV), charts (PNG, SVG) and one HTML page of both from JMH results of fwbench runs.",
                "With --compare: the ratio after / before of the time per solve, per variant and n."})
public final class ReportCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "RESULTS.json",
            description = "JMH JSON results of fwbench runs (results/DATE_DEVICE.json); several files make one report"
                    + " (with --compare: the before run)")
    List<Path> inputs;

    @Option(names = "--baseline", paramLabel = "VARIANT",
            description = "the variant speedups are over (default: naive when the run has it, else the run's first variant in story order)")
    String baseline;

    @Option(names = "--out", paramLabel = "FOLDER",
            description = "where tables and charts go (default: plot/<results file name>/; never inside results/)")
    Path out;

    @Option(names = "--compare", paramLabel = "AFTER.json",
            description = "compare with this run (repeat for several files): ratio after / before per variant and n")
    List<Path> compare;

    @Option(names = "--readme", paramLabel = "README.md",
            description = "also rewrite this file's results section (between <!-- results:begin --> and <!-- results:end -->)")
    Path readme;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
    boolean help;

    @Spec
    CommandSpec spec;

    /** How the page says it was made (the report runs from the jar). */
    private static final String JAR_REPORT = "java -jar target/benchmarks.jar report";

    private final Path resultsDirectory;
    private final Path plotDirectory;

    /** As the jar runs it: results/ and plot/ in the working directory. */
    public ReportCommand() {
        this(Path.of("results"), Path.of("plot"));
    }

    /**
     * @param resultsDirectory the folder of raw runs, never written
     * @param plotDirectory    where the default output folder goes
     */
    public ReportCommand(Path resultsDirectory, Path plotDirectory) {
        this.resultsDirectory = resultsDirectory;
        this.plotDirectory = plotDirectory;
    }

    @Override
    public Integer call() throws UsageException {
        // before any AWT class loads: charts are drawn off screen, and a machine without a display must not fail
        System.setProperty("java.awt.headless", "true");
        PrintWriter stdout = spec.commandLine().getOut();
        if (compare != null && readme != null) {
            throw new UsageException("--readme shows one run's results; leave it out with --compare");
        }
        // a file named twice is read once: its results are not a second run's
        List<String> namedTwice = new ArrayList<>();
        inputs = namedOnce(inputs, namedTwice);
        if (compare != null) compare = namedOnce(compare, namedTwice);
        namedTwice.forEach(note -> stdout.println("fwbench report: " + note));
        RunData run = RunData.read(inputs);
        if (compare != null) return compare(run, RunData.read(compare), stdout);

        // a file of batches of small graphs alone has no solves to take speedups of
        Baseline base = run.solves().isEmpty() && baseline == null ? null : Baseline.choose(baseline, run);
        List<SpeedupTable> tables = base == null ? List.of() : SpeedupTable.build(run, base.variant());
        List<BatchTable> batches = BatchTable.build(run);
        if (readme != null && tables.isEmpty()) {
            throw new UsageException("--readme shows the tables of solves, and " + String.join(", ", fileNames(inputs))
                    + " holds batches of small graphs alone; leave --readme out");
        }
        boolean withDevice = Stream.concat(tables.stream().map(t -> t.setup().device()), batches.stream().map(BatchTable::device))
                .distinct().count() > 1;
        Path folder = outputFolder(defaultName(inputs));

        Map<Path, String> texts = new LinkedHashMap<>();
        String method = Method.paragraph(run);
        texts.put(folder.resolve(OutputNames.TABLES + ".md"), Markdown.report(tables, batches, fileNames(inputs), method, withDevice));
        if (!tables.isEmpty()) {  // the CSV and LaTeX tables are of solves: a file of batches alone would get empty ones
            texts.put(folder.resolve(OutputNames.TABLES + ".csv"), Csv.speedups(tables));
            texts.put(folder.resolve(OutputNames.TABLES + ".tex"), Latex.report(tables, fileNames(inputs), withDevice));
        }
        ScalingTable scaling = ScalingTable.build(run);
        if (!scaling.isEmpty()) {
            texts.put(folder.resolve(OutputNames.SCALING + ".md"), scaling.markdown(fileNames(inputs)));
            texts.put(folder.resolve(OutputNames.SCALING + ".csv"), scaling.csv());
        }
        Path html = folder.resolve(OutputNames.TABLES + ".html");
        List<ChartJob> jobs = new ArrayList<>();
        for (SpeedupTable table : tables) {
            for (ChartKind kind : ChartKind.of(table)) jobs.add(new ChartJob(kind.baseName(table.setup(), withDevice), kind, table, null, null));
        }
        for (BatchTable batch : batches) jobs.add(new ChartJob(batch.chartBaseName(withDevice), ChartKind.BATCHES, null, null, batch));
        String readmeText = null;
        if (readme != null) readmeText = readmeUpdate(tables, folder, Method.command(run), withDevice);
        List<Path> planned = new ArrayList<>(texts.keySet());
        planned.add(html);
        jobs.forEach(j -> planned.addAll(j.files(folder)));
        if (readme != null) planned.add(readme);
        refuseOverwritingInputs(planned);

        run.notes().forEach(note -> stdout.println("fwbench report: " + note));
        if (base != null) stdout.println("fwbench report: " + base.line() + (base.named() ? "" : "; --baseline VARIANT chooses another"));
        for (SpeedupTable table : tables) {
            for (String why : table.chartNotes()) {
                stdout.println("fwbench report: " + (tables.size() > 1 ? table.setup().title() + ": " : "") + why);
            }
        }
        prepare(folder);
        for (Map.Entry<Path, String> e : texts.entrySet()) write(e.getKey(), e.getValue());
        Map<String, String> svgs = drawCharts(jobs, folder);
        write(html, HtmlReport.report(tables, batches, fileNames(inputs), method, origin(Method.runDates(run)), withDevice, svgs));
        stdout.println(wrote(OutputNames.TABLES, tables.isEmpty() ? List.of(".md") : List.of(".md", ".csv", ".tex"), jobs, folder));
        if (!scaling.isEmpty()) {
            stdout.println("fwbench report: wrote " + OutputNames.SCALING + ".md and " + OutputNames.SCALING + ".csv (speedup over one GPU of "
                    + scaling.rows().size() + (scaling.rows().size() == 1 ? " result" : " results") + " on several GPUs) to " + folder);
        }
        if (readme != null) {
            write(readme, readmeText);
            stdout.println("fwbench report: rewrote the results section of " + readme);
        }
        return 0;
    }

    private int compare(RunData before, RunData after, PrintWriter stdout) throws UsageException {
        BatchComparison batches = BatchComparison.build(before, after);
        // solves are compared where both runs have them; a run of batches alone is compared on its batches
        boolean solves = !before.solves().isEmpty() && !after.solves().isEmpty();
        if (!solves && batches.rows().stream().noneMatch(r -> r.ratio().isPresent())) {
            throw new UsageException("the runs share neither solves nor batches of small graphs (the same variant, n, batch and seed);"
                    + " nothing to compare");
        }
        List<CompareTable> tables = solves ? CompareTable.build(before, after) : List.of();
        Path folder = outputFolder(defaultName(inputs) + "-vs-" + defaultName(compare));
        Map<Path, String> texts = new LinkedHashMap<>();
        texts.put(folder.resolve(OutputNames.COMPARE + ".md"), Markdown.compare(tables, batches, fileNames(inputs), fileNames(compare)));
        texts.put(folder.resolve(OutputNames.COMPARE + ".csv"), Csv.compare(tables));
        Path html = folder.resolve(OutputNames.COMPARE + ".html");
        List<ChartJob> jobs = new ArrayList<>();
        for (CompareTable table : tables) {
            if (table.hasRatios()) jobs.add(new ChartJob(Markdown.compareChart(table), ChartKind.COMPARE, null, table, null));
        }
        List<Path> planned = new ArrayList<>(texts.keySet());
        planned.add(html);
        jobs.forEach(j -> planned.addAll(j.files(folder)));
        refuseOverwritingInputs(planned);

        before.notes().forEach(note -> stdout.println("fwbench report: before: " + note));
        after.notes().forEach(note -> stdout.println("fwbench report: after: " + note));
        CompareTable.unmatched(before, after).forEach(s -> stdout.println("fwbench report: only the before run has " + s));
        CompareTable.unmatched(after, before).forEach(s -> stdout.println("fwbench report: only the after run has " + s));
        for (CompareTable table : tables) {
            if (table.hasRatios()) continue;
            String where = tables.size() > 1 ? Markdown.compareHeading(table) + ": " : "";
            stdout.println("fwbench report: " + where + table.noSharedSolves() + "; no chart");
        }
        prepare(folder);
        for (Map.Entry<Path, String> e : texts.entrySet()) write(e.getKey(), e.getValue());
        Map<String, String> svgs = drawCharts(jobs, folder);
        write(html, HtmlReport.compare(tables, batches, fileNames(inputs), fileNames(compare), origin(List.of()), svgs));
        stdout.println(wrote(OutputNames.COMPARE, List.of(".md", ".csv"), jobs, folder));
        return 0;
    }

    /** One chart to draw: a run's table, a comparison or a run's batches. Holds no JFreeChart type, so this class loads without AWT. */
    private record ChartJob(String baseName, ChartKind kind, SpeedupTable table, CompareTable comparison, BatchTable batches) {
        List<Path> files(Path folder) {
            return List.of(folder.resolve(baseName + ".png"), folder.resolve(baseName + ".svg"));
        }
    }

    /** "fwbench report: wrote report.md, report.csv, report.tex, 4 charts (PNG and SVG) and report.html (all in one page) to FOLDER". */
    private static String wrote(String name, List<String> tableExtensions, List<ChartJob> jobs, Path folder) {
        String charts = switch (jobs.size()) {
            case 0 -> "";
            case 1 -> ", 1 chart (PNG and SVG)";
            default -> ", " + jobs.size() + " charts (PNG and SVG)";
        };
        return "fwbench report: wrote " + tableExtensions.stream().map(e -> name + e).collect(Collectors.joining(", ")) + charts + " and "
                + name + ".html (all in one page) to " + folder;
    }

    /**
     * The command that makes this page, for the HTML page (the jar's report subcommand and the arguments
     * as typed, less --out and --readme, which change where the report goes, not what it says), and
     * the runs' dates: so a committed page made again lands byte for byte.
     */
    private HtmlReport.Origin origin(List<LocalDate> runDates) {
        List<String> words = new ArrayList<>(List.of(JAR_REPORT));
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (PLACEMENT_OPTIONS.contains(arg)) {
                i++;
            } else if (PLACEMENT_OPTIONS.stream().noneMatch(o -> arg.startsWith(o + "="))) {
                words.add(shellQuoted(arg));
            }
        }
        return new HtmlReport.Origin(String.join(" ", words), runDates);
    }

    /** The options that say where the report is written, not what it holds. */
    private static final List<String> PLACEMENT_OPTIONS = List.of("--out", "--readme");

    /** An argument as a POSIX shell reads it back: as is when plain, else in single quotes. */
    static String shellQuoted(String arg) {
        return arg.matches("[A-Za-z0-9_./:=+,@%-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
    }

    /** Draws every chart; returns each one's SVG element by its base name, for the HTML page. */
    private static Map<String, String> drawCharts(List<ChartJob> jobs, Path folder) throws UsageException {
        if (ModuleLayer.boot().findModule("java.desktop").isEmpty()) {
            throw new UsageException("charts need the java.desktop module, which this Java runtime lacks (the tables are in "
                    + folder + "); run the report with a full JDK");
        }
        Map<String, String> svgs = new LinkedHashMap<>();
        for (ChartJob job : jobs) {
            Path png = folder.resolve(job.baseName() + ".png");
            Path svg = folder.resolve(job.baseName() + ".svg");
            try {
                svgs.put(job.baseName(), ChartRendering.draw(job.kind(), job.table(), job.comparison(), job.batches(), png, svg, job.baseName()));
            } catch (IOException e) {
                throw new UsageException("cannot write " + png + ": " + reason(e));
            }
        }
        return svgs;
    }

    /** The README with its results section rewritten (paths relative to the README's folder). */
    private String readmeUpdate(List<SpeedupTable> tables, Path folder, Optional<String> command, boolean withDevice) throws UsageException {
        if (!Files.isRegularFile(readme)) throw new UsageException(readme + ": no such file (--readme rewrites a section of an existing README)");
        refuseInsideResults(readme, "--readme " + readme);
        String text;
        try {
            text = Files.readString(readme, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageException("cannot read " + readme + ": " + reason(e));
        }
        Path home = readme.toAbsolutePath().normalize().getParent();
        String content = ReadmeSection.content(tables, inputs.stream().map(p -> relative(home, p)).toList(),
                relative(home, folder.resolve(OutputNames.TABLES + ".md")), command, withDevice,
                base -> relative(home, folder.resolve(base + ".png")));
        try {
            return ReadmeSection.replace(text, content);
        } catch (IllegalArgumentException e) {
            throw new UsageException(readme + " " + e.getMessage());
        }
    }

    /**
     * The files, each once (the first name given for it, whatever the path that named it), and for
     * each named more than once a note saying so.
     */
    static List<Path> namedOnce(List<Path> files, List<String> notes) {
        Map<Path, Path> firstName = new LinkedHashMap<>();
        Map<Path, Integer> times = new LinkedHashMap<>();
        for (Path file : files) {
            Path same = canonical(file);
            firstName.putIfAbsent(same, file);
            times.merge(same, 1, Integer::sum);
        }
        times.forEach((same, count) -> {
            if (count > 1) notes.add(firstName.get(same) + " is named " + (count == 2 ? "twice" : count + " times") + "; read once");
        });
        return List.copyOf(firstName.values());
    }

    /** A path as a link from {@code home}: relative, with '/' on every system. */
    private static String relative(Path home, Path target) {
        return home.relativize(target.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }

    /** --out, or plot/NAME; refused inside results/. */
    private Path outputFolder(String defaultName) throws UsageException {
        Path folder = out != null ? out : plotDirectory.resolve(defaultName);
        refuseInsideResults(folder, out != null ? "--out " + folder : "the output folder " + folder);
        return folder;
    }

    /**
     * results/ holds raw runs only: refuse the suite's results folder, and any folder named
     * "results" that holds an input.
     */
    private void refuseInsideResults(Path target, String what) throws UsageException {
        List<Path> protectedFolders = new ArrayList<>(List.of(resultsDirectory));
        for (Path input : all()) {
            Path parent = input.toAbsolutePath().normalize().getParent();
            if (parent != null && parent.getFileName() != null && parent.getFileName().toString().equals("results")) {
                protectedFolders.add(parent);
            }
        }
        for (Path folder : protectedFolders) {
            if (canonical(target).startsWith(canonical(folder))) {
                throw new UsageException(what + " is inside " + folder + ", which holds raw runs and is never written;"
                        + " choose another folder (the default is under " + plotDirectory + ")");
            }
        }
    }

    private void refuseOverwritingInputs(List<Path> planned) throws UsageException {
        for (Path input : all()) {
            for (Path target : planned) {
                if (canonical(target).equals(canonical(input))) {
                    throw new UsageException("the report would overwrite its input " + input + "; choose another --out");
                }
            }
        }
    }

    private List<Path> all() {
        List<Path> all = new ArrayList<>(inputs);
        if (compare != null) all.addAll(compare);
        return all;
    }

    /** Creates the folder; one line when that cannot be done or it cannot be written. */
    private static void prepare(Path folder) throws UsageException {
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UsageException("cannot create the output folder " + folder + ": " + reason(e));
        }
        if (!Files.isWritable(folder)) throw new UsageException("the output folder " + folder + " is not writable");
    }

    private static void write(Path file, String text) throws UsageException {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageException("cannot write " + file + ": " + reason(e));
        }
    }

    /** An I/O failure in a few words (Java's messages are often just the path). */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof FileAlreadyExistsException) return "a file of that name is in the way";
        if (e instanceof NoSuchFileException) return "no such folder";
        if (e instanceof FileSystemException f && f.getReason() != null) return f.getReason();
        return e.getMessage();
    }

    /** Absolute and normalized, with symbolic links resolved in the part that exists (so a link into results/ is caught). */
    static Path canonical(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null && !Files.exists(existing)) existing = existing.getParent();
        if (existing == null) return absolute;
        try {
            return existing.toRealPath().resolve(existing.relativize(absolute));
        } catch (IOException e) {
            return absolute;
        }
    }

    private static String defaultName(List<Path> files) {
        return files.stream().map(OutputNames::baseName).collect(Collectors.joining("+"));
    }

    private static List<String> fileNames(List<Path> files) {
        return files.stream().map(p -> p.getFileName().toString()).toList();
    }
}
