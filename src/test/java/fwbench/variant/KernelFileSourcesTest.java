package fwbench.variant;

import fwbench.variant.kernelfile.KernelFileDescriptor;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The kernel files launched by their descriptors, read as source (no GPU, no nvcc): each built-in one
 * is a registry variant and says what the registry says of it, and every kernel a descriptor names is
 * in its file with its schema's parameters. The device-side check of the same (from the compiled
 * PTX) is {@link KernelFiles#checkKernels}.
 */
class KernelFileSourcesTest {

    private static final Pattern DESCRIPTOR = Pattern.compile("FW_VARIANT\\(((?:\\s*\"[^\"]*\")+)\\s*\\)");
    private static final Pattern STRING_PART = Pattern.compile("\"([^\"]*)\"");
    private static final Pattern KERNEL = Pattern.compile(
            "extern \"C\"\\s+__global__\\s+void\\s+(?:__launch_bounds__\\([^)]*\\)\\s+)?(\\w+)\\s*\\(([^)]*)\\)");

    /** The text of a source's FW_VARIANT("...") line, its string literals joined as the compiler joins them; empty without one. */
    static Optional<String> descriptorText(String source) {
        Matcher m = DESCRIPTOR.matcher(source.replaceAll("(?m)//.*$", ""));
        if (!m.find()) return Optional.empty();
        StringBuilder text = new StringBuilder();
        Matcher part = STRING_PART.matcher(m.group(1));
        while (part.find()) text.append(part.group(1));
        return Optional.of(text.toString());
    }

    /** Each kernel of the source and its parameters' kinds. */
    static Map<String, List<KernelFileDescriptor.ParameterType>> kernels(String source) {
        Map<String, List<KernelFileDescriptor.ParameterType>> kernels = new TreeMap<>();
        Matcher m = KERNEL.matcher(source);
        while (m.find()) {
            List<KernelFileDescriptor.ParameterType> kinds = new ArrayList<>();
            for (String p : m.group(2).split(",")) {
                kinds.add(p.contains("*") ? KernelFileDescriptor.ParameterType.POINTER : KernelFileDescriptor.ParameterType.INT);
            }
            kernels.put(m.group(1), kinds);
        }
        return kernels;
    }

    private static Map<Path, String> sources(Path dir) throws IOException {
        Map<Path, String> sources = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path cu : files.filter(p -> p.toString().endsWith(".cu")).toList()) sources.put(cu, Files.readString(cu));
        }
        return sources;
    }

    private static void assertKernelsMatchTheSchema(Path file, String source) {
        KernelFileDescriptor d = KernelFileDescriptor.parse(descriptorText(source).orElseThrow());
        Map<String, List<KernelFileDescriptor.ParameterType>> kernels = kernels(source);
        for (String kernel : d.kernels()) {
            assertNotNull(kernels.get(kernel), file + " defines " + kernel);
            assertEquals(d.parameters(), kernels.get(kernel), file + ": " + kernel + " has the signature " + d.signature());
        }
    }

    @Test
    void everyBuiltInKernelFileIsAVariantLaunchedByItsDescriptor() throws IOException {
        List<String> modules = new ArrayList<>();
        for (Map.Entry<Path, String> e : sources(Path.of("kernels")).entrySet()) {
            Optional<String> text = descriptorText(e.getValue());
            if (text.isEmpty()) continue;
            String module = e.getKey().getFileName().toString().replace(".cu", "");
            modules.add(module);
            Variant v = List.of(Variant.values()).stream().filter(x -> module.equals(x.kernelModule())).findFirst().orElseThrow();
            KernelFileDescriptor d = KernelFileDescriptor.parse(text.get());
            assertEquals(v.producesPaths(), d.paths(), v + ": the registry's output and the descriptor's paths");
            int n = 1000;
            long matrices = (v.producesPaths() ? 3L : 2L) * 4 * n * n;
            assertEquals(matrices + 4 * d.scratchInts(n), v.deviceBytes(n), v + ": the registry's device memory is the matrices and the descriptor's scratch");
            assertEquals(1, v.padTo(), v + ": a kernel file's matrix is n x n");
            assertKernelsMatchTheSchema(e.getKey(), e.getValue());
        }
        assertEquals(List.of("01_naive", "02_blocked", "03_blocked_reg", "04_batched", "05_tiled_4x4", "06_paths"), modules);
    }

    @Test
    void theExampleAndTheTestKernelFilesMatchTheirSchemas() throws IOException {
        Map<Path, String> files = new TreeMap<>(sources(Path.of("kernels", "examples")));
        files.putAll(sources(Path.of("src", "test", "resources", "kernels")));
        int checked = 0;
        for (Map.Entry<Path, String> e : files.entrySet()) {
            String name = e.getKey().getFileName().toString();
            if (!KernelFileErrors.WELL_FORMED.contains(name)) continue;
            assertTrue(descriptorText(e.getValue()).isPresent(), name + " has a descriptor");
            assertKernelsMatchTheSchema(e.getKey(), e.getValue());
            checked++;
        }
        assertEquals(KernelFileErrors.WELL_FORMED.size(), checked, "every well-formed kernel file was found");
        assertFalse(descriptorText(files.get(Path.of("src/test/resources/kernels/no_descriptor.cu"))).isPresent());
    }
}
