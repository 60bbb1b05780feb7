package fwbench.verify;

import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.graph.ShortestPaths;
import fwbench.variant.GpuSolver;
import fwbench.variant.PathSolver;
import fwbench.variant.Solver;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;

/**
 * Checks a variant's answer before it is timed, against an oracle that shares none of its code:
 * up to {@link #REFERENCE_LIMIT} vertices (or for graphs with weights <= 0) every cell against the
 * CPU reference; above it the shortest-path certificate, on the device for GPU variants.
 * A path variant also has sampled rebuilt paths checked against the graph.
 */
public final class Verification {

    /** Largest n compared cell by cell with the CPU reference (a few seconds of CPU). */
    public static final int REFERENCE_LIMIT = 2048;

    /** Pairs whose rebuilt path is checked, for variants with an intermediate-node matrix. */
    static final int SAMPLED_PATHS = 2000;

    private Verification() {
    }

    /**
     * Solves once (from the input) and checks the result. Returns how it was checked; throws
     * {@link VerificationFailure} naming the first wrong cell.
     */
    public static String verify(Solver solver, Graph graph) {
        solver.reset();
        solver.solve();
        return check(solver, graph);
    }

    /**
     * Checks the result of the solve the solver has just made, as {@link #verify} does (for callers
     * that report solving and checking as separate stages).
     */
    public static String check(Solver solver, Graph graph) {
        String subject = solver.variant() + " at n=" + graph.n() + " (" + graph.describe() + ")";
        String how;
        if (graph.n() <= REFERENCE_LIMIT || !graph.positiveWeights()) {
            compareWithReference(subject, graph, solver.distances());
            how = "every cell equals the CPU reference";
        } else if (solver instanceof GpuSolver gpu) {
            int n = graph.n(), ld = gpu.leadingDimension();
            OptionalLong bad = DeviceCertificate.firstViolation(gpu.deviceInput(), gpu.deviceMatrix(), n, ld);
            if (bad.isPresent()) {
                int i = (int) (bad.getAsLong() / n), j = (int) (bad.getAsLong() % n);
                int expected = DeviceCertificate.expected(gpu.deviceInput(), gpu.deviceMatrix(), n, ld, i, j);
                throw wrongCell(subject, i, j, expected, gpu.deviceMatrix().read((long) i * ld + j), "the shortest-path certificate");
            }
            how = "passes the shortest-path certificate on the device";
        } else {
            int[] d = solver.distances();
            OptionalLong bad = HostCertificate.firstViolation(graph, d);
            if (bad.isPresent()) {
                int n = graph.n(), i = (int) (bad.getAsLong() / n), j = (int) (bad.getAsLong() % n);
                throw wrongCell(subject, i, j, HostCertificate.expected(graph, d, i, j), d[i * n + j], "the shortest-path certificate");
            }
            how = "passes the shortest-path certificate";
        }
        if (solver instanceof PathSolver paths) {
            checkPaths(subject, graph, new ShortestPaths(graph.n(), solver.distances(), paths.intermediates()));
            how += "; " + Math.min(SAMPLED_PATHS, (long) graph.n() * graph.n()) + " rebuilt paths match their distances";
        }
        return how;
    }

    private static void compareWithReference(String subject, Graph graph, int[] got) {
        int[] expected = ReferenceFloydWarshall.distances(graph);
        int first = -1;
        long wrong = 0;
        for (int c = 0; c < expected.length; c++) {
            if (got[c] != expected[c]) {
                if (first < 0) first = c;
                wrong++;
            }
        }
        if (first >= 0) {
            int n = graph.n();
            VerificationFailure f = wrongCell(subject, first / n, first % n, expected[first], got[first], "the CPU reference");
            throw wrong == 1 ? f : new VerificationFailure(f.getMessage() + " (" + wrong + " wrong cells in all)");
        }
    }

    private static void checkPaths(String subject, Graph graph, ShortestPaths paths) {
        int n = graph.n();
        long all = (long) n * n;
        SplittableRandom random = new SplittableRandom(n);
        for (long s = 0; s < Math.min(SAMPLED_PATHS, all); s++) {
            long cell = all <= SAMPLED_PATHS ? s : random.nextLong(all);
            Optional<String> problem = PathCheck.problem(graph, paths, (int) (cell / n), (int) (cell % n));
            if (problem.isPresent()) throw new VerificationFailure(subject + ": wrong intermediate-node matrix: " + problem.get());
        }
    }

    private static VerificationFailure wrongCell(String subject, int i, int j, int expected, int got, String oracle) {
        return new VerificationFailure(subject + ": wrong distance at (" + i + ", " + j + "): expected "
                + Distances.format(expected) + " (" + oracle + "), got " + Distances.format(got));
    }
}
