package fwbench.graph.io;

import fwbench.graph.Distances;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading batches: the graph column's conventions, n per graph, the limits checked while reading, folders. */
class BatchFilesTest {

    @TempDir
    Path dir;

    private GraphBatch read(String text, BatchLimits limits) throws IOException {
        return BatchFiles.read(Files.writeString(dir.resolve("b.gedges"), text), false, limits);
    }

    @Test
    void eachGraphsNIsItsLargestVertexPlusOneWithTheEdgeListsConventions() throws IOException {
        GraphBatch batch = read("\uFEFF# comment\n% also\n\n0 0 1 5\n0,2,0,1\n1\t0\t1\t0\n1 6 6 0\n2 0 0 0\n", BatchLimits.NONE);
        assertEquals(3, batch.graphs().size());
        assertEquals(3, batch.graphs().get(0).graph().n());
        assertEquals(7, batch.graphs().get(1).graph().n(), "a self-loop of weight 0 names vertex 6");
        assertEquals(1, batch.graphs().get(2).graph().n());
        assertEquals(Distances.INF, batch.graphs().get(1).graph().weight(6, 0));
        assertEquals(0, batch.graphs().get(1).graph().weight(0, 1));
        assertEquals(1, batch.graphs().get(0).graph().weight(2, 0));
        assertEquals("graph 1 of " + dir.resolve("b.gedges"), batch.graphs().get(1).name());
        assertEquals(9 + 49 + 1, batch.cells());
    }

    @Test
    void undirectedReadsEachEdgeBothWaysAndGzipIsRead() throws IOException {
        Path file = dir.resolve("u.gedges.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write("0 0 1 4\n1 1 2 3\n".getBytes(StandardCharsets.US_ASCII));
        }
        assertTrue(BatchFiles.isBatch(file));
        GraphBatch batch = BatchFiles.read(file, true, BatchLimits.NONE);
        assertEquals(4, batch.graphs().get(0).graph().weight(1, 0));
        assertEquals(3, batch.graphs().get(1).graph().weight(2, 1));
    }

    @Test
    void aGraphPastTheLargestNIsNamedWithItsN() throws IOException {
        BatchLimits limits = new BatchLimits(128, "small-graphs (one thread block a graph)", 1, Long.MAX_VALUE, "", "");
        GraphFileException e = assertThrows(GraphFileException.class, () -> read("0 0 127 1\n1 0 128 1\n2 0 1 1\n", limits));
        assertEquals("graph 1 of " + dir.resolve("b.gedges") + " has n = 129: small-graphs (one thread block a graph) takes n <= 128", e.getMessage());
    }

    @Test
    void aBatchPastTheCellsThatFitNamesTheLargestBatchThatDoes() throws IOException {
        BatchLimits limits = new BatchLimits(Distances.INT_INDEX_MAX_N, "", 1, 100, "the heap", "give it more");
        GraphFileException e = assertThrows(GraphFileException.class, () -> read("0 0 4 1\n1 0 5 1\n2 0 5 1\n3 0 1 1\n", limits));
        // 25 + 36 + 36 cells fit in 100; graph 3's 4 more do not
        assertEquals("graph 3 of " + dir.resolve("b.gedges") + " takes the batch to 101 matrix cells, past the heap; the largest batch that fits is its first 3 graphs; give it more",
                e.getMessage());
    }

    @Test
    void aSolverThatPadsItsRowsCountsThePadding() throws IOException {
        BatchLimits limits = new BatchLimits(Distances.INT_INDEX_MAX_N, "", 4, 100, "one array", "");
        assertEquals(5L * 8, limits.cellsOf(5));
        assertEquals(4L * 4, limits.cellsOf(4));
        // 5 rows of 8 = 40, then 40 more: 80 fit in 100; the third graph's 40 do not (n x n would be 25 + 25 + 25)
        GraphFileException e = assertThrows(GraphFileException.class, () -> read("0 0 4 1\n1 0 4 1\n2 0 4 1\n", limits));
        assertEquals("graph 2 of " + dir.resolve("b.gedges") + " takes the batch to 120 matrix cells, past one array; the largest batch that fits is its first 2 graphs",
                e.getMessage());
    }

    @Test
    void weightsThatCouldReachInfAreRefusedAsInAGraphFile() {
        GraphFileException e = assertThrows(GraphFileException.class, () -> read("0 0 1 1\n1 0 1 600000000\n1 1 2 600000000\n", BatchLimits.NONE));
        assertTrue(e.getMessage().startsWith("graph 1 of " + dir.resolve("b.gedges") + ": weights too large"), e.getMessage());
    }

    @Test
    void aFolderIsReadInFileNameOrderSkippingOtherFiles() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("f"));
        Files.writeString(folder.resolve("b.edges"), "0 1 2\n");
        Files.writeString(folder.resolve("a.gr"), "p sp 3 1\na 1 3 7\n");
        Files.writeString(folder.resolve("c.json"), "{}");
        Files.createDirectories(folder.resolve("d.gr"));
        GraphBatch batch = BatchFiles.read(folder, false, BatchLimits.NONE);
        assertEquals(2, batch.graphs().size());
        assertEquals("graph 0 (" + folder.resolve("a.gr") + ")", batch.graphs().get(0).name());
        assertEquals(1, batch.graphs().get(0).firstVertex());
        assertEquals(7, batch.graphs().get(0).graph().weight(0, 2));
        assertEquals(0, batch.graphs().get(1).firstVertex());
        assertEquals(7, BatchFiles.read(folder, true, BatchLimits.NONE).graphs().get(0).graph().weight(2, 0), "--undirected mirrors a .gr file's arcs");
    }

    @Test
    void undirectedRefusesAFolderWithAMatrixMarketFile() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("m"));
        Files.writeString(folder.resolve("a.mtx"), "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 2 3\n");
        GraphFileException e = assertThrows(GraphFileException.class, () -> BatchFiles.read(folder, true, BatchLimits.NONE));
        assertEquals("--undirected reads .gr and .edges files, whose lines are edges; " + folder.resolve("a.mtx")
                + " is not one (a .mtx file says its own symmetry, a .dense file holds both directions)", e.getMessage());
    }

    @Test
    void aBatchIsAFolderOrAGraphColumnFileAndNothingElse() throws IOException {
        assertTrue(BatchFiles.isBatch(dir));
        assertTrue(BatchFiles.isBatch(Path.of("mols.GEDGES")));
        assertFalse(BatchFiles.isBatch(Path.of("road.edges")));
        assertFalse(BatchFiles.isBatch(Path.of("road.gr.gz")));
        assertTrue(GraphFormat.forName("mols.gedges").isEmpty(), "a .gedges file is not read as one graph");
    }
}
