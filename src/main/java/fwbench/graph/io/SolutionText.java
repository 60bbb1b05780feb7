package fwbench.graph.io;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.graph.Distances;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Reads the text form of a solution ({@link SolutionFiles}' layout), every cell type. */
final class SolutionText {

    /** The header; the cells are named for every host type but int32, the cells of version 1, which names none. */
    private static final Pattern TEXT_HEADER = Pattern.compile("# fwbench solution n=(\\d+) first=([01]) intermediates=(yes|no)(?: cells=("
            + CellType.hostTypes().stream().filter(c -> c.version() != SolutionFiles.VERSION).map(CellType::word).collect(Collectors.joining("|")) + "))?");

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
            CellType cells = m.group(4) == null ? CellType.INT32 : CellType.ofWord(m.group(4)).orElseThrow();
            DistanceMatrix distances = readDistances(in, DistanceMatrix.allocate(cells, size));
            int[] intermediates = null;
            if (m.group(3).equals("yes")) {
                String line = in.next();
                if (line == null || !line.startsWith("# intermediates")) {
                    throw line == null ? in.fileError("the file ends before its intermediate-node matrix") : in.error("expected '# intermediates ...', got " + LineReader.shown(line));
                }
                intermediates = readIntermediates(in, size);
            }
            if (in.next() != null) throw in.error("more lines than the header announces");
            return new Solution(size, Integer.parseInt(m.group(2)), distances, intermediates);
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

    /**
     * The distances' rows into {@code matrix}: each cell INF or a number of the form its cells take
     * (digits for integer cells, a decimal for real ones), which the matrix reads if its cells hold it.
     */
    private static DistanceMatrix readDistances(LineReader in, DistanceMatrix matrix) throws IOException {
        boolean real = matrix.cells().real();
        readRows(in, matrix.n(), (f, index) -> {
            boolean form = f.is(Distances.NO_PATH_TEXT) || (real ? f.parseDecimal() : f.parseLong());
            if (!form || !matrix.parse(index, f.token())) {
                throw in.error("expected " + matrix.expected() + " or " + Distances.NO_PATH_TEXT + ", got '" + f.token() + "'");
            }
        });
        return matrix;
    }

    /** The intermediate-node matrix's rows: integers. */
    private static int[] readIntermediates(LineReader in, int n) throws IOException {
        int[] values = new int[n * n];
        readRows(in, n, (f, index) -> {
            if (f.parseLong() && f.value() > Integer.MIN_VALUE && f.value() < Integer.MAX_VALUE) {
                values[index] = (int) f.value();
            } else {
                throw in.error("expected an integer, got '" + f.token() + "'");
            }
        });
        return values;
    }
}
