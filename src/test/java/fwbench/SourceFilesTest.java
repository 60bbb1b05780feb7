package fwbench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every Java file of the suite, main and test, fits in {@link #MAX_LINES} lines: a longer one holds more than one concern. */
class SourceFilesTest {

    static final int MAX_LINES = 450;

    @Test
    void noJavaFileIsLongerThanMaxLines() throws IOException {
        List<String> tooLong = new ArrayList<>();
        int read = 0;
        for (Path root : List.of(Path.of("src/main/java"), Path.of("src/test/java"))) {
            List<Path> sources;
            try (Stream<Path> files = Files.walk(root)) {
                sources = files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
            }
            for (Path source : sources) {
                int lines = Files.readAllLines(source).size();
                if (lines > MAX_LINES) tooLong.add(source + ": " + lines + " lines");
                read++;
            }
        }
        assertTrue(read > 100, "found the sources under " + Path.of("src").toAbsolutePath());
        assertEquals(List.of(), tooLong, "Java files over " + MAX_LINES + " lines: split each by concern");
    }
}
