package fwbench.cuda;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Compiles a user's CUDA source file with nvcc for the device present, into a cubin the driver loads
 * and the PTX whose kernel parameters the suite checks. A build is cached under
 * {@link #cacheDirectory()} by the SHA-256 of the source, of the headers beside it, of the suite's
 * headers, of the target and options, and of the nvcc used (its path and version), so that a second
 * run (and every fork of a run) loads it without compiling.
 */
public final class KernelCompiler {

    /** The system property that names the nvcc to use, over PATH and CUDA_HOME. */
    public static final String NVCC_PROPERTY = "fwbench.nvcc";

    /** The system property that moves the cache of compiled kernel files (default: ~/.cache/fwbench/kernel-files). */
    public static final String CACHE_PROPERTY = "fwbench.kernel.cache";

    /** The headers a kernel file may include, shipped in the jar beside the fatbins (kernels/build.sh copies them). */
    static final List<String> HEADERS = List.of("fwbench.cuh", "fw.cuh", "fw_constants.cuh");

    private static final String HEADER_RESOURCES = "/kernels/include/";

    /** A compiled kernel file: the cubin to load, the PTX to read parameters from, whether it came from the cache. */
    public record Build(Path cubin, Path ptx, boolean cached) {
    }

    /** A kernel file that did not compile, or nothing to compile it with: one line for the user. */
    public static final class CompileException extends Exception {
        public CompileException(String message) {
            super(message, null, false, false);
        }
    }

    private KernelCompiler() {
    }

    /**
     * The build of {@code source} (whose text hashes to {@code sourceSha256}) for compute capability
     * {@code sm} (90: sm_90), from the cache or compiled now.
     */
    public static Build compile(Path source, String sourceSha256, int sm) throws CompileException {
        Path nvcc = nvcc().orElseThrow(() -> new CompileException("no nvcc to compile " + source.getFileName()
                + " with: install the CUDA Toolkit (12 or newer) and put nvcc on PATH, or name it with -D" + NVCC_PROPERTY
                + "=/path/to/nvcc (java -D" + NVCC_PROPERTY + "=... -jar target/benchmarks.jar ...)"));
        Path cache = cacheDirectory();
        byte[] headers = headerBytes();
        List<String> options = List.of("-std=c++17", "-arch=sm_" + sm, "-O3", "-lineinfo");
        String key = sha256((sourceSha256 + "|" + sha256(headers) + "|" + localHeadersSha256(source) + "|" + options + "|"
                + nvcc.toAbsolutePath() + "|" + nvccVersion(nvcc)).getBytes(StandardCharsets.UTF_8));
        String stem = stem(source) + "-" + key.substring(0, 16);
        Path cubin = cache.resolve(stem + ".cubin"), ptx = cache.resolve(stem + ".ptx"), log = cache.resolve(stem + ".log");
        if (Files.isRegularFile(cubin) && Files.isRegularFile(ptx)) return new Build(cubin, ptx, true);
        try {
            Files.createDirectories(cache);
            Path include = cache.resolve("include-" + sha256(headers).substring(0, 16));
            extractHeaders(include);
            List<String> includes = List.of("-I", include.toString(), "-I", source.toAbsolutePath().getParent().toString());
            runNvcc(nvcc, "-ptx", concat(options.subList(0, 2), includes), source, ptx, log);
            runNvcc(nvcc, "-cubin", concat(options, includes), source, cubin, log);
        } catch (IOException e) {
            throw new CompileException("cannot compile " + source + " into " + cache + ": " + e.getMessage() + " (move the cache with -D"
                    + CACHE_PROPERTY + "=DIR)");
        }
        return new Build(cubin, ptx, false);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** Runs nvcc in {@code mode} (-ptx, -cubin) into a temporary file moved to {@code output} when it succeeds. */
    private static void runNvcc(Path nvcc, String mode, List<String> options, Path source, Path output, Path log)
            throws IOException, CompileException {
        Path partial = Files.createTempFile(output.getParent(), output.getFileName().toString(), ".partial");
        try {
            List<String> command = new ArrayList<>(List.of(nvcc.toString(), mode));
            command.addAll(options);
            // the path as given, so that nvcc's messages name the file as the user does
            command.addAll(List.of("-o", partial.toString(), source.toString()));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            int exit;
            try {
                exit = process.waitFor();
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new CompileException("interrupted while nvcc compiled " + source);
            }
            if (exit != 0) {
                // nvcc may echo source lines in any encoding: read bytes as Latin-1, which decodes any
                List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
                throw new CompileException(source + " does not compile: " + firstError(lines) + " (nvcc's full log: " + log + ")");
            }
            try {
                Files.move(partial, output, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, output, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    /** nvcc's first error line ("FILE(LINE): error: ..." or "nvcc fatal : ..."), or its first line when none is one. */
    static String firstError(List<String> log) {
        return log.stream().filter(l -> l.contains(": error") || l.contains("error:") || l.contains("fatal")).findFirst()
                .or(() -> log.stream().filter(l -> !l.isBlank()).findFirst()).map(String::strip).orElse("nvcc failed and said nothing");
    }

    /** nvcc's own account of its version (its last line, "Build cuda_13.0..."): a toolkit upgraded in place is a new build. */
    private static String nvccVersion(Path nvcc) throws CompileException {
        try {
            Process process = new ProcessBuilder(nvcc.toString(), "--version").redirectErrorStream(true).start();
            String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            if (process.waitFor() != 0) throw new CompileException(nvcc + " --version failed: " + text.strip());
            return text.strip();
        } catch (IOException e) {
            throw new CompileException("cannot run " + nvcc + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompileException("interrupted while asking " + nvcc + " for its version");
        }
    }

    /** The nvcc to use: -Dfwbench.nvcc, else the first on PATH, else CUDA_HOME's, else /usr/local/cuda's; empty when there is none. */
    public static Optional<Path> nvcc() {
        String named = System.getProperty(NVCC_PROPERTY, "").trim();
        if (!named.isEmpty()) return Optional.of(Path.of(named)).filter(Files::isExecutable);
        List<Path> candidates = new ArrayList<>();
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty()) candidates.add(Path.of(dir, "nvcc"));
        }
        String cudaHome = System.getenv("CUDA_HOME");
        if (cudaHome != null) candidates.add(Path.of(cudaHome, "bin", "nvcc"));
        candidates.add(Path.of("/usr/local/cuda/bin/nvcc"));
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }

    /** Where compiled kernel files are kept: -Dfwbench.kernel.cache, else $XDG_CACHE_HOME/fwbench/kernel-files, else ~/.cache/fwbench/kernel-files. */
    public static Path cacheDirectory() {
        String named = System.getProperty(CACHE_PROPERTY, "").trim();
        if (!named.isEmpty()) return Path.of(named);
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("fwbench").resolve("kernel-files");
    }

    /**
     * The SHA-256 of the headers beside the source (.cuh, .h, .hpp in its folder), which it may
     * include: a change to one of them is a new build too.
     */
    private static String localHeadersSha256(Path source) throws CompileException {
        Path folder = source.toAbsolutePath().getParent();
        StringBuilder all = new StringBuilder();
        try (var files = Files.list(folder)) {
            for (Path h : files.filter(f -> f.toString().matches(".*\\.(cuh|h|hpp)$")).sorted().toList()) {
                all.append(h.getFileName()).append('|').append(sha256(Files.readAllBytes(h))).append('\n');
            }
        } catch (IOException e) {
            throw new CompileException("cannot read the folder of " + source + ": " + e.getMessage());
        }
        return sha256(all.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static String stem(Path source) {
        String file = source.getFileName().toString();
        return file.replaceAll("\\.cu$", "").replaceAll("[^A-Za-z0-9_.-]", "_");
    }

    private static byte[] headerBytes() {
        StringBuilder all = new StringBuilder();
        for (String h : HEADERS) all.append(h).append('\n').append(new String(header(h), StandardCharsets.UTF_8));
        return all.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] header(String name) {
        try (InputStream in = KernelCompiler.class.getResourceAsStream(HEADER_RESOURCES + name)) {
            if (in == null) throw new IllegalStateException(HEADER_RESOURCES + name + " is not on the class path: build with 'mvn package'");
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void extractHeaders(Path include) throws IOException {
        Files.createDirectories(include);
        for (String h : HEADERS) {
            Path target = include.resolve(h);
            if (!Files.isRegularFile(target)) {
                Path partial = Files.createTempFile(include, h, ".partial");
                Files.write(partial, header(h));
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** The SHA-256 of these bytes, in hex. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
