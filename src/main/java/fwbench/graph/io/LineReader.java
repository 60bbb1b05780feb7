package fwbench.graph.io;

import java.io.BufferedReader;
import java.io.IOException;

/**
 * The lines of a text file with their numbers, and one-line errors that name the file and line. A
 * UTF-8 byte-order mark before the first line is skipped: editors on Windows write one, and it is
 * no part of any format's first line.
 */
final class LineReader {
    private static final int SHOWN = 60;
    /** The UTF-8 byte-order mark EF BB BF as the files are decoded (ISO-8859-1, one char a byte). */
    static final String UTF8_BOM_AS_LATIN1 = "\u00EF\u00BB\u00BF";
    /** The byte-order mark as one char, for a reader that decodes UTF-8. */
    private static final String BOM = "\uFEFF";

    private final BufferedReader in;
    private final String name;
    private long number;

    LineReader(BufferedReader in, String name) {
        this.in = in;
        this.name = name;
    }

    /** The next line, or null at the end of the file. */
    String next() throws IOException {
        String line = in.readLine();
        if (line == null) return null;
        if (++number == 1) {
            if (line.startsWith(UTF8_BOM_AS_LATIN1)) return line.substring(UTF8_BOM_AS_LATIN1.length());
            if (line.startsWith(BOM)) return line.substring(BOM.length());
        }
        return line;
    }

    /** Number of the line last returned (1 for the first). */
    long number() {
        return number;
    }

    /** The file as the user named it. */
    String name() {
        return name;
    }

    /** An error at the line last read. */
    GraphFileException error(String what) {
        return errorAt(number, what);
    }

    GraphFileException errorAt(long line, String what) {
        return new GraphFileException(name + ", line " + line + ": " + what);
    }

    /** An error about the whole file (a count that does not match, a missing header). */
    GraphFileException fileError(String what) {
        return new GraphFileException(name + ": " + what);
    }

    /** A line for a message: trimmed and cut short, so that a 40,000-value row does not fill the terminal. */
    static String shown(String line) {
        String t = line.strip();
        return "'" + (t.length() <= SHOWN ? t : t.substring(0, SHOWN) + "...") + "'";
    }
}
