package fwbench.variant;

import fwbench.variant.core.PathSolver;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.kernelfile.KernelFile;
import fwbench.variant.kernelfile.KernelFileDescriptor;
import fwbench.variant.kernelfile.KernelFileException;

import fwbench.GpuTest;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.verify.Verification;
import fwbench.verify.VerificationFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A user's kernel file as a variant, on the device: one of each schema (and the example) solves
 * right at sizes that are no multiple of its tile or block, on graphs with zero weights and ties
 * and on sparse ones with unreachable pairs; the reports' kernel files solve right when named by their path; and every
 * broken file is one line that says what is wrong.
 */
@GpuTest
class KernelFilesGpuTest {

    /** Sizes around the test kernels' 16- and 32-wide tiles and blocks, none of the larger a multiple of either. */
    private static final int[] SIZES = {1, 15, 17, 33, 100, 257};

    static Stream<Arguments> filesSizesAndGraphs() {
        List<Arguments> all = new ArrayList<>();
        for (Path file : KernelFileErrors.SOLVING) {
            for (int n : SIZES) {
                all.add(Arguments.of(file, n, TestGraphs.ZERO_WEIGHTS));
                all.add(Arguments.of(file, n, "sparse:0.05"));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} n={1} {2}")
    @MethodSource("filesSizesAndGraphs")
    void eachSchemaSolvesRight(Path file, int n, String graphText) {
        Variant variant = KernelFiles.load(file.toString());
        Graph graph = TestGraphs.graph(graphText, n);
        try (Solver solver = variant.create(SolverConfig.of(graph))) {
            for (int repeat = 0; repeat < 2; repeat++) {  // the second solve after a reset: scratch and q are restored
                solver.reset();
                solver.solve();
                assertArrayEquals(ReferenceFloydWarshall.distances(graph), solver.distances(), file + " n=" + n + " " + graphText);
            }
            assertEquals(variant.producesPaths(), solver instanceof PathSolver, file + ": paths=yes gives a path solver");
            Verification.check(solver, graph);  // routes too, where the file keeps q
        }
    }

    @Test
    void theResultNamesTheFileAndItsSourceHash() throws IOException {
        Variant variant = KernelFiles.load(KernelFileErrors.EXAMPLE.toString());
        KernelFile file = variant.kernelFile().orElseThrow();
        assertEquals("example_blocked.cu", variant.id());
        assertEquals(KernelFileErrors.EXAMPLE.toString(), variant.name());
        assertEquals(fwbench.cuda.KernelCompiler.sha256(Files.readAllBytes(KernelFileErrors.EXAMPLE)), file.sha256());
        assertEquals(KernelFileDescriptor.Schema.BLOCKED, file.descriptor().schema());
    }

    /** The reports' variants through the same door: each file named by its path solves as its built-in variant does. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("reportKernelFiles")
    void theReportsKernelFilesSolveRightByTheirPath(String module) {
        Variant variant = KernelFiles.load("kernels/" + module + ".cu");
        for (int n : new int[] {33, 200, 449}) {
            Graph graph = GraphSpec.parse("sparse:0.05").instance(n, 3);
            try (Solver solver = variant.create(SolverConfig.of(graph))) {
                solver.reset();
                solver.solve();
                assertArrayEquals(ReferenceFloydWarshall.distances(graph), solver.distances(), module + " n=" + n);
            }
        }
    }

    static Stream<String> reportKernelFiles() {
        return Stream.of(Variant.values()).filter(v -> v.gpu() && v.storyOrder() <= 6).map(Variant::kernelModule);
    }

    @Test
    void aBrokenKernelFileIsOneLineSayingWhatIsWrong() {
        for (Map.Entry<String, String> e : KernelFileErrors.REFUSED.entrySet()) {
            String path = KernelFileErrors.TEST_KERNELS.resolve(e.getKey()).toString();
            KernelFileException refused = assertThrows(KernelFileException.class, () -> KernelFiles.load(path), e.getKey());
            assertTrue(refused.getMessage().contains(e.getValue()), e.getKey() + ": " + refused.getMessage());
            assertFalse(refused.getMessage().contains("\n"), "one line: " + refused.getMessage());
            assertEquals(0, refused.getStackTrace().length, "no stack trace for a user's mistake");
        }
    }

    @Test
    void withoutNvccTheLineSaysHowToNameOne() {
        String before = System.getProperty(fwbench.cuda.KernelCompiler.NVCC_PROPERTY);
        System.setProperty(fwbench.cuda.KernelCompiler.NVCC_PROPERTY, "/nowhere/nvcc");
        try {
            KernelFileException refused = assertThrows(KernelFileException.class, () -> KernelFiles.load(KernelFileErrors.EXAMPLE.toString()));
            assertTrue(refused.getMessage().startsWith("no nvcc to compile example_blocked.cu with"), refused.getMessage());
            assertTrue(refused.getMessage().contains("-Dfwbench.nvcc="), refused.getMessage());
        } finally {
            if (before == null) System.clearProperty(fwbench.cuda.KernelCompiler.NVCC_PROPERTY);
            else System.setProperty(fwbench.cuda.KernelCompiler.NVCC_PROPERTY, before);
        }
    }

    @Test
    void aMissingFileIsRefused() {
        KernelFileException refused = assertThrows(KernelFileException.class, () -> KernelFiles.load("no/such/file.cu"));
        assertTrue(refused.getMessage().contains("does not exist"), refused.getMessage());
    }

    @Test
    void aWrongAnswerIsCaughtWithItsFirstWrongCell() {
        Variant variant = KernelFiles.load(KernelFileErrors.TEST_KERNELS.resolve("wrong_answer.cu").toString());
        Graph graph = GraphSpec.parse("sparse:0.05").instance(100, 7);
        try (Solver solver = variant.create(SolverConfig.of(graph))) {
            solver.reset();
            solver.solve();
            VerificationFailure wrong = assertThrows(VerificationFailure.class, () -> Verification.check(solver, graph));
            assertTrue(wrong.getMessage().contains("wrong_answer.cu"), wrong.getMessage());
        }
    }

    /**
     * A kernel that faults, run as a user runs it, in a JVM of its own (a fault ends the device
     * context): exit 2, one line naming the file, n and compute-sanitizer, and no results written.
     */
    @Test
    void aFaultingKernelIsOneLineAndExit2WithNothingWritten(@TempDir Path dir) throws Exception {
        Path file = KernelFileErrors.TEST_KERNELS.resolve("out_of_bounds.cu").toAbsolutePath();
        String java = ProcessHandle.current().info().command().orElse("java");
        // the suite's classes where this test runs: the jar, or the build's classes with the class path
        String suite = Path.of(Class.forName("fwbench.Main").getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<String> command = new ArrayList<>(List.of(java, "-cp", suite + File.pathSeparator + System.getProperty("java.class.path")));
        String cache = System.getProperty(fwbench.cuda.KernelCompiler.CACHE_PROPERTY);
        if (cache != null) command.add("-D" + fwbench.cuda.KernelCompiler.CACHE_PROPERTY + "=" + cache);
        command.addAll(List.of("fwbench.Main", "-p", "variant=" + file, "-p", "n=100", "-f", "0", "-wi", "0", "-i", "1"));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectError(dir.resolve("err.txt").toFile())
                .redirectOutput(dir.resolve("out.txt").toFile()).start();
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), "the run ends");
        String err = Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8);
        assertEquals(2, process.exitValue(), err);
        assertTrue(err.contains("out_of_bounds.cu at n=100 faulted on the device") && err.contains("compute-sanitizer"), err);
        assertEquals(1, err.strip().lines().count(), "one line: " + err);
        assertFalse(Files.exists(dir.resolve("results")), "nothing written to results/");
    }
}
