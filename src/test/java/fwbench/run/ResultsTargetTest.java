package fwbench.run;

import fwbench.usage.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ResultsTargetTest {

    @TempDir
    Path results;

    /** A results file is readable as any new file in its folder (a temporary file's 0600 would not be), and no .partial is left. */
    @Test
    void resultsFilesHaveTheFoldersUsualPermissions() throws Exception {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "POSIX permissions only");
        ResultsTarget target = ResultsTarget.choose(results, null, null, "cpu", LocalDate.of(2026, 1, 2));
        target.write(List.of());
        target.write(List.of());  // the second write replaces the first
        Path plain = Files.createFile(results.resolve("plain"));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(target.file()));
        try (Stream<Path> files = Files.list(results)) {
            assertEquals(List.of("2026-01-02_cpu.json", "plain"), files.map(f -> f.getFileName().toString()).sorted().toList());
        }
    }

    /** The first write never replaces a file that took the name after choose(). */
    @Test
    void theFirstWriteDoesNotReplaceAFileMadeMeanwhile() throws Exception {
        ResultsTarget target = ResultsTarget.choose(results, null, null, "cpu", LocalDate.of(2026, 1, 2));
        Files.writeString(target.file(), "someone else's");
        assertThrows(java.nio.file.FileAlreadyExistsException.class, () -> target.write(List.of()));
        assertEquals("someone else's", Files.readString(target.file()));
    }

    /** Choosing the target makes nothing: the folder appears with the first results, so a run that ends before them leaves none. */
    @Test
    void theFolderIsMadeWithTheFirstResultsNotBefore() throws Exception {
        Path folder = results.resolve("new").resolve("results");
        ResultsTarget target = ResultsTarget.choose(folder, null, null, "cpu", LocalDate.of(2026, 1, 2));
        assertFalse(Files.exists(results.resolve("new")), "no folder before a result");
        target.write(List.of());
        assertTrue(Files.isRegularFile(folder.resolve("2026-01-02_cpu.json")));
    }

    @Test
    void aFolderThatCannotBeMadeIsRefusedBeforehand() throws Exception {
        Path file = Files.createFile(results.resolve("a-file"));
        UsageException e = assertThrows(UsageException.class,
                () -> ResultsTarget.choose(file.resolve("results"), null, null, "cpu", LocalDate.of(2026, 1, 2)));
        assertTrue(e.getMessage().contains("is not a folder"), e.getMessage());
    }

    @Test
    void defaultNamesSkipTakenFiles() throws Exception {
        Files.writeString(results.resolve("2026-01-02_cpu.json"), "[]");
        ResultsTarget target = ResultsTarget.choose(results, null, null, "cpu", LocalDate.of(2026, 1, 2));
        assertEquals(results.resolve("2026-01-02_cpu-2.json"), target.file());
    }
}
