package fwbench.cli;

import fwbench.graph.Distances;
import fwbench.graph.io.GraphFile;
import fwbench.graph.io.GraphFiles;
import fwbench.run.HeapCheck;
import fwbench.run.RunPlan;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A solve's heap, checked before any matrix is made: a run or a solve that would not fit is refused
 * in one line with exit code 2, the largest n that fits and the -Xmx that would do, and leaves no
 * file or folder behind; a graph file is read as its edges, without its n x n matrix.
 */
class HeapRefusalTest {

    @TempDir
    Path dir;

    /** What a command printed and returned. */
    record Outcome(int code, List<String> out, List<String> err) {
        /** Exit 2 and one line on stderr saying the heap is too small, no stack trace. */
        void assertRefusedForHeap(String... mentions) {
            assertEquals(2, code, "exit code; stderr: " + err);
            assertEquals(1, err.size(), "one line on stderr: " + err);
            assertTrue(err.get(0).contains("does not fit in the Java heap"), err.get(0));
            for (String mention : mentions) assertTrue(err.get(0).contains(mention), mention + " in " + err.get(0));
        }
    }

    private Outcome benchmark(Path results, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = new BenchmarkCommand(results, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
        return new Outcome(code, out.toString(StandardCharsets.UTF_8).lines().toList(), err.toString(StandardCharsets.UTF_8).lines().toList());
    }

    /** The jar's main in a JVM of its own with heap {@code xmx}, working in {@link #dir}. */
    private Outcome java(String xmx, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + xmx, "-cp", System.getProperty("java.class.path"), "fwbench.Main"));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("heap-check", ".out"), err = Files.createTempFile("heap-check", ".err");
        try {
            Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("still running after 60 s: " + command);
            }
            return new Outcome(process.exitValue(), Files.readAllLines(out), Files.readAllLines(err));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }

    private List<String> filesInDir() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    private Path oneEdgeOf30000Vertices() throws Exception {
        return Files.writeString(dir.resolve("one.edges"), "0 29999 5\n");
    }

    @Test
    void aCpuRunTooLargeForTheForksHeapIsRefusedAndLeavesNoResultsFolder() throws Exception {
        Path results = dir.resolve("results");
        // four matrices of n = 20000 are 6 GiB: a 256 MiB fork holds n = 2800 or so
        Outcome o = benchmark(results, "-p", "variant=cpu-serial", "-p", "n=20000", "-jvmArgsAppend", "-Xmx256m");
        o.assertRefusedForHeap("n=20000", "cpu-serial holds 4 n x n int32 matrices", "largest n for cpu-serial: ", "-jvmArgsAppend -Xmx");
        assertEquals(List.of(), filesInDir(), "no results folder");
        // the largest n it names is planned, the next one refused
        int largest = Integer.parseInt(o.err().get(0).replaceAll(".*largest n for cpu-serial: (\\d+).*", "$1"));
        Optional<HeapCheck.Heap> heap = Optional.of(new HeapCheck.Heap(256L << 20, "-Xmx%dg"));
        assertEquals(1, RunPlan.make(List.of(Variant.CPU_SERIAL), List.of(largest), Optional.empty(), "none", 0, heap).size());
        Outcome above = benchmark(results, "-p", "variant=cpu-serial", "-p", "n=" + (largest + 1), "-jvmArgsAppend", "-Xmx256m");
        above.assertRefusedForHeap("largest n for cpu-serial: " + largest);
    }

    /** n = 46336 needs a 38 GiB heap: on a smaller machine the line says so rather than suggest an -Xmx it cannot back. */
    @Test
    void theLargestNIsRefusedWithoutAStackTraceOrAFolder() throws Exception {
        Outcome o = benchmark(dir.resolve("results"), "-p", "variant=cpu-serial", "-p", "n=46336", "-jvmArgsAppend", "-Xmx2g");
        o.assertRefusedForHeap("n=46336");
        boolean machineTooSmall = HeapCheck.machineMemory() > 0 && HeapCheck.machineMemory() < (38L << 30);
        assertEquals(!machineTooSmall, o.err().get(0).contains("-Xmx"), o.err().get(0));
        assertEquals(machineTooSmall, o.err().get(0).contains("more than the machine's"), o.err().get(0));
        assertEquals(List.of(), filesInDir());
    }

    /** The forks get this JVM's -Xmx when no -jvmArgs sets theirs: the refusal says to start java with more. */
    @Test
    void theForksHeapIsThisJvmsWhenNoJvmArgsSetIt() throws Exception {
        Outcome o = java("128m", "-p", "variant=cpu-blocked", "-p", "n=20000");
        o.assertRefusedForHeap("cpu-blocked", "java -Xmx");
        assertEquals(List.of(), filesInDir(), "no results folder");
    }

    /** 30000 vertices and one edge: a 3.6 GB matrix if it were made; a 128 MiB JVM reads it and refuses the solve. */
    @Test
    void solveReadsALargeSparseFileWithoutItsMatrixAndRefusesWhatTheHeapCannotHold() throws Exception {
        oneEdgeOf30000Vertices();
        Outcome o = java("128m", "solve", "--graph", "one.edges", "--out", "one.apsp");
        o.assertRefusedForHeap("one.edges (n=30000)", "java -Xmx", "solve");
        assertEquals(List.of("one.edges"), filesInDir(), "nothing written");
    }

    @Test
    void aSolveThatFitsRunsInTheSameSmallHeap() throws Exception {
        StringBuilder edges = new StringBuilder();
        for (int v = 0; v + 1 < 500; v++) edges.append(v).append(' ').append(v + 1).append(" 3\n");
        Files.writeString(dir.resolve("path.edges"), edges);
        Outcome o = java("128m", "solve", "--graph", "path.edges", "--out", "path.apsp");
        assertEquals(0, o.code(), o.err().toString());
        assertTrue(Files.size(dir.resolve("path.apsp")) > 4L * 500 * 500);
    }

    @Test
    void aGraphFileIsReadAsItsEdges() throws Exception {
        GraphFile file = GraphFiles.read(oneEdgeOf30000Vertices());
        assertEquals(30000, file.n());
        assertEquals(1, file.edges());
        assertTrue(file.graph().heapBytes() < 1 << 20, "edges and row starts, not 4 n^2 bytes: " + file.graph().heapBytes());
        assertEquals(5, file.graph().weight(0, 29999));
        assertEquals(Distances.INF, file.graph().weight(29999, 0));
        assertEquals(0, file.graph().weight(7, 7));
    }
}
