package fwbench.verify;

import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.Graphs;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;

import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VerificationTest {

    /** A solver that returns the right answer with one cell changed. */
    static final class OffByOne implements Solver {
        private final int[] answer;
        private final int n;

        OffByOne(Graph graph, int cell, int delta) {
            n = graph.n();
            answer = ReferenceFloydWarshall.distances(graph);
            answer[cell] += delta;
        }

        @Override public Variant variant() { return Variant.CPU_SERIAL; }
        @Override public int n() { return n; }
        @Override public void reset() { }
        @Override public void solve() { }
        @Override public int[] distances() { return answer.clone(); }
        @Override public OptionalDouble lastSolveGpuMillis() { return OptionalDouble.empty(); }
        @Override public void close() { }
    }

    @Test
    void aWrongCellIsNamedWithExpectedAndGot() {
        Graph graph = GraphSpec.RANDOM.instance(50, 1);
        int expected = ReferenceFloydWarshall.distances(graph)[3 * 50 + 17];
        VerificationFailure f = assertThrows(VerificationFailure.class, () -> Verification.verify(new OffByOne(graph, 3 * 50 + 17, 1), graph));
        assertEquals("cpu-serial at n=50 (random graph, n=50, seed 1): wrong distance at (3, 17): expected " + expected
                + " (the CPU reference), got " + (expected + 1), f.getMessage());
        assertEquals(0, f.getStackTrace().length);
    }

    @Test
    void certificateCatchesTooShortAndTooLongCells() {
        Graph graph = GraphSpec.parse("sparse:0.05").instance(90, 4);
        int[] d = ReferenceFloydWarshall.distances(graph);
        assertTrue(HostCertificate.firstViolation(graph, d).isEmpty());
        for (int delta : new int[] {-1, 1}) {
            int[] wrong = d.clone();
            int cell = 5 * 90 + 60;
            wrong[cell] += delta;
            // the changed cell, or a cell of its row whose certificate reads it, is flagged first
            long flagged = HostCertificate.firstViolation(graph, wrong).orElseThrow();
            assertEquals(5, flagged / 90, "delta " + delta);
        }
        int[] unreachable = d.clone();
        unreachable[7 * 90 + 8] = Distances.INF;
        assertFalse(HostCertificate.firstViolation(graph, unreachable).isEmpty());
    }

    /**
     * With negative weights (potentials: every cycle still positive) the certificate leaves out
     * terms with an INF operand: INF plus a negative weight is less than INF, and a cell with no
     * path that holds such a value, or any wrong finite value, is caught.
     */
    @Test
    void certificateWithNegativeWeightsSkipsInfTerms() {
        int n = 90;
        Graph graph = GraphSpec.parse("sparse:0.03+potentials:500").instance(n, 4);
        assertTrue(graph.negativeWeights() && graph.positiveCycles());
        int[] d = ReferenceFloydWarshall.distances(graph);
        assertTrue(HostCertificate.firstViolation(graph, d).isEmpty(), "the reference passes");
        int unreachable = -1, negative = -1;
        for (int c = 0; c < d.length; c++) {
            if (d[c] == Distances.INF && unreachable < 0) unreachable = c;
            if (d[c] < 0 && negative < 0) negative = c;
        }
        assertTrue(unreachable >= 0 && negative >= 0, "the graph has unreachable pairs and negative distances");
        for (int[] change : new int[][] {{unreachable, Distances.INF - 400}, {negative, d[negative] - 1}, {negative, d[negative] + 1}}) {
            int[] wrong = d.clone();
            wrong[change[0]] = change[1];
            long flagged = HostCertificate.firstViolation(graph, wrong).orElseThrow();
            assertEquals(change[0] / n, flagged / n, "a cell of the changed row is flagged");
        }
    }

    @Test
    void cpuVariantsPassAboveTheReferenceLimitByCertificate() {
        Graph graph = GraphSpec.RANDOM.instance(Verification.REFERENCE_LIMIT + 3, 5);
        try (Solver s = Variant.CPU_BLOCKED.create(SolverConfig.of(graph))) {
            assertEquals("passes the shortest-path certificate", Verification.verify(s, graph));
        }
    }

    @Test
    void graphsWithZeroWeightsAreComparedWithTheReference() {
        try (Solver s = Variant.CPU_SERIAL.create(SolverConfig.of(Graphs.report003()))) {
            assertEquals("every cell equals the CPU reference", Verification.verify(s, Graphs.report003()));
        }
    }
}
