package fwbench.variant;

import fwbench.cell.CellType;
import fwbench.variant.Variant.Backend;
import fwbench.variant.Variant.Marker;
import fwbench.variant.Variant.Output;
import fwbench.variant.core.DeviceMemory;
import fwbench.variant.core.HostMemory;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.LaunchPin;
import fwbench.variant.core.Solver;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.TileFit;
import fwbench.variant.core.VariantTraits;
import fwbench.variant.dataflow.DataflowLaunch;
import fwbench.variant.kernelfile.KernelFile;
import fwbench.variant.kernelfile.KernelFileSolver;

import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntUnaryOperator;

/**
 * The traits of a variant, each named, with the defaults most variants share: int32 cells,
 * distances only, one matrix read back, no launch choices to tune, no negative weights. The
 * registry's constants ({@link Variant}) are written with it, and a user's kernel file
 * ({@link KernelFiles}) is made a variant by it.
 */
final class VariantBuilder {
    final String name;
    final String id;
    final Backend backend;
    String kernelModule;
    int minComputeCapability;
    CellType cellType = CellType.INT32;
    DeviceMemory memory;
    HostMemory heap;
    int defaultMaxN = Integer.MAX_VALUE;
    Output output = Output.DISTANCES;
    BiFunction<Variant, SolverConfig, Solver> factory;
    IntFunction<List<LaunchChoice>> launchCandidates = n -> List.of();
    Function<Variant, TileFit> tileFit;  // null: no tile checked against the device's shared memory
    IntFunction<LaunchChoice> tableChoice = n -> LaunchChoice.TABLE;
    List<LaunchPin> pins = List.of();
    boolean negativeWeights;
    Variant oneDeviceCounterpart;
    IntToDoubleFunction plannedRelaxRate;
    int chartColour;
    Marker chartMarker;
    String description;
    Integer inf;
    KernelFile kernelFile;
    boolean byDescriptor;

    VariantBuilder(String name, String id, Backend backend) {
        this.name = name;
        this.id = id;
        this.backend = backend;
        this.heap = backend == Backend.GPU ? HostMemory.readBack(1) : HostMemory.CPU_SOLVER;
        this.memory = backend == Backend.GPU ? null : DeviceMemory.NONE;
    }

    /** The traits of a GPU variant outside the registry, named {@code name} in results and {@code id} on screen. */
    static VariantBuilder outside(String name, String id) {
        return new VariantBuilder(name, id, Backend.GPU);
    }

    VariantBuilder solver(BiFunction<VariantTraits, SolverConfig, Solver> factory) { this.factory = factory::apply; return this; }

    /** Solved by {@link KernelFileSolver}, which launches the kernels as the module's descriptor says: no solver class of its own. */
    VariantBuilder launchedByDescriptor() {
        this.byDescriptor = true;
        this.factory = (variant, config) -> KernelFileSolver.create(variant, variant.kernelFile().map(KernelFile::descriptor), config);
        return this;
    }
    VariantBuilder cells(CellType cells) { this.cellType = cells; return this; }
    VariantBuilder deviceMemory(DeviceMemory memory) { this.memory = memory; return this; }
    VariantBuilder heap(HostMemory heap) { this.heap = heap; return this; }
    VariantBuilder defaultMaxN(int n) { this.defaultMaxN = n; return this; }
    VariantBuilder output(Output output) { this.output = output; return this; }
    VariantBuilder inf(int inf) { this.inf = inf; return this; }
    VariantBuilder negativeWeights() { this.negativeWeights = true; return this; }
    VariantBuilder oneDeviceCounterpart(Variant oneDevice) { this.oneDeviceCounterpart = oneDevice; return this; }
    VariantBuilder plannedRelaxRate(IntToDoubleFunction perThreads) { this.plannedRelaxRate = perThreads; return this; }
    VariantBuilder description(String text) { this.description = text; return this; }
    VariantBuilder pins(LaunchPin... pins) { this.pins = List.of(pins); return this; }
    VariantBuilder tileFit(Function<Variant, TileFit> onDevice) { this.tileFit = onDevice; return this; }

    VariantBuilder launchChoices(IntFunction<List<LaunchChoice>> candidates, IntFunction<LaunchChoice> table) {
        this.launchCandidates = candidates;
        this.tableChoice = table;
        return this;
    }

    /**
     * dataflow's launch (dataflow, packed16): the candidates from the table's tile at n up, since smaller
     * tiles' schedules outgrow the plan, and the table's tile with the blocks per SM it takes for {@code cells}.
     */
    VariantBuilder dataflowLaunchChoices(List<LaunchChoice> candidates, IntUnaryOperator tableTile, CellType cells) {
        return launchChoices(n -> candidates.stream().filter(c -> c.tile() >= tableTile.applyAsInt(n)).toList(),
                n -> LaunchChoice.tile(tableTile.applyAsInt(n)).withBlocksPerSm(DataflowLaunch.tableBlocksPerSm(cells, tableTile.applyAsInt(n), n)));
    }

    VariantBuilder chart(int colour, Marker marker) {
        this.chartColour = colour;
        this.chartMarker = marker;
        return this;
    }

    /** A user's kernel file, its module loaded under {@code module}. */
    VariantBuilder kernelFile(KernelFile file, String module) {
        this.kernelFile = file;
        this.kernelModule = module;
        return this;
    }

    /** A built-in variant: the next in the story. */
    Variant register() {
        return Variant.register(spec());
    }

    /** A variant outside the registry (a user's kernel file): after every built-in one in the story. */
    Variant build() {
        return new Variant(spec(), Integer.MAX_VALUE);
    }

    /** The traits gathered, the required ones checked; INF defaults to the cells'. */
    private VariantSpec spec() {
        DeviceMemory checkedMemory = Objects.requireNonNull(memory, "device memory");
        HostMemory checkedHeap = Objects.requireNonNull(heap, "heap");
        BiFunction<Variant, SolverConfig, Solver> checkedFactory = Objects.requireNonNull(factory, "solver");
        String checkedDescription = Objects.requireNonNull(description, "description");
        return new VariantSpec(name, id, backend, kernelModule, minComputeCapability, cellType, checkedMemory, checkedHeap, defaultMaxN,
                output, checkedFactory, launchCandidates, tableChoice, pins, negativeWeights, oneDeviceCounterpart, plannedRelaxRate,
                chartColour, chartMarker, checkedDescription, inf == null ? cellType.inf() : inf, kernelFile, byDescriptor, tileFit);
    }
}
