package fwbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fwbench.GpuTest;
import fwbench.graph.Distances;
import fwbench.graph.GraphSpec;
import fwbench.graph.MatrixGraph;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.graph.ShortestPaths;
import fwbench.graph.io.GraphFileWriter;
import fwbench.graph.io.GraphFormat;
import fwbench.graph.io.Solution;
import fwbench.graph.io.SolutionFiles;
import fwbench.solve.SolveVariants;
import fwbench.variant.Variant;
import fwbench.verify.PathCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Graph files on a real GPU: solve in every format at n = 5000 against the CPU reference, paths,
 * the negative-weight fallback, and a benchmark on a file. About a minute on a 16-core machine with
 * an H100 (one CPU reference at n = 5000 dominates).
 */
@GpuTest
class GraphFilesGpuTest {

    @TempDir
    Path dir;

    private StringWriter err;

    private int solve(String... args) {
        err = new StringWriter();
        String[] all = Stream.concat(Stream.of("solve"), Arrays.stream(args)).toArray(String[]::new);
        return Subcommands.run(all, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
    }

    private List<String> errLines() {
        return err.toString().lines().toList();
    }

    /**
     * The graph files' end-to-end test: a 5,000-vertex graph written in each format, solved on the GPU by
     * the default variant, verified on the device, and equal cell for cell to one CPU reference solve.
     */
    @Test
    void aFiveThousandVertexGraphInEveryFormatMatchesTheCpuReference() throws IOException {
        int n = 5000;
        // about 10 edges per vertex (sparse files stay small), weights 1..1000; n is no multiple of 32 or 64
        MatrixGraph graph = MatrixGraph.adopt(n, GraphSpec.parse("sparse:0.002").generate(n, 2026), "sparse:0.002, n=5000");
        int[] expected = ReferenceFloydWarshall.distances(graph);
        for (GraphFormat format : GraphFormat.values()) {
            Path input = GraphFileWriter.write(graph, format, dir, "g5000");
            Path out = dir.resolve("g5000-" + format.extension() + ".apsp");
            assertEquals(0, solve("--graph", input.toString(), "--out", out.toString()), err.toString());
            String solving = errLines().stream().filter(l -> l.startsWith("fwbench solve: solving with ")).findFirst().orElseThrow();
            assertTrue(Variant.parse(solving.substring("fwbench solve: solving with ".length())).gpu(), solving);
            assertTrue(errLines().stream().anyMatch(l -> l.startsWith("fwbench solve: verified in ") && l.endsWith("passes the shortest-path certificate on the device")),
                    err.toString());
            Solution solution = SolutionFiles.read(out);
            assertEquals(n, solution.n());
            assertEquals(format.firstVertex(), solution.firstVertex());
            assertArrayEquals(expected, solution.distances(), format + ": distances differ from the CPU reference");
            Files.delete(input);  // the dense text is about 100 MB
            Files.delete(out);
        }
    }

    @Test
    void everyGpuVariantSolvesAGzippedSymmetricMatrixMarketFile() throws IOException {
        Path mtx = dir.resolve("sym.mtx");
        StringBuilder text = new StringBuilder("%%MatrixMarket matrix coordinate real symmetric\n");
        int n = 1000;
        List<String> entries = new java.util.ArrayList<>();
        for (int i = 2; i <= n; i++) {
            entries.add(i + " " + (i / 2) + " " + (i % 17 + 0.0));  // a tree of whole-number reals, some 0.0
            if (i % 7 == 0) entries.add(i + " " + (i / 7) + " " + (i % 5 + 3) + ".0");
        }
        text.append(n).append(' ').append(n).append(' ').append(entries.size()).append('\n');
        entries.forEach(e -> text.append(e).append('\n'));
        Files.writeString(mtx, text);
        try (var in = Files.newInputStream(mtx); var gz = new java.util.zip.GZIPOutputStream(Files.newOutputStream(dir.resolve("sym.mtx.gz")))) {
            in.transferTo(gz);
        }
        int[] expected = ReferenceFloydWarshall.distances(fwbench.graph.io.GraphFiles.read(mtx).graph());
        for (Variant v : Variant.values()) {
            if (!v.gpu() || v.producesPaths() || n > v.maxN()) continue;  // small-graphs stops at n = 512
            Path out = dir.resolve("sym-" + v.id() + ".apsp");
            assertEquals(0, solve("--graph", dir.resolve("sym.mtx.gz").toString(), "--out", out.toString(), "--variant", v.id()), err.toString());
            assertTrue(errLines().stream().anyMatch(l -> l.endsWith("every cell equals the CPU reference")), err.toString());
            assertArrayEquals(expected, SolutionFiles.read(out).distances(), v.id());
        }
    }

    @Test
    void pathsComeFromAGpuPathVariantWhenTheRegistryHasOneElseFromTheReference() throws IOException {
        int n = 300;
        MatrixGraph graph = SolveCommandTesting.awkward(n);
        Path input = GraphFileWriter.write(graph, GraphFormat.DIMACS, dir, "paths");
        Path out = dir.resolve("paths.apsp");
        assertEquals(0, solve("--graph", input.toString(), "--out", out.toString(), "--paths"), err.toString());
        Optional<Variant> gpuPaths = SolveVariants.defaultOrder(true, true, n).stream().filter(Variant::gpu).findFirst();
        if (gpuPaths.isPresent()) {
            assertTrue(errLines().contains("fwbench solve: solving with " + gpuPaths.get()), err.toString());
        } else {
            assertTrue(errLines().contains("fwbench solve: --paths: no variant in this build computes the intermediate-node matrix: "
                    + "solving with the CPU reference, which does"), err.toString());
        }
        Solution solution = SolutionFiles.read(out);
        assertArrayEquals(ReferenceFloydWarshall.distances(graph), solution.distances());
        ShortestPaths paths = solution.shortestPaths();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) assertEquals(Optional.empty(), PathCheck.problem(graph, paths, i, j), i + " -> " + j);
        }
    }

    @Test
    void negativeWeightsAreSolvedOnTheGpu() throws IOException {
        Path edges = Files.writeString(dir.resolve("neg.edges"), "0 1 4\n0 2 1\n2 1 -2\n1 3 1\n");
        Path out = dir.resolve("neg.apsp");
        assertEquals(0, solve("--graph", edges.toString(), "--out", out.toString()), err.toString());
        assertTrue(errLines().stream().anyMatch(l -> l.contains("GPU time")), err.toString());
        assertTrue(errLines().stream().noneMatch(l -> l.contains("solving with the CPU reference")), err.toString());
        int[] d = SolutionFiles.read(out).distances();
        assertEquals(-1, d[1]);
        assertEquals(0, d[3]);
        assertEquals(Distances.INF, d[1 * 4 + 0], "no path: INF, though INF plus -2 is less");
        assertEquals(2, solve("--graph", edges.toString(), "--out", dir.resolve("x.apsp").toString(), "--variant", "blocked"));
        assertTrue(errLines().get(errLines().size() - 1).startsWith("fwbench solve: blocked needs edge weights >= 0"), err.toString());
    }

    @Test
    void aNegativeCycleFoundOnTheGpuIsNamed() throws IOException {
        Path gr = Files.writeString(dir.resolve("cycle.gr"), "p sp 3 4\na 1 2 1\na 2 1 1\na 2 3 1\na 3 2 -5\n");
        assertEquals(1, solve("--graph", gr.toString(), "--out", dir.resolve("cycle.apsp").toString(), "--variant", "kleene"));
        List<String> lines = errLines();
        assertEquals("fwbench solve: " + gr + " has a negative cycle 2 -> 3 -> 2 of length -4 (vertices numbered as in the file): "
                + "shortest paths are undefined; nothing written", lines.get(lines.size() - 1));
        assertTrue(lines.stream().anyMatch(l -> l.contains("the solve on the device ends with a distance from vertex")), lines.toString());
        assertTrue(Files.notExists(dir.resolve("cycle.apsp")));
    }

    /** -p graph=FILE end to end in this JVM (-f 0) with a GPU variant: the file is uploaded, verified and timed. */
    @Test
    void aGraphFileIsBenchmarkedOnTheGpu() throws IOException {
        MatrixGraph graph = SolveCommandTesting.awkward(333);
        Path input = GraphFileWriter.write(graph, GraphFormat.MATRIX_MARKET, dir, "bench");
        Path results = Files.createDirectory(dir.resolve("results"));
        ByteArrayOutputStream out = new ByteArrayOutputStream(), errors = new ByteArrayOutputStream();
        int code = new BenchmarkCommand(results, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(errors, true, StandardCharsets.UTF_8))
                .run(new String[] {"-f", "0", "-wi", "0", "-i", "1", "-r", "100ms", "-p", "variant=blocked", "-p", "graph=" + input});
        assertEquals(0, code, errors.toString(StandardCharsets.UTF_8) + out.toString(StandardCharsets.UTF_8));
        List<Path> files;
        try (Stream<Path> list = Files.list(results)) {
            files = list.toList();
        }
        assertEquals(1, files.size());
        JsonNode run = new ObjectMapper().readTree(files.get(0).toFile()).get(0);
        assertEquals(input.toString(), run.get("params").get("graph").asText());
        assertEquals("333", run.get("params").get("n").asText());
        assertTrue(run.get("primaryMetric").get("score").asDouble() > 0);
        assertTrue(run.get("secondaryMetrics").has("gpu.time"), run.toString());
    }
}
