package fwbench;

import fwbench.cuda.Gpu;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every command README.md shows, run as written with the jar `mvn verify` has just packaged, in a
 * folder laid out as a fresh clone (target/, examples/, kernels/ and the committed results files), as
 * a newcomer without a GPU runs them: each exits 0, or, where it needs a GPU, says so in one line with
 * exit code 2; none prints a stack trace. The Maven commands are the ones running this test.
 */
class ReadmeCommandsIT {

    private static final Path ROOT = Path.of("").toAbsolutePath();

    @TempDir
    Path clone;

    @TestFactory
    Stream<DynamicTest> everyCommandReadmeShowsRunsAsWritten() throws IOException {
        Assumptions.assumeFalse(Gpu.probe().available(),
                "README's commands are run as on a machine without a GPU; with one, the default run alone takes minutes");
        List<String> commands = commands(Files.readAllLines(ROOT.resolve("README.md")));
        assertTrue(commands.size() >= 5, "README shows its commands in code blocks: " + commands);
        for (String folder : List.of("target", "examples", "kernels")) Files.createSymbolicLink(clone.resolve(folder), ROOT.resolve(folder));
        // the committed results, each linked on its own: a run adds its file beside them and never replaces one
        Path results = Files.createDirectory(clone.resolve("results"));
        try (Stream<Path> files = Files.list(ROOT.resolve("results"))) {
            for (Path f : files.toList()) Files.createSymbolicLink(results.resolve(f.getFileName()), f);
        }
        // in README's order: path reads what solve wrote
        return commands.stream().map(command -> DynamicTest.dynamicTest(command, () -> run(command)));
    }

    /** The commands of README's indented code blocks, less Maven's (`mvn package && X` gives X). */
    static List<String> commands(List<String> readme) {
        List<String> commands = new ArrayList<>();
        boolean afterBlank = true;
        boolean inBlock = false;
        for (String line : readme) {
            inBlock = line.startsWith("    ") && (inBlock || afterBlank);
            afterBlank = line.isBlank();
            if (!inBlock) continue;
            for (String part : line.strip().split("&&")) {
                String command = part.strip();
                if (!command.isEmpty() && !command.startsWith("mvn ")) commands.add(command);
            }
        }
        return commands;
    }

    private void run(String command) throws Exception {
        Path log = clone.resolve("command.log");
        Process process = new ProcessBuilder("bash", "-c", command).directory(clone.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(process.waitFor(20, TimeUnit.MINUTES), command + " did not finish in 20 minutes");
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertFalse(output.contains("\tat ") || output.contains("Exception"), command + " printed a stack trace:\n" + output);
        int exit = process.exitValue();
        if (exit == 2) {
            List<String> lines = Arrays.stream(output.split("\n")).filter(l -> !l.isBlank()).toList();
            assertEquals(1, lines.size(), command + " refused with more than one line:\n" + output);
            assertTrue(lines.get(0).contains("GPU"), command + " refused for another reason than the missing GPU:\n" + output);
        } else {
            assertEquals(0, exit, command + " failed:\n" + output);
        }
    }
}
