package fwbench.graph.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a file so that it is either complete or absent: the bytes go to a hidden temporary file in
 * the target's folder (same file system, so the final rename is atomic), which is flushed to disk
 * and only then moved to the target's name. On any failure, and on Ctrl-C, the temporary file is
 * deleted; a partial file never carries the target's name.
 */
public final class AtomicFile {

    /** What writes the contents. */
    @FunctionalInterface
    public interface Contents {
        void writeTo(OutputStream out) throws IOException;
    }

    /** What writes the contents straight to the file's channel (direct buffers, no copy through a stream). */
    @FunctionalInterface
    public interface ChannelContents {
        void writeTo(FileChannel channel) throws IOException;
    }

    private AtomicFile() {
    }

    /**
     * Writes {@code target}. Without {@code replace} an existing target is never overwritten
     * ({@link FileAlreadyExistsException}, also if another program took the name meanwhile).
     */
    public static void write(Path target, boolean replace, Contents contents) throws IOException {
        writeChannel(target, replace, channel -> {
            OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 20);
            contents.writeTo(out);
            out.flush();  // not closed: the channel is closed once forced to disk
        });
    }

    /** Writes {@code target} as {@link #write} does, the contents written to the temporary file's channel. */
    public static void writeChannel(Path target, boolean replace, ChannelContents contents) throws IOException {
        Path temporary = createTemporary(target.toAbsolutePath());
        // a shutdown hook: Ctrl-C during a long write leaves no .partial file behind
        temporary.toFile().deleteOnExit();
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                contents.writeTo(channel);
                channel.force(true);  // on disk before the rename: a crash cannot leave a complete-looking short file
            }
            if (replace) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } else {
                Files.move(temporary, target);  // refuses if the name exists
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** A new empty hidden file beside the target (created with the usual permissions, unlike createTempFile's 0600). */
    private static Path createTemporary(Path target) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path candidate = target.resolveSibling("." + target.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".partial");
            try {
                return Files.createFile(candidate);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 10) throw e;
            }
        }
    }
}
