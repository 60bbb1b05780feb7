package fwbench.graph.io;

import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.Graphs;
import fwbench.graph.MatrixGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GraphFilesTest {

    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static int[] matrix(int n, int[][] edges) {
        int[] w = Graphs.empty(n).weights();
        for (int[] e : edges) w[e[0] * n + e[1]] = e[2];
        return w;
    }

    /** A graph with unreachable pairs, zero weights and a vertex without edges. */
    static MatrixGraph awkward(int n, long seed) {
        int[] w = GraphSpec.parse("sparse:0.08").instance(n, seed).weights();
        w[2 * n + 5] = 0;
        for (int j = 0; j < n; j++) if (j != 3) w[3 * n + j] = w[j * n + 3] = Distances.INF;  // vertex 3: isolated
        return new MatrixGraph(n, w, "awkward");
    }

    // ---- every format reads what a writer independent of the readers wrote ----

    static Stream<Arguments> formatsAndCompression() {
        return Arrays.stream(GraphFormat.values()).flatMap(f -> Stream.of(Arguments.of(f, false), Arguments.of(f, true)));
    }

    @ParameterizedTest(name = "{0} gzip={1}")
    @MethodSource("formatsAndCompression")
    void everyFormatReadsBackTheGraphItWasWrittenFrom(GraphFormat format, boolean gzip) throws IOException {
        MatrixGraph graph = awkward(37, 5);
        GraphFile read = GraphFiles.read(GraphFileWriter.write(graph, format, dir, "g", gzip));
        assertEquals(format, read.format());
        assertEquals(37, read.n());
        assertArrayEquals(graph.weights(), read.graph().weights());
        assertEquals(format == GraphFormat.DIMACS || format == GraphFormat.MATRIX_MARKET ? 1 : 0, read.firstVertex());
    }

    /** A UTF-8 byte-order mark, as Windows editors save files, is skipped in every format, gzipped or not. */
    @ParameterizedTest(name = "{0} gzip={1}")
    @MethodSource("formatsAndCompression")
    void aLeadingByteOrderMarkIsSkippedInEveryFormat(GraphFormat format, boolean gzip) throws IOException {
        MatrixGraph graph = awkward(19, 3);
        Path plain = GraphFileWriter.write(graph, format, dir, "plain", false);
        byte[] text = Files.readAllBytes(plain);
        byte[] marked = new byte[UTF8_BOM.length + text.length];
        System.arraycopy(UTF8_BOM, 0, marked, 0, UTF8_BOM.length);
        System.arraycopy(text, 0, marked, UTF8_BOM.length, text.length);
        Path file = dir.resolve("bom." + format.extension() + (gzip ? ".gz" : ""));
        if (gzip) {
            try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(file))) {
                out.write(marked);
            }
        } else {
            Files.write(file, marked);
        }
        assertArrayEquals(graph.weights(), GraphFiles.read(file).graph().weights());
    }

    /** After a byte-order mark, a bad line is still named by its number and shown without the mark. */
    @Test
    void aByteOrderMarkDoesNotHideTheFirstLinesMistake() throws IOException {
        Path bad = dir.resolve("bom.gr");
        byte[] text = "p sp 2 x\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] marked = new byte[UTF8_BOM.length + text.length];
        System.arraycopy(UTF8_BOM, 0, marked, 0, UTF8_BOM.length);
        System.arraycopy(text, 0, marked, UTF8_BOM.length, text.length);
        Files.write(bad, marked);
        assertEquals(bad + ", line 1: expected the problem line 'p sp N M', got 'p sp 2 x'",
                assertThrows(GraphFileException.class, () -> GraphFiles.read(bad)).getMessage());
    }

    private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    @Test
    void report003sExampleAsDenseText() throws IOException {
        GraphFile read = GraphFiles.read(file("report003.dense", """
                # report 003's example; rows are sources, columns targets
                0  41 67 34 0  69
                24 0  78 58 62 64
                5  45 0  81 27 61

                91 95 42 0  27 36
                91 4  2  53 0  92
                82 21 16 18 95 0
                """));
        assertArrayEquals(Graphs.flatten(Graphs.REPORT_003_WEIGHTS), read.graph().weights());
        assertEquals(30, read.edges());
        assertEquals(95, read.maxAbsWeight());
    }

    @Test
    void dimacsIsRenumberedFromOneAndKeepsTheLightestParallelArc() throws IOException {
        GraphFile read = GraphFiles.read(file("g.gr", """
                c 9th DIMACS challenge style
                p sp 4 5

                a 1 2 7
                a 1 2 3
                a 2 4 -2
                c comments may come anywhere
                a 4 1 10
                a 3 3 5
                """));
        assertArrayEquals(matrix(4, new int[][] {{0, 1, 3}, {1, 3, -2}, {3, 0, 10}}), read.graph().weights());
        assertEquals(3, read.edges());
        assertTrue(read.graph().negativeWeights());
    }

    @Test
    void selfLoopsOfWeightAtLeastZeroAreDroppedAndNegativeOnesKept() throws IOException {
        GraphFile read = GraphFiles.read(file("loops.edges", "0 0 5\n1 1 -3\n1 1 -1\n0 1 2\n"));
        assertArrayEquals(new int[] {0, 2, Distances.INF, -3}, read.graph().weights());
    }

    @Test
    void matrixMarketSymmetricGivesBothDirections() throws IOException {
        GraphFile read = GraphFiles.read(file("s.mtx", """
                %%MatrixMarket matrix coordinate integer symmetric
                % lower triangle only
                3 3 3
                2 1 4
                3 2 6
                3 3 9
                """));
        assertArrayEquals(matrix(3, new int[][] {{1, 0, 4}, {0, 1, 4}, {2, 1, 6}, {1, 2, 6}}), read.graph().weights());
        assertEquals(4, read.edges());
    }

    @Test
    void matrixMarketPatternWeighsOneAndRealAcceptsWholeNumbers() throws IOException {
        GraphFile pattern = GraphFiles.read(file("p.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n"));
        assertArrayEquals(new int[] {0, 1, Distances.INF, 0}, pattern.graph().weights());
        GraphFile real = GraphFiles.read(file("r.mtx", "%%matrixmarket MATRIX Coordinate Real General\n2 2 2\n1 2 3.0\n2 1 2e1\n"));
        assertArrayEquals(new int[] {0, 3, 20, 0}, real.graph().weights());
    }

    // ---- decimal weights: a graph of real weights in every format ----

    /** Every format reads decimals into a real graph; whole ones among them stay exact, and the lightest parallel edge is kept. */
    @ParameterizedTest
    @CsvSource(delimiter = '¦', textBlock = """
            r.gr    ¦ c decimals\\np sp 3 4\\na 1 2 2.5\\na 2 3 -1e-3\\na 3 1 4\\na 1 2 7.25\\n
            r.mtx   ¦ %%MatrixMarket matrix coordinate real general\\n3 3 4\\n1 2 2.5\\n2 3 -.001\\n3 1 4.0\\n1 2 7.25\\n
            r.edges ¦ 0 1 2.5\\n1,2,-1E-3\\n2 0 4\\n0 1 7.25\\n
            r.dense ¦ 0 2.5 INF\\nINF 0 -0.001\\n4 INF 0\\n
            """)
    void everyFormatReadsDecimalWeights(String name, String content) throws IOException {
        GraphFile read = GraphFiles.read(file(name, content.replace("\\n", "\n")));
        assertTrue(read.realWeights());
        assertEquals(null, read.graph());
        double inf = Double.POSITIVE_INFINITY;
        assertArrayEquals(new double[] {0, 2.5, inf, inf, 0, -0.001, 4, inf, 0}, read.realGraph().weights());
        assertTrue(read.negativeWeights());
        assertEquals(4, read.maxAbsWeight());
        assertTrue(read.summary().contains("real weights"), read.summary());
    }

    /** A whole weight beyond INF is fine in a graph of real weights (it is refused in an integer one: badFilesAreRefusedInOneLine). */
    @Test
    void largeWholeWeightsAreRealWhenAnotherHasAFraction() throws IOException {
        GraphFile read = GraphFiles.read(file("big.gr", "p sp 2 2\na 1 2 2000000000\na 2 1 0.5\n"));
        assertArrayEquals(new double[] {0, 2e9, 0.5, 0}, read.realGraph().weights());
    }

    /** On the device each weight is its float32 bits; no edge is +infinity. */
    @Test
    void realWeightsBecomeFloat32Words() throws IOException {
        GraphFile read = GraphFiles.read(file("w.edges", "0 1 0.1\n"));
        int[] words = read.realGraph().float32Words();
        assertEquals(Float.floatToRawIntBits(0.1f), words[1]);
        assertEquals(Float.floatToRawIntBits(Float.POSITIVE_INFINITY), words[2]);
        assertEquals(0, words[0]);
    }

    @Test
    void edgeListTakesCommasAndCommentsAndNumbersFromZero() throws IOException {
        GraphFile read = GraphFiles.read(file("g.edges", "# u v w\n% also a comment\n0,2,5\n\n2\t1  -1\n"));
        assertEquals(3, read.n());
        assertArrayEquals(matrix(3, new int[][] {{0, 2, 5}, {2, 1, -1}}), read.graph().weights());
    }

    @Test
    void denseMatrixTakesInfInAnyCaseAndCommas() throws IOException {
        GraphFile read = GraphFiles.read(file("g.dense", "0, 1, inf\nINF 0 Inf\n-2 INF 0\n"));
        assertArrayEquals(matrix(3, new int[][] {{0, 1, 1}, {2, 0, -2}}), read.graph().weights());
    }

    @Test
    void extensionsAreMatchedIgnoringCase() throws IOException {
        assertEquals(GraphFormat.DIMACS, GraphFiles.read(file("UPPER.GR", "p sp 1 0\n")).format());
    }

    // ---- bad input: one line, with the file, the line and what was expected ----

    @ParameterizedTest(name = "{0}: {2}")
    @CsvSource(delimiter = '¦', quoteCharacter = '"', textBlock = """
            bad.gr    ¦ p sp 3 2\\na 1 2\\n                      ¦ line 2: expected an arc 'a U V W' (integers U and V, a number W), got 'a 1 2'
            bad.gr    ¦ p sp 3 1\\na 1 2 x\\n                    ¦ line 2: expected an arc 'a U V W' (integers U and V, a number W), got 'a 1 2 x'
            bad.gr    ¦ a 1 2 3\\n                               ¦ line 1: an arc before the problem line 'p sp N M'
            bad.gr    ¦ p sp 3 1\\na 1 4 5\\n                    ¦ line 2: vertex 4 is out of range 1..3 (n = 3)
            bad.gr    ¦ p sp 3 1\\na 0 1 5\\n                    ¦ line 2: vertex 0 is out of range 1..3 (n = 3)
            bad.gr    ¦ c empty\\np sp 0 0\\n                    ¦ line 2: the problem line gives n = 0: a graph needs at least one vertex
            bad.gr    ¦ p sp 600000 0\\n                         ¦ line 1: the problem line gives n = 600000: at most 524280 vertices fit (the largest n a GPU kernel's grid covers; device memory ends long before it)
            bad.gr    ¦ p sp 3 3\\na 1 2 3\\n                    ¦ the problem line (line 1) declares 3 arcs, the file has 1 (is it truncated?)
            bad.gr    ¦ p sp 3 0\\na 1 2 3\\n                    ¦ the problem line (line 1) declares 0 arcs, the file has 1
            bad.gr    ¦ p sp 3\\n                                ¦ line 1: expected the problem line 'p sp N M', got 'p sp 3'
            bad.gr    ¦ p sp 2 0\\np sp 2 0\\n                   ¦ line 2: a second problem line (the first is line 1)
            bad.gr    ¦ x 1 2\\n                                 ¦ line 1: expected a comment 'c ...', the problem line 'p sp N M' or an arc 'a U V W', got 'x 1 2'
            bad.gr    ¦ c nothing else\\n                        ¦ no problem line 'p sp N M' (is this a DIMACS .gr file?)
            bad.gr    ¦ p sp 2 1\\na 1 2 2000000000\\n           ¦ line 2: weight 2000000000 is out of range: |w| must be below 1073741823 (INF, fwbench's 'no edge')
            bad.mtx   ¦ 3 3 1\\n1 2 3\\n                         ¦ line 1: expected the banner '%%MatrixMarket matrix coordinate FIELD SYMMETRY', got '3 3 1'
            bad.mtx   ¦ %%MatrixMarket matrix array real general\\n3 3\\n ¦ line 1: 'array' (dense) MatrixMarket files are not read: use 'coordinate', or the .dense format
            bad.mtx   ¦ %%MatrixMarket matrix coordinate complex general\\n ¦ line 1: the field 'complex' is not read: integer, real or pattern
            bad.mtx   ¦ %%MatrixMarket matrix coordinate real skew-symmetric\\n ¦ line 1: the symmetry 'skew-symmetric' is not read: general or symmetric
            bad.mtx   ¦ %%MatrixMarket matrix coordinate real general\\n% c\\n3 4 0\\n ¦ line 3: the matrix is 3 x 4: a graph's adjacency matrix is square
            bad.mtx   ¦ %%MatrixMarket matrix coordinate real general\\n2 2 2\\n1 2 1.0\\n2 1 nan\\n ¦ line 4: weight 'nan' is not a finite number: leave an absent edge out (a .dense file writes INF)
            bad.mtx   ¦ %%MatrixMarket matrix coordinate real general\\n2 2 1\\n1 2 1e39\\n ¦ line 3: weight '1e39' is out of range: |w| must be at most 3.4028235E38 (float32's largest value)
            bad.mtx   ¦ %%MatrixMarket matrix coordinate real general\\n2 2 1\\n1 2 0x1p3\\n ¦ line 3: expected an entry 'I J VALUE' (two integers and a number), got '1 2 0x1p3'
            bad.gr    ¦ p sp 2 1\\na 1 2 -Infinity\\n           ¦ line 2: weight '-Infinity' is not a finite number: leave an absent edge out (a .dense file writes INF)
            bad.gr    ¦ p sp 2 1\\na 1 2 1e-40\\n               ¦ line 2: weight '1e-40' is too close to 0: |w| must be 0 or at least 1.17549435E-38 (float32's smallest normal value)
            bad.gr    ¦ p sp 2 1\\na 1 2 2.5e400\\n             ¦ line 2: weight '2.5e400' is out of range: |w| must be at most 3.4028235E38 (float32's largest value)
            bad.gr    ¦ p sp 2 2\\na 1 2 2000000000\\na 2 1 1\\n ¦ line 2: weight 2000000000 is out of range: |w| must be below 1073741823 (INF, fwbench's 'no edge')
            bad.edges ¦ 0 1 NaN\\n                              ¦ line 1: weight 'NaN' is not a finite number: leave an absent edge out (a .dense file writes INF)
            bad.edges ¦ 0 1 1.5f\\n                             ¦ line 1: expected an edge 'u v w' (integers u and v, a number w), got '0 1 1.5f'
            bad.dense ¦ 0 -inf\\n1 0\\n                        ¦ line 1: weight '-inf' is not a finite number: leave an absent edge out (a .dense file writes INF)
            bad.dense ¦ 0 0.5\\n3.4e38 0\\n                    ¦ weights too large: a simple path of n - 1 = 1 edges of up to |w| = 3.4E38 could weigh 3.4E38, above 1.7014117E38 (half of float32's largest value; distances are float32); scale the weights down
            bad.mtx   ¦ %%MatrixMarket matrix coordinate integer general\\n2 2 1\\n1 2 1.5\\n ¦ line 3: expected an entry 'I J VALUE' (three integers), got '1 2 1.5'
            bad.mtx   ¦ %%MatrixMarket matrix coordinate pattern general\\n2 2 1\\n1 2 3\\n ¦ line 3: expected an entry 'I J' (two integers), got '1 2 3'
            bad.mtx   ¦ %%MatrixMarket matrix coordinate integer general\\n2 2 3\\n1 2 1\\n ¦ the size line (line 2) declares 3 entries, the file has 1 (is it truncated?)
            bad.mtx   ¦ %%MatrixMarket matrix coordinate integer general\\n2 2 1\\n3 1 1\\n ¦ line 3: vertex 3 is out of range 1..2 (n = 2)
            bad.mtx   ¦ %%MatrixMarket matrix coordinate integer general\\n0 0 0\\n ¦ line 2: the size line gives n = 0: a graph needs at least one vertex
            bad.mtx   ¦ %%MatrixMarket matrix coordinate integer general\\n% only comments\\n ¦ no size line 'ROWS COLUMNS ENTRIES' after the banner
            bad.edges ¦ 0 1 2\\n1 2\\n                           ¦ line 2: expected an edge 'u v w' (integers u and v, a number w), got '1 2'
            bad.edges ¦ 0 1 2\\n1 x 2\\n                         ¦ line 2: expected an edge 'u v w' (integers u and v, a number w), got '1 x 2'
            bad.edges ¦ # no edges\\n\\n                         ¦ no edges, so no vertices (n = 0): expected lines 'u v w'
            bad.edges ¦ 0 -1 2\\n                                ¦ line 1: vertex -1 is out of range 0..524279 (vertices are numbered from 0; at most 524280 fit: the largest n a GPU kernel's grid covers; device memory ends long before it)
            bad.edges ¦ 0 524280 2\\n                            ¦ line 1: vertex 524280 is out of range 0..524279 (vertices are numbered from 0; at most 524280 fit: the largest n a GPU kernel's grid covers; device memory ends long before it)
            bad.dense ¦ 0 1 2\\n1 0\\n3 4 0\\n                   ¦ line 2: 2 values, expected 3 (one per vertex, as the first row on line 1)
            bad.dense ¦ 0 1\\n1 0 5\\n                          ¦ line 2: 3 values, expected 2 (one per vertex, as the first row on line 1)
            bad.dense ¦ 0 1\\n1 0\\n1 1\\n                      ¦ line 3: more than 2 rows: the first row (line 1) has 2 values, so n = 2
            bad.dense ¦ # c\\n0 1 2\\n1 0 2\\n                   ¦ the file ends after 2 rows, expected 3 (one per vertex; the first row has 3 values)
            bad.dense ¦ 0 abc\\n1 0\\n                           ¦ line 1: expected a weight (a number) or INF in column 1, got 'abc'
            bad.dense ¦ # nothing\\n                             ¦ no rows: expected n rows of n weights
            bad.dense ¦ 0 600000000 INF\\nINF 0 600000000\\nINF INF 0\\n ¦ weights too large: a simple path of n - 1 = 2 edges of up to |w| = 600000000 could weigh 1200000000, not below INF = 1073741823 (distances are int32); scale the weights down
            """)
    void badFilesAreRefusedInOneLine(String name, String content, String message) throws IOException {
        Path bad = file(name, content.replace("\\n", "\n"));
        GraphFileException e = assertThrows(GraphFileException.class, () -> GraphFiles.read(bad));
        String where = message.startsWith("line ") ? bad + ", " : bad + ": ";
        assertEquals(where + message, e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
        assertEquals(0, e.getStackTrace().length, "a user's mistake carries no stack trace");
    }

    @Test
    void missingFileUnknownExtensionAndFolder() throws IOException {
        Path missing = dir.resolve("nope.gr");
        assertEquals("no such file: " + missing, assertThrows(GraphFileException.class, () -> GraphFiles.read(missing)).getMessage());
        Path text = file("road.txt", "p sp 1 0\n");
        assertEquals(text + ": unknown graph file extension '.txt'; known: .gr (DIMACS shortest path), .mtx (MatrixMarket coordinate), "
                        + ".edges (edge list 'u v w'), .dense (dense matrix); each may be gzipped (.gz)",
                assertThrows(GraphFileException.class, () -> GraphFiles.read(text)).getMessage());
        Path bare = file("road", "p sp 1 0\n");
        assertTrue(assertThrows(GraphFileException.class, () -> GraphFiles.read(bare)).getMessage()
                .startsWith(bare + ": unknown graph file extension (none); known: .gr"));
        Path folder = Files.createDirectory(dir.resolve("folder.gr"));
        assertEquals(folder + " is a folder, not a graph file", assertThrows(GraphFileException.class, () -> GraphFiles.read(folder)).getMessage());
    }

    @Test
    void aCorruptGzipFileIsOneLine() throws IOException {
        Path bad = file("g.gr.gz", "p sp 1 0\n");
        assertTrue(assertThrows(GraphFileException.class, () -> GraphFiles.read(bad)).getMessage().startsWith(bad + ": not a valid gzip file"));
    }

    @Test
    void aBinaryFileFailsOnItsFirstLine() throws IOException {
        Path bad = Files.write(dir.resolve("bin.gr"), new byte[] {0, (byte) 0xFF, 1, 2, '\n'});
        assertTrue(assertThrows(GraphFileException.class, () -> GraphFiles.read(bad)).getMessage().startsWith(bad + ", line 1: expected a comment"));
    }

    @Test
    void theOverflowBoundAllowsWhatFits() throws IOException {
        // 2 edges of 536870911: at most 1073741822 < INF
        GraphFile ok = GraphFiles.read(file("ok.dense", "0 536870911 INF\nINF 0 -536870911\nINF INF 0\n"));
        assertEquals(536870911, ok.maxAbsWeight());
    }

    @Test
    void longLinesAreCutShortInMessages() throws IOException {
        Path bad = file("long.gr", "p sp 2 1\na 1 2 " + "9".repeat(200) + "x\n");
        String message = assertThrows(GraphFileException.class, () -> GraphFiles.read(bad)).getMessage();
        assertTrue(message.endsWith("...'"), message);
        assertTrue(message.length() < 200, message);
        Path huge = file("huge.gr", "p sp 2 1\na 1 2 " + "9".repeat(200) + "\n");  // a number, beyond float32
        String weight = assertThrows(GraphFileException.class, () -> GraphFiles.read(huge)).getMessage();
        assertTrue(weight.contains("...' is out of range"), weight);
        assertTrue(weight.length() < 200, weight);
    }

    @ParameterizedTest
    @CsvSource({"road.gr, true", "data/road, true", "x.mtx.gz, true", "road.txt, true", "random, false", "sparse:0.01, false",
            "hops:0.5, false", "sparse:.5, false", "dense, false"})
    void benchmarkParametersThatNameFiles(String value, boolean file) {
        assertEquals(file, GraphFiles.looksLikeFile(value));
    }

    @ParameterizedTest
    @EnumSource(GraphFormat.class)
    void formatsAreFoundByExtension(GraphFormat format) {
        assertEquals(format, GraphFormat.forName("x." + format.extension()).orElseThrow());
        assertEquals(format, GraphFormat.forName("x." + format.extension().toUpperCase() + ".GZ").orElseThrow());
        assertTrue(GraphFormat.forName("x." + format.extension() + ".txt").isEmpty());
    }

    @Test
    void aGeneratedGraphSurvivesEveryFormat() throws IOException {
        Graph graph = GraphSpec.parse("sparse:0.3").instance(50, 9);
        for (GraphFormat format : GraphFormat.values()) {
            assertArrayEquals(graph.weights(), GraphFiles.read(GraphFileWriter.write(graph, format, dir, "gen")).graph().weights(), format.name());
        }
    }
}
