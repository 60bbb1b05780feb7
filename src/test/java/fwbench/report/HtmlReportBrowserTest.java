package fwbench.report;

import fwbench.variant.Variant;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * report.html and compare.html in a real browser: headless Chromium loads each page from its file
 * with every host name unresolvable, prints no console message (Chromium logs each one, error or
 * not, as a CONSOLE line on stderr), and its DOM holds the tables and every chart with content;
 * a screenshot shows the charts' colours. Skipped where no Chromium is installed
 * (Debian: apt-get install chromium).
 */
class HtmlReportBrowserTest {

    private static final List<String> BROWSERS = List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable");

    private static Path browser;

    @TempDir
    Path dir;

    @BeforeAll
    static void findBrowser() {
        browser = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .flatMap(folder -> BROWSERS.stream().map(name -> Path.of(folder, name)))
                .filter(Files::isExecutable).findFirst().orElse(null);
    }

    /** What Chromium gave for one page: its DOM after loading, and the console lines of its log. */
    private record Load(String dom, List<String> console) {
    }

    private Load load(Path page, String... more) throws Exception {
        assumeTrue(browser != null, "no Chromium on this machine (" + String.join(", ", BROWSERS)
                + " are not on PATH): report.html is not checked in a browser; Debian: apt-get install chromium");
        List<String> command = new ArrayList<>(List.of(browser.toString(), "--headless", "--disable-gpu", "--no-sandbox",
                "--no-first-run", "--user-data-dir=" + dir.resolve("profile"), "--enable-logging=stderr", "--v=0",
                // nothing may come from the net: a page that tried would show it as a console error
                "--host-resolver-rules=MAP * ~NOTFOUND"));
        command.addAll(List.of(more));
        command.add(page.toUri().toString());
        Path stdout = dir.resolve("stdout");
        Path stderr = dir.resolve("stderr");
        Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("Chromium did not finish loading " + page + " in 120 s");
        }
        assertEquals(0, process.exitValue(), "Chromium's exit code; its log:\n" + Files.readString(stderr));
        List<String> console = Files.readAllLines(stderr).stream().filter(l -> l.contains(":CONSOLE")).toList();
        return new Load(Files.readString(stdout), console);
    }

    @Test
    void aRunsPageLoadsCleanlyWithItsTablesAndEveryChart() throws Exception {
        Path input = HtmlReportTest.run(dir);
        Path folder = dir.resolve("out");
        HtmlReportTest.page(folder, "report.html", input);
        Load load = load(folder.resolve("report.html"), "--dump-dom");
        assertEquals(List.of(), load.console(), "console messages");
        assertEquals(2, HtmlReportTest.count(load.dom(), "<table"), "the speedup matrix and the detailed table");
        assertTrue(load.dom().contains("<td class=\"number\">0.6057 (5.84x)</td>"), "a table's cells");
        List<String> charts = charts(load.dom());
        assertEquals(ChartKind.RUN.stream().map(k -> k.fileKind() + "-random-graph-42").toList(), charts);

        Path shot = dir.resolve("report.png");
        load(folder.resolve("report.html"), "--window-size=1200,5000", "--screenshot=" + shot);
        BufferedImage image = ImageIO.read(shot.toFile());
        assertNotNull(image, "the screenshot decodes");
        // each variant's colour (the registry's) over many pixels: its lines, markers and bars are drawn
        for (Variant variant : List.of(Variant.NAIVE, Variant.BLOCKED)) {
            long drawn = pixels(image, variant.chartColour());
            assertTrue(drawn > 1000, variant.id() + "'s colour in the screenshot: " + drawn + " pixels");
        }
    }

    @Test
    void aComparisonsPageLoadsCleanlyWithItsRatiosAndChart() throws Exception {
        Path folder = dir.resolve("cmp");
        HtmlReportTest.page(folder, "compare.html", HtmlReportTest.run(dir), "--compare", HtmlReportTest.fasterBlocked(dir));
        Load load = load(folder.resolve("compare.html"), "--dump-dom");
        assertEquals(List.of(), load.console(), "console messages");
        assertEquals(3, HtmlReportTest.count(load.dom(), "<table"), "the ratio matrix, the detailed table and the geometric means");
        assertTrue(load.dom().contains("<td class=\"number\">0.800 faster</td>"), "a ratio and its verdict");
        assertEquals(List.of("compare-random-graph-42"), charts(load.dom()));
    }

    /** The check above would pass on a browser that logs nothing: this page's errors must show. */
    @Test
    void consoleErrorsAreSeen() throws Exception {
        Path page = Files.writeString(dir.resolve("broken.html"),
                "<!DOCTYPE html><html><body><script>console.error('broken'); undefinedFunction();</script></body></html>");
        List<String> console = load(page, "--dump-dom").console();
        assertEquals(2, console.size(), console.toString());
        assertTrue(console.get(0).contains("\"broken\""), console.toString());
        assertTrue(console.get(1).contains("undefinedFunction is not defined"), console.toString());
    }

    /** The ids of the DOM's charts, each checked to hold drawn text and shapes. */
    private static List<String> charts(String dom) {
        List<String> ids = new ArrayList<>();
        Matcher svg = Pattern.compile("<svg id=\"([^\"]+)\"[^>]*>(.*?)</svg>", Pattern.DOTALL).matcher(dom);
        while (svg.find()) {
            String body = svg.group(2);
            assertTrue(HtmlReportTest.count(body, "<text") > 10, svg.group(1) + ": title, axes and legend");
            assertTrue(HtmlReportTest.count(body, "<path") + HtmlReportTest.count(body, "<rect") + HtmlReportTest.count(body, "<line") > 10,
                    svg.group(1) + ": drawn shapes");
            ids.add(svg.group(1));
        }
        return ids;
    }

    private static long pixels(BufferedImage image, int rgb) {
        long n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) if ((image.getRGB(x, y) & 0xFFFFFF) == rgb) n++;
        }
        return n;
    }
}
