package fwbench.cli;

import fwbench.cuda.Gpu;
import fwbench.solve.SolveVariants;
import fwbench.variant.SolveOrder;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Which variants solve tries, in order, and a named one that cannot run here. */
class SolveVariantsTest extends SolveCommandTesting {

    @Test
    void withoutAGpuAGpuVariantIsRefusedAndTheDefaultIsCpuBlocked() throws IOException {
        assumeFalse(Gpu.available(), "this machine has a GPU");
        Path graph = report003File();
        assertEquals(2, run("solve", "--graph", graph.toString(), "--out", dir.resolve("o.apsp").toString(), "--variant", "blocked"));
        assertEquals(List.of("fwbench solve: blocked needs a CUDA device, and there is none (" + Gpu.probe().reason()
                + "); leave out --variant to solve on the CPU"), errLines());
        assertEquals(0, run("solve", "--graph", graph.toString(), "--out", dir.resolve("o.apsp").toString()));
        assertTrue(errLines().contains("fwbench solve: solving with cpu-blocked"), err.toString());
        assertTrue(errLines().stream().anyMatch(l -> l.startsWith("fwbench solve: verified in ") && l.endsWith(" s: every cell equals the CPU reference")),
                err.toString());
    }

    @Test
    void theDefaultTriesGpuVariantsFastestFirstThenCpuVariants() {
        int below = SolveOrder.KLEENE_PACKED16_FIRST_FROM_N - 1, from = SolveOrder.KLEENE_PACKED16_FIRST_FROM_N;
        assertEquals(List.of(Variant.PACKED16, Variant.KLEENE_PACKED16, Variant.KLEENE, Variant.DATAFLOW, Variant.KLEENE_BANDS, Variant.KLEENE_F32, Variant.KLEENE_I64,
                Variant.KLEENE_F64, Variant.TILED_4X4, Variant.BATCHED,
                Variant.BLOCKED_REG, Variant.BLOCKED, Variant.NAIVE, Variant.SMALL_GRAPHS, Variant.CPU_BLOCKED, Variant.CPU_SERIAL), SolveVariants.defaultOrder(false, true, below));
        assertEquals(List.of(Variant.KLEENE_PACKED16, Variant.PACKED16, Variant.KLEENE, Variant.DATAFLOW, Variant.KLEENE_BANDS, Variant.KLEENE_F32, Variant.KLEENE_I64,
                Variant.KLEENE_F64, Variant.TILED_4X4, Variant.BATCHED,
                Variant.BLOCKED_REG, Variant.BLOCKED, Variant.NAIVE, Variant.SMALL_GRAPHS, Variant.CPU_BLOCKED, Variant.CPU_SERIAL), SolveVariants.defaultOrder(false, true, from),
                "kleene-packed16 is the faster from its threshold on");
        for (int n : new int[] {below, from}) {
            assertEquals(List.of(Variant.CPU_BLOCKED, Variant.CPU_SERIAL), SolveVariants.defaultOrder(false, false, n));
            assertEquals(List.of(Variant.KLEENE_PATHS, Variant.PATHS), SolveVariants.defaultOrder(true, true, n));
            assertEquals(List.of(), SolveVariants.defaultOrder(true, false, n), "no CPU variant records intermediates: the reference does");
        }
    }
}
