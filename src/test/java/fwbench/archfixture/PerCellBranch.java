package fwbench.archfixture;

import fwbench.graph.cell.DistanceCells;

/** What ArchitectureTest's cell rule forbids outside fwbench.graph.cell: a branch per cell type. Never used. */
final class PerCellBranch {

    private PerCellBranch() {
    }

    static int bytes(DistanceCells cells) {
        return switch (cells) {
            case INT32, FLOAT32 -> 4;
            case INT64, FLOAT64 -> 8;
        };
    }
}
