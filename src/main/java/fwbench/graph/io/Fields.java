package fwbench.graph.io;

/**
 * Walks the fields of one line without splitting it into strings: fields are separated by spaces
 * and tabs (and commas where a format allows them). Whole numbers are parsed in place, because a
 * dense 5000-vertex file has 25 million of them.
 */
final class Fields {
    private final boolean commas;
    private String line = "";
    private int position;
    private int start;
    private int end;
    private long value;

    Fields(boolean commas) {
        this.commas = commas;
    }

    /** Starts over on a new line. */
    Fields of(String text) {
        line = text;
        position = 0;
        start = end = 0;
        return this;
    }

    /** Moves to the next field; false when the line has no more. */
    boolean next() {
        int p = position, length = line.length();
        while (p < length && separator(line.charAt(p))) p++;
        if (p == length) {
            position = p;
            return false;
        }
        start = p;
        while (p < length && !separator(line.charAt(p))) p++;
        end = p;
        position = p;
        return true;
    }

    /** Whether the line has fields left. */
    boolean more() {
        int p = position, length = line.length();
        while (p < length && separator(line.charAt(p))) p++;
        return p < length;
    }

    /** The current field. */
    String token() {
        return line.substring(start, end);
    }

    /** Whether the current field is {@code word}, ignoring case. */
    boolean is(String word) {
        return end - start == word.length() && line.regionMatches(true, start, word, 0, word.length());
    }

    /** Moves to the next field and parses it as a whole number (then in {@link #value()}); false if there is none or it is not one. */
    boolean nextLong() {
        return next() && parseLong();
    }

    /** Parses the current field as a whole number with an optional sign; at most 18 digits, so it cannot overflow. */
    boolean parseLong() {
        int p = start;
        boolean negative = false;
        if (p < end && (line.charAt(p) == '-' || line.charAt(p) == '+')) {
            negative = line.charAt(p) == '-';
            p++;
        }
        if (p == end || end - p > 18) return false;
        long v = 0;
        for (; p < end; p++) {
            char c = line.charAt(p);
            if (c < '0' || c > '9') return false;
            v = v * 10 + (c - '0');
        }
        value = negative ? -v : v;
        return true;
    }

    long value() {
        return value;
    }

    private boolean separator(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0B || (commas && c == ',');
    }
}
