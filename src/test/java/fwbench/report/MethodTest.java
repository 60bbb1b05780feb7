package fwbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import fwbench.verify.Verification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report's Method paragraph: what the results files record, and nothing they do not. */
class MethodTest {

    private static final String CPU = "no GPU (CPU: AMD EPYC; 2 threads)";

    @TempDir
    Path dir;

    private String method(ArrayNode run, String name) throws Exception {
        return Method.paragraph(Fixtures.read(Fixtures.write(run, dir.resolve(name))));
    }

    @Test
    void theRealRunsMethodSaysWhenWhereWithWhatAndHowItWasChecked() throws Exception {
        assertEquals("The results in `2026-11-22_NVIDIA-H200.json` were measured on 2026-11-22 on " + Fixtures.DEVICE + "."
                        + " They ran on OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1 (JDK 17.0.15) under JMH 1.37."
                        + " JMH ran each variant at each n in 1 fork (a JVM of its own) of 2 warm-up iterations of 500 ms and 5 measured"
                        + " iterations of 500 ms, in its average-time mode: an iteration repeats the solve until its set time is up (so it"
                        + " holds one solve at least), and a time per solve is the mean of the measured iterations, ± half the width of its"
                        + " 99.9% confidence interval."
                        + " The benchmark's parameters besides the variant and n: graph=random, launch=GRAPH, seed=42."
                        + " Before it was timed, each variant's answer at each n was checked once against an oracle that shares none of its"
                        + " code, and only results that passed were recorded: at n up to 2,048 (here n = 1,000) every distance had to equal"
                        + " the CPU reference's (a textbook Floyd-Warshall in Java); above 2,048 (here n = 2,500; 5,000) the distances had"
                        + " to pass the shortest-path certificate, computed on the device.",
                method(Fixtures.tree(Fixtures.RUN), Fixtures.RUN));
    }

    /** A run whose forks were given its command quotes it, and not among the JVM options; one without says nothing of it. */
    @Test
    void aRunThatRecordedItsCommandQuotesIt() throws Exception {
        ArrayNode run = Fixtures.tree(Fixtures.RUN);
        run.forEach(r -> ((ObjectNode) r).putArray("jvmArgs").add("-Dfwbench.tuning=table")
                .add("-Dfwbench.command=java -jar target/benchmarks.jar -p n=1000,2500,5000"));
        String text = method(run, Fixtures.RUN);
        assertTrue(text.contains(" on " + Fixtures.DEVICE + ". It was made with `java -jar target/benchmarks.jar -p n=1000,2500,5000`. They ran on "), text);
        assertTrue(text.contains(", with the JVM options `-Dfwbench.tuning=table`."), text);
        assertFalse(method(Fixtures.tree(Fixtures.RUN), Fixtures.RUN).contains("It was made with"));
    }

    /** A run that recorded NVML's clocks says what they were; one without them says nothing of clocks (above). */
    @Test
    void aRunWithClocksSaysWhatTheyWere() throws Exception {
        String text = Method.paragraph(Fixtures.read(java.nio.file.Path.of("results/2026-11-27_NVIDIA-H200-9.json")));
        assertTrue(text.contains(" NVML read the GPU's SM clock at the end of every measured iteration: at least 1,980 MHz, of a maximum of"
                + " 1,980 MHz; no result ran throttled or below 90% of that maximum. "), text);
        assertFalse(method(Fixtures.tree(Fixtures.RUN), Fixtures.RUN).contains("NVML"));
    }

    /** A file without a date in its name, without JMH's fields: no date, no JVM, no iterations; the rest still holds. */
    @Test
    void whatAFileDoesNotRecordIsLeftOut() throws Exception {
        ArrayNode bare = Fixtures.withoutFields(Fixtures.tree(Fixtures.RUN), "jmhVersion", "forks", "warmupIterations",
                "warmupTime", "measurementIterations", "measurementTime", "jdkVersion", "vmName", "vmVersion", "jvmArgs");
        String text = method(bare, "run.json");
        assertTrue(text.startsWith("The results in `run.json` were measured on " + Fixtures.DEVICE + "."
                + " JMH ran each variant at each n, in its average-time mode: "), "the mode, which every result records: " + text);
        assertFalse(text.contains("They ran") || text.contains("fork") || text.contains("warm-up"), text);
        assertTrue(text.contains("the shortest-path certificate"), "how results are checked does not depend on the file: " + text);

        String noJdk = method(Fixtures.withoutFields(Fixtures.tree(Fixtures.RUN), "jdkVersion", "warmupTime"), "nojdk.json");
        assertTrue(noJdk.contains(" on OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1 under JMH 1.37."), noJdk);
        assertTrue(noJdk.contains(" of 2 warm-up iterations and 5 measured iterations of 500 ms,"), noJdk);
    }

    @Test
    void aRunWithoutAGpuNamesItsCpuAndChecksOnTheHost() throws Exception {
        ArrayNode cpu = Fixtures.withParam(Fixtures.withParam(Fixtures.withParam(Fixtures.tree(Fixtures.RUN),
                Fixtures.variant("NAIVE"), "variant", "CPU_SERIAL"), Fixtures.variant("BLOCKED"), "variant", "CPU_BLOCKED"),
                r -> true, "device", CPU);
        String text = method(cpu, "2026-11-23_cpu.json");
        assertTrue(text.startsWith("The results in `2026-11-23_cpu.json` were measured on 2026-11-23 on the CPU (AMD EPYC; 2 threads),"
                + " without a GPU."), text);
        assertTrue(text.endsWith("the shortest-path certificate, computed on the host."), text);
    }

    /** The suite's fewer iterations at its largest n, and a second file run with other options: each setting says where it held. */
    @Test
    void settingsThatDifferSayWhereEachHeld() throws Exception {
        ArrayNode fewer = Fixtures.withField(Fixtures.withField(Fixtures.tree(Fixtures.RUN), r -> r.path("params").path("n").asText().equals("5000"),
                "warmupIterations", IntNode.valueOf(1)), r -> r.path("params").path("n").asText().equals("5000"),
                "measurementIterations", IntNode.valueOf(1));
        String text = method(fewer, "a.json");
        assertTrue(text.contains("JMH ran each variant at each n in 1 fork (a JVM of its own) of 2 warm-up iterations of 500 ms and 5 measured"
                + " iterations of 500 ms (at n = 1,000; 2,500), and in 1 fork (a JVM of its own) of 1 warm-up iteration of 500 ms and 1"
                + " measured iteration of 500 ms (at n = 5,000), in its average-time mode"), text);

        Path first = Fixtures.write(Fixtures.without(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED")), dir.resolve("2026-11-22_a.json"));
        Path second = Fixtures.write(Fixtures.withField(Fixtures.withField(Fixtures.without(Fixtures.tree(Fixtures.RUN), Fixtures.variant("NAIVE")),
                r -> true, "forks", IntNode.valueOf(3)), r -> true, "jdkVersion", TextNode.valueOf("21.0.2")), dir.resolve("b.json"));
        String two = Method.paragraph(Fixtures.read(first, second));
        assertTrue(two.startsWith("The results come from 2 files: `2026-11-22_a.json`, measured on 2026-11-22 on " + Fixtures.DEVICE
                + "; `b.json`, measured on " + Fixtures.DEVICE + "."), two);
        assertTrue(two.contains("They ran on OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1 (JDK 17.0.15) and OpenJDK 64-Bit Server VM"
                + " 17.0.15+6-Debian-1deb12u1 (JDK 21.0.2) under JMH 1.37."), two);
        assertTrue(two.contains("(in `2026-11-22_a.json`), and in 3 forks (each a JVM of its own) of 2 warm-up iterations of 500 ms and 5"
                + " measured iterations of 500 ms (in `b.json`)"), two);
        assertTrue(two.contains("the mean of the measured iterations of every fork"), two);
    }

    @Test
    void theDateIsTheOneInTheFilesName() {
        assertEquals(Optional.of(LocalDate.of(2026, 11, 22)), Method.runDate(Path.of("results", "2026-11-22_NVIDIA-H200-9.json")));
        assertEquals(Optional.empty(), Method.runDate(Path.of("run.json")));
        assertEquals(Optional.empty(), Method.runDate(Path.of("2026-13-40_x.json")), "not a day");
        assertEquals(Optional.empty(), Method.runDate(Path.of("x_2026-11-22.json")), "the benchmark puts the date first");
    }

    @Test
    void theReferencesLimitIsVerifications() {
        assertEquals(Verification.REFERENCE_LIMIT, Method.REFERENCE_LIMIT);
    }

    @Test
    void runDatesAreEachOnceInFileOrder() throws Exception {
        Path a = Fixtures.copy(Fixtures.RUN, dir.resolve("2026-11-24_a.json"));
        Path b = Fixtures.write(Fixtures.withParam(Fixtures.tree(Fixtures.RUN), r -> true, "device", CPU), dir.resolve("2026-11-22_b.json"));
        Path c = Fixtures.write(Fixtures.withParam(Fixtures.tree(Fixtures.RUN), r -> true, "device", "other"), dir.resolve("2026-11-24_c.json"));
        assertEquals(List.of(LocalDate.of(2026, 11, 24), LocalDate.of(2026, 11, 22)), Method.runDates(Fixtures.read(a, b, c)));
    }
}
