package fwbench.variant.core;

import fwbench.cell.CellType;
/**
 * What a solver reads of the variant it solves for: the registry's traits (fwbench.variant.Variant,
 * which implements this) that decide how it allocates, names itself and refuses a graph. A solver
 * is given its variant when it is made, so that the solvers need not know the registry.
 */
public interface VariantTraits {

    /** How results name the variant ("BLOCKED", or a kernel file's path). */
    String name();

    /** The name users type and reports print ("blocked"). */
    String id();

    /** The distance cells the variant relaxes. */
    CellType cellType();

    /** The distance that means "no path" in the variant's cells; every finite distance stays below it. */
    int inf();

    /** n rounded up to the variant's padding: the rows (and ints per row) of its matrices. */
    int padded(int n);

    /** Device memory a solve of n vertices needs. */
    long deviceBytes(int n);

    /** The module of the variant's kernels (a kernels/NAME.cu file, or a kernel file's build); null for CPU variants. */
    String kernelModule();

    /** Whether the variant takes graphs with negative edge weights (and no negative cycle). */
    boolean takesNegativeWeights();
}
