package fwbench.variant;

import fwbench.cell.CellType;
import fwbench.variant.core.SolverConfig;
import fwbench.variant.core.UnsupportedInputException;
import fwbench.variant.kleene.BandsSolver;
import fwbench.variant.packed16.Packed16Solver;

import fwbench.graph.Distances;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The registry's traits other than kernels (KernelRegistryTest): each stated once per variant, and consistent. */
class VariantTraitsTest {

    @Test
    void solvePreferenceNamesEveryVariantOnceGpuVariantsFirst() {
        for (int n : new int[] {1, SolveOrder.KLEENE_PACKED16_FIRST_FROM_N - 1, SolveOrder.KLEENE_PACKED16_FIRST_FROM_N, 100_000}) {
            List<Variant> preference = SolveOrder.preference(n);
            assertEquals(Variant.values().length, preference.size(), "no variant twice: " + preference);
            assertEquals(Set.of(Variant.values()), Set.copyOf(preference), "every variant has a place");
            int firstCpu = (int) preference.stream().takeWhile(Variant::gpu).count();
            assertTrue(preference.subList(firstCpu, preference.size()).stream().noneMatch(Variant::gpu), "GPU variants before CPU ones: " + preference);
            boolean packedLanesFirst = preference.indexOf(Variant.KLEENE_PACKED16) < preference.indexOf(Variant.PACKED16);
            assertEquals(n >= SolveOrder.KLEENE_PACKED16_FIRST_FROM_N, packedLanesFirst, "n = " + n + ": " + preference);
        }
    }

    @Test
    void everyVariantHasItsOwnChartColourAndMarker() {
        Set<Integer> colours = new HashSet<>();
        Set<Variant.Marker> markers = EnumSet.noneOf(Variant.Marker.class);
        for (Variant v : Variant.values()) {
            assertTrue(v.chartColour() >= 0 && v.chartColour() <= 0xFFFFFF, v + ": 0xRRGGBB");
            assertTrue(colours.add(v.chartColour()), v + " shares colour " + Integer.toHexString(v.chartColour()));
            assertTrue(markers.add(v.chartMarker()), v + " shares marker " + v.chartMarker());
        }
    }

    /** A variant's cell type is the one its kernels relax: minplus::Packed16, Float32, Int64 or Float64 where they use it, else int32. */
    @Test
    void eachVariantsCellTypeIsTheOneItsKernelsUse() throws java.io.IOException {
        for (Variant v : Variant.values()) {
            String source = v.gpu() ? java.nio.file.Files.readString(java.nio.file.Path.of("kernels", v.kernelModule() + ".cu")) : "";
            CellType expected = source.contains("minplus::Packed16") ? CellType.PACKED16
                    : source.contains("minplus::Float32") ? CellType.FLOAT32 : source.contains("minplus::Int64") ? CellType.INT64
                    : source.contains("minplus::Float64") ? CellType.FLOAT64 : CellType.INT32;
            assertEquals(expected, v.cellType(), v.id());
        }
    }

    /** INF is a quarter of the signed range, so INF + INF, a relaxation through no path, cannot overflow (float32: +infinity). */
    @Test
    void eachCellTypesInfPlusInfFitsItsCell() {
        for (CellType c : CellType.values()) {
            if (c == CellType.FLOAT32) continue;
            assertTrue(2L * c.inf() <= (1L << (c.bits() - 1)) - 1, c + ": INF + INF overflows " + c.bits() + " signed bits");
            assertEquals(c.inf() - 1, c.maxDistance());
            assertEquals(c.wordBits(), c.bits() * c.cellsPerWord(), c + " fills its word");
            assertEquals(c.wordBits(), 32 * c.intsPerWord(), c + "'s word in int32 words");
        }
        assertEquals(2, CellType.INT64.intsPerWord());
        assertEquals(1, CellType.FLOAT64.cellsPerWord());
        assertEquals(1, CellType.FLOAT32.intsPerWord());
        assertEquals(Distances.INF, CellType.INT32.inf());
        assertEquals(0x3FFF, CellType.PACKED16.inf());
        assertEquals(CellType.PACKED16.inf(), Packed16Solver.INF16);
        assertEquals(2, CellType.PACKED16.cellsPerWord());
    }

    @Test
    void cellTypesAreFoundByNameInAnyCase() {
        assertEquals(Optional.of(CellType.PACKED16), CellType.named(" packed16 "));
        assertEquals(Optional.of(CellType.INT32), CellType.named("INT32"));
        assertEquals(Optional.empty(), CellType.named("int8"));
        assertEquals("int32, packed16, float32, int64, float64", CellType.names());
    }

    @Test
    void variantsAreFoundByTheirExactConstantName() {
        for (Variant v : Variant.values()) assertEquals(Optional.of(v), Variant.forConstant(v.name()));
        assertEquals(Optional.empty(), Variant.forConstant("blocked"), "an id is not a constant");
        assertEquals(Optional.empty(), Variant.forConstant("WARP_SPECIALIZED"));
    }

    static final int[] SIZES = {1, 1000, 3499, 3500, 7499, 7500, 10_000, 46_336};

    /**
     * Padding and device bytes, pinned: around kleene's tile switch (3500) and packed16's (7500), and
     * at the extremes; largestN on 8 GB. A change here changes which runs fit (RunPlan, solve).
     */
    static Stream<Arguments> memory() {
        return Stream.of(
                Arguments.of(Variant.DATAFLOW, 128, new long[] {131084L, 8405840L, 103437404L, 102851072L, 457096380L, 457096380L, 820016540L, 17366470728L}, 31488),
                Arguments.of(Variant.KLEENE, 128, new long[] {131072L, 8388608L, 102760448L, 102760448L, 456261632L, 456261632L, 818020352L, 17176199168L}, 31616),
                Arguments.of(Variant.PACKED16, 256, new long[] {786444L, 12600144L, 154817628L, 154817628L, 708623548L, 707900408L, 1258553608L, 25788148768L}, 25600),
                Arguments.of(Variant.KLEENE_PATHS, 128, new long[] {196608L, 12582912L, 154140672L, 154140672L, 684392448L, 684392448L, 1227030528L, 25764298752L}, 25728),
                // the input, the work matrix and the copy of the products' operands
                Arguments.of(Variant.KLEENE_F32, 128, new long[] {196608L, 12582912L, 154140672L, 154140672L, 684392448L, 684392448L, 1227030528L, 25764298752L}, 25728),
                // kleene's two matrices and the certificate's witness bits (one a cell) on one GPU
                Arguments.of(Variant.KLEENE_BANDS, 128, new long[] {133120L, 8519680L, 104366080L, 104366080L, 463390720L, 463390720L, 830801920L, 17444577280L}, 31360),
                // the int32 input, both packed copies of the input and of the work, the int32 result where it can be read back
                Arguments.of(Variant.KLEENE_PACKED16, 128, new long[] {262144L, 16777216L, 205520896L, 205520896L, 912523264L, 912523264L, 1636040704L, 34352398336L}, 22272),
                // the input and the work matrix, padded to a multiple of 4 (past n = 128 a scratch square too: SmallGraphsTest); its largest n is a thread block's graph, 512, whatever the memory
                Arguments.of(Variant.SMALL_GRAPHS, 4, new long[] {128L, 8000000L, 98000000L, 98000000L, 450000000L, 450000000L, 800000000L, 17176199168L}, 512),
                // the int32 input and result and the 64-bit work matrix (two int matrices' worth)
                Arguments.of(Variant.KLEENE_I64, 128, new long[] {262144L, 16777216L, 205520896L, 205520896L, 912523264L, 912523264L, 1636040704L, 34352398336L}, 22272),
                Arguments.of(Variant.KLEENE_F64, 128, new long[] {262144L, 16777216L, 205520896L, 205520896L, 912523264L, 912523264L, 1636040704L, 34352398336L}, 22272),
                Arguments.of(Variant.CPU_SERIAL, 1, new long[] {0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L}, 46340),
                Arguments.of(Variant.CPU_BLOCKED, 1, new long[] {0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L}, 46340));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("memory")
    void deviceMemoryIsUnchanged(Variant v, int padTo, long[] bytes, int largestOn8GB) {
        assertEquals(padTo, v.padTo());
        for (int i = 0; i < SIZES.length; i++) assertEquals(bytes[i], v.deviceBytes(SIZES[i]), v + " at n=" + SIZES[i]);
        assertEquals(largestOn8GB, v.largestN(8_000_000_000L));
    }

    /**
     * kleene-bands on several GPUs: each holds its band of both matrices (the largest band: whole
     * tiles), two group buffers of five pivot rows (groups of five at n = 32768), a chunk of W's rows
     * and its band's witness bits; the others
     * need the same on any number.
     */
    @Test
    void aVariantThatSpansGpusSplitsItsMatricesIntoRowBands() {
        long side = 32768, rowsOf2 = 128 * 128, rowsOf3 = 128 * 86;
        long extras = 2 * 5 * 128 * side * 4 + 2048 * side * 4;
        assertEquals(2 * 4 * rowsOf2 * side + extras + rowsOf2 * side / 8, Variant.KLEENE_BANDS.deviceBytesPerDevice(32768, 2));
        assertEquals(2 * 4 * rowsOf3 * side + extras + rowsOf3 * side / 8, Variant.KLEENE_BANDS.deviceBytesPerDevice(32768, 3));
        assertEquals(Variant.KLEENE_BANDS.deviceBytes(32768), Variant.KLEENE_BANDS.deviceBytesPerDevice(32768, 1));
        assertEquals(Variant.KLEENE.deviceBytes(32768), Variant.KLEENE.deviceBytesPerDevice(32768, 2));
        assertTrue(Variant.KLEENE_BANDS.spansDevices());
        assertEquals(List.of(Variant.KLEENE_BANDS), Arrays.stream(Variant.values()).filter(Variant::spansDevices).toList());
        // on two H200s' worth of memory: past one GPU's largest n, and the next n does not fit
        long h200 = 140_000_000_000L;
        int two = Variant.KLEENE_BANDS.largestN(h200, 2);
        assertEquals(183_936, two);
        assertTrue(Variant.KLEENE_BANDS.deviceBytesPerDevice(two, 2) <= h200);
        assertTrue(Variant.KLEENE_BANDS.deviceBytesPerDevice(two + 1, 2) > h200);
        assertTrue(two > Variant.KLEENE.largestN(h200));
    }

    /** kleene-bands' groups start at GROUPS_FROM_N, and its plan counts their pivot rows from there on (n = 11999 and 12000 pad alike). */
    @Test
    void kleeneBandsPlansItsGroupBuffersFromWhereItsGroupsStart() {
        int from = BandsSolver.GROUPS_FROM_N, ld = 12032, rows = 47 * 128;
        assertEquals(1, BandsSolver.tableGroupedRounds(from - 1));
        assertEquals(BandsSolver.GROUP_ROUNDS, BandsSolver.tableGroupedRounds(from));
        long extraRows = 2L * (BandsSolver.GROUP_ROUNDS - 1) * 128 * ld * 4;
        assertEquals(BandsSolver.MEMORY.extraBytes(from - 1, ld, rows, 2) + extraRows, BandsSolver.MEMORY.extraBytes(from, ld, rows, 2));
        assertEquals(BandsSolver.MEMORY.extraBytes(from - 1, ld, rows, 1), BandsSolver.MEMORY.extraBytes(from, ld, rows, 1), "one device: no group buffers");
    }

    /**
     * The variants that take negative weights, in story order: kleene-bands with them, as it
     * computes kleene's values band by band; its one-GPU counterpart takes the same graphs. No GPU needed.
     */
    @Test
    void kleeneBandsTakesNegativeWeightsAsKleeneDoes() {
        assertEquals(List.of(Variant.KLEENE, Variant.DATAFLOW, Variant.KLEENE_PATHS, Variant.KLEENE_BANDS, Variant.KLEENE_I64, Variant.KLEENE_F64),
                Arrays.stream(Variant.values()).filter(Variant::takesNegativeWeights).toList());
        assertEquals("kleene, dataflow, kleene-paths, kleene-bands, kleene-i64, kleene-f64", VariantIds.takingNegativeWeights());
        for (Variant v : Variant.values()) {
            v.oneDeviceCounterpart().ifPresent(one -> assertEquals(one.takesNegativeWeights(), v.takesNegativeWeights(), v.id()));
        }
        for (int n : new int[] {1, 2, 37, 130, 300, 2125, 65536}) {
            fwbench.graph.Graph g = fwbench.graph.GraphSpec.parse("random+potentials:1000").instance(n, 1);
            assertEquals(Variant.KLEENE.negativeWeightRefusal(g), Variant.KLEENE_BANDS.negativeWeightRefusal(g), "n=" + n);
            assertEquals(Optional.empty(), Variant.KLEENE_BANDS.negativeWeightRefusal(g), "n=" + n);
        }
        // too far from 0 for kleene's INF: refused by both, in the same words but the name
        fwbench.graph.Graph far = fwbench.graph.GraphSpec.parse("random+potentials:1000000").instance(2000, 1);
        assertEquals(Variant.KLEENE.negativeWeightRefusal(far).map(m -> m.replace("kleene", "kleene-bands")), Variant.KLEENE_BANDS.negativeWeightRefusal(far));
        assertTrue(Variant.KLEENE_BANDS.negativeWeightRefusal(far).orElseThrow().contains("too far from 0 for kleene-bands"));
    }

    /** A variant on one GPU refuses gpus above 1 (the planner refuses it first); no GPU needed to say so. */
    @Test
    void aVariantOnOneGpuRefusesSeveral() {
        SolverConfig two = SolverConfig.of(fwbench.graph.GraphSpec.RANDOM.instance(10, 1)).withGpus(2);
        UnsupportedInputException e = org.junit.jupiter.api.Assertions.assertThrows(UnsupportedInputException.class, () -> Variant.KLEENE.create(two));
        assertEquals("kleene runs on one GPU, not gpus=2; the variants that span GPUs: kleene-bands", e.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(UnsupportedInputException.class, () -> Variant.CPU_SERIAL.create(two));
    }

    /** Each variant with a solver class of its own; a kernel file's memory follows from its descriptor (KernelFileSourcesTest). */
    @Test
    void everyVariantsMemoryIsPinned() {
        assertEquals(Arrays.stream(Variant.values()).filter(v -> !v.launchedByDescriptor()).collect(Collectors.toSet()),
                memory().map(a -> a.get()[0]).collect(Collectors.toSet()));
    }
}
