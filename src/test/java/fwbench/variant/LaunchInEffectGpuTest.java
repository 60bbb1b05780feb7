package fwbench.variant;

import fwbench.GpuTest;
import fwbench.graph.GraphSpec;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchInEffect;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The launch settings a solver reports for the results file are the ones its log line names: the
 * tile, the bulk's launches, the rounds a group and the blocks per SM, for every GPU variant but the
 * reports' kernels and small-graphs (which have none), at an n of rounds one by one and one of
 * rounds in groups. A new tile variant that does not report its settings fails here.
 */
@GpuTest
class LaunchInEffectGpuTest {

    /** Variants of rounds: their bulk's launches and rounds a group are always set. */
    static final Set<Variant> ROUNDS = Set.of(Variant.KLEENE, Variant.KLEENE_F32, Variant.KLEENE_I64, Variant.KLEENE_F64, Variant.KLEENE_PATHS,
            Variant.KLEENE_PACKED16);

    /** Variants whose rounds a group are set: those of rounds, and kleene-bands (one bulk launch a band). */
    static final Set<Variant> GROUPED = Stream.concat(ROUNDS.stream(), Stream.of(Variant.KLEENE_BANDS)).collect(Collectors.toUnmodifiableSet());

    static Stream<Arguments> solvers() {
        // the reports' kernels (launched by their descriptors) and small-graphs have none
        return Arrays.stream(Variant.values()).filter(Variant::gpu).filter(v -> !v.launchedByDescriptor() && v != Variant.SMALL_GRAPHS)
                .flatMap(v -> Stream.of(1000, 9000).map(n -> Arguments.of(v, n)));
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("solvers")
    void theSettingsAreThoseTheSolverDescribes(Variant variant, int n) {
        try (Solver solver = variant.create(SolverConfig.of(GraphSpec.RANDOM.instance(n, 3)).withGpus(1))) {
            LaunchInEffect launch = solver.launchInEffect();
            String described = solver.describe();
            assertTrue(launch.tile() > 0, described);
            assertTrue(described.contains("T=" + launch.tile() + " "), launch + " against " + described);
            assertEquals(ROUNDS.contains(variant), launch.restLaunches() > 0, launch + " against " + described);
            assertEquals(GROUPED.contains(variant), launch.groupedRounds() > 0, launch + " against " + described);
            if (launch.restLaunches() > 0) {
                assertTrue(described.contains(launch.restLaunches() + " REST launch"), launch + " against " + described);
            }
            if (launch.groupedRounds() > 1) {
                assertTrue(described.contains("groups of " + launch.groupedRounds()), launch + " against " + described);
            } else {
                assertFalse(described.contains("groups of"), launch + " against " + described);
            }
            boolean dataflow = List.of(Variant.DATAFLOW, Variant.PACKED16).contains(variant);
            assertEquals(dataflow, launch.blocksPerSm() > 0, launch + " against " + described);
            if (dataflow) assertTrue(described.contains(LaunchChoice.blocksPerSmText(launch.blocksPerSm())), launch + " against " + described);
        }
    }

    @ParameterizedTest
    @MethodSource("withoutSettings")
    void aVariantWithoutLaunchSettingsReportsNone(Variant variant) {
        try (Solver solver = variant.create(SolverConfig.of(GraphSpec.RANDOM.instance(300, 3)))) {
            assertEquals(LaunchInEffect.NONE, solver.launchInEffect(), solver.describe());
        }
    }

    static Stream<Variant> withoutSettings() {
        return Stream.concat(Arrays.stream(Variant.values()).filter(Variant::launchedByDescriptor), Stream.of(Variant.CPU_BLOCKED));
    }
}
