package fwbench.cli;

import fwbench.GpuTest;
import fwbench.graph.Distances;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The off-heap solve (graph rows uploaded by band, checked on the device, written by band from
 * it) forced at small n, against the in-memory solve of the same file: the same bytes, for each
 * variant that takes it, below and above the size where verification turns to the certificate.
 */
@GpuTest
class SolveOffHeapGpuTest extends SolveCommandTesting {

    @AfterEach
    void restoreThreshold() {
        SolveCommand.offHeapFromN = Distances.INT_INDEX_MAX_N + 1;
    }

    /** About 6 arcs a vertex, weights 1..99 with ties (0 too when {@code zeros}), vertex 3 isolated (unreachable pairs). */
    private Path graph(int n, boolean zeros) throws IOException {
        SplittableRandom random = new SplittableRandom(n);
        StringBuilder arcs = new StringBuilder();
        int m = 0;
        for (int u = 1; u <= n; u++) {
            for (int e = 0; e < 6; e++) {
                int v = random.nextInt(1, n + 1);
                if (u == 4 || v == 4) continue;
                arcs.append("a ").append(u).append(' ').append(v).append(' ').append(random.nextInt(zeros ? 0 : 1, 100)).append('\n');
                m++;
            }
        }
        return Files.writeString(dir.resolve("g" + n + (zeros ? "z" : "") + ".gr"), "p sp " + n + " " + m + "\n" + arcs);
    }

    private byte[] solve(Path graph, String out, int offHeapFromN, String... more) throws IOException {
        SolveCommand.offHeapFromN = offHeapFromN;
        String[] args = new String[5 + more.length];
        args[0] = "solve";
        args[1] = "--graph";
        args[2] = graph.toString();
        args[3] = "--out";
        args[4] = dir.resolve(out).toString();
        System.arraycopy(more, 0, args, 5, more.length);
        assertEquals(0, run(args), String.join("\n", errLines()));
        return Files.readAllBytes(dir.resolve(out));
    }

    /** n = 300: checked cell by cell against the CPU reference; n = 2600: by the certificate on the device. */
    @ParameterizedTest
    @ValueSource(ints = {300, 2600})
    void sameBytesAsTheInMemorySolve(int n) throws IOException {
        Path g = graph(n, false);
        byte[] inMemory = solve(g, "heap.apsp", Distances.INT_INDEX_MAX_N + 1);
        for (String variant : new String[] {"kleene", "dataflow", "kleene-bands"}) {
            byte[] offHeap = solve(g, variant + ".apsp", 1, "--variant", variant);
            assertArrayEquals(inMemory, offHeap, variant);
            String line = out();
            assertTrue(line.contains("solved by " + variant + ", ") && line.contains("; read ") && line.contains(", copy to device ")
                    && line.contains(", solve ") && line.contains(", verify ") && line.contains(", write "), line);
            assertTrue(line.contains(n <= 2048 ? "every cell equals the CPU reference" : "certificate"), line);
        }
        byte[] byDefault = solve(g, "default.apsp", 1);
        assertArrayEquals(inMemory, byDefault, "the default's first off-heap variant");
        for (String pair : new String[] {"1 2", "2 1", String.valueOf(n) + " 1", "1 4"}) {
            String[] ij = pair.split(" ");
            assertEquals(0, run("path", dir.resolve("heap.apsp").toString(), ij[0], ij[1]));
            String fromHeap = out().replace("heap.apsp", "X");
            assertEquals(0, run("path", dir.resolve("kleene-bands.apsp").toString(), ij[0], ij[1]));
            assertEquals(fromHeap, out().replace("kleene-bands.apsp", "X"), pair);
        }
    }

    /** Zero weights are solved off the heap only unchecked; the answer is still the in-memory one. */
    @Test
    void zeroWeightsUnchecked() throws IOException {
        Path g = graph(500, true);
        byte[] inMemory = solve(g, "heap.apsp", Distances.INT_INDEX_MAX_N + 1);
        assertArrayEquals(inMemory, solve(g, "off.apsp", 1, "--no-verify"));
        assertTrue(out().contains("not verified (--no-verify)"), out());
    }
}
