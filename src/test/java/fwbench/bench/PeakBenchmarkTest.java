package fwbench.bench;

import fwbench.cell.CellType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The peak's launch geometry and relaxation count (PeakBenchmark) are kernels/peak.cu's: the
 * threads, blocks per SM and words a thread relaxes per iteration that the kernels are built for.
 * Reads the kernel source; no GPU needed.
 */
class PeakBenchmarkTest {

    private static final Path PEAK = Path.of("kernels", "peak.cu");
    private static final Pattern DEFINE = Pattern.compile("(?m)^#define\\s+(PEAK_\\w+)\\s+(\\d+)\\s*(?://.*)?$");

    static Map<String, Integer> defines() throws IOException {
        Map<String, Integer> defines = new HashMap<>();
        Matcher m = DEFINE.matcher(Files.readString(PEAK));
        while (m.find()) defines.put(m.group(1), Integer.parseInt(m.group(2)));
        return defines;
    }

    @Test
    void geometryIsTheKernelsGeometry() throws IOException {
        Map<String, Integer> d = defines();
        assertEquals(d.get("PEAK_THREADS"), PeakBenchmark.THREADS, "threads a block");
        assertEquals(d.get("PEAK_BLOCKS_PER_SM"), PeakBenchmark.BLOCKS_PER_SM, "blocks per SM");
        assertEquals(d.get("PEAK_WIDE_BLOCKS_PER_SM"), PeakBenchmark.WIDE_BLOCKS_PER_SM, "blocks per SM of the 64-bit cells");
        assertEquals(d.get("PEAK_STEPS") * d.get("PEAK_TM") * d.get("PEAK_TN"), PeakBenchmark.WORDS_PER_ITERATION,
                "words a thread relaxes per iteration");
    }

    @Test
    void everyPeakKernelIsBuiltForThatGeometry() throws IOException {
        String source = Files.readString(PEAK);
        for (CellType cell : CellType.values()) {
            // packed16 below sm_90 (emulated add-min) is built for one block per SM, two waves of the same grid
            // the 64-bit cells (128 registers of accumulators) for one block per SM, as their T = 128 products
            String blocks = cell == CellType.PACKED16 ? "PEAK_PACKED16_BLOCKS_PER_SM" : cell.wordBits() == 64 ? "PEAK_WIDE_BLOCKS_PER_SM" : "PEAK_BLOCKS_PER_SM";
            Pattern kernel = Pattern.compile("extern \"C\" __global__ void __launch_bounds__\\(PEAK_THREADS, " + blocks + "\\) "
                    + Pattern.quote(cell.peakKernel()) + "\\(");
            assertTrue(kernel.matcher(source).find(), cell.peakKernel() + " with __launch_bounds__(PEAK_THREADS, " + blocks + ")");
        }
        assertTrue(source.contains("#define PEAK_PACKED16_BLOCKS_PER_SM PEAK_BLOCKS_PER_SM"), "packed16 on sm_90 as the others");
    }

    @Test
    void oneLaunchFillsEverySmInOneWave() {
        assertEquals(264, PeakBenchmark.blocks(132));
        assertEquals(2 * 66, PeakBenchmark.blocks(66));
    }

    @Test
    void relaxationsCountCellsAsTheVariantsDo() {
        double int32 = PeakBenchmark.relaxations(132, CellType.INT32);
        assertEquals(132.0 * 2 * 256 * 16384 * 256, int32);
        assertEquals(int32, PeakBenchmark.relaxations(132, CellType.FLOAT32), "one cell a word");
        assertEquals(2 * int32, PeakBenchmark.relaxations(132, CellType.PACKED16), "two cells a packed word");
        assertEquals(int32, PeakBenchmark.relaxations(132, CellType.INT64), "one cell a 64-bit word");
        assertEquals(int32, PeakBenchmark.relaxations(132, CellType.FLOAT64), "one cell a 64-bit word");
    }

    @Test
    void aLaunchDoesTheWorkOfTheChainShapeBeforeIt() {
        // kernels/peak.cu before 2026-11-27: 8 blocks of 256 threads per SM, 16384 iterations of 64 words
        assertEquals(132.0 * 8 * 256 * 16384 * 64, PeakBenchmark.relaxations(132, CellType.INT32),
                "the same work a launch: about 17 ms at 16.4 T relaxations/s, old and new times compare directly");
    }
}
