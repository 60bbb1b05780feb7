package fwbench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * kernels/build.sh, which Maven runs with -Dcuda.arch: the targets it picks for the GPUs present (a stand-in
 * nvidia-smi), for none, and for the option's values; that a change of targets rebuilds every fatbin; and that
 * docs/benchmark.md documents the option and the portable list. Runs a stand-in nvcc: no CUDA Toolkit or GPU needed.
 */
class KernelBuildTest {

    private static final Path BUILD = Path.of("kernels", "build.sh");
    private static final Pattern SASS = Pattern.compile("code=\\[?sm_(\\d+)");

    @TempDir
    Path dir;

    private record Outcome(int exit, List<String> out, List<String> err) {
        String firstLine() {
            return out.isEmpty() ? "" : out.get(0);
        }
    }

    /** nvcc that knows sm_75 to sm_90, writes its arguments as the fatbin, and reports spills for peak.cu only. */
    private Path fakeNvcc() throws IOException {
        return script("nvcc", """
                case "$1" in
                  --version) echo "Cuda compilation tools, release 99.0, V99.0.0"; echo "Build fake"; exit 0 ;;
                  --list-gpu-code) printf 'sm_75\\nsm_80\\nsm_86\\nsm_89\\nsm_90\\n'; exit 0 ;;
                esac
                out=""; prev=""; src=""
                for a in "$@"; do [ "$prev" = "-o" ] && out=$a; prev=$a; src=$a; done
                echo "$*" > "$out"
                case "$src" in
                  */peak.cu) echo "    8 bytes stack frame, 8 bytes spill stores, 8 bytes spill loads" >&2 ;;
                  *) echo "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" >&2 ;;
                esac
                """);
    }

    /** nvidia-smi answering -L with {@code list} (and {@code listExit}) and the compute_cap query with {@code caps}. */
    private Path fakeSmi(String list, int listExit, String caps) throws IOException {
        return script("nvidia-smi", "case \"$1\" in\n  -L) printf '" + list + "'; exit " + listExit + " ;;\n  *) printf '" + caps + "' ;;\nesac\n");
    }

    private Path script(String name, String body) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin-" + name + "-" + System.nanoTime()));
        Path file = bin.resolve(name);
        Files.writeString(file, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    private Outcome build(Path smi, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", BUILD.toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt"), err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("NVIDIA_SMI", smi.toString());
        Process process = builder.start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("still running after 120 s: " + command);
        }
        return new Outcome(process.exitValue(), Files.readAllLines(out), Files.readAllLines(err));
    }

    private Outcome dryRun(Path smi, String arch) throws Exception {
        return build(smi, "--dry-run", fakeNvcc().toString(), dir.resolve("kernels").toString(), dir.resolve("ptxas").toString(), arch);
    }

    /** The SASS targets of the nvcc options a dry run prints (its second line). */
    private static List<Integer> sass(Outcome dry) {
        assertEquals(0, dry.exit(), "build.sh --dry-run: " + dry);
        assertEquals(2, dry.out().size(), "the targets' line and nvcc's options: " + dry.out());
        return sass(dry.out().get(1));
    }

    private static List<Integer> sass(String text) {
        List<Integer> sms = new ArrayList<>();
        Matcher m = SASS.matcher(text);
        while (m.find()) sms.add(Integer.parseInt(m.group(1)));
        return sms;
    }

    /** The portable list: build.sh's gencode lines, the ones its "all" builds. */
    private static List<Integer> portable() throws IOException {
        List<Integer> sms = new ArrayList<>();
        for (String line : Files.readAllLines(BUILD)) {
            if (line.trim().startsWith("-gencode arch=compute_")) sms.addAll(sass(line));
        }
        assertTrue(sms.size() >= 2, "build.sh lists its portable targets: " + sms);
        return sms;
    }

    @Test
    void withTheGpusPresentOnlyTheirCodeIsBuilt() throws Exception {
        Outcome one = dryRun(fakeSmi("GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-0)\\n", 0, "9.0\\n"), "auto");
        assertEquals(List.of(90), sass(one));
        assertTrue(one.firstLine().startsWith("kernels: compiling for sm_90 (the GPU present; -Dcuda.arch=all"), one.firstLine());

        Outcome two = dryRun(fakeSmi("GPU 0: A (UUID: a)\\nGPU 1: B (UUID: b)\\nGPU 2: C (UUID: c)\\n", 0, "9.0\\n8.0\\n9.0\\n"), "auto");
        assertEquals(List.of(80, 90), sass(two));
        assertTrue(two.firstLine().startsWith("kernels: compiling for sm_80, sm_90 (the GPUs present"), two.firstLine());
    }

    @Test
    void withoutAUsableGpuEverySupportedOneIsBuilt() throws Exception {
        List<Integer> portable = portable();
        Outcome none = dryRun(fakeSmi("No devices were found\\n", 6, ""), "auto");
        assertEquals(portable, sass(none));
        assertTrue(none.out().get(1).contains("code=[sm_90,compute_90]"), "PTX for newer GPUs: " + none.out().get(1));
        assertTrue(none.firstLine().contains("(no GPU found, so every supported GPU"), none.firstLine());

        Outcome noDriver = dryRun(fakeSmi("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.\\n", 9, ""), "auto");
        assertEquals(portable, sass(noDriver));
        Outcome noSmi = dryRun(dir.resolve("no-nvidia-smi-here"), "auto");
        assertEquals(portable, sass(noSmi));
        Outcome tooOld = dryRun(fakeSmi("GPU 0: Tesla V100 (UUID: v)\\n", 0, "7.0\\n"), "auto");
        assertEquals(portable, sass(tooOld));
        assertTrue(tooOld.firstLine().contains("sm_70, is older than sm_75"), tooOld.firstLine());
        Outcome unknownToNvcc = dryRun(fakeSmi("GPU 0: next (UUID: n)\\n", 0, "12.0\\n"), "auto");
        assertEquals(portable, sass(unknownToNvcc));
        assertTrue(unknownToNvcc.firstLine().contains("cannot compile for sm_120"), unknownToNvcc.firstLine());
        Outcome noCapability = dryRun(fakeSmi("GPU 0: old driver (UUID: o)\\n", 0, "Field \"compute_cap\" is not a valid field to query.\\n"), "auto");
        assertEquals(portable, sass(noCapability));
    }

    @Test
    void theOptionPicksAllOrAList() throws Exception {
        Path h100 = fakeSmi("GPU 0: NVIDIA H100 (UUID: GPU-0)\\n", 0, "9.0\\n");
        Outcome all = dryRun(h100, "all");
        assertEquals(portable(), sass(all));
        assertTrue(all.firstLine().contains("(-Dcuda.arch=all: every supported GPU)"), all.firstLine());

        Path none = fakeSmi("No devices were found\\n", 6, "");
        assertEquals(List.of(90), sass(dryRun(none, "sm_90")));
        assertEquals(List.of(80, 86), sass(dryRun(none, "sm_86,sm_80")));

        for (String wrong : List.of("sm90", "sm_70", "sm_95", "compute_90")) {
            Outcome refused = dryRun(none, wrong);
            assertEquals(1, refused.exit(), wrong + ": " + refused);
            assertEquals(1, refused.err().size(), wrong + ": one line: " + refused.err());
            assertTrue(refused.err().get(0).startsWith("kernels: -Dcuda.arch=" + wrong + ": "), refused.err().get(0));
        }
    }

    @Test
    void aChangeOfTargetsRebuildsEveryFatbinAndOneLineTellsOfSpills() throws Exception {
        Path nvcc = fakeNvcc(), none = fakeSmi("No devices were found\\n", 6, "");
        Path out = dir.resolve("classes-kernels"), report = dir.resolve("ptxas");
        long kernels;
        try (Stream<Path> files = Files.list(Path.of("kernels"))) {
            kernels = files.filter(p -> p.toString().endsWith(".cu")).count();
        }

        Outcome first = build(none, nvcc.toString(), out.toString(), report.toString(), "sm_80");
        assertEquals(0, first.exit(), first.toString());
        assertEquals("kernels: compiling for sm_80 (-Dcuda.arch=sm_80: code for those GPUs only; -Dcuda.arch=all for every supported GPU)", first.firstLine());
        assertEquals(kernels, first.out().stream().filter(l -> l.startsWith("compiled ")).count(), first.out().toString());
        assertEquals("kernels: 1 kernel spills registers on some target (peak); the ptxas report is in " + report + "/",
                first.out().get(first.out().size() - 1));
        assertEquals(List.of(), first.err(), "nothing on stderr");
        assertTrue(Files.readString(out.resolve("targets.txt")).contains("targets: sm_80"));

        Outcome again = build(none, nvcc.toString(), out.toString(), report.toString(), "sm_80");
        assertEquals(List.of("kernels: up to date, for sm_80 (-Dcuda.arch=sm_80: code for those GPUs only; -Dcuda.arch=all for every supported GPU)"),
                again.out());

        Outcome other = build(none, nvcc.toString(), out.toString(), report.toString(), "sm_90");
        assertEquals(kernels, other.out().stream().filter(l -> l.startsWith("compiled ")).count(), other.out().toString());
        assertEquals(List.of(90), sass(Files.readString(out.resolve("07_kleene.fatbin"))), "rebuilt for the new targets");
        assertTrue(Files.readString(out.resolve("targets.txt")).contains("targets: sm_90"));
    }

    /** docs/benchmark.md says how to choose the targets, and lists the portable build's, as pom.xml and build.sh have them. */
    @Test
    void theOptionIsDocumented() throws IOException {
        String pom = Files.readString(Path.of("pom.xml"));
        assertTrue(pom.contains("<cuda.arch>auto</cuda.arch>"), "pom.xml: the default, auto");
        assertTrue(pom.contains("<argument>${cuda.arch}</argument>"), "pom.xml passes -Dcuda.arch to build.sh");
        String docs = Files.readString(Path.of("docs", "benchmark.md"));
        for (String option : List.of("-Dcuda.arch=all", "-Dcuda.arch=sm_90")) {
            assertTrue(docs.contains(option), "docs/benchmark.md documents " + option);
        }
        for (int sm : portable()) {
            assertTrue(docs.contains("sm_" + sm), "docs/benchmark.md lists sm_" + sm + ", a target of the portable build");
        }
    }
}
