package fwbench.variant;

import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.dataflow.DataflowSolver;
import fwbench.variant.kleene.KleeneSolver;
import fwbench.variant.packed16.Packed16Solver;

import fwbench.GpuTest;
import fwbench.cuda.CudaContext;
import fwbench.cuda.DeviceInfo;
import fwbench.cuda.KernelModule;
import fwbench.cuda.LaunchShape;
import fwbench.graph.GraphSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The launch shapes the tile kernels export (KernelModule.tileKernel), read from the device. */
@GpuTest
class TileKernelShapesTest {

    private static final Pattern TILE_SUFFIX = Pattern.compile("_t(\\d+)$");

    /** Every tile kernel, its variant, and its shape as the Java formulas it replaced computed it. */
    static Stream<Arguments> tileKernels() {
        return Stream.of(
                Arguments.of(Variant.KLEENE, "fw_kleene_phase1_t64", new LaunchShape(256, 1024, 64, 4, 4)),
                Arguments.of(Variant.KLEENE, "fw_kleene_phase1_t128", new LaunchShape(256, 2048, 128, 8, 8)),
                Arguments.of(Variant.KLEENE, "fw_kleene_phase2_t64", new LaunchShape(256, 34816, 64, 4, 4)),
                Arguments.of(Variant.KLEENE, "fw_kleene_phase2_t128", new LaunchShape(256, 69632, 128, 8, 8)),
                Arguments.of(Variant.KLEENE, "fw_kleene_phase3_t64", new LaunchShape(256, 34816, 64, 4, 4)),
                Arguments.of(Variant.KLEENE, "fw_kleene_phase3_t128", new LaunchShape(256, 69632, 128, 8, 8)),
                Arguments.of(Variant.DATAFLOW, "fw_dataflow_t64", new LaunchShape(256, 52224, 64, 4, 4)),
                Arguments.of(Variant.DATAFLOW, "fw_dataflow_t128", new LaunchShape(256, 104448, 128, 8, 8)),
                Arguments.of(Variant.DATAFLOW, "fw_dataflow_wide_t64", new LaunchShape(256, 52224, 64, 4, 4)),
                Arguments.of(Variant.DATAFLOW, "fw_dataflow_wide_t128", new LaunchShape(256, 104448, 128, 8, 8)),
                Arguments.of(Variant.DATAFLOW, "fw_dataflow_helped_t64", new LaunchShape(288, 52224, 64, 4, 4)),
                Arguments.of(Variant.PACKED16, "fw_packed16_dataflow_t64", new LaunchShape(128, 39936, 64, 4, 8)),
                Arguments.of(Variant.PACKED16, "fw_packed16_dataflow_helped_t64", new LaunchShape(160, 39936, 64, 4, 8)),
                Arguments.of(Variant.PACKED16, "fw_packed16_dataflow_t128", new LaunchShape(256, 79872, 128, 8, 8)),
                Arguments.of(Variant.PACKED16, "fw_packed16_dataflow_t256", new LaunchShape(256, 159744, 256, 16, 16)),
                Arguments.of(Variant.KLEENE_BANDS, "fw_kleene_bands_close_t64", new LaunchShape(256, 1024, 64, 4, 4)),
                Arguments.of(Variant.KLEENE_BANDS, "fw_kleene_bands_close_t128", new LaunchShape(256, 2048, 128, 8, 8)),
                Arguments.of(Variant.KLEENE_BANDS, "fw_kleene_bands_update_t64", new LaunchShape(256, 34816, 64, 4, 4)),
                Arguments.of(Variant.KLEENE_BANDS, "fw_kleene_bands_update_t128", new LaunchShape(256, 69632, 128, 8, 8)),
                Arguments.of(Variant.KLEENE_PACKED16, "fw_kleene_packed16_phase1_t128", new LaunchShape(256, 2048, 128, 8, 8)),
                Arguments.of(Variant.KLEENE_PACKED16, "fw_kleene_packed16_phase2_t128", new LaunchShape(256, 69632, 128, 8, 8)),
                Arguments.of(Variant.KLEENE_PACKED16, "fw_kleene_packed16_phase3_t128", new LaunchShape(256, 69632, 128, 8, 8)),
                Arguments.of(Variant.KLEENE_PACKED16, "fw_kleene_packed16_group_t128", new LaunchShape(256, 69632, 128, 8, 8)),
                Arguments.of(Variant.KLEENE_PACKED16, "fw_kleene_packed16_group_rest_t128", new LaunchShape(256, 69632, 128, 8, 8)),
                // 64-bit words: a chunk buffer twice kleene's bytes (kernels/kleene_wide.cuh)
                Arguments.of(Variant.KLEENE_I64, "fw_kleene_i64_phase1_t64", new LaunchShape(256, 2048, 64, 4, 4)),
                Arguments.of(Variant.KLEENE_I64, "fw_kleene_i64_phase1_t128", new LaunchShape(256, 4096, 128, 8, 8)),
                Arguments.of(Variant.KLEENE_I64, "fw_kleene_i64_phase3_t64", new LaunchShape(256, 67584, 64, 4, 4)),
                Arguments.of(Variant.KLEENE_I64, "fw_kleene_i64_phase3_t128", new LaunchShape(256, 135168, 128, 8, 8)),
                Arguments.of(Variant.KLEENE_F64, "fw_kleene_f64_phase1_t64", new LaunchShape(256, 2048, 64, 4, 4)),
                Arguments.of(Variant.KLEENE_F64, "fw_kleene_f64_phase1_t128", new LaunchShape(256, 4096, 128, 8, 8)),
                Arguments.of(Variant.KLEENE_F64, "fw_kleene_f64_phase3_t64", new LaunchShape(256, 67584, 64, 4, 4)),
                Arguments.of(Variant.KLEENE_F64, "fw_kleene_f64_phase3_t128", new LaunchShape(256, 135168, 128, 8, 8)));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("tileKernels")
    void exportedShapeFitsItsNameItsVariantAndTheDevice(Variant variant, String kernel, LaunchShape expected) {
        CudaContext cuda = CudaContext.get();
        LaunchShape shape = cuda.module(variant.kernelModule()).tileKernel(kernel).shape();
        Matcher suffix = TILE_SUFFIX.matcher(kernel);
        assertTrue(suffix.find(), kernel + " ends in _tNNN");
        assertEquals(Integer.parseInt(suffix.group(1)), shape.tile(), kernel + ": tile against its name");
        // a helped kernel runs one warp beside the grid that holds the tile (kernels/dataflow.cuh)
        int helper = kernel.contains("_helped_") ? 32 : 0;
        assertEquals(helper, shape.helperThreads(), kernel + ": threads beside the tile's grid");
        assertEquals((kernel.startsWith("fw_packed16_dataflow") && kernel.endsWith("_t64") ? 128 : 256) + helper, shape.threads(), kernel + ": threads per block");
        assertEquals(0, variant.padTo() % shape.tile(), kernel + ": " + variant + " pads to " + variant.padTo() + ", a multiple of the tile");
        assertEquals((long) shape.tile() * shape.tile(), (long) (shape.threads() - helper) * shape.cellRows() * shape.cellColumns(),
                kernel + ": the grid's cells cover the tile");
        DeviceInfo device = cuda.device();
        assertTrue(shape.sharedBytes() <= device.maxSharedBytesPerBlock(), kernel + ": " + shape.sharedBytes()
                + " bytes of shared memory, the device allows " + device.maxSharedBytesPerBlock());
        assertEquals(expected, shape, kernel + ": the shape the Java side computed before the kernels exported it");
    }

    @Test
    void aKernelWithoutAShapeIsNamedInTheError() {
        KernelModule module = CudaContext.get().module(Variant.PACKED16.kernelModule());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> module.tileKernel("fw_packed16_pack"));
        assertTrue(e.getMessage().contains("fw_packed16_pack_shape"), e.getMessage());
    }

    /** describe() prints the cells per thread from the shape, and where each launch setting came from. */
    @Test
    void describeNamesTheTileItsOriginAndTheCellsPerThread() {
        SolverConfig config = SolverConfig.of(GraphSpec.parse("hops:0.05").instance(100, 3));
        try (GpuSolver kleene = new KleeneSolver(Variant.KLEENE, config.withChoice(new LaunchChoice(64, 1)));
             GpuSolver table = new KleeneSolver(Variant.KLEENE, config);
             GpuSolver packed = new Packed16Solver(Variant.PACKED16, config.withChoice(LaunchChoice.tile(256).withBlocksPerSm(LaunchChoice.ALL_THAT_FIT)))) {
            assertEquals("kleene (T=64 and 1 REST launch tuned on this device for n=100, 4x4 cells per thread, n padded to 128)", kleene.describe());
            assertEquals("kleene (T=64 and 1 REST launch from the table for n=100, 4x4 cells per thread, n padded to 128)", table.describe());
            assertTrue(packed.describe().startsWith("packed16 (T=256 and 1 block per SM (all that fit) tuned on this device for n=100, 16x16 cells per thread, "),
                    packed.describe());
            assertTrue(packed.describe().endsWith(" persistent blocks, n padded to 256)"), packed.describe());
        }
        try (GpuSolver dataflow = new DataflowSolver(Variant.DATAFLOW, config.withChoice(LaunchChoice.tile(128)))) {
            assertTrue(dataflow.describe().startsWith("dataflow (T=128 tuned on this device, 1 block per SM from the table for n=100, 8x8 cells per thread, "),
                    dataflow.describe());
        }
    }
}
