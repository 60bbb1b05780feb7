package fwbench.variant.kernelfile;

import fwbench.cuda.KernelModule;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What the suite checks of a compiled kernel file before it launches anything: the descriptor it
 * exports, and each kernel the descriptor names, present with its schema's parameters. Each
 * failure is one line ({@link KernelFileException}).
 */
public final class KernelFileChecks {

    private KernelFileChecks() {
    }

    /** The descriptor the module exports, parsed; {@code where} names the file in messages. */
    public static KernelFileDescriptor descriptor(String where, KernelModule module) {
        byte[] text = module.global(KernelFileDescriptor.SYMBOL).orElseThrow(() -> new KernelFileException(where
                + " exports no descriptor: add a line FW_VARIANT(\"schema=... kernels=... block=...\"); after #include \"fwbench.cuh\" ("
                + KernelFile.DOCS + ")"));
        int end = 0;
        while (end < text.length && text[end] != 0) end++;
        try {
            return KernelFileDescriptor.parse(new String(text, 0, end, StandardCharsets.US_ASCII));
        } catch (IllegalArgumentException e) {
            throw new KernelFileException(where + "'s FW_VARIANT: " + e.getMessage() + " (" + KernelFile.DOCS + ")");
        }
    }

    /** Refuses a kernel the descriptor names that the file lacks, or whose parameters are not its schema's. */
    public static void checkKernels(String where, KernelFileDescriptor descriptor, KernelModule module, Map<String, List<String>> ptxParameters) {
        for (String kernel : descriptor.kernels()) {
            List<String> declared = ptxParameters.get(kernel);
            if (declared == null || !module.hasKernel(kernel)) {
                String defined = ptxParameters.isEmpty() ? "it defines no kernel" : "its kernels: " + String.join(", ", ptxParameters.keySet());
                throw new KernelFileException(where + "'s FW_VARIANT names kernel " + kernel + ", which the file lacks (" + defined
                        + "; a kernel is extern \"C\" __global__)");
            }
            List<KernelFileDescriptor.ParameterType> types = declared.stream().map(KernelFileDescriptor.ParameterType::ofPtx).toList();
            if (!types.equals(descriptor.parameters())) {
                String has = declared.stream().map(word -> {
                    KernelFileDescriptor.ParameterType t = KernelFileDescriptor.ParameterType.ofPtx(word);
                    return t == null ? "." + word : t == KernelFileDescriptor.ParameterType.POINTER ? "pointer" : "int";
                }).collect(Collectors.joining(", ", "(", ")"));
                throw new KernelFileException(where + ": kernel " + kernel + " takes " + has + ", but schema=" + descriptor.schema().id()
                        + (descriptor.paths() ? " with paths=yes" : "") + (descriptor.takesScratch() ? " with scratch" : "")
                        + " launches it with " + descriptor.signature() + " (" + KernelFile.DOCS + ")");
            }
        }
    }
}
