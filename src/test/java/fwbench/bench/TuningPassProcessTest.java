package fwbench.bench;

import fwbench.GpuTest;
import fwbench.tuning.LaunchTuning;
import fwbench.tuning.TuningMode;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tuning pass in a JVM of its own: its command line, its exit codes, and (with a GPU) the cache it leaves. */
class TuningPassProcessTest {

    private static final String PROPERTY = "fwbench.test.carried";

    @Test
    void theChildRunsThisJavaWithTheClassPathTheFwbenchPropertiesAndTheTrialsParameters() {
        System.setProperty(PROPERTY, "yes");
        try {
            List<String> command = TuningPassProcess.command(Variant.KLEENE, "sparse:0.1", 700, 7, LaunchMode.STREAM, "1", TuningMode.RETUNE);
            assertEquals(Path.of(System.getProperty("java.home"), "bin", "java").toString(), command.get(0), "this JVM's java");
            assertTrue(command.contains("-D" + PROPERTY + "=yes"), "the fwbench.* properties: " + command);
            assertTrue(command.stream().anyMatch(a -> a.startsWith("-Xmx")), "this JVM's heap: " + command);
            int cp = command.indexOf("-cp");
            assertTrue(command.get(cp + 1).startsWith(System.getProperty("java.class.path")), command.get(cp + 1));
            assertEquals(List.of(TuningPassProcess.class.getName(), "KLEENE", "sparse:0.1", "700", "7", "STREAM", "1", "retune"),
                    command.subList(cp + 2, command.size()));
        } finally {
            System.clearProperty(PROPERTY);
        }
    }

    /** A variant with nothing to tune ends the child at once, without a device: the table's choice, exit 0. */
    @Test
    void aVariantWithNothingToTuneEndsWellWithTheTablesChoice() throws IOException, InterruptedException {
        assertEquals(Optional.of(LaunchChoice.TABLE), TuningPassProcess.run(Variant.CPU_SERIAL, "random", 10, 42, LaunchMode.GRAPH, "all", TuningMode.TUNED));
    }

    @Test
    void theChoiceLineRoundTrips() {
        for (LaunchChoice choice : List.of(LaunchChoice.TABLE, LaunchChoice.tile(256), new LaunchChoice(128, 2), LaunchChoice.tile(64).withBlocksPerSm(1),
                LaunchChoice.tile(128).withBlocksPerSm(LaunchChoice.ALL_THAT_FIT))) {
            String line = TuningPassProcess.choiceLine(choice);
            assertTrue(line.startsWith(TuningPassProcess.CHOICE_LINE), line);
            assertEquals(choice, TuningPassProcess.parseChoice(line));
        }
        assertEquals(TuningPassProcess.CHOICE_LINE + "64 0 1", TuningPassProcess.choiceLine(LaunchChoice.tile(64).withBlocksPerSm(1)), "three numbers");
    }

    /** A graph the child cannot build: one line on its stderr and exit 1, so the trial falls back to the table. */
    @Test
    void aChildThatFailsSaysWhyInOneLineAndEndsBadly(@TempDir Path dir) throws IOException, InterruptedException {
        Path err = dir.resolve("err.txt");
        List<String> command = TuningPassProcess.command(Variant.CPU_SERIAL, "no-such-generator", 10, 42, LaunchMode.GRAPH, "all", TuningMode.TUNED);
        Process child = new ProcessBuilder(command).redirectError(err.toFile()).start();
        assertEquals(1, child.waitFor());
        List<String> lines = Files.readAllLines(err, StandardCharsets.UTF_8);
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("tuning pass: ") && lines.get(0).contains("no-such-generator"), lines.get(0));
    }

    /** A real pass in the child, into this JVM's cache folder: afterwards the cache holds the choice and no pass is due. */
    @GpuTest
    @Test
    void aPassInTheChildLeavesItsChoiceInTheCache() throws IOException, InterruptedException {
        LaunchTuning tuning = new LaunchTuning(LaunchTuning.defaultCacheFile(), line -> { });
        Optional<LaunchChoice> chosen = TuningPassProcess.run(Variant.KLEENE, "random", 733, 42, LaunchMode.GRAPH, "all", TuningMode.RETUNE);
        assertTrue(chosen.isPresent() && Variant.KLEENE.launchCandidates(733).contains(chosen.get()), chosen.toString());
        assertFalse(tuning.passDue(Variant.KLEENE, 733, TuningMode.TUNED), "the child's choice is cached");
        assertTrue(tuning.passDue(Variant.KLEENE, 733, TuningMode.RETUNE));
        assertFalse(tuning.passDue(Variant.KLEENE, 733, TuningMode.TABLE));
    }
}
