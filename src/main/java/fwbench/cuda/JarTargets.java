package fwbench.cuda;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What GPUs the jar's fatbins hold code for, from the kernels/targets.txt the build writes beside
 * them: machine code (SASS) for sm_XY runs on compute capability X.Z with Z >= Y, PTX for compute_XY
 * on X.Y and anything newer (the driver compiles it). A jar built for one GPU (the default on a
 * machine with one) and copied to another is refused in one line, not by the driver's error at the
 * first kernel.
 */
public record JarTargets(List<Integer> sass, List<Integer> ptx, String line) {

    private static final Pattern CODE = Pattern.compile("code=\\[?([a-z_0-9,]+)\\]?");

    /** The targets of the jar's kernels; empty where the build recorded none (a build of the classes alone). */
    public static Optional<JarTargets> ofJar() {
        try (InputStream in = JarTargets.class.getResourceAsStream("/kernels/targets.txt")) {
            if (in == null) return Optional.empty();
            return Optional.of(parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /kernels/targets.txt", e);
        }
    }

    /** The targets of a targets.txt: its nvcc line's -gencode codes (sm_90, compute_90). */
    static JarTargets parse(String text) {
        List<Integer> sass = new ArrayList<>();
        List<Integer> ptx = new ArrayList<>();
        String line = text.lines().filter(l -> l.startsWith("targets: ")).findFirst().map(l -> l.substring(9)).orElse("");
        Matcher m = CODE.matcher(text);
        while (m.find()) {
            for (String code : m.group(1).split(",")) {
                if (code.startsWith("sm_")) sass.add(Integer.parseInt(code.substring(3)));
                if (code.startsWith("compute_")) ptx.add(Integer.parseInt(code.substring(8)));
            }
        }
        return new JarTargets(List.copyOf(sass), List.copyOf(ptx), line);
    }

    /** Whether a GPU of compute capability major.minor can run the kernels. */
    public boolean runsOn(int major, int minor) {
        int cc = major * 10 + minor;
        return sass.stream().anyMatch(s -> s / 10 == major && s <= cc) || ptx.stream().anyMatch(p -> p <= cc);
    }
}
