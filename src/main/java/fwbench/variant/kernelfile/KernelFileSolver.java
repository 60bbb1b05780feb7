package fwbench.variant.kernelfile;

import fwbench.variant.core.DeviceMemory;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.PathSolver;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.VariantTraits;

import fwbench.cuda.CudaContext;
import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;
import fwbench.cuda.KernelModule;
import jcuda.Pointer;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.value;

/**
 * Solves with a kernel file's kernels, launched as its descriptor says ({@link KernelFileDescriptor}):
 * the reports' variants (kernels/01_naive.cu .. 06_paths.cu) and a user's kernel files alike.
 *
 * <ul>
 *   <li>per-k: for each k, a grid of ceil(n / bx) x ceil(n / by) blocks;</li>
 *   <li>blocked: for each round p of nb = ceil(n / T), phase 1 on (1, 1), phase 2 on (g, 2) and
 *       phase 3 on (g, g), g = ceil(nb / tiles-per-block); with pivot=skipped, g = nb - 1 and
 *       phases 2 and 3 are not launched for one tile;</li>
 *   <li>whole: one launch of as many blocks as are resident at once on every SM.</li>
 * </ul>
 * The matrix is n x n (no padding); q, where the kernels take it, is filled with n + 1 ("no
 * intermediate") and the scratch zeroed before every solve, outside the timed path.
 */
public class KernelFileSolver extends GpuSolver {
    private final KernelFileDescriptor descriptor;
    private final List<Kernel> kernels;
    private final DeviceBuffer scratch;        // null when the kernels take none
    private final DeviceBuffer intermediates;  // null unless paths=yes
    private final int wholeGrid;               // blocks of the whole schema's launch

    /**
     * The solver of a variant launched by its descriptor: a kernel file's, read when it was loaded, or
     * (empty) the one a built-in variant's module exports.
     */
    public static Solver create(VariantTraits variant, Optional<KernelFileDescriptor> fromFile, SolverConfig config) {
        KernelFileDescriptor descriptor = fromFile.orElseGet(() -> KernelFileChecks.descriptor("kernels/" + variant.kernelModule() + ".cu",
                CudaContext.get().module(variant.kernelModule())));
        return descriptor.paths() ? new WithPaths(variant, config, descriptor) : new KernelFileSolver(variant, config, descriptor);
    }

    /**
     * A built-in variant's scratch for its device memory trait: {@code fixed} ints and {@code perTile}
     * more per tile of a side of {@code tile}; the descriptor's scratch keys say the same (a GPU test checks).
     */
    public static DeviceMemory.Extra scratchBytes(int fixed, int perTile, int tile) {
        return (n, padded) -> 4L * KernelFileDescriptor.scratchInts(fixed, perTile, tile, n);
    }

    public KernelFileSolver(VariantTraits variant, SolverConfig config, KernelFileDescriptor descriptor) {
        super(variant, config);
        this.descriptor = descriptor;
        List<Kernel> loaded = new ArrayList<>();
        int grid = 0;
        DeviceBuffer s = null, q = null;
        try {
            KernelModule module = module();
            for (String name : descriptor.kernels()) {
                Kernel kernel = module.kernel(name);
                if (descriptor.sharedBytes() > 0) kernel.allowDynamicSharedMemory(descriptor.sharedBytes());
                loaded.add(kernel);
            }
            if (descriptor.schema() == KernelFileDescriptor.Schema.WHOLE) {
                grid = loaded.get(0).residentBlocksPerMultiprocessor(descriptor.blockThreads(), descriptor.sharedBytes()) * cuda.device().multiprocessors();
            }
            if (descriptor.takesScratch()) {
                s = new DeviceBuffer(Math.max(1, descriptor.scratchInts(n)));
                s.fill(0, stream);
            }
            if (descriptor.paths()) {
                q = new DeviceBuffer((long) n * n);
                q.fill(n + 1, stream);  // also before the first solve, should it come without a reset
            }
            stream.synchronize();
        } catch (RuntimeException e) {
            if (q != null) q.close();
            if (s != null) s.close();
            super.close();
            throw e;
        }
        this.kernels = List.copyOf(loaded);
        this.wholeGrid = grid;
        this.scratch = s;
        this.intermediates = q;
    }

    /** One launch's arguments: d, q where taken, n, the step (k or p) where the schema has one, scratch where taken. */
    private record Args(Pointer kernelParams) implements KernelArgs {
    }

    private Args args(DeviceBuffer d, int step) {
        List<Pointer> p = new ArrayList<>(5);
        p.add(buffer(d));
        if (intermediates != null) p.add(buffer(intermediates));
        p.add(value(n));
        if (descriptor.schema() != KernelFileDescriptor.Schema.WHOLE) p.add(value(step));
        if (scratch != null) p.add(buffer(scratch));
        return new Args(KernelArgs.params(p.toArray(Pointer[]::new)));
    }

    @Override
    protected void enqueueSolve(CudaStream stream, DeviceBuffer d) {
        int bx = descriptor.blockX(), by = descriptor.blockY(), shared = descriptor.sharedBytes();
        switch (descriptor.schema()) {
            case PER_K -> {
                int gx = ceilDiv(n, bx), gy = ceilDiv(n, by);
                for (int k = 0; k < n; k++) kernels.get(0).launch(stream, gx, gy, bx, by, shared, args(d, k));
            }
            case BLOCKED -> {
                int tiles = ceilDiv(n, descriptor.tile());
                int side = descriptor.pivotSkipped() ? tiles - 1 : ceilDiv(tiles, descriptor.tilesPerBlock());
                for (int p = 0; p < tiles; p++) {
                    Args args = args(d, p);
                    kernels.get(0).launch(stream, 1, 1, bx, by, shared, args);
                    if (side == 0) continue;  // one tile and the pivot skipped: phases 2 and 3 have nothing to do
                    kernels.get(1).launch(stream, side, 2, bx, by, shared, args);
                    kernels.get(2).launch(stream, side, side, bx, by, shared, args);
                }
            }
            case WHOLE -> kernels.get(0).launch(stream, wholeGrid, 1, bx, by, shared, args(d, 0));
        }
    }

    @Override
    protected void enqueueResetExtras(CudaStream stream, DeviceBuffer matrix) {
        if (scratch != null) scratch.fill(0, stream);
        if (intermediates != null) intermediates.fill(n + 1, stream);
    }

    @Override
    public String describe() {
        return variant().id() + " (" + descriptor.schema().id() + (descriptor.schema() == KernelFileDescriptor.Schema.BLOCKED
                ? ", T = " + descriptor.tile() : "") + ")";
    }

    /** The intermediate-node matrix of the last solve, n x n. */
    final int[] downloadIntermediates() {
        cuda.makeCurrent();
        return intermediates.download();
    }

    @Override
    public void close() {
        super.close();  // makes the context current and destroys the captured graph that uses these buffers
        if (intermediates != null) intermediates.close();
        if (scratch != null) scratch.close();
    }

    /** A kernel file with paths=yes: its solver gives the intermediate-node matrix too. */
    static final class WithPaths extends KernelFileSolver implements PathSolver {
        WithPaths(VariantTraits variant, SolverConfig config, KernelFileDescriptor descriptor) {
            super(variant, config, descriptor);
        }

        @Override
        public int[] intermediates() {
            return downloadIntermediates();
        }
    }
}
