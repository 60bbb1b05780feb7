package fwbench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
 * kernels/NOTES.md stays a reference: at most {@value #MAX_LINES} lines, with a table of contents
 * that links each of its {@code ## } sections (as kernels/LOG.md, the chronological log, does). And
 * every section that kernels/, docs/ and src/main cite exists: "(kernels/NOTES.md, SECTION)" or
 * "(kernels/LOG.md, SECTION)" names a section by a phrase of its heading (case-insensitive, the
 * heading's backticks left out), and "NOTES.md#anchor" or "LOG.md#anchor" a heading's anchor.
 */
class NotesTest {

    static final int MAX_LINES = 1000;
    private static final Path NOTES = Path.of("kernels/NOTES.md");
    private static final Path LOG = Path.of("kernels/LOG.md");

    /** A citation of a section: the file, then the phrase up to the closing bracket or a semicolon (another citation follows). */
    private static final Pattern SECTION = Pattern.compile("\\b(NOTES|LOG)\\.md, ([^);]+)[);]");
    private static final Pattern ANCHOR = Pattern.compile("\\b(NOTES|LOG)\\.md#([\\w-]+)");
    /** A line break, with the next line's comment marker: a citation may wrap inside a comment or a paragraph. */
    private static final Pattern BREAK = Pattern.compile("\\s*\\R\\s*(?://+|\\*(?!/)|#+)?\\s*");
    private static final Pattern HEADING = Pattern.compile("^(#+)\\s+(.*)$", Pattern.MULTILINE);
    private static final List<String> CITING = List.of(".cu", ".cuh", ".md", ".java", ".sh", ".py", ".cpp");

    @Test
    void theNotesStayAReference() throws IOException {
        long lines = Files.readAllLines(NOTES).size();
        assertTrue(lines <= MAX_LINES, "kernels/NOTES.md has " + lines + " lines (at most " + MAX_LINES
                + "): the history goes to kernels/LOG.md, and NOTES.md keeps each variant's and mechanism's current state");
    }

    @Test
    void theNotesListEverySection() throws IOException {
        assertEquals(List.of(), unlisted(NOTES));
    }

    @Test
    void theLogListsEverySection() throws IOException {
        assertEquals(List.of(), unlisted(LOG));
    }

    @Test
    void everyCitedSectionExists() throws IOException {
        List<String> headingsOfNotes = headings(NOTES), headingsOfLog = headings(LOG);
        List<String> anchorsOfNotes = DocsLinksTest.anchors(NOTES), anchorsOfLog = DocsLinksTest.anchors(LOG);
        List<String> broken = new ArrayList<>();
        int cited = 0;
        for (Path file : citingFiles()) {
            String text = BREAK.matcher(Files.readString(file, StandardCharsets.ISO_8859_1)).replaceAll(" ");
            Matcher m = SECTION.matcher(text);
            while (m.find()) {
                String phrase = phrase(m.group(2));
                if (phrase.startsWith("<")) continue;  // a placeholder: "(history: LOG.md, <section>)"
                cited++;
                List<String> headings = m.group(1).equals("NOTES") ? headingsOfNotes : headingsOfLog;
                if (headings.stream().noneMatch(h -> h.contains(phrase))) {
                    broken.add(file + ": " + m.group(1) + ".md, " + m.group(2).trim() + " (no heading says \"" + phrase + "\")");
                }
            }
            Matcher a = ANCHOR.matcher(text);
            while (a.find()) {
                cited++;
                List<String> anchors = a.group(1).equals("NOTES") ? anchorsOfNotes : anchorsOfLog;
                if (!anchors.contains(a.group(2))) broken.add(file + ": " + a.group(1) + ".md#" + a.group(2) + " (no such heading)");
            }
        }
        assertTrue(cited > 50, "the code and the docs cite the notes' sections: " + cited + " citations found");
        assertEquals(List.of(), broken);
    }

    /** The {@code ## } headings of a page that its text does not link to as {@code (#anchor)}, its contents heading aside. */
    private static List<String> unlisted(Path page) throws IOException {
        String text = Files.readString(page);
        List<String> missing = new ArrayList<>();
        Matcher m = HEADING.matcher(text);
        while (m.find()) {
            if (m.group(1).length() != 2 || m.group(2).trim().equalsIgnoreCase("Contents")) continue;
            if (!text.contains("](#" + anchor(m.group(2)) + ")")) missing.add(page + ": ## " + m.group(2));
        }
        assertTrue(text.contains("## Contents"), page + " has a table of contents under \"## Contents\"");
        return missing;
    }

    /** A page's headings of every level, as {@link #phrase} compares them. */
    private static List<String> headings(Path page) throws IOException {
        List<String> headings = new ArrayList<>();
        Matcher m = HEADING.matcher(Files.readString(page));
        while (m.find()) headings.add(phrase(m.group(2)));
        return headings;
    }

    /** A section's name as it is compared: no quotes, backticks or end punctuation, single spaces, lower case. */
    private static String phrase(String text) {
        String p = text.replace("`", "").replaceAll("\\s+", " ").trim();
        p = p.replaceAll("^[\"']+|[\"'.,:]+$", "").trim();
        return p.toLowerCase(Locale.ROOT);
    }

    /** GitHub's anchor of a heading, as {@link DocsLinksTest#anchors} makes it. */
    private static String anchor(String heading) {
        return heading.trim().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    private static List<Path> citingFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String root : List.of("kernels", "docs", "src/main")) {
            try (Stream<Path> walk = Files.walk(Path.of(root))) {
                walk.filter(Files::isRegularFile).filter(p -> CITING.stream().anyMatch(p.toString()::endsWith)).sorted().forEach(files::add);
            }
        }
        return files;
    }
}
