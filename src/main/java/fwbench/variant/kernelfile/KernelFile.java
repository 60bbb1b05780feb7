package fwbench.variant.kernelfile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A user's CUDA source file as a variant: the path given, the SHA-256 of its source (recorded with
 * every result, so that each can be traced to the code that made it) and the descriptor it exports.
 *
 * @param given      the path as the user typed it, which results name the variant by
 * @param sha256     the SHA-256 of the file's bytes, in hex
 * @param descriptor what its {@code FW_VARIANT} line says
 */
public record KernelFile(String given, String sha256, KernelFileDescriptor descriptor) {

    /** How a kernel file's name ends. */
    public static final String EXTENSION = ".cu";

    /** Where a user reads how to write a kernel file. */
    public static final String DOCS = "docs/your-kernel.md";

    /** What a list of variants adds for kernel files, in messages. */
    public static final String CHOICE = "or a CUDA kernel file, FILE" + EXTENSION + " (" + DOCS + ")";

    /** Whether a variant's name is a kernel file's path rather than a built-in variant's name. */
    public static boolean names(String text) {
        return text.trim().toLowerCase(Locale.ROOT).endsWith(EXTENSION);
    }

    /**
     * The file a kernel file variant names, refused in one line when there is none there.
     *
     * @throws KernelFileException when {@code given} is not a file
     */
    public static Path requireExists(String given) {
        Path path = Path.of(given.trim());
        if (!Files.isRegularFile(path)) {
            throw new KernelFileException("kernel file " + given.trim() + " does not exist (a variant ending in " + EXTENSION
                    + " is a CUDA source file: " + DOCS + ")");
        }
        return path;
    }

    /** The name charts and tables show for a kernel file's path: its file name ("my_fw.cu"). */
    public static String displayName(String given) {
        Path file = Path.of(given.trim()).getFileName();
        return file == null ? given.trim() : file.toString();
    }

    /** The file name, as charts and tables show it. */
    public String id() {
        return displayName(given);
    }
}
