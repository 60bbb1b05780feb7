package fwbench.graph.io;

import fwbench.graph.Distances;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the text form of a solution ({@link SolutionFiles}' layout), every cell type. */
final class SolutionText {

    private static final Pattern TEXT_HEADER = Pattern.compile("# fwbench solution n=(\\d+) first=([01]) intermediates=(yes|no)(?: cells=(float32|int64|float64))?");

    private SolutionText() {
    }

    static Solution read(Path file, String name) throws IOException {
        try (BufferedReader text = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            LineReader in = new LineReader(text, name);
            String header = in.next();
            Matcher m = header == null ? null : TEXT_HEADER.matcher(header.strip());
            if (m == null || !m.matches()) {
                throw new GraphFileException(name + ": not a solution file written by fwbench's solve (no header '# fwbench solution n=N ...' or binary magic)");
            }
            long n = Long.parseLong(m.group(1));
            if (n < 1 || n > Distances.INT_INDEX_MAX_N) throw in.error("n = " + n + " is out of range 1.." + Distances.INT_INDEX_MAX_N);
            int size = (int) n;
            DistanceCells cells = m.group(4) == null ? DistanceCells.INT32 : DistanceCells.ofWord(m.group(4)).orElseThrow();
            float[] realDistances = cells == DistanceCells.FLOAT32 ? readRealRows(in, size) : null;
            int[] distances = cells == DistanceCells.INT32 ? readRows(in, size, true) : null;
            long[] int64 = cells == DistanceCells.INT64 ? readInt64Rows(in, size) : null;
            double[] float64 = cells == DistanceCells.FLOAT64 ? readFloat64Rows(in, size) : null;
            int[] intermediates = null;
            if (m.group(3).equals("yes")) {
                String line = in.next();
                if (line == null || !line.startsWith("# intermediates")) {
                    throw line == null ? in.fileError("the file ends before its intermediate-node matrix") : in.error("expected '# intermediates ...', got " + LineReader.shown(line));
                }
                intermediates = readRows(in, size, false);
            }
            if (in.next() != null) throw in.error("more lines than the header announces");
            return new Solution(size, Integer.parseInt(m.group(2)), distances, realDistances, intermediates, int64, float64);
        }
    }

    /** Parses the current token of {@code f} into cell {@code index}; throws the reader's error for one it does not take. */
    private interface CellParser {
        void parse(Fields f, int index) throws GraphFileException;
    }

    /** n rows of n cells each, every cell read by {@code cell}: the text layout of every matrix of a solution. */
    private static void readRows(LineReader in, int n, CellParser cell) throws IOException {
        Fields f = new Fields(false);
        for (int i = 0; i < n; i++) {
            String line = in.next();
            if (line == null) throw in.fileError("the file ends after " + i + " of " + n + " rows");
            f.of(line);
            for (int j = 0; j < n; j++) {
                if (!f.next()) throw in.error("row " + i + " has " + j + " values, expected " + n);
                cell.parse(f, i * n + j);
            }
            if (f.more()) throw in.error("row " + i + " has more than " + n + " values");
        }
    }

    private static int[] readRows(LineReader in, int n, boolean distances) throws IOException {
        int[] values = new int[n * n];
        readRows(in, n, (f, index) -> {
            if (distances && f.is("INF")) {
                values[index] = Distances.INF;
            } else if (f.parseLong() && f.value() > Integer.MIN_VALUE && f.value() < Integer.MAX_VALUE) {
                values[index] = (int) f.value();
            } else {
                throw in.error("expected an integer" + (distances ? " or INF" : "") + ", got '" + f.token() + "'");
            }
        });
        return values;
    }

    private static float[] readRealRows(LineReader in, int n) throws IOException {
        float[] values = new float[n * n];
        readRows(in, n, (f, index) -> {
            if (f.is("INF")) {
                values[index] = Float.POSITIVE_INFINITY;
            } else if (f.parseDecimal() && !Float.isInfinite(Float.parseFloat(f.token()))) {
                values[index] = Float.parseFloat(f.token());  // Float.toString's text back to the same float
            } else {
                throw in.error("expected a float32 or INF, got '" + f.token() + "'");
            }
        });
        return values;
    }

    private static long[] readInt64Rows(LineReader in, int n) throws IOException {
        long[] values = new long[n * n];
        readRows(in, n, (f, index) -> {
            if (f.is("INF")) {
                values[index] = Distances.INF64;
            } else if (f.parseLong() && f.value() > -Distances.INF64 && f.value() < Distances.INF64) {
                values[index] = f.value();
            } else {
                throw in.error("expected an int64 distance (|d| below " + Distances.INF64 + ") or INF, got '" + f.token() + "'");
            }
        });
        return values;
    }

    private static double[] readFloat64Rows(LineReader in, int n) throws IOException {
        double[] values = new double[n * n];
        readRows(in, n, (f, index) -> {
            if (f.is("INF")) {
                values[index] = Double.POSITIVE_INFINITY;
            } else if (f.parseDecimal() && !Double.isInfinite(Double.parseDouble(f.token()))) {
                values[index] = Double.parseDouble(f.token());  // Double.toString's text back to the same double
            } else {
                throw in.error("expected a float64 or INF, got '" + f.token() + "'");
            }
        });
        return values;
    }
}
