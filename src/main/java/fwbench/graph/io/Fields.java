package fwbench.graph.io;

/**
 * Walks the fields of one line without splitting it into strings: fields are separated by spaces
 * and tabs (and commas where a format allows them). Whole numbers are parsed in place, because a
 * dense 5000-vertex file has 25 million of them; decimals are checked in place, then parsed.
 */
final class Fields {
    private final boolean commas;
    private String line = "";
    private int position;
    private int start;
    private int end;
    private long value;
    private double decimal;

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

    /**
     * Parses the current field as a decimal number (then in {@link #decimal()}): digits with an
     * optional sign, point and exponent, like {@code 2.5}, {@code -.5}, {@code 1e-3}; not Java's
     * other forms (hexadecimal, a trailing f or d, NaN, Infinity).
     */
    boolean parseDecimal() {
        int p = start;
        if (p < end && (line.charAt(p) == '-' || line.charAt(p) == '+')) p++;
        int digits = 0;
        while (p < end && isDigit(line.charAt(p))) { p++; digits++; }
        if (p < end && line.charAt(p) == '.') {
            p++;
            while (p < end && isDigit(line.charAt(p))) { p++; digits++; }
        }
        if (digits == 0) return false;
        if (p < end && (line.charAt(p) == 'e' || line.charAt(p) == 'E')) {
            p++;
            if (p < end && (line.charAt(p) == '-' || line.charAt(p) == '+')) p++;
            int exponent = 0;
            while (p < end && isDigit(line.charAt(p))) { p++; exponent++; }
            if (exponent == 0) return false;
        }
        if (p != end) return false;
        decimal = Double.parseDouble(line.substring(start, end));
        return true;
    }

    double decimal() {
        return decimal;
    }

    /** Whether the current field names a value that is not a finite number: nan, inf or infinity, any case, with an optional sign. */
    boolean isNotFinite() {
        int p = start;
        if (p < end && (line.charAt(p) == '-' || line.charAt(p) == '+')) p++;
        String word = line.substring(p, end);
        return word.equalsIgnoreCase("nan") || word.equalsIgnoreCase("inf") || word.equalsIgnoreCase("infinity");
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private boolean separator(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0B || (commas && c == ',');
    }
}
