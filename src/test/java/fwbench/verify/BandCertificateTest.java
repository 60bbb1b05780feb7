package fwbench.verify;

import fwbench.GpuTest;
import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.variant.kleene.BandsSolver;
import fwbench.variant.core.LaunchMode;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The banded certificate (kernels/graph.cu, fw_certificate_rows) called directly on a kleene-bands
 * solve at sizes below the CPU reference's limit, where Verification would not call it: small
 * enough for compute-sanitizer, and the answer is checked against the reference too. The last row's
 * first cell one too long and one too short is flagged there (a raised cell lowers no term; a lowered
 * one has no witness, and the terms it lowers lie later in its row). Graphs with potentials (negative
 * weights) take the signed form, fw_certificate_rows_signed. Across bands and chunks: KleeneBandsTest.
 */
@GpuTest
class BandCertificateTest {

    @ParameterizedTest(name = "{0} n={1}")
    @CsvSource({"sparse:0.02, 300", "hops:0.01, 257", "random, 129",
            "sparse:0.02+potentials:300, 300", "hops:0.01+potentials:2, 257", "random+potentials:1000, 129"})
    void passesTheAnswerAndFlagsAWrongCell(String spec, int n) {
        Graph g = GraphSpec.parse(spec).instance(n, 21);
        try (BandsSolver solver = (BandsSolver) Variant.KLEENE_BANDS.create(new SolverConfig(g, LaunchMode.STREAM).withGpus(1))) {
            solver.reset();
            solver.solve();
            assertArrayEquals(ReferenceFloydWarshall.distances(g), solver.distances());
            boolean signed = g.negativeWeights();
            assertEquals(OptionalLong.empty(), BandCertificate.firstViolation(solver, signed), "the right answer passes");
            BandsSolver.BandView band = solver.bandViews().get(0);
            int i = n - 1, j = 0;
            long at = (long) i * solver.leadingDimension() + j;
            int right = band.distances().read(at);
            for (int wrong : new int[] {right + 1, right - 1}) {
                band.distances().write(at, wrong);
                assertEquals(OptionalLong.of((long) i * n + j), BandCertificate.firstViolation(solver, signed),
                        "cell (" + i + ", " + j + ") from " + Distances.format(right) + " to " + Distances.format(wrong));
            }
        }
    }
}
