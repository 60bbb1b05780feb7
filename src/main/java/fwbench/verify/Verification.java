package fwbench.verify;

import fwbench.cuda.DeviceBuffer;
import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.RealFloydWarshall;
import fwbench.graph.RealGraph;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.graph.ShortestPaths;
import fwbench.graph.cell.DistanceCells;
import fwbench.graph.cell.DistanceMatrix;
import fwbench.variant.kleene.BandsSolver;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.PackedDistances;
import fwbench.variant.core.PathSolver;
import fwbench.variant.core.Solver;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntToDoubleFunction;

/**
 * Checks a variant's answer before it is timed, against an oracle that shares none of its code:
 * up to {@link #REFERENCE_LIMIT} vertices (or for graphs not known to have only positive cycles)
 * every cell against the CPU reference; above it the shortest-path certificate, on the device for
 * GPU variants. A negative cycle that the solver found fails the check first.
 * A path variant also has sampled rebuilt paths checked against the graph. Float32 distances of
 * a graph of real weights are checked cell by cell against the float64 CPU reference, within a
 * tolerance derived from float32 rounding ({@link #realTolerance}).
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
        OptionalLong negative = solver.negativeCycleCell();
        if (negative.isPresent()) {
            long cell = negative.getAsLong();
            throw new VerificationFailure(subject + ": the solve ends with cell (" + cell / graph.n() + ", " + cell % graph.n()
                    + ") below any path's length, which only a negative cycle gives" + (graph.positiveCycles() ? ", and the graph has none" : ""));
        }
        String how;
        if (graph.n() <= REFERENCE_LIMIT || !graph.positiveCycles()) {
            compareWithReference(subject, graph, solver.distances());
            how = "every cell equals the CPU reference";
        } else if (solver instanceof BandsSolver bands) {
            OptionalLong bad = BandCertificate.firstViolation(bands, graph.negativeWeights());
            if (bad.isPresent()) {
                int n = graph.n(), i = (int) (bad.getAsLong() / n), j = (int) (bad.getAsLong() % n);
                throw new VerificationFailure(subject + ": wrong distance at (" + i + ", " + j + "): it breaks the shortest-path certificate"
                        + " (checked on the devices by row band; the distances are too many to read back)");
            }
            how = "passes the shortest-path certificate on the devices, by row band";
        } else if (solver instanceof GpuSolver gpu) {
            int n = graph.n(), ld = gpu.leadingDimension();
            // a packed result is checked as it is, with no int32 copy of it made
            PackedDistances packed = solver instanceof PackedDistances p ? p : null;
            DeviceCertificate.Cells cells = packed != null ? DeviceCertificate.Cells.PACKED16 : DeviceCertificate.Cells.INT32;
            DeviceBuffer d = packed != null ? packed.packedDistances() : gpu.deviceMatrix();
            OptionalLong bad = DeviceCertificate.firstViolation(gpu.deviceInput(), d, n, ld, graph.negativeWeights(), cells);
            if (bad.isPresent()) {
                int i = (int) (bad.getAsLong() / n), j = (int) (bad.getAsLong() % n);
                int expected = DeviceCertificate.expected(gpu.deviceInput(), d, n, ld, i, j, cells);
                int got = packed != null ? packed.distance(i, j) : d.read((long) i * ld + j);
                throw wrongCell(subject, i, j, expected, got, "the shortest-path certificate");
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

    /** u = 2^-24: the largest relative error of one float32 rounding (an addition, or a weight's conversion). */
    public static final double FLOAT32_ROUNDOFF = 0x1p-24;

    /**
     * The largest |got - exact| accepted for a float32 distance whose float64 reference is
     * {@code exact}, in a graph of n vertices with weights >= 0: 2 (n + 1) u exact.
     *
     * <p>Why it is sound: with weights >= 0 every float32 distance is a minimum of sums of the
     * graph's weights, built by a chain of at most m rounded steps (a weight's conversion, then one
     * addition per step of k; kleene's rounds add two per tile of T >= 64, so m <= n + 2n/64 + 1);
     * rounding is monotone and each step errs by a factor within 1 +- u, so got lies within a
     * factor (1 +- u)^m of the exact distance: |got - exact| <= ((1 + u)^m - 1) exact <= 1.01 m u
     * exact (m u < 0.003 for every n fwbench takes), below 2 (n + 1) u exact with room left for
     * the float64 reference's own rounding (u = 2^-53). docs/solve.md, "Real weights", says the same.
     */
    public static double realTolerance(int n, double exact) {
        return 2.0 * (n + 1) * FLOAT32_ROUNDOFF * Math.abs(exact);
    }

    /**
     * Checks the real distances (float32 or float64) of a graph of real weights that a solver has
     * just computed, every cell against the float64 CPU reference ({@link RealFloydWarshall}) within
     * the tolerance of their cells ({@link #realTolerance}, {@link WideVerification#float64Tolerance});
     * returns how it was checked, throws {@link VerificationFailure} naming the first wrong cell.
     */
    public static String checkReal(String subject, RealGraph graph, DistanceMatrix got) {
        if (got.cells() == DistanceCells.FLOAT64) return WideVerification.checkFloat64(subject, graph, got.array(double[].class));
        checkRealDistances(subject, graph, got.array(float[].class));
        return "every cell within 2 (n + 1) 2^-24 x its distance of the float64 CPU reference";
    }

    /**
     * Compares float32 distances of a graph with weights >= 0 with the float64 CPU reference, cell
     * by cell within {@link #realTolerance} (no path: +infinity in both).
     */
    public static void checkRealDistances(String subject, RealGraph graph, float[] got) {
        if (graph.negativeWeights()) throw new IllegalArgumentException("the float32 tolerance is derived for weights >= 0; " + graph.describe() + " has negative ones");
        checkAgainstRealReference(subject, graph, c -> got[c], exact -> realTolerance(graph.n(), exact));
    }

    /**
     * Compares real distances ({@code got} of a cell index) with the float64 CPU reference, cell by cell
     * within {@code tolerance} of each reference distance (no path: +infinity in both); throws
     * {@link VerificationFailure} naming the first wrong cell and how many there are.
     */
    static void checkAgainstRealReference(String subject, RealGraph graph, IntToDoubleFunction got, DoubleUnaryOperator tolerance) {
        int n = graph.n();
        double[] expected = RealFloydWarshall.distances(graph);
        int first = -1;
        long wrong = 0;
        for (int c = 0; c < expected.length; c++) {
            double exact = expected[c];
            boolean right = exact == Double.POSITIVE_INFINITY ? got.applyAsDouble(c) == Double.POSITIVE_INFINITY
                    : Math.abs(got.applyAsDouble(c) - exact) <= tolerance.applyAsDouble(exact);  // false for NaN and +infinity
            if (!right) {
                if (first < 0) first = c;
                wrong++;
            }
        }
        if (first >= 0) {
            double exact = expected[first];
            String message = subject + ": wrong distance at (" + first / n + ", " + first % n + "): expected " + realText(exact)
                    + " (the float64 CPU reference" + (exact == Double.POSITIVE_INFINITY ? "" : ", within " + tolerance.applyAsDouble(exact)) + "), got "
                    + realText(got.applyAsDouble(first));
            throw new VerificationFailure(wrong == 1 ? message : message + " (" + wrong + " wrong cells in all)");
        }
    }

    private static String realText(double distance) {
        return distance == Double.POSITIVE_INFINITY ? "INF" : Double.toString(distance);
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
