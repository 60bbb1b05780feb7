package fwbench.cli;

import fwbench.cuda.Gpu;
import fwbench.graph.Distances;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * solve and path past n = 46340 on the CPU: what a solve off the heap refuses (one line, exit 2,
 * nothing written, before anything is allocated), graph files past the old limit read, and path
 * on a binary solution of 10 GB read cell by cell (a sparse file: no disk used).
 */
class SolveOffHeapTest extends SolveCommandTesting {

    @AfterEach
    void restoreThreshold() {
        SolveCommand.offHeapFromN = Distances.INT_INDEX_MAX_N + 1;
    }

    private Path gr(String name, int n, String arcs) throws IOException {
        return Files.writeString(dir.resolve(name), "p sp " + n + " " + arcs.lines().count() + "\n" + arcs);
    }

    private void refused(String expectedStart, String... args) throws IOException {
        Set<Path> before = files();
        assertEquals(2, run(args), String.join("\n", errLines()));
        List<String> lines = errLines();
        assertEquals(1, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).startsWith("fwbench: " + expectedStart) || lines.get(0).contains(expectedStart), lines.get(0));
        assertEquals(before, files(), "nothing written");
    }

    @Test
    void aGraphFilePastTheOldLimitIsReadAndNeedsAGpu() throws IOException {
        assumeFalse(Gpu.probe().available(), "with a GPU this would solve n = 50000 (SolveOffHeapGpuTest solves small graphs this way)");
        Path big = gr("big.gr", 50_000, "a 1 50000 3\na 50000 2 4\n");
        refused(big + " has n = 50000, past 46340 (its matrices stay off the Java heap): only GPU variants solve it (kleene, dataflow, kleene-bands), "
                + "and there is no GPU", "solve", "--graph", big.toString(), "--out", dir.resolve("big.apsp").toString());
    }

    @Test
    void routesNegativeAndZeroWeightsAndTextAreRefused() throws IOException {
        SolveCommand.offHeapFromN = 3;
        Path g = gr("g.gr", 5, "a 1 2 3\na 2 3 4\n");
        String past = g + " has n = 5, at least 3 (its matrices stay off the Java heap): ";
        refused(past + "--paths is not available", "solve", "--graph", g.toString(), "--out", dir.resolve("g.apsp").toString(), "--paths");
        refused("its solution is written binary", "solve", "--graph", g.toString(), "--out", dir.resolve("g.txt").toString());
        Path zero = gr("zero.gr", 5, "a 1 2 0\na 2 3 4\n");
        refused("which proves distances only where every edge weighs more than 0, and it has weights of 0; leave it unchecked with --no-verify",
                "solve", "--graph", zero.toString(), "--out", dir.resolve("z.apsp").toString());
        Path negative = gr("negative.gr", 5, "a 1 2 -1\na 2 3 4\n");
        refused("weights must be >= 0", "solve", "--graph", negative.toString(), "--out", dir.resolve("n.apsp").toString());
        refused("only GPU variants solve it (kleene, dataflow, kleene-bands, tiled-4x4, batched, blocked-reg, blocked, naive, small-graphs); "
                + "the CPU variants and the reference hold it in one Java array",
                "solve", "--graph", g.toString(), "--out", dir.resolve("r.apsp").toString(), "--variant", "reference");
    }

    @Test
    void realWeightsAndDenseFilesStopAtTheOldLimit() throws IOException {
        Path real = gr("real.gr", 50_000, "a 1 2 2.5\n");
        refused("n = 50000 with real weights (not all whole numbers): at most 46340 vertices", "solve", "--graph", real.toString(), "--out",
                dir.resolve("real.apsp").toString());
        Path dense = Files.writeString(dir.resolve("wide.dense"), "1 ".repeat(46_341).strip() + "\n");
        refused("the first row has 46341 values: a dense matrix file takes n up to 46340", "solve", "--graph", dense.toString(), "--out",
                dir.resolve("wide.apsp").toString());
    }

    /**
     * A solution of n = 50000 with routes, 20 GB as a file but sparse on disk: only the cells of one
     * route are written, past 2^31 and 2^32 bytes; path reads them where they lie.
     */
    @Test
    void pathReadsOnlyTheCellsOfItsRoute() throws IOException {
        int n = 50_000, i = 49_998, k = 7, j = 49_999;
        Path file = dir.resolve("huge.apsp");
        long cells = (long) n * n;
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(24 + 8 * cells);
            FileChannel channel = raf.getChannel();
            ByteBuffer header = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
            header.put("FWBDIST\n".getBytes(StandardCharsets.US_ASCII)).putInt(1).putInt(n).putInt(1).putInt(1).flip();
            channel.write(header, 0);
            put(channel, 24 + 4 * ((long) i * n + j), 12);                 // d(i, j), past 2^33 bytes
            put(channel, 24 + 4 * (cells + (long) i * n + j), k);          // through k
            put(channel, 24 + 4 * (cells + (long) i * n + k), n + 1);      // i -> k an edge
            put(channel, 24 + 4 * (cells + (long) k * n + j), n + 1);      // k -> j an edge
            put(channel, 24 + 4 * ((long) j * n + i), Distances.INF);
        }
        assertEquals(0, run("path", file.toString(), String.valueOf(i + 1), String.valueOf(j + 1)), String.join("\n", errLines()));
        assertEquals((i + 1) + " -> " + (k + 1) + " -> " + (j + 1) + "\nlength 12 (2 edges)\n", out());
        assertEquals(0, run("path", file.toString(), String.valueOf(j + 1), String.valueOf(i + 1)));
        assertEquals("no path from " + (j + 1) + " to " + (i + 1) + " (unreachable)\n", out());
        assertEquals(2, run("path", file.toString(), "0", "1"));
        assertEquals(List.of("fwbench path: vertex 0 is out of range: " + file + " numbers its vertices 1..50000 (as its graph file did)"), errLines());
    }

    private static void put(FileChannel channel, long at, int value) throws IOException {
        assertTrue(at > Integer.MAX_VALUE || value != 12, "the distance lies past 2^31 bytes");
        channel.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, value), at);
    }
}
