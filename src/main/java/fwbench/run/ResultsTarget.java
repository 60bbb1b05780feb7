package fwbench.run;

import fwbench.graph.io.AtomicFile;
import fwbench.usage.UsageException;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Collection;
import java.util.Locale;

/**
 * Where a run's results go: the file named with -rff, or results/DATE_DEVICE.FORMAT with a
 * -2, -3... suffix when that name is taken. An existing file is never overwritten: results are
 * written to a temporary file beside the target and moved into place (after every fork, so an
 * interrupted run keeps what it measured, and a reader never sees half a file). Its folder is made with the first results, not before.
 */
public final class ResultsTarget {
    private final Path file;
    private final ResultFormatType format;
    private boolean written;

    private ResultsTarget(Path file, ResultFormatType format) {
        this.file = file;
        this.format = format;
    }

    /** The default name under {@code directory}, or the user's file; checked before anything runs. */
    public static ResultsTarget choose(Path directory, String userFile, String userFormat, String deviceSlug, LocalDate date)
            throws UsageException {
        ResultFormatType format = ResultFormatType.JSON;
        if (userFormat != null) {
            try {
                format = ResultFormatType.valueOf(userFormat.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new UsageException("unknown result format '" + userFormat + "'; formats: text, csv, scsv, json, latex");
            }
        }
        Path file;
        if (userFile != null) {
            file = Path.of(userFile);
            if (Files.exists(file)) {
                throw new UsageException(file + " already exists; results never overwrite a file: choose another -rff");
            }
        } else {
            String base = date + "_" + deviceSlug;
            String extension = "." + format.name().toLowerCase(Locale.ROOT);
            file = directory.resolve(base + extension);
            for (int copy = 2; Files.exists(file); copy++) file = directory.resolve(base + "-" + copy + extension);
        }
        requireWritableFolder(file.toAbsolutePath().getParent());
        return new ResultsTarget(file, format);
    }

    /**
     * Refuses a folder that could not take the results, without creating it: the folder appears
     * with the first result, so a run refused or failed before one leaves no empty folder behind.
     */
    private static void requireWritableFolder(Path folder) throws UsageException {
        Path existing = folder;
        while (existing != null && !Files.exists(existing)) existing = existing.getParent();
        if (existing == null || !Files.isDirectory(existing)) {
            throw new UsageException("cannot create the results folder " + folder + ": " + existing + " is not a folder");
        }
        if (!Files.isWritable(existing)) {
            throw new UsageException(existing.equals(folder) ? "the results folder " + folder + " is not writable"
                    : "cannot create the results folder " + folder + ": " + existing + " is not writable");
        }
    }

    public Path file() {
        return file;
    }

    /** Whether the file is JMH's JSON, the only format the report reads. */
    public boolean isJson() {
        return format == ResultFormatType.JSON;
    }

    /** The format's name as -rf takes it: "csv". */
    public String formatName() {
        return format.name().toLowerCase(Locale.ROOT);
    }

    /**
     * Writes all results so far with JMH's own formatter, replacing this run's earlier version of
     * the file; written whole or not at all, with the usual permissions (AtomicFile).
     */
    public void write(Collection<RunResult> results) throws IOException {
        // the first write must not replace a file another command made since choose()
        if (!written) Files.createDirectories(file.toAbsolutePath().getParent());
        AtomicFile.write(file, written, out -> {
            PrintStream print = new PrintStream(out, false, StandardCharsets.UTF_8);
            ResultFormatFactory.getInstance(format, print).writeOut(results);
            print.flush();
        });
        written = true;
    }
}
