package fwbench.archfixture;

import fwbench.cell.CellType;

/** What ArchitectureTest's cell rule forbids outside fwbench.cell: a branch per cell type. Never used. */
final class PerCellBranch {

    private PerCellBranch() {
    }

    static int bytes(CellType cells) {
        return switch (cells) {
            case INT32, PACKED16, FLOAT32 -> 4;
            case INT64, FLOAT64 -> 8;
        };
    }
}
