package fwbench.cli;

import fwbench.variant.small.SmallGraphsBatch;

import fwbench.GpuTest;
import fwbench.graph.Distances;
import fwbench.graph.io.BatchSolutionFiles;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * solve on a batch on a real GPU: a mixed batch (n = 1, 7, 33, 100, 128; zero weights, ties,
 * unreachable pairs) through small-graphs in one launch, against JGraphT; a graph of negative
 * weights beside them goes to the CPU reference; a graph past small-graphs' largest n is refused.
 */
@GpuTest
class SolveBatchGpuTest extends SolveCommandTesting {

    @Test
    void aMixedBatchGoesThroughSmallGraphsAndHoldsJgraphtsDistances() throws IOException {
        List<int[]> graphs = new ArrayList<>();
        for (int copy = 0; copy < 3; copy++) for (int n : BatchTesting.MIXED_SIZES) graphs.add(BatchTesting.weights(n, 100L * copy + n));
        Path in = BatchTesting.writeGraphColumn(dir.resolve("mixed.gedges"), graphs);
        Path out = dir.resolve("mixed.apsp");
        assertEquals(0, run("solve", "--graph", in.toString(), "--out", out.toString()), err.toString());
        assertTrue(err.toString().contains("solving 15 graphs with small-graphs"), err.toString());
        assertTrue(err.toString().contains("every cell against the CPU reference"), err.toString());
        BatchTesting.assertOracleDistances(out, graphs);
        assertEquals(BatchSolutionFiles.bytes(new int[] {1, 7, 33, 100, 128, 1, 7, 33, 100, 128, 1, 7, 33, 100, 128}, false), Files.size(out));
    }

    @Test
    void aGraphOfNegativeWeightsGoesToTheCpuReferenceTheOthersToSmallGraphs() throws IOException {
        int[] negative = BatchTesting.weights(33, 5);
        for (int i = 1; i < 33; i++) negative[i * 33] = Distances.INF;  // nothing reaches vertex 0: no cycle through it
        negative[1] = -1;  // 0 -> 1 of weight -1
        List<int[]> graphs = List.of(BatchTesting.weights(100, 1), negative, BatchTesting.weights(7, 2));
        Path in = BatchTesting.writeGraphColumn(dir.resolve("neg.gedges"), graphs);
        Path out = dir.resolve("neg.apsp");
        assertEquals(0, run("solve", "--graph", in.toString(), "--out", out.toString()), err.toString());
        assertTrue(err.toString().contains("1 graph has negative weights"), err.toString());
        assertTrue(err.toString().contains("solving 2 graphs with small-graphs"), err.toString());
        BatchTesting.assertOracleDistances(out, graphs);
    }

    @Test
    void aGraphPastSmallGraphsLargestNIsRefusedBeforeAnythingIsMade() throws IOException {
        Path in = Files.writeString(dir.resolve("big.gedges"), "0 0 1 1\n1 0 512 1\n");
        Path out = dir.resolve("big.apsp");
        assertEquals(2, run("solve", "--graph", in.toString(), "--out", out.toString()));
        assertEquals(List.of("fwbench solve: graph 1 of " + in + " has n = 513: small-graphs (" + SmallGraphsBatch.MAX_N_WHY + ") takes n <= " + SmallGraphsBatch.MAX_N),
                errLines());
        assertFalse(Files.exists(out));
        assertEquals(0, run("solve", "--graph", in.toString(), "--out", out.toString(), "--variant", "reference"), err.toString());
    }
}
