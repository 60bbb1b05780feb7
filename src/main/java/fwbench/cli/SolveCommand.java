package fwbench.cli;

import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import fwbench.graph.Distances;
import fwbench.graph.io.BatchFiles;
import fwbench.graph.io.GraphFile;
import fwbench.graph.io.GraphFileException;
import fwbench.graph.io.GraphFiles;
import fwbench.graph.io.GraphFormat;
import fwbench.graph.io.Solution;
import fwbench.run.HeapCheck;
import fwbench.run.RunArguments;
import fwbench.solve.CellChoice;
import fwbench.solve.NegativeCycleFound;
import fwbench.solve.Progress;
import fwbench.solve.Solve;
import fwbench.solve.SolveFailure;
import fwbench.solve.SolveInput;
import fwbench.solve.SolveRequest;
import fwbench.solve.SolveResult;
import fwbench.tuning.TuningMode;
import fwbench.usage.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code solve --graph FILE --out FILE [--variant V] [--cell TYPE] [--paths] [--undirected] [--force] [--no-verify]}: all-pairs
 * shortest paths of a graph file, written as distances (and, with --paths, the intermediate-node
 * matrix) for {@code path} and other programs.
 *
 * <p>Order of work, so that a mistake costs nothing: the options and the output's folder are
 * checked, the graph is read in full (every bad line refused; its edges, not yet its matrix), the
 * variant is chosen and the device memory and the heap checked, and only then is any matrix allocated; the output appears
 * under its name only once complete and verified. A negative cycle or a wrong answer writes nothing.
 * The solve itself (the choice of variants, the checks, the CPU reference) is the pipeline the
 * library shares, {@link Solve}; this command reads the file, turns its refusals and failures into
 * one line and an exit code, and writes the output ({@link SolveOutput}).
 */
@Command(name = "solve", sortOptions = false,
        description = "Computes all-pairs shortest paths of a graph file on the GPU (on the CPU without one), verifies them, "
                + "and writes the distances: binary, or text if the --out name ends in .txt (layout: docs/solve.md, 'Output files').",
        footer = {"", "Graph files: .gr (DIMACS), .mtx (MatrixMarket), .edges (u v w per line), .dense (n rows of n weights), each may be .gz.",
                "A batch of graphs (one output file; docs/solve.md, 'Batches'): a .gedges file (g u v w per line) or a folder of graph files.",
                "Exit codes: 0 written; 1 no answer written (negative cycle, failed verification, write error); 2 bad input."})
public final class SolveCommand implements Callable<Integer> {

    /** How often a long stage says it is still running. */
    static final long TICK_MILLIS = 5_000;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
    boolean help;

    @Option(names = "--graph", required = true, paramLabel = "FILE", description = "the graph file; or a batch: a .gedges file or a folder of graph files")
    Path graphFile;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "where the distances go (FILE.txt: text; any other name: binary)")
    Path outFile;

    @Option(names = "--variant", paramLabel = "V",
            description = "a variant, named as for the benchmark's -p variant, or 'reference' (the CPU oracle); default: the fastest GPU variant that takes the graph, cpu-blocked without a GPU")
    String variantName;

    @Option(names = "--cell", paramLabel = "TYPE",
            description = "the distances' cell type: int32, int64, float32, float64; default: int32 for integer weights whose distances fit it, int64 past it, float64 for real weights")
    String cellWord;

    @Option(names = "--paths", description = "also write the intermediate-node matrix, so that 'path' can rebuild routes")
    boolean paths;

    @Option(names = "--undirected", description = "read each edge of a .gr or .edges file both ways (as scipy's directed=False)")
    boolean undirected;

    @Option(names = "--force", description = "replace --out if it exists (by default an existing file is never overwritten)")
    boolean force;

    @Option(names = "--no-verify", description = "write the result without checking it first")
    boolean noVerify;

    @Spec
    CommandSpec spec;

    /**
     * From this n the matrices stay off the Java heap (uploaded, checked and written by row band):
     * past what one Java array holds. Tests lower it to run that path on small graphs.
     */
    static int offHeapFromN = Distances.INT_INDEX_MAX_N + 1;

    private Progress progress;
    private SolveOutput output;

    @Override
    public Integer call() throws UsageException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        progress = new Progress(err, "fwbench solve: ", TICK_MILLIS);
        // a folder or a .gedges file is a batch of graphs, solved together and written to one file
        if (BatchFiles.isBatch(graphFile)) {
            if (cellWord != null && CellChoice.parse(cellWord) != CellType.INT32) {
                throw new UsageException("a batch is solved in int32 cells; leave out " + CellChoice.OPTION + " (or give int32)");
            }
            return new SolveBatch(this, progress).call(out, err);
        }
        output = new SolveOutput(outFile, graphFile, paths, force, progress);

        // every check that needs no graph comes first, then the graph's own: a mistake is the only line printed
        CellType asked = cellWord == null ? null : CellChoice.parse(cellWord);
        Solve solve = checkOptions();
        GraphFile file = readGraph();
        String read = (undirected ? " (--undirected: each edge both ways)" : "") + ", read in " + progress.lastTime();
        if (!file.realWeights() && file.graph().n() >= offHeapFromN) {
            // the path off the heap writes int32 cells only
            if ((asked != null && asked != CellType.INT32) || !GraphFiles.fitsInt32(file.graph())) {
                throw new UsageException(graphFile + " has n = " + file.graph().n() + ", solved off the Java heap in int32 cells only, and "
                        + (asked != null && asked != CellType.INT32 ? CellChoice.OPTION + " " + asked.word() + " was asked for"
                        : "its distances may pass int32 ((n - 1) x max |w| = " + GraphFiles.distanceBound(file.graph()) + "): scale the weights down"));
            }
            return solveOffHeap(solve, file, read, out, err);
        }
        CellType cell = CellChoice.of(asked, graphFile.toString(), file.realWeights() ? null : file.graph());
        Solution solution;
        try {
            solution = solution(file, solve.forCell(cell).solve(SolveInput.of(file, read)), cell);
        } catch (NegativeCycleFound e) {
            return failed(e.getMessage() + " (vertices numbered as in the file): shortest paths are undefined", err);
        } catch (SolveFailure e) {
            return failed(e.getMessage(), err);
        }
        if (!output.write(solution, err)) return 1;
        output.sayWhatWasWritten(file, solution, out);
        return 0;
    }

    /**
     * A graph past {@link #offHeapFromN}: the output and the disk checked, then solved, checked
     * and written by row band ({@link Solve#solveOffHeap}); the closing line gives each stage's time.
     */
    private int solveOffHeap(Solve solve, GraphFile file, String read, PrintWriter out, PrintWriter err) throws UsageException {
        double readSeconds = progress.lastSeconds();
        int n = file.graph().n();
        String why = n > Distances.INT_INDEX_MAX_N ? "past " + Distances.INT_INDEX_MAX_N + " (its matrices stay off the Java heap)"
                : "at least " + offHeapFromN + " (its matrices stay off the Java heap)";
        output.checkOffHeap(n, why);
        Solve.OffHeapResult result;
        try {
            result = solve.solveOffHeap(SolveInput.of(file, read), why, rows -> output.writeBands(n, file.firstVertex(), rows));
        } catch (SolveFailure e) {
            return failed(e.getMessage(), err);
        } catch (IOException e) {
            return failed("cannot write " + outFile + ": " + e.getMessage(), err);
        }
        output.sayWhatWasWritten(file, result, readSeconds, out);
        return 0;
    }

    // ---- the steps of call() ----

    /** The solve pipeline, once the options are right: a variant named can run here, and the output can be written. */
    private Solve checkOptions() throws UsageException {
        // -Dfwbench.tuning: whether the cached launch choices are read (not in mode table)
        TuningMode tuning = RunArguments.tuningMode(null);
        RunArguments.checkLaunchPins();
        // any device; the cell type (and with it kleene-f32 or kleene-f64 for real weights) is chosen once the graph is read
        boolean float32 = false;
        SolveRequest request = new SolveRequest(paths, variantName, !noVerify, SolveRequest.Device.ANY, float32, tuning,
                HeapCheck.Heap.thisJvm("solve ..."), SolveRequest.Terms.COMMAND_LINE);
        Solve solve = Solve.prepare(request, progress);
        SolveOutput.checkTarget(outFile, graphFile, force);
        if (undirected) checkUndirected();
        return solve;
    }

    /** Refuses --undirected for a format whose file already says which edges go both ways. */
    private void checkUndirected() throws UsageException {
        Path name = graphFile.getFileName();
        Optional<GraphFormat> format = name == null ? Optional.empty() : GraphFormat.forName(name.toString());
        if (format.isEmpty() || format.get().readsUndirected()) return;  // an unknown extension is refused when the file is read
        throw new UsageException("--undirected reads .gr and .edges files, whose lines are edges; " + graphFile + (format.get() == GraphFormat.MATRIX_MARKET
                ? " is MatrixMarket, whose banner says whether the matrix is symmetric (then each entry is an edge both ways)"
                : " is a dense matrix, which holds both directions of every pair already"));
    }

    private GraphFile readGraph() throws UsageException {
        try {
            return progress.timed("reading " + graphFile, false, () -> GraphFiles.read(graphFile, undirected, true));
        } catch (GraphFileException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** What --out holds: the distances in the file's numbering; real distances in the real cells asked for (float64 ones as float32 where --cell float32 asked). */
    private static Solution solution(GraphFile file, SolveResult result, CellType cell) {
        DistanceMatrix distances = result.cells().real() ? DistanceMatrix.rounded(result.distanceMatrix(), cell) : result.distanceMatrix();
        return new Solution(result.n(), file.firstVertex(), distances, result.intermediates());
    }

    /** Says why there is no answer to write, in one line; exit code 1. */
    private static int failed(String why, PrintWriter err) {
        err.println("fwbench solve: " + why + "; nothing written");
        err.flush();
        return 1;
    }
}
