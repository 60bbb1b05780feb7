package fwbench.solve;

import fwbench.cell.CellType;
import fwbench.cuda.CudaContext;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Gpu;
import fwbench.graph.Distances;
import fwbench.graph.io.SolutionBands;
import fwbench.run.DeviceMemoryCheck;
import fwbench.solve.SolveRequest.Device;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import fwbench.variant.core.DeviceGraphs;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.Solver;
import fwbench.variant.kleene.BandsSolver;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a solve whose matrices stay off the Java heap may use, checked before anything is
 * allocated: GPU variants of int32 distances that leave them in one int32 matrix a row band of
 * which can be read back (kleene, dataflow, kleene-bands: not the packed ones, whose answer would
 * need a second matrix to unpack, nor the path variants, whose routes are checked on the host),
 * graphs whose answer the device certificate can prove (every cycle above 0), and device memory
 * for them, kleene-bands counting every GPU of the host.
 */
final class OffHeapSolve {

    private OffHeapSolve() {
    }

    /** Whether v can solve n vertices off the heap, device memory apart. */
    static boolean takes(Variant v, int n) {
        return v.gpu() && v.cellType() == CellType.INT32 && !v.producesPaths() && v.maxN() >= n;
    }

    /** The variants that can, for messages. */
    static String choices(int n) {
        return String.join(", ", SolveVariants.defaultOrder(false, true, n).stream().filter(v -> takes(v, n)).map(Variant::id).toList());
    }

    /**
     * Refuses, in one line, what a solve off the heap cannot do: routes, negative weights, a check
     * the certificate cannot make (a weight of 0 or below: it proves distances only where every
     * cycle weighs more than 0), the CPU, or a named variant that cannot take it.
     */
    static void checkRequest(SolveRequest request, SolveInput input, Optional<Variant> requested, String why) throws UsageException {
        int n = input.n();
        String past = input.name() + " has n = " + n + ", " + why + ": ";
        long buffers = DeviceGraphs.UPLOAD_BAND_BYTES + SolutionBands.DEFAULT_BAND_BYTES;
        if (buffers > request.heap().bytes()) {
            // direct buffers are capped at the heap's size unless -XX:MaxDirectMemorySize says otherwise
            throw new UsageException(String.format(Locale.ROOT, "%s%,d bytes of host buffers (one row band up, one down) and this JVM allows %,d: %s",
                    past, buffers, request.heap().bytes(), String.format(Locale.ROOT, request.heap().raise(), 1)));
        }
        if (request.paths()) {
            throw new UsageException(past + request.terms().paths() + " is not available (the variants that record routes check them on the host, n at most "
                    + Distances.INT_INDEX_MAX_N + ")");
        }
        if (input.negativeWeights()) {
            throw new UsageException(past + "weights must be >= 0 (a negative cycle is named on the host; the variants that take negative weights go up to n = "
                    + Distances.INT_INDEX_MAX_N + ")");
        }
        if (request.verify() && !input.graph().positiveWeights()) {
            throw new UsageException(past + "its check is the shortest-path certificate on the device, which proves distances only where every edge weighs "
                    + "more than 0, and it has weights of 0; leave it unchecked with " + request.terms().noVerify());
        }
        if (request.device() == Device.CPU || request.variantName() != null && requested.isEmpty()) {
            throw new UsageException(past + "only GPU variants solve it (" + choices(n) + "); the CPU variants and the reference hold it in one Java array");
        }
        if (!Gpu.probe().available()) throw new UsageException(past + "only GPU variants solve it (" + choices(n) + "), and there is no GPU (" + Gpu.probe().reason() + ")");
        if (requested.isPresent() && !takes(requested.get(), n)) {
            throw new UsageException(past + requested.get() + " cannot take it (" + (requested.get().maxN() < n ? requested.get().maxNText()
                    : "its answer is not one int32 matrix read back by row band") + "); use " + request.terms().variant() + " " + choices(n));
        }
    }

    /**
     * The variants to try, the first one that fits in device memory first (those passed said in
     * notes): kleene-bands with a share on each GPU. Refuses a graph that none fits, naming the
     * largest n of the variant that goes furthest.
     */
    static List<Variant> fitting(Optional<Variant> requested, SolveInput input, List<String> notes) throws UsageException {
        int n = input.n();
        List<Variant> order = requested.map(List::of).orElseGet(() -> SolveVariants.defaultOrder(false, true, n).stream().filter(v -> takes(v, n)).toList());
        long free = CudaContext.get().memoryInfo()[0];
        int devices = Gpu.deviceCount();
        // the other GPUs' contexts are made only for a variant that spans them
        long leastFree = order.stream().anyMatch(Variant::spansDevices) && devices > 1 ? leastFree(devices) : free;
        List<Variant> fits = new ArrayList<>();
        for (Variant v : order) {
            boolean split = v.spansDevices() && devices > 1;
            long need = v.deviceBytesPerDevice(n, split ? devices : 1) + Variant.DEVICE_RESERVE_BYTES;
            if (need <= (split ? leastFree : free)) {
                fits.add(v);
            } else if (fits.isEmpty()) {
                notes.add(String.format(Locale.ROOT, "%s needs %,d bytes of device memory%s at n=%d and %,d are free%s", v, need, split ? " on each of " + devices + " GPUs" : "",
                        n, split ? leastFree : free, order.indexOf(v) + 1 < order.size() ? ": trying " + order.get(order.indexOf(v) + 1) : ""));
            }
        }
        if (!fits.isEmpty()) return fits;
        Variant furthest = order.stream().max(Comparator.comparingInt(v -> largestN(v, devices, free, leastFree))).orElseThrow();
        boolean split = furthest.spansDevices() && devices > 1;
        DeviceMemoryCheck.requireFits(furthest, n, input.name(), CudaContext.get().device().name(), split ? leastFree : free, split ? devices : 1,
                DeviceMemoryCheck.Units.GIB);
        throw new IllegalStateException(furthest + " was found not to fit, and fits");
    }

    private static int largestN(Variant v, int devices, long free, long leastFree) {
        boolean split = v.spansDevices() && devices > 1;
        return split ? v.largestN(leastFree - Variant.DEVICE_RESERVE_BYTES, devices) : v.largestN(free - Variant.DEVICE_RESERVE_BYTES);
    }

    /** The free device memory of the GPU that has the least, of the first {@code devices}. */
    private static long leastFree(int devices) {
        long least = Long.MAX_VALUE;
        for (int d = 0; d < devices; d++) least = Math.min(least, CudaContext.of(d).memoryInfo()[0]);
        CudaContext.get().makeCurrent();
        return least;
    }

    /**
     * The distances of a solve just made, by row band, from the device matrix (or each GPU's
     * band of kleene-bands) into a direct buffer: what {@link SolutionBands} writes.
     */
    static SolutionBands.RowSource rows(Solver solver) {
        int n = solver.n();
        if (solver instanceof BandsSolver bands) {
            int ld = bands.leadingDimension();
            List<BandsSolver.BandView> views = bands.bandViews();
            return (first, rows, target) -> {
                for (BandsSolver.BandView view : views) {
                    long from = Math.max(first, view.firstRow()), to = Math.min(first + rows, Math.min(n, (long) view.firstRow() + view.rows()));
                    if (from >= to) continue;
                    CudaContext.of(view.device()).makeCurrent();
                    view.distances().downloadRows(target.duplicate().position((int) ((from - first) * n * 4)).slice(), n, ld, from - view.firstRow(), (int) (to - from));
                }
                CudaContext.of(views.get(0).device()).makeCurrent();
            };
        }
        if (solver instanceof GpuSolver gpu) {
            DeviceBuffer matrix = gpu.deviceMatrix();
            return (first, rows, target) -> matrix.downloadRows(target, n, gpu.leadingDimension(), first, rows);
        }
        throw new IllegalStateException(solver.variant() + " keeps no device matrix to read by row band");
    }
}
