package fwbench.solve;

import fwbench.graph.io.BatchFiles;
import fwbench.graph.io.GraphFileException;
import fwbench.run.HeapCheck;
import fwbench.tuning.TuningMode;
import fwbench.usage.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The batch's heap check: a batch past the heap is refused while it is read, naming the largest batch that fits. */
class BatchSolveTest {

    @TempDir
    Path dir;

    private static SolveRequest request(long heapBytes, String variant) {
        return new SolveRequest(false, variant, true, SolveRequest.Device.ANY, false, TuningMode.TABLE,
                new HeapCheck.Heap(heapBytes, "java -Xmx%dg -jar target/benchmarks.jar solve ...", 0), SolveRequest.Terms.COMMAND_LINE);
    }

    @Test
    void aBatchPastTheHeapIsRefusedAtTheFirstGraphThatDoesNotFit() throws IOException, UsageException {
        // 120 MiB: 0.85 of it less the 96 MiB reserve leaves 6,291,456 bytes, 393,216 cells of 16 bytes: 24 graphs of n = 128
        BatchSolve solve = BatchSolve.prepare(request(120L << 20, "reference"), Progress.silent());
        StringBuilder text = new StringBuilder();
        for (int g = 0; g < 30; g++) text.append(g).append(" 0 127 1\n");
        Path file = Files.writeString(dir.resolve("many.gedges"), text);
        GraphFileException e = assertThrows(GraphFileException.class, () -> BatchFiles.read(file, false, solve.limits()));
        assertTrue(e.getMessage().startsWith("graph 24 of " + file + " takes the batch to 409,600 matrix cells, past what this JVM's heap of 0.12 GiB holds"), e.getMessage());
        assertTrue(e.getMessage().endsWith("the largest batch that fits is its first 24 graphs; give it more heap, e.g. java -Xmx1g -jar target/benchmarks.jar solve ..."),
                e.getMessage());
    }

    @Test
    void aBatchIsSolvedBySmallGraphsOrTheReferenceOnly() {
        UsageException e = assertThrows(UsageException.class, () -> BatchSolve.prepare(request(1L << 30, "kleene"), Progress.silent()));
        assertEquals("a batch of graphs is solved by small-graphs or reference, not kleene; solve a graph alone (solve --graph FILE) for the other variants", e.getMessage());
    }
}
