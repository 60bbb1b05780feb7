package fwbench.graph.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * The text of a graph file (gunzipped where its name ends in .gz) handed line by line to a reader,
 * and the one line that says why a file cannot be read: missing, not readable, not valid gzip, or
 * any other I/O error. {@link GraphFiles} and {@link BatchFiles} read through it, so both say the same.
 */
final class GraphTextFiles {

    private static final int BUFFER_BYTES = 1 << 16;

    /** What is read from the lines of one file. */
    @FunctionalInterface
    interface LinesReader<T> {
        T read(LineReader lines) throws IOException;
    }

    private GraphTextFiles() {
    }

    /** Refuses a path where there is nothing, before anything else is said of it (GraphFiles checks for a folder and the extension next, then reads). */
    static void requireExists(Path path) throws GraphFileException {
        if (!Files.exists(path)) throw new GraphFileException("no such file: " + path);
    }

    /** What {@code reader} makes of the file's lines; a failure to read the file is one {@link GraphFileException}. */
    static <T> T read(Path path, LinesReader<T> reader) throws GraphFileException {
        String name = path.toString();
        try (InputStream file = Files.newInputStream(path);
             InputStream in = GraphFormat.gzipped(name) ? new GZIPInputStream(file, BUFFER_BYTES) : file;
             // ISO-8859-1 maps every byte to a char: a binary file fails on its first line, not in a decoder
             BufferedReader text = new BufferedReader(new InputStreamReader(in, StandardCharsets.ISO_8859_1), BUFFER_BYTES)) {
            return reader.read(new LineReader(text, name));
        } catch (GraphFileException e) {
            throw e;
        } catch (AccessDeniedException e) {
            throw new GraphFileException("cannot read " + name + ": permission denied");
        } catch (ZipException e) {
            throw new GraphFileException(name + ": not a valid gzip file (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw new GraphFileException("cannot read " + name + ": " + e.getMessage());
        }
    }
}
