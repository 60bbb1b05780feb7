package fwbench.report;

import fwbench.cli.Subcommands;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** report.html and compare.html as text: what they hold, and that they need nothing but themselves. */
class HtmlReportTest {

    @TempDir
    Path dir;

    /** Runs the report as the jar does; returns the page it wrote. */
    static String page(Path folder, String pageName, Object... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("report"));
        for (Object a : args) all.add(a.toString());
        all.addAll(List.of("--out", folder.toString()));
        StringWriter err = new StringWriter();
        int code = Subcommands.run(all.toArray(String[]::new), new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertEquals(0, code, err.toString());
        return Files.readString(folder.resolve(pageName));
    }

    static Path run(Path dir) {
        Path run = dir.resolve("results").resolve(Fixtures.RUN);
        return Files.exists(run) ? run : Fixtures.copy(Fixtures.RUN, run);
    }

    static Path fasterBlocked(Path dir) {
        return Fixtures.write(Fixtures.scaled(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED"), 0.8), dir.resolve("after.json"));
    }

    @Test
    void aRunsPageHoldsItsOriginTablesAndEveryChartInline() throws Exception {
        Path input = run(dir);
        Path peak = Fixtures.copy(Fixtures.PEAK, dir.resolve(Fixtures.PEAK));
        String html = page(dir.resolve("out"), "report.html", input, peak);
        assertTrue(html.startsWith("<!DOCTYPE html>\n"));
        assertTrue(html.contains("<dt>Device</dt><dd>" + Fixtures.DEVICE + "</dd>"), "the device");
        assertTrue(html.contains("<code>java -jar target/benchmarks.jar report " + input + " " + peak + "</code>"),
                "the command as typed, less where it wrote (--out), so the page made again is the same");
        assertTrue(html.contains("<dt>Run date</dt><dd>2026-11-22</dd>"), "the run's date, from its file's name");
        assertTrue(html.contains("<h2>Method</h2>\n<p class=\"method\">The results come from 2 files: <code>" + Fixtures.RUN
                + "</code>, measured on 2026-11-22 on " + Fixtures.DEVICE + "; <code>" + Fixtures.PEAK + "</code>, measured on "),
                "the method, its Markdown as HTML");
        assertEquals(2, count(html, "<table"), "the speedup matrix and the detailed table");
        assertTrue(html.contains("<td class=\"number\">0.6057 (5.84x)</td>"), "the matrix's numbers are report.md's");
        assertTrue(html.contains("<th class=\"number\">% of peak</th>"), "the detailed table's columns are report.md's");
        assertTrue(html.contains("<li><strong>GPU time</strong>: the solve's time on the device between CUDA events (<code>gpu.time</code>)"),
                "the legend, its Markdown as HTML");
        for (ChartKind kind : ChartKind.RUN) {
            assertTrue(html.contains("<svg id='" + kind.fileKind() + "-random-graph-42'"), kind + " inline");
        }
        assertEquals(ChartKind.RUN.size(), count(html, "<svg "));
        assertTrue(html.contains("<span class=\"swatch\" style=\"background:#f28e2b\"></span>blocked"), "blocked's colour, the registry's");
        selfContained(html);
    }

    @Test
    void aComparisonsPageHoldsTheRatios() throws Exception {
        Path before = run(dir);
        Path after = fasterBlocked(dir);
        String html = page(dir.resolve("cmp"), "compare.html", before, "--compare", after);
        assertTrue(html.contains("<dt>Before</dt><dd><code>" + Fixtures.RUN + "</code></dd>"), html.substring(0, 3000));
        assertTrue(html.contains("<dt>After</dt><dd><code>after.json</code></dd>"));
        assertTrue(html.contains("<dt>Device</dt><dd>" + Fixtures.DEVICE + "</dd>"));
        assertEquals(3, count(html, "<table"), "the ratio matrix, the detailed table and the geometric means");
        assertTrue(html.contains("blocked</td><td class=\"number\">0.800 faster</td><td class=\"number\">0.800 faster</td>"
                + "<td class=\"number\">0.800 faster</td></tr>"), "the ratio matrix with the verdicts");
        assertTrue(html.contains("<th class=\"number\">p</th><th>verdict</th></tr>"), "the detailed table's columns are compare.md's");
        assertTrue(html.contains("<td class=\"number\">0.800</td><td class=\"number\">&lt; 0.0001</td><td>faster</td></tr>"),
                "blocked's row");
        assertTrue(html.contains("<p>Geometric mean of after / before per variant, over the sizes both runs have:</p>"));
        assertTrue(html.contains("blocked</td><td class=\"number\">1,000; 2,500; 5,000</td><td class=\"number\">0.800</td></tr>"),
                "blocked's geometric mean");
        assertTrue(html.contains("<li><strong>verdict</strong>: whether after differs from before"), "the legend says what a verdict is");
        assertEquals(1, count(html, "<svg "));
        assertTrue(html.contains("<svg id='compare-random-graph-42'"));
        selfContained(html);
    }

    @Test
    void theDeviceOfARunWithoutAGpuIsItsCpu() throws Exception {
        Path input = Fixtures.write(Fixtures.withParam(Fixtures.tree(Fixtures.RUN), r -> true, "device", "no GPU (CPU: AMD EPYC; 2 threads)"),
                dir.resolve("cpu.json"));
        String html = page(dir.resolve("out"), "report.html", input);
        assertTrue(html.contains("<dt>Device</dt><dd>CPU (AMD EPYC; 2 threads)</dd>"));
        assertTrue(html.contains("<h2>CPU (AMD EPYC; 2 threads): graph=random, seed=42</h2>"), "no launch without a GPU");
    }

    @Test
    void argumentsWithSpacesAreQuotedAsAShellReadsThem() {
        assertEquals("results/a.json", ReportCommand.shellQuoted("results/a.json"));
        assertEquals("'my runs/a.json'", ReportCommand.shellQuoted("my runs/a.json"));
        assertEquals("'it'\\''s.json'", ReportCommand.shellQuoted("it's.json"));
    }

    /** Nothing the page would fetch: no script, stylesheet, image or font from a file or the net; every id once. */
    static void selfContained(String html) {
        assertFalse(Pattern.compile("\\b(src|href)\\s*=\\s*['\"](?!#)").matcher(html).find(), "no src or href but to the page itself");
        assertFalse(Pattern.compile("url\\(\\s*['\"]?(?!#)").matcher(html).find(), "no url() but to the page itself");
        for (String tag : List.of("<script", "<link", "<iframe", "<img", "@import", "@font-face")) assertFalse(html.contains(tag), tag);
        Set<String> ids = new HashSet<>();
        Matcher id = Pattern.compile("\\sid=['\"]([^'\"]+)['\"]").matcher(html);
        while (id.find()) assertTrue(ids.add(id.group(1)), "id " + id.group(1) + " is used twice: a chart would draw another's clip");
        assertTrue(ids.size() > 1);
    }

    static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) n++;
        return n;
    }
}
