package fwbench.cli;

import fwbench.cell.CellType;
import fwbench.graph.io.GraphFile;
import fwbench.graph.io.Solution;
import fwbench.graph.io.SolutionBands;
import fwbench.graph.io.SolutionFiles;
import fwbench.solve.Progress;
import fwbench.solve.Solve;
import fwbench.usage.JarCommand;
import fwbench.usage.UsageException;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code solve}'s output: --out checked before any work, written once the answer is verified (its
 * folder made then), and the line that says what it holds.
 */
final class SolveOutput {

    private final Path outFile;
    private final Path graphFile;
    private final boolean paths;
    private final boolean force;
    private final Progress progress;

    SolveOutput(Path outFile, Path graphFile, boolean paths, boolean force, Progress progress) {
        this.outFile = outFile;
        this.graphFile = graphFile;
        this.paths = paths;
        this.force = force;
        this.progress = progress;
    }

    /** Writes --out; false after a write error, said on stderr. */
    boolean write(Solution solution, PrintWriter err) throws UsageException {
        try {
            progress.timed("writing " + outFile + " (" + outputForm(solution) + ")", () -> {
                makeFolderOf(outFile);
                SolutionFiles.write(outFile, solution, force);
                return null;
            });
            return true;
        } catch (FileAlreadyExistsException e) {
            throw new UsageException(outFile + " appeared while solving; nothing written (--force replaces it)");
        } catch (IOException e) {
            err.println("fwbench solve: cannot write " + outFile + ": " + e.getMessage() + "; nothing written");
            err.flush();
            return false;
        }
    }

    /**
     * Refuses, before any work, an output that a solve off the heap cannot write: a text file (n^2
     * numbers of text, which 'path' could not seek), or one the disk has no room for (the largest
     * n that fits named).
     */
    void checkOffHeap(int n, String why) throws UsageException {
        if (SolutionFiles.isText(outFile)) {
            throw new UsageException(graphFile + " has n = " + n + ", " + why + ": its solution is written binary (--out a name not ending in .txt), "
                    + "which 'path' reads cell by cell");
        }
        long need = SolutionFiles.binaryBytes(n, false), usable;
        Path existing = outFile.toAbsolutePath().getParent();
        while (!Files.exists(existing)) existing = existing.getParent();
        try {
            usable = Files.getFileStore(existing).getUsableSpace();
        } catch (IOException e) {
            throw new UsageException("cannot tell the free space of " + existing + ": " + e.getMessage());
        }
        if (need > usable) {
            throw new UsageException(String.format(Locale.ROOT, "%s (n=%d) does not fit on disk: its solution takes %,d bytes and %s has %,d free "
                    + "(largest n that fits: %d)", graphFile, n, need, existing, usable, SolutionFiles.largestBinaryN(usable)));
        }
    }

    /** Writes --out band by band from {@code rows} (the device), atomically, its folder made first. */
    void writeBands(int n, int firstVertex, SolutionBands.RowSource rows) throws IOException {
        makeFolderOf(outFile);
        try {
            SolutionBands.write(outFile, force, n, firstVertex, rows, SolutionBands.DEFAULT_BAND_BYTES);
        } catch (FileAlreadyExistsException e) {
            throw new IOException(outFile + " appeared while solving (--force replaces it)", e);
        }
    }

    /** Says what --out holds after a solve off the heap, and each stage's time. */
    void sayWhatWasWritten(GraphFile file, Solve.OffHeapResult result, double readSeconds, PrintWriter out) {
        StringBuilder times = new StringBuilder(String.format(Locale.ROOT, "read %.2f s", readSeconds));
        result.stageSeconds().forEach((stage, seconds) -> times.append(String.format(Locale.ROOT, ", %s %.2f s", stage, seconds)));
        out.println("wrote " + outFile + ": distances of " + graphFile + " (n=" + result.n() + ", "
                + String.format(Locale.ROOT, "binary, %,d bytes", SolutionFiles.binaryBytes(result.n(), false)) + ", vertices numbered from "
                + file.firstVertex() + "), solved by " + result.variant() + ", " + result.verification() + "; " + times);
        out.flush();
    }

    /** Says what --out holds, and with --paths how to rebuild a route from it. */
    void sayWhatWasWritten(GraphFile file, Solution solution, PrintWriter out) {
        String distances = solution.cells() == CellType.INT32 ? "distances" : solution.cells().word() + " distances";
        out.println("wrote " + outFile + ": " + (paths ? distances + " and intermediate nodes" : distances) + " of " + graphFile
                + " (n=" + solution.n() + ", " + outputForm(solution) + ", vertices numbered from " + file.firstVertex() + ")");
        if (paths) out.println("rebuild a route with: " + JarCommand.line("path", outFile.toString()) + " FROM TO");
        out.flush();
    }

    /** "text", or "binary, N bytes". */
    private String outputForm(Solution solution) {
        return SolutionFiles.isText(outFile) ? "text"
                : String.format(Locale.ROOT, "binary, %,d bytes", SolutionFiles.binaryBytes(solution.n(), paths, solution.cells()));
    }

    /** Refuses, before any work, an output that exists (without --force) or a folder that cannot take it or be made. */
    static void checkTarget(Path out, Path graph, boolean force) throws UsageException {
        if (Files.isDirectory(out)) throw new UsageException(out + " is a folder; --out names the file to write");
        if (Files.exists(out)) {
            if (!force) throw new UsageException(out + " already exists; solve never overwrites a file unless given --force");
            try {
                if (Files.exists(graph) && Files.isSameFile(out, graph)) throw new UsageException("--out " + out + " is the graph file itself");
            } catch (IOException e) {
                throw new UsageException("cannot check " + out + ": " + e.getMessage());
            }
        }
        // a missing folder is made when the result is written (as -rff does for a run's results), so the
        // nearest folder that exists must be a folder and writable
        Path folder = out.toAbsolutePath().getParent();
        Path existing = folder;
        while (!Files.exists(existing)) existing = existing.getParent();
        if (!Files.isDirectory(existing)) {
            throw new UsageException("the folder of --out, " + folder + ", cannot be made: " + existing + " is a file");
        }
        if (!Files.isWritable(existing)) throw new UsageException("the folder of --out, " + existing + ", is not writable");
    }

    /** Makes the folder of --out where it is missing, once there is a result to write into it. */
    private static void makeFolderOf(Path out) throws IOException {
        Files.createDirectories(out.toAbsolutePath().getParent());
    }
}
