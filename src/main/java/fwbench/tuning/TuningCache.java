package fwbench.tuning;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import fwbench.graph.io.AtomicFile;
import fwbench.variant.core.LaunchChoice;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The launch choices tuned on this machine, in one JSON file ({@link #defaultFile()}): per device,
 * kernels' code, variant and n range, the choice, the times it was chosen by and the date. A file
 * that cannot be read is reported in one line and ignored; one that cannot be written too, and the
 * choice is kept in memory for the trial.
 */
final class TuningCache {

    /** The system property naming the cache's folder instead (tests use a temporary one). */
    static final String DIR_PROPERTY = "fwbench.tuning.dir";

    static final String FILE_NAME = "tuning.json";

    /**
     * The format of the file; another is ignored and rewritten (1: ranges were powers of two, 2: one
     * n each below 16384, 3: an entry holds blocks per SM).
     */
    static final int VERSION = 3;

    /** What a cached choice is valid for: a rebuild that changes the kernels' code, another device or another range tunes anew. */
    record Key(String device, int computeCapability, String kernels, String variant, NRange range) {
    }

    /**
     * One cached choice, as stored.
     *
     * @param kernels  the SHA-256 of the variant's fatbin
     * @param nBelow   {@link NRange#below()}: {@link Integer#MAX_VALUE} for the last range
     * @param tunedAtN the n measured
     * @param blocksPerSm {@link LaunchChoice#blocksPerSm()} (0 for variants without a dataflow launch)
     * @param millis   each candidate's median GPU time per solve, by {@link LaunchChoice#text()}
     * @param date     ISO date of the pass
     */
    record Entry(String device, int computeCapability, String kernels, String variant, int nFrom, int nBelow, int tunedAtN,
                 int tile, int restLaunches, int blocksPerSm, Map<String, Double> millis, String date) {

        Entry(Key key, int tunedAtN, LaunchChoice choice, Map<String, Double> millis, String date) {
            this(key.device(), key.computeCapability(), key.kernels(), key.variant(), key.range().from(), key.range().below(), tunedAtN,
                    choice.tile(), choice.restLaunches(), choice.blocksPerSm(), millis, date);
        }

        Key key() {
            return new Key(device, computeCapability, kernels, variant, new NRange(nFrom, nBelow));
        }

        LaunchChoice choice() {
            return new LaunchChoice(tile, restLaunches, blocksPerSm);
        }

        /** Every field present and in range: else the file is not one this suite wrote. */
        void check() {
            if (device == null || kernels == null || variant == null || millis == null || date == null) throw new IllegalArgumentException("an entry lacks a field");
            key();  // checks the range
            if (!choice().chosen() || tunedAtN < 1) throw new IllegalArgumentException("an entry has no choice");
        }
    }

    /** The file's whole content. */
    record Contents(int version, List<Entry> entries) {
    }

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private final Path file;
    private final List<Entry> entries;

    private TuningCache(Path file, List<Entry> entries) {
        this.file = file;
        this.entries = new ArrayList<>(entries);
    }

    /**
     * The cache file: {@code DIR/tuning.json} with -Dfwbench.tuning.dir=DIR, else under
     * $XDG_CACHE_HOME/fwbench, else under ~/.cache/fwbench.
     */
    static Path defaultFile() {
        String dir = System.getProperty(DIR_PROPERTY);
        if (dir != null) return Path.of(dir, FILE_NAME);
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return cache.resolve("fwbench").resolve(FILE_NAME);
    }

    /**
     * The cache in {@code file}; empty where there is none yet. A file that cannot be read, or is
     * not the suite's JSON, is ignored: one line to {@code say}, ending with {@code consequence}
     * (what the caller does instead).
     */
    static TuningCache read(Path file, Consumer<String> say, String consequence) {
        try {
            // the version first: another format's entries may lack this one's fields
            JsonNode tree = JSON.readTree(Files.readAllBytes(file));
            JsonNode version = tree.path("version");  // an empty file or JSON's null has none
            if (!version.isInt()) throw new IllegalArgumentException("no format version");
            if (version.asInt() != VERSION) throw new IllegalArgumentException("format " + version.asInt() + ", not " + VERSION);
            Contents contents = JSON.treeToValue(tree, Contents.class);
            if (contents.entries() == null) throw new IllegalArgumentException("no entries");
            contents.entries().forEach(Entry::check);
            return new TuningCache(file, contents.entries());
        } catch (NoSuchFileException e) {
            return new TuningCache(file, List.of());
        } catch (JacksonException | IllegalArgumentException e) {
            say.accept("the tuning cache " + file + " is not readable JSON of this suite (" + firstLine(e) + "): ignored; " + consequence);
        } catch (IOException e) {
            say.accept("cannot read the tuning cache " + file + " (" + firstLine(e) + "): ignored; " + consequence);
        }
        return new TuningCache(file, List.of());
    }

    Path file() {
        return file;
    }

    Optional<Entry> find(Key key) {
        return entries.stream().filter(e -> e.key().equals(key)).findFirst();
    }

    /** Adds the entry, replacing one of the same key. */
    void put(Entry entry) {
        entries.removeIf(e -> e.key().equals(entry.key()));
        entries.add(entry);
    }

    /**
     * Writes every entry, atomically (a crash leaves the old file or the new one, never half of
     * one); false, after one line to {@code say}, where the file cannot be written.
     */
    boolean write(Consumer<String> say) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            byte[] bytes = JSON.writeValueAsBytes(new Contents(VERSION, entries));
            AtomicFile.write(file, true, out -> out.write(bytes));
            return true;
        } catch (IOException e) {
            say.accept("cannot write the tuning cache " + file + " (" + firstLine(e) + "): the choice is kept for this trial only");
            return false;
        }
    }

    /**
     * An exception's message up to its first line break (Jackson's run on with the source's location);
     * a file system's error by its kind and file ("AccessDeniedException: /root/.cache/fwbench").
     */
    private static String firstLine(Exception e) {
        String message = e instanceof FileSystemException f ? e.getClass().getSimpleName() + ": " + f.getFile()
                + (f.getReason() == null ? "" : ", " + f.getReason())
                : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int end = message.indexOf('\n');
        return (end < 0 ? message : message.substring(0, end)).trim();
    }
}
