package fwbench.cli;

import fwbench.graph.Distances;
import fwbench.graph.GraphSpec;
import fwbench.graph.Graphs;
import fwbench.graph.MatrixGraph;
import fwbench.graph.io.GraphFileWriter;
import fwbench.graph.io.GraphFormat;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** What the tests of solve and path share: a folder of their own, the jar's subcommand dispatch and what it printed. */
abstract class SolveCommandTesting {

    @TempDir
    Path dir;

    StringWriter out;
    StringWriter err;

    int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        return Subcommands.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    String out() {
        return out.toString().replace(System.lineSeparator(), "\n");
    }

    List<String> errLines() {
        return err.toString().lines().toList();
    }

    Set<Path> files() throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.collect(Collectors.toSet());
        }
    }

    Path report003File() throws IOException {
        return GraphFileWriter.write(Graphs.report003(), GraphFormat.DENSE, dir, "report003");
    }

    /** Unreachable pairs, zero weights, an isolated vertex, n not a multiple of any tile. */
    static MatrixGraph awkward(int n) {
        int[] w = GraphSpec.parse("sparse:0.06").instance(n, 21).weights();
        w[1 * n + 4] = 0;
        w[4 * n + 7] = 0;
        for (int j = 0; j < n; j++) if (j != 3) w[3 * n + j] = w[j * n + 3] = Distances.INF;
        return new MatrixGraph(n, w, "awkward");
    }
}
