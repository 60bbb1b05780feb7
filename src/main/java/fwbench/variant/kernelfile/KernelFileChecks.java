package fwbench.variant.kernelfile;

import fwbench.cuda.DeviceInfo;
import fwbench.cuda.Kernel;
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

    /**
     * Refuses a launch the device or the compiled kernels cannot make: a block of more threads than a
     * kernel takes (its registers, its {@code __launch_bounds__}), more shared memory than a block may
     * have, or a whole-solve block that does not fit on an SM.
     */
    public static void checkLaunch(String where, KernelFileDescriptor descriptor, KernelModule module, DeviceInfo device) {
        int threads = descriptor.blockThreads();
        for (String name : descriptor.kernels()) {
            Kernel kernel = module.kernel(name);
            if (threads > kernel.maxThreadsPerBlock()) {
                throw new KernelFileException(where + ": kernel " + name + " takes at most " + kernel.maxThreadsPerBlock()
                        + " threads a block (its registers and __launch_bounds__), and block=" + descriptor.blockX() + "x" + descriptor.blockY()
                        + " has " + threads + " (" + KernelFile.DOCS + ")");
            }
            long shared = (long) kernel.staticSharedBytes() + descriptor.sharedBytes();
            if (shared > device.maxSharedBytesPerBlock()) {
                throw new KernelFileException(where + ": kernel " + name + " needs " + shared + " bytes of shared memory a block ("
                        + kernel.staticSharedBytes() + " static, shared=" + descriptor.sharedBytes() + "), and a block of " + device.name()
                        + " may have " + device.maxSharedBytesPerBlock());
            }
            if (descriptor.sharedBytes() > 0) kernel.allowDynamicSharedMemory(descriptor.sharedBytes());
            if (descriptor.schema() == KernelFileDescriptor.Schema.WHOLE) {
                try {
                    kernel.residentBlocksPerMultiprocessor(threads, descriptor.sharedBytes());
                } catch (IllegalStateException e) {
                    throw new KernelFileException(where + ": " + e.getMessage() + ", so schema=whole cannot launch it");
                }
            }
        }
    }
}
