package fwbench.variant;

import fwbench.variant.core.DeviceMemory;
import fwbench.variant.core.HostMemory;
import fwbench.variant.kernelfile.KernelFile;
import fwbench.variant.kernelfile.KernelFileChecks;
import fwbench.variant.kernelfile.KernelFileDescriptor;
import fwbench.variant.kernelfile.KernelFileException;

import fwbench.cuda.CudaContext;
import fwbench.cuda.Gpu;
import fwbench.cuda.KernelCompiler;
import fwbench.cuda.KernelModule;
import fwbench.cuda.PtxEntries;
import jcuda.CudaException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Makes a variant of a user's kernel file: compiles it for device 0 ({@link KernelCompiler}), loads
 * it, reads its descriptor and checks that every kernel the descriptor names is in the file with
 * its schema's parameters. Anything wrong is one line ({@link KernelFileException}) before anything
 * is launched.
 */
public final class KernelFiles {

    private KernelFiles() {
    }

    /**
     * The variant of the kernel file at {@code given}, compiled for device 0.
     *
     * @throws KernelFileException saying what is wrong, in one line
     */
    public static Variant load(String given) {
        return load(given, Optional.empty());
    }

    /**
     * The same, refused when the file's SHA-256 is not {@code expectedSha256}: a fork of a run checks
     * that the file it compiles is the one the run was planned with.
     */
    public static Variant load(String given, Optional<String> expectedSha256) {
        Path path = KernelFile.requireExists(given);
        byte[] source;
        try {
            source = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new KernelFileException("cannot read kernel file " + given + ": " + e.getMessage());
        }
        String sha256 = KernelCompiler.sha256(source);
        if (expectedSha256.isPresent() && !expectedSha256.get().isEmpty() && !expectedSha256.get().equals(sha256)) {
            throw new KernelFileException(given + " changed since the run started (SHA-256 " + sha256.substring(0, 12) + ", planned with "
                    + expectedSha256.get().substring(0, Math.min(12, expectedSha256.get().length())) + "): start the run again");
        }
        Gpu.Probe probe = Gpu.probe();
        if (!probe.available()) {
            throw new KernelFileException(given + " is a kernel file, compiled for and run on an NVIDIA GPU, and there is none ("
                    + probe.reason() + ")");
        }
        CudaContext cuda = CudaContext.get();
        KernelCompiler.Build build;
        try {
            build = KernelCompiler.compile(path, sha256, cuda.device().computeCapability());
        } catch (KernelCompiler.CompileException e) {
            throw new KernelFileException(e.getMessage());
        }
        String moduleName = given + "@" + sha256.substring(0, 12);
        KernelModule module;
        String ptx;
        KernelFileDescriptor descriptor;
        try {
            module = cuda.loadModule(moduleName, Files.readAllBytes(build.cubin()));
            ptx = Files.readString(build.ptx(), StandardCharsets.UTF_8);
            descriptor = KernelFileChecks.descriptor(given, module);
            KernelFileChecks.checkKernels(given, descriptor, module, PtxEntries.parameters(ptx));
            KernelFileChecks.checkLaunch(given, descriptor, module, cuda.device());
        } catch (IOException e) {
            throw new KernelFileException("cannot read " + given + "'s build in " + build.cubin().getParent() + ": " + e.getMessage());
        } catch (CudaException e) {
            // a cubin the driver cannot load (an nvcc newer than the driver), or a device already in error
            throw new KernelFileException("the driver cannot load " + given + "'s build (" + build.cubin() + "): " + e.getMessage()
                    + "; an nvcc newer than the driver (" + cuda.device().driverVersion() + ") makes builds it cannot load: name an older one with -D"
                    + KernelCompiler.NVCC_PROPERTY + "=...");
        }
        KernelFile file = new KernelFile(given, sha256, descriptor);
        return variant(file, moduleName);
    }

    private static Variant variant(KernelFile file, String moduleName) {
        KernelFileDescriptor d = file.descriptor();
        DeviceMemory memory = DeviceMemory.matrices(d.paths() ? 3 : 2)
                .plus((n, padded) -> 4 * d.scratchInts(n));
        String geometry = d.schema().id() + (d.schema() == KernelFileDescriptor.Schema.BLOCKED ? ", T = " + d.tile() : "")
                + ", blocks of " + d.blockX() + "x" + d.blockY();
        return VariantBuilder.outside(file.given(), file.id()).kernelFile(file, moduleName).launchedByDescriptor()
                .deviceMemory(memory).heap(HostMemory.readBack(d.paths() ? 2 : 1))
                .output(d.paths() ? Variant.Output.PATHS : Variant.Output.DISTANCES)
                .description("kernel file " + file.given() + " (" + geometry + "; SHA-256 " + file.sha256().substring(0, 12) + ")")
                .build();
    }
}
