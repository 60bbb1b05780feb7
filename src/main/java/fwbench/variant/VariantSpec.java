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
import fwbench.variant.kernelfile.KernelFile;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;

/**
 * A variant's traits as {@link VariantBuilder} gathered them, fixed: what a {@link Variant} holds
 * and answers from ({@link Variant} says what each means). Nullable: kernelModule (CPU variants),
 * oneDeviceCounterpart, plannedRelaxRate (GPU variants), chartMarker, kernelFile and tileFit.
 */
record VariantSpec(String name, String id, Backend backend, String kernelModule, int minComputeCapability, CellType cellType,
                   DeviceMemory memory, HostMemory heap, int defaultMaxN, Output output, BiFunction<Variant, SolverConfig, Solver> factory,
                   IntFunction<List<LaunchChoice>> launchCandidates, IntFunction<LaunchChoice> tableChoice, List<LaunchPin> pins,
                   boolean negativeWeights, Variant oneDeviceCounterpart, IntToDoubleFunction plannedRelaxRate, int chartColour,
                   Marker chartMarker, String description, int inf, KernelFile kernelFile, boolean byDescriptor,
                   Function<Variant, TileFit> tileFit) {
}
