package fwbench.usage;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The commands the suite suggests, as lines a user can paste: "java -jar" with the jar that is
 * running (as a path from the working directory, so the line works wherever the run was started),
 * and each word quoted for a POSIX shell where it needs it (a results file with a space in its path).
 */
public final class JarCommand {

    /** The jar as the build makes it; the suggestion when the code does not run from a jar (tests, an IDE). */
    public static final String BUILT_JAR = "target/benchmarks.jar";

    /** Words a shell takes as they are. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=,+@%-]+");

    private JarCommand() {
    }

    /** "java -jar target/benchmarks.jar" and the words, each quoted where it needs it. */
    public static String line(String... words) {
        return prefix() + (words.length == 0 ? "" : " " + Arrays.stream(words).map(JarCommand::quote).collect(Collectors.joining(" ")));
    }

    /** "java -jar JAR": the jar this code runs from. */
    public static String prefix() {
        return "java -jar " + quote(jar());
    }

    /** The running jar, relative to the working directory when it is below it; {@link #BUILT_JAR} when not run from a jar. */
    public static String jar() {
        try {
            Path location = Path.of(JarCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(location) || !location.toString().endsWith(".jar")) return BUILT_JAR;
            Path here = Path.of("").toAbsolutePath();
            Path jar = location.toAbsolutePath().normalize();
            return (jar.startsWith(here) ? here.relativize(jar) : jar).toString();
        } catch (URISyntaxException | RuntimeException e) {
            return BUILT_JAR;  // no code source (a custom class loader): the path the README gives
        }
    }

    /** A word as a POSIX shell reads it back: as it is, or in single quotes. */
    public static String quote(String word) {
        if (PLAIN.matcher(word).matches()) return word;
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
