package fwbench.cli;

import fwbench.graph.ShortestPaths;
import fwbench.graph.io.BatchSolutionFiles;
import fwbench.graph.io.GraphFileException;
import fwbench.graph.io.SolutionCells;
import fwbench.usage.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code path SOLUTION FROM TO}: the shortest route between two vertices, rebuilt from a file that
 * {@code solve --paths} wrote (distances and report 003's intermediate-node matrix); from a file
 * of distances only, the length alone. Vertices are
 * read and printed in the graph file's numbering (from 1 for .gr and .mtx, from 0 otherwise), which
 * the solution file records. A binary file is read only where the route's cells lie, so a query
 * on a solution of any size takes a few reads a vertex.
 */
@Command(name = "path", sortOptions = false,
        description = "Prints the shortest path between two vertices, rebuilt from a file written by 'solve --paths' (of a batch: --graph G), "
                + "and its length (from a file of distances only, the length alone). Vertices are numbered as in the graph file (from 1 for .gr and .mtx, from 0 for .edges and .dense).",
        footer = {"", "Exit codes: 0 answered (a path, or 'no path'); 1 the file's matrices do not describe a path; 2 bad input."})
public final class PathCommand implements Callable<Integer> {

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
    boolean help;

    @Option(names = "--graph", paramLabel = "G", description = "the graph of a batch file (from 0), as solve numbered them")
    Integer graph;

    @Parameters(index = "0", paramLabel = "SOLUTION", description = "a file written by solve (with --paths for routes)")
    Path solutionFile;

    @Parameters(index = "1", paramLabel = "FROM", description = "the first vertex")
    String from;

    @Parameters(index = "2", paramLabel = "TO", description = "the last vertex")
    String to;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws UsageException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (SolutionCells solution = open()) {
            return answer(solution, out, err);
        } catch (IOException | UncheckedIOException e) {
            err.println("fwbench path: cannot read " + solutionFile + ": " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    /**
     * The solution's cells, read where they lie (a binary file is never read whole); of a batch file, the graph --graph
     * names (that graph's matrices alone read).
     */
    private SolutionCells open() throws UsageException {
        try {
            boolean batch = BatchSolutionFiles.isBatch(solutionFile);
            if (batch && graph == null) {
                int count = BatchSolutionFiles.count(solutionFile);
                throw new UsageException(solutionFile + " holds a batch of " + count + " graphs: name one with --graph G (0.." + (count - 1) + ")");
            }
            if (!batch && graph != null && Files.isRegularFile(solutionFile)) throw new UsageException("--graph is for a batch file; " + solutionFile + " is not one (leave out --graph)");
            return batch ? SolutionCells.of(BatchSolutionFiles.readGraph(solutionFile, graph)) : SolutionCells.open(solutionFile);
        } catch (GraphFileException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private int answer(SolutionCells solution, PrintWriter out, PrintWriter err) throws UsageException {
        int first = solution.firstVertex();
        int i = vertex(from, solution), j = vertex(to, solution);
        if (!solution.hasPaths()) {
            // the distance still answers; the route needs the intermediate-node matrix
            out.println(solution.reachable(i, j) ? "length " + solution.distanceText(i, j) + " (" + solutionFile + " holds distances only: solve with --paths to rebuild routes)"
                    : "no path from " + (i + first) + " to " + (j + first) + " (unreachable)");
            out.flush();
            return 0;
        }
        Optional<List<Integer>> route;
        try {
            route = solution.reachable(i, j) ? Optional.of(ShortestPaths.route(solution.n(), solution::intermediate, i, j)) : Optional.empty();
        } catch (IllegalStateException e) {
            err.println("fwbench path: " + solutionFile + " does not describe a path from " + from.trim() + " to " + to.trim() + ": " + e.getMessage());
            err.flush();
            return 1;
        }
        if (route.isEmpty()) {
            out.println("no path from " + (i + first) + " to " + (j + first) + " (unreachable)");
        } else {
            List<Integer> vertices = route.get();
            out.println(vertices.stream().map(v -> String.valueOf(v + first)).collect(Collectors.joining(" -> ")));
            int edges = vertices.size() - 1;
            out.println("length " + solution.distanceText(i, j) + " (" + edges + (edges == 1 ? " edge)" : " edges)"));
        }
        out.flush();
        return 0;
    }

    /** A vertex in the file's numbering, as a 0-based index; refused when it is not one of the graph's. */
    private int vertex(String text, SolutionCells solution) throws UsageException {
        int first = solution.firstVertex(), last = first + solution.n() - 1;
        long v;
        try {
            v = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("'" + text + "' is not a vertex: expected a whole number in " + first + ".." + last);
        }
        if (v < first || v > last) {
            throw new UsageException("vertex " + v + " is out of range: " + solutionFile + " numbers its vertices " + first + ".." + last
                    + " (as its graph file did)");
        }
        return (int) (v - first);
    }
}
