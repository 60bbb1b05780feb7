package fwbench.variant;

import fwbench.graph.Distances;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The registry and kernels/ cannot drift apart (no GPU needed: reads sources and the class path). */
class KernelRegistryTest {

    /** Modules that are not variants: the device generator and certificate, and the peak benchmark. */
    static final Set<String> SUPPORT_MODULES = Set.of("graph", "peak");

    private static final Path KERNELS = Path.of("kernels");
    private static final Pattern KERNEL = Pattern.compile("extern \"C\"\\s+__global__\\s+void\\s+(?:__launch_bounds__\\([^)]*\\)\\s+)?(\\w+)\\s*\\(");

    static List<Variant> gpuVariants() {
        return Arrays.stream(Variant.values()).filter(Variant::gpu).toList();
    }

    static Set<String> sourceModules() throws IOException {
        try (Stream<Path> files = Files.list(KERNELS)) {
            return files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".cu"))
                    .map(f -> f.substring(0, f.length() - 3)).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /**
     * Indexing at each variant's largest n (kernels/fw.cuh): an unpadded variant's kernels index a cell
     * with an int, i * n + j; a padded (tile) variant's take a tile's base in 64 bits and index inside
     * it, 256 rows of ld at most, with an int; every padded side stays within the launch grids.
     */
    @Test
    void everyVariantsIndicesFitAtItsLargestN() {
        for (Variant v : Variant.values()) {
            long side = v.padded(v.maxN());
            assertTrue(side <= Distances.GRID_MAX_N, v + " pads n = " + v.maxN() + " to " + side + ", past Distances.GRID_MAX_N");
            if (v.padTo() == 1) {
                assertTrue(side * side - 1 <= Integer.MAX_VALUE, v + " at n = " + v.maxN() + ": the last cell index " + (side * side - 1)
                        + " does not fit an int");
            } else {
                assertTrue(256 * side - 1 <= Integer.MAX_VALUE, v + " at n = " + v.maxN() + ": a tile's offsets (256 rows of " + side
                        + ") do not fit an int");
            }
        }
    }

    /** The tile variants go past the int-indexed limit; small-graphs stops at a thread block's graph; the rest at the int-indexed limit (kernels/fw.cuh, docs/measuring.md). */
    @Test
    void theLargestNOfEachVariant() {
        java.util.Map<Variant, Integer> expected = new java.util.HashMap<>();
        for (Variant v : Variant.values()) expected.put(v, Distances.INT_INDEX_MAX_N);
        expected.put(Variant.KLEENE, 524_160);
        expected.put(Variant.KLEENE_F32, 524_160);
        expected.put(Variant.KLEENE_BANDS, 524_160);
        expected.put(Variant.KLEENE_PACKED16, 524_160);
        expected.put(Variant.KLEENE_I64, 524_160);
        expected.put(Variant.KLEENE_F64, 524_160);
        expected.put(Variant.DATAFLOW, 131_072);
        expected.put(Variant.PACKED16, 262_144);
        expected.put(Variant.SMALL_GRAPHS, 512);
        for (Variant v : Variant.values()) assertEquals(expected.get(v), v.maxN(), v.maxNText());
        assertEquals("naive takes n up to 46340 (its kernels index a cell with an int)", Variant.NAIVE.maxNText());
        assertEquals("dataflow takes n up to 131072 (its work items number a tile in 10 bits: at most 1024 tiles a side)", Variant.DATAFLOW.maxNText());
        assertEquals("small-graphs takes n up to 512 (one thread block solves a graph, in size classes up to 512)", Variant.SMALL_GRAPHS.maxNText());
    }

    @Test
    void everyGpuVariantsModuleIsBuiltOntoTheClassPath() throws IOException {
        for (Variant v : gpuVariants()) {
            assertNotNull(v.kernelModule(), v + " has no kernel module");
            assertTrue(Files.isRegularFile(KERNELS.resolve(v.kernelModule() + ".cu")), "kernels/" + v.kernelModule() + ".cu for " + v);
            assertNotNull(getClass().getResource("/kernels/" + v.kernelModule() + ".fatbin"),
                    "/kernels/" + v.kernelModule() + ".fatbin (for " + v + ") is not on the class path");
        }
        for (String support : SUPPORT_MODULES) {
            assertNotNull(getClass().getResource("/kernels/" + support + ".fatbin"), "/kernels/" + support + ".fatbin");
        }
    }

    @Test
    void everyKernelSourceBelongsToOneVariantOrIsSupport() throws IOException {
        List<String> used = new ArrayList<>(gpuVariants().stream().map(Variant::kernelModule).toList());
        assertEquals(new HashSet<>(used).size(), used.size(), "two variants share a kernel module: " + used);
        Set<String> expected = new TreeSet<>(used);
        expected.addAll(SUPPORT_MODULES);
        assertEquals(expected, sourceModules(), "kernels/*.cu against the registry's modules plus " + SUPPORT_MODULES);
    }

    /** The story's n-th step is kernels/NN_*.cu with NN = n; CPU variants come after every GPU one. */
    @Test
    void storyOrderIsTheKernelFilesNumber() {
        for (Variant v : gpuVariants()) {
            String number = v.kernelModule().substring(0, v.kernelModule().indexOf('_'));
            assertEquals(Integer.parseInt(number), v.storyOrder(), v + ": kernels/" + v.kernelModule() + ".cu against its place in the story");
        }
        List<Integer> story = Arrays.stream(Variant.values()).map(Variant::storyOrder).toList();
        assertEquals(story.stream().sorted().distinct().toList(), story, "values() in story order");
        int lastGpu = gpuVariants().stream().mapToInt(Variant::storyOrder).max().orElseThrow();
        for (Variant v : Variant.values()) {
            if (!v.gpu()) assertTrue(v.storyOrder() > lastGpu, v + " after the GPU variants");
        }
    }

    /** kernels/build.sh emits SASS from its lowest sm_XY up: a variant must not admit a device below it. */
    @Test
    void everyGpuVariantsLowestDeviceHasCodeInTheFatbins() throws IOException {
        Matcher sm = Pattern.compile("code=\\[?sm_(\\d+)").matcher(Files.readString(KERNELS.resolve("build.sh")));
        int lowest = Integer.MAX_VALUE;
        while (sm.find()) lowest = Math.min(lowest, Integer.parseInt(sm.group(1)));
        assertTrue(lowest < Integer.MAX_VALUE, "kernels/build.sh names its sm_ targets");
        for (Variant v : Variant.values()) {
            if (v.gpu()) {
                assertTrue(v.minComputeCapability() >= lowest, v + " admits sm_" + v.minComputeCapability() + ", the fatbins start at sm_" + lowest);
            } else {
                assertEquals(0, v.minComputeCapability(), v + " needs no device");
            }
        }
    }

    @Test
    void cpuVariantsHaveNoKernels() {
        for (Variant v : Variant.values()) {
            if (!v.gpu()) assertEquals(null, v.kernelModule(), v.id());
        }
    }

    /** Kernels are named fw_VARIANT or fw_VARIANT_PHASE after the constant (fw_tiled_4x4_phase3 for TILED_4X4). */
    @Test
    void kernelNamesFollowTheirVariant() throws IOException {
        for (Variant v : gpuVariants()) {
            String source = Files.readString(KERNELS.resolve(v.kernelModule() + ".cu"));
            Matcher m = KERNEL.matcher(source);
            String prefix = "fw_" + v.name().toLowerCase(java.util.Locale.ROOT);
            int found = 0;
            while (m.find()) {
                String name = m.group(1);
                assertTrue(name.equals(prefix) || name.startsWith(prefix + "_"), name + " in " + v.kernelModule() + ".cu is not " + prefix + "[_...]");
                found++;
            }
            assertTrue(found > 0, "no extern \"C\" __global__ kernel found in " + v.kernelModule() + ".cu");
        }
    }

    /**
     * Every tile kernel (named ..._tT) exports its launch facts right after it, built from the same
     * tile, rows and columns a thread as its body (FW_TILE_KERNEL_SHAPE, kernels/tile_product.cuh),
     * and every export names a kernel of its file.
     */
    @Test
    void tileKernelsExportTheirShapeFromTheirOwnTemplateArguments() throws IOException {
        // FW_TILE_KERNEL_SHAPE_THREADS: the same for a kernel launched with a helper warp beside its grid
        Pattern shape = Pattern.compile("FW_TILE_KERNEL_SHAPE(?:_THREADS)?\\((\\w+), [\\w:]+, (\\d+, \\d+, \\d+),");
        int tileKernels = 0;
        for (String module : sourceModules()) {
            String source = Files.readString(KERNELS.resolve(module + ".cu"));
            Set<String> kernels = new HashSet<>();
            Matcher k = KERNEL.matcher(source);
            while (k.find()) {
                String name = k.group(1);
                kernels.add(name);
                if (!name.matches(".*_t\\d+")) continue;
                tileKernels++;
                int plain = source.indexOf("FW_TILE_KERNEL_SHAPE(" + name + ",", k.end());
                int helped = source.indexOf("FW_TILE_KERNEL_SHAPE_THREADS(" + name + ",", k.end());
                int end = plain < 0 ? helped : helped < 0 ? plain : Math.min(plain, helped);
                assertTrue(end > 0, name + " in " + module + ".cu has no FW_TILE_KERNEL_SHAPE after it");
                Matcher m = shape.matcher(source);
                assertTrue(m.find(end), "FW_TILE_KERNEL_SHAPE(" + name + ", ...) in " + module + ".cu");
                String body = source.substring(k.end(), end);
                // its template arguments start with the tile and cells a thread (an index width may follow)
                assertTrue(body.contains(m.group(2) + ">") || body.contains(m.group(2) + ", "),
                        name + "'s body does not use <..." + m.group(2) + "> as its shape says");
                assertEquals(-1, body.indexOf("extern \"C\""), name + "'s FW_TILE_KERNEL_SHAPE does not follow it directly");
            }
            Matcher m = shape.matcher(source);
            while (m.find()) assertTrue(kernels.contains(m.group(1)), "FW_TILE_KERNEL_SHAPE(" + m.group(1) + ") in " + module + ".cu names no kernel there");
        }
        assertTrue(tileKernels >= 10, "found " + tileKernels + " tile kernels: kleene's six, dataflow's two, packed16's two");
    }

    @Test
    void pathVariantsKeepAThirdMatrix() {
        for (Variant v : Variant.values()) {
            if (v.producesPaths()) assertEquals(3L * 4 * v.padded(10) * v.padded(10), v.deviceBytes(10), v.id());
        }
    }
}
