package fwbench.variant;

import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;

import fwbench.GpuTest;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.ReferenceFloydWarshall;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * One small solve of each kernel file run by its path, with plain stream launches: the example, the
 * test kernel files of each schema and the reports' files. The test to run under compute-sanitizer
 * for kernel files alone (SanitizerSmokeTest's pattern takes it too):
 * <pre>
 * compute-sanitizer --tool racecheck --target-processes all bash .device/gpu.sh tests --include-classname '.*KernelFileSanitizerSmokeTest'
 * </pre>
 */
@GpuTest
class KernelFileSanitizerSmokeTest {

    static Stream<Arguments> kernelFilesAndSizes() {
        Stream<String> files = Stream.concat(KernelFileErrors.SOLVING.stream().map(Object::toString),
                Arrays.stream(Variant.values()).filter(v -> v.gpu() && v.kernelModule() != null && v.storyOrder() <= 6).map(v -> "kernels/" + v.kernelModule() + ".cu"));
        return files.flatMap(f -> Stream.of(33, 200).map(n -> Arguments.of(f, n)));
    }

    /** The example, the test kernel files and the reports' kernel files by their path, as a user's kernel file runs. */
    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("kernelFilesAndSizes")
    void kernelFileSmallSolve(String file, int n) {
        Graph graph = GraphSpec.parse("sparse:0.05").instance(n, 31);
        try (Solver solver = KernelFiles.load(file).create(new SolverConfig(graph, LaunchMode.STREAM))) {
            solver.reset();
            solver.solve();
            assertArrayEquals(ReferenceFloydWarshall.distances(graph), solver.distances(), file + " n=" + n);
        }
    }

}
