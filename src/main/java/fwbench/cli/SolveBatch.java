package fwbench.cli;

import fwbench.graph.io.BatchFiles;
import fwbench.graph.io.BatchSolutionFiles;
import fwbench.graph.io.GraphBatch;
import fwbench.graph.io.GraphFileException;
import fwbench.graph.io.Solution;
import fwbench.graph.io.SolutionFiles;
import fwbench.run.HeapCheck;
import fwbench.solve.BatchNegativeCycles;
import fwbench.solve.BatchSolve;
import fwbench.solve.NegativeCycleFound;
import fwbench.solve.Progress;
import fwbench.solve.SolveFailure;
import fwbench.solve.SolveRequest;
import fwbench.solve.SolveResult;
import fwbench.tuning.TuningMode;
import fwbench.usage.JarCommand;
import fwbench.usage.UsageException;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code solve --graph BATCH}: a .gedges file or a folder of graph files ({@link BatchFiles}), every
 * graph solved ({@link BatchSolve}) and written to one batch file ({@link BatchSolutionFiles}). The
 * same order of work as one graph: options and --out first, then the graphs read and checked against
 * the batch's limits, the heap and the device, and only then any matrix.
 */
final class SolveBatch {

    private final SolveCommand options;
    private final Progress progress;

    SolveBatch(SolveCommand options, Progress progress) {
        this.options = options;
        this.progress = progress;
    }

    int call(PrintWriter out, PrintWriter err) throws UsageException {
        Path outFile = options.outFile;
        if (SolutionFiles.isText(outFile)) {
            throw new UsageException("--out " + outFile + ": a batch is written in binary only (docs/solve.md, 'Batches'); name it without .txt");
        }
        SolveRequest request = new SolveRequest(options.paths, options.variantName, !options.noVerify, SolveRequest.Device.ANY, false,
                TuningMode.TABLE, HeapCheck.Heap.thisJvm("solve ..."), SolveRequest.Terms.COMMAND_LINE);
        BatchSolve solve = BatchSolve.prepare(request, progress);
        SolveOutput.checkTarget(outFile, options.graphFile, options.force);
        GraphBatch batch;
        try {
            batch = progress.timed("reading " + options.graphFile, false, () -> BatchFiles.read(options.graphFile, options.undirected, solve.limits()));
        } catch (GraphFileException e) {
            throw new UsageException(e.getMessage());
        }
        progress.line(batch.summary() + (options.undirected ? " (--undirected: each edge both ways)" : "") + ", read in " + progress.lastTime());
        List<SolveResult> results;
        try {
            results = solve.solve(batch);
        } catch (BatchNegativeCycles e) {
            for (NegativeCycleFound cycle : e.cycles()) err.println("fwbench solve: " + cycle.getMessage() + " (vertices numbered as in the file)");
            return failed(e.cycles().size() + (e.cycles().size() == 1 ? " graph has" : " graphs have") + " a negative cycle: shortest paths are undefined", err);
        } catch (SolveFailure e) {
            return failed(e.getMessage(), err);
        }
        List<Solution> solutions = new ArrayList<>(results.size());
        for (int g = 0; g < results.size(); g++) {
            SolveResult r = results.get(g);
            solutions.add(new Solution(r.n(), batch.graphs().get(g).firstVertex(), r.distances(), r.intermediates()));
        }
        long bytes = BatchSolutionFiles.bytes(results.stream().mapToInt(SolveResult::n).toArray(), options.paths);
        try {
            progress.timed(String.format(Locale.ROOT, "writing %s (binary, %,d bytes)", outFile, bytes), () -> {
                Files.createDirectories(outFile.toAbsolutePath().getParent());
                BatchSolutionFiles.write(outFile, solutions, options.force);
                return null;
            });
        } catch (FileAlreadyExistsException e) {
            throw new UsageException(outFile + " appeared while solving; nothing written (--force replaces it)");
        } catch (IOException e) {
            return failed("cannot write " + outFile + ": " + e.getMessage(), err);
        }
        out.println(String.format(Locale.ROOT, "wrote %s: %s of %d graphs of %s (binary batch, %,d bytes)", outFile,
                options.paths ? "distances and intermediate nodes" : "distances", results.size(), options.graphFile, bytes));
        if (options.paths) out.println("rebuild a route with: " + JarCommand.line("path", outFile.toString()) + " --graph G FROM TO");
        out.flush();
        return 0;
    }

    private static int failed(String why, PrintWriter err) {
        err.println("fwbench solve: " + why + "; nothing written");
        err.flush();
        return 1;
    }
}
