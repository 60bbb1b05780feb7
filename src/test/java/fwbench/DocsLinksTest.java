package fwbench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * README.md and docs/*.md cite only what the repository holds: every relative link and image
 * resolves to a file (and its #anchor to a heading there), and every dated results or plot path
 * and kernel file named in backticks exists.
 */
class DocsLinksTest {

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)|src=\"([^\"]+)\"");
    private static final Pattern CITED_FILE = Pattern.compile("`((?:results|plot)/\\d[^`\\s]*|kernels/[^`\\s*]+\\.(?:cu|cuh|md|sh))`");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\b[A-Z]{2,}_");
    private static final Pattern HEADING = Pattern.compile("^#+\\s+(.*)$", Pattern.MULTILINE);

    static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path page : pages()) {
            String text = Files.readString(page);
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1) != null ? m.group(1) : m.group(2);
                if (target.matches("^[a-z]+:.*")) continue;  // http:, https:, mailto:
                links++;
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path resolved = file.isEmpty() ? page : page.resolveSibling(file).normalize();
                if (!committed(resolved)) {
                    broken.add(page + ": " + target + " (no such file)");
                } else if (hash >= 0 && resolved.toString().endsWith(".md") && !anchors(resolved).contains(target.substring(hash + 1))) {
                    broken.add(page + ": " + target + " (no such heading; headings: " + anchors(resolved) + ")");
                }
            }
        }
        assertTrue(links > 20, "the pages link each other: " + links + " links");
        assertEquals(List.of(), broken);
    }

    @Test
    void everyCitedRepositoryFileExists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path page : pages()) {
            Matcher m = CITED_FILE.matcher(Files.readString(page));
            while (m.find()) {
                if (PLACEHOLDER.matcher(m.group(1)).find()) continue;  // kernels/NN_name.cu, results/DATE_DEVICE.json
                Path cited = Path.of(m.group(1));
                if (!committed(cited) && !PlotFolders.remade(cited)) missing.add(page + ": " + m.group(1));
            }
        }
        assertEquals(List.of(), missing);
    }

    /**
     * Whether a file or folder is in the repository as a clone has it: tracked by git (plot/ holds
     * ignored folders that plot/regenerate.sh made, which a clone lacks); where git cannot say, on disk.
     */
    static boolean committed(Path path) throws IOException {
        if (TRACKED.isEmpty()) return Files.exists(path);
        String name = path.normalize().toString().replace('\\', '/');
        return name.isEmpty() || TRACKED.contains(name) || TRACKED.stream().anyMatch(t -> t.startsWith(name.endsWith("/") ? name : name + "/"));
    }

    private static final List<String> TRACKED = trackedFiles();

    private static List<String> trackedFiles() {
        try {
            Process git = new ProcessBuilder("git", "ls-files").redirectErrorStream(true).start();
            List<String> files = new String(git.getInputStream().readAllBytes()).lines().toList();
            return git.waitFor() == 0 ? files : List.of();
        } catch (IOException | InterruptedException e) {
            return List.of();
        }
    }

    @Test
    void theReadmeIsAPage() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("README.md"));
        assertTrue(lines.size() <= 100, "README.md has " + lines.size() + " lines; details go to docs/");
        // a paragraph: consecutive lines of prose (tables, lists, code, headings and HTML are not prose)
        int run = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            boolean prose = !line.isBlank() && !line.startsWith("    ") && !line.matches("^(\\||#|- |<).*");
            run = prose ? run + 1 : 0;
            assertTrue(run <= 8, "README.md: the paragraph ending at line " + (i + 1) + " is over 8 lines; details go to docs/");
        }
    }

    /** GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces as hyphens. */
    static List<String> anchors(Path page) throws IOException {
        List<String> anchors = new ArrayList<>();
        Matcher m = HEADING.matcher(Files.readString(page));
        while (m.find()) {
            anchors.add(m.group(1).trim().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
        }
        return anchors;
    }
}
