package fwbench.verify;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.cuda.DeviceBuffer;
import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.RealGraph;
import fwbench.graph.ShortestPaths;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.PackedDistances;
import fwbench.variant.core.PathSolver;
import fwbench.variant.core.Solver;
import fwbench.variant.kleene.BandsSolver;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;

/**
 * Checks a variant's answer before it is timed, against an oracle that shares none of its code:
 * up to {@link #REFERENCE_LIMIT} vertices (or for graphs not known to have only positive cycles)
 * every cell against the CPU reference; above it the shortest-path certificate, on the device for
 * GPU variants. A negative cycle that the solver found fails the check first.
 * A path variant also has sampled rebuilt paths checked against the graph. Solve's answers in
 * their own cells ({@link #checkCells}) go through the same one comparison with the CPU reference
 * of those cells ({@link #requireSameCells}): integer cells exactly, real ones (float32, float64)
 * within a tolerance derived from their rounding ({@link #tolerance}).
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
            how = checkCells(subject, graph, DistanceMatrix.of(graph.n(), solver.distances()));
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

    /** The cells of the reference real cells are checked against: the float64 oracle's. */
    private static final CellType REAL_REFERENCE = CellType.FLOAT64;

    /**
     * The largest |got - reference| accepted for a distance in {@code cells} whose float64 CPU
     * reference is {@code reference}, in a graph of n vertices with weights >= 0, u being the
     * cells' {@link CellType#roundoff()}: 0 for the integer cells (exact); 2 (n + 1) u |reference|
     * for cells coarser than the reference's (float32: u = 2^-24); 4 (n + 1) u |reference| for cells
     * as fine as the reference's (float64: u = 2^-53).
     *
     * <p>Why float32's is sound: with weights >= 0 every float32 distance is a minimum of sums of the
     * graph's weights, built by a chain of at most m rounded steps (a weight's conversion, then one
     * addition per step of k; kleene's rounds add two per tile of T >= 64, so m <= n + 2n/64 + 1);
     * rounding is monotone and each step errs by a factor within 1 +- u, so got lies within a
     * factor (1 +- u)^m of the exact distance: |got - exact| <= ((1 + u)^m - 1) exact <= 1.01 m u
     * exact (m u < 0.003 for every n fwbench takes), below 2 (n + 1) u exact with room left for
     * the float64 reference's own rounding (u = 2^-53).
     *
     * <p>Why float64's is sound: as for float32, each side is a minimum of sums of the graph's
     * weights built by a chain of at most m rounded additions (kleene-f64: m <= n + 2n/64 + 1; the
     * reference: m <= n, its weights taken as they are), so each lies within a factor (1 +- u)^m of
     * the exact distance, |side - exact| <= 1.01 m u exact. Here both sides round at the same u, so
     * the two errors add: at most 1.01 (2.04 n + 2) u exact, below 4 (n + 1) u |reference| for every
     * n fwbench takes (|reference| and exact differ by a factor within 1 +- 0.001 there).
     * docs/solve.md, "Real weights", says the same.
     */
    public static double tolerance(CellType cells, int n, double reference) {
        return toleranceUnits(cells) * (n + 1) * cells.roundoff() * Math.abs(reference);
    }

    /** 2, or 4 where the cells round as finely as the reference: then both sides' errors add. */
    private static int toleranceUnits(CellType cells) {
        return cells.roundoff() == REAL_REFERENCE.roundoff() ? 4 : 2;
    }

    /**
     * Checks a solve's integer distances (int32 or int64) of a graph of integer weights, every cell
     * against the CPU reference of their cells ({@link ReferenceDistances}), exactly; returns how it
     * was checked, throws {@link VerificationFailure} naming the first wrong cell.
     */
    public static String checkCells(String subject, Graph graph, DistanceMatrix got) {
        DistanceMatrix expected = ReferenceDistances.of(graph, got.cells());
        requireSameCells(subject, expected, got);
        return "every cell equals " + ReferenceDistances.name(expected.cells());
    }

    /**
     * Checks a solve's real distances (float32 or float64) of a graph of real weights >= 0, every
     * cell against the float64 CPU reference within the {@link #tolerance} of their cells; returns
     * how it was checked, throws {@link VerificationFailure} naming the first wrong cell.
     */
    public static String checkCells(String subject, RealGraph graph, DistanceMatrix got) {
        CellType cells = got.cells();
        if (graph.negativeWeights()) throw new IllegalArgumentException("the " + cells.word() + " tolerance is derived for weights >= 0; " + graph.describe() + " has negative ones");
        DistanceMatrix expected = ReferenceDistances.of(graph, cells);
        requireSameCells(subject, expected, got);
        return "every cell within " + toleranceUnits(cells) + " (n + 1) 2^" + Math.getExponent(cells.roundoff()) + " x its distance of "
                + ReferenceDistances.name(expected.cells());
    }

    /**
     * The one comparison of distances with a reference, cell by cell: integer cells must hold the
     * same bits, real ones lie within the {@link #tolerance} of their cells of each reference
     * distance (no path: no path in both). Throws {@link VerificationFailure} naming the first wrong
     * cell and how many there are.
     */
    public static void requireSameCells(String subject, DistanceMatrix expected, DistanceMatrix got) {
        int n = expected.n();
        CellType cells = got.cells();
        boolean exact = !cells.real();
        if (got.n() != n || (exact && expected.cells() != cells)) {
            throw new IllegalArgumentException(n + " x " + n + " " + expected.cells().word() + " reference for " + got.n() + " x " + got.n() + " " + cells.word() + " distances");
        }
        int first = -1;
        long wrong = 0;
        for (int c = 0; c < n * n; c++) {
            boolean right = exact ? got.bits(c) == expected.bits(c)
                    : expected.reachable(c) ? Math.abs(got.value(c) - expected.value(c)) <= tolerance(cells, n, expected.value(c))  // false for NaN and +infinity
                    : !got.reachable(c);
            if (!right) {
                if (first < 0) first = c;
                wrong++;
            }
        }
        if (first < 0) return;
        String within = exact || !expected.reachable(first) ? "" : ", within " + tolerance(cells, n, expected.value(first));
        String message = subject + ": wrong distance at (" + first / n + ", " + first % n + "): expected " + text(expected, first, exact)
                + " (" + ReferenceDistances.name(expected.cells()) + within + "), got " + text(got, first, exact);
        throw new VerificationFailure(wrong == 1 ? message : message + " (" + wrong + " wrong cells in all)");
    }

    /** A cell in a message: as its cells write it, or, compared within a tolerance, its value as a double. */
    private static String text(DistanceMatrix m, int cell, boolean exact) {
        if (exact) return m.text(cell);
        return m.reachable(cell) ? Double.toString(m.value(cell)) : Distances.NO_PATH_TEXT;
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
