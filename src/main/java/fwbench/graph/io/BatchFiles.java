package fwbench.graph.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads a batch of graphs to solve together: an edge list with a graph column ({@value #EXTENSION},
 * {@link GraphColumnReader}), or a folder of graph files of any {@link GraphFormat}, in file-name
 * order (files of other extensions, and folders in it, are not read). Every graph is checked as a
 * graph file is, and against the {@link BatchLimits}, each refusal in one line.
 */
public final class BatchFiles {

    /** The extension of an edge list with a graph column, without its dot. */
    public static final String EXTENSION = "gedges";

    /** Why a batch refuses a graph of real weights, after its name; kleene-f64 refuses negative real weights, so the CPU reference takes those. */
    static final String REAL_WEIGHTS_IN_A_BATCH = " has real weights (a weight with a fraction): a batch takes integer weights only (int32 distances); "
            + "solve such a graph alone, with solve --graph (kleene-f64 on a GPU for weights >= 0, else the float64 CPU reference)";

    private BatchFiles() {
    }

    /** Whether {@code path} names a batch: a folder, or a .gedges file (optionally .gz). */
    public static boolean isBatch(Path path) {
        if (Files.isDirectory(path)) return true;
        Path name = path.getFileName();
        if (name == null) return false;
        String lower = name.toString().toLowerCase(Locale.ROOT);
        if (GraphFormat.gzipped(lower)) lower = lower.substring(0, lower.length() - GraphFormat.GZIP.length());
        return lower.endsWith("." + EXTENSION);
    }

    /** Reads the batch {@code path} names ({@link #isBatch}); with {@code undirected} each edge both ways. */
    public static GraphBatch read(Path path, boolean undirected, BatchLimits limits) throws GraphFileException {
        return new GraphBatch(path, Files.isDirectory(path) ? readFolder(path, undirected, limits) : readGraphColumn(path, undirected, limits));
    }

    /** The graph files of a folder, in file-name order; refused when it holds none, or (undirected) one whose format has no edges to mirror. */
    public static List<Path> graphFiles(Path folder, boolean undirected) throws GraphFileException {
        List<Path> files;
        try (Stream<Path> list = Files.list(folder)) {
            files = list.filter(Files::isRegularFile).filter(p -> GraphFormat.forName(p.getFileName().toString()).isPresent())
                    .sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
        } catch (IOException e) {
            throw new GraphFileException("cannot list " + folder + ": " + e.getMessage());
        }
        if (files.isEmpty()) throw new GraphFileException(folder + " holds no graph files (an empty batch); a folder's graph files end in " + GraphFormat.extensions());
        if (undirected) {
            Optional<Path> fixed = files.stream().filter(p -> !GraphFormat.forName(p.getFileName().toString()).orElseThrow().readsUndirected()).findFirst();
            if (fixed.isPresent()) {
                throw new GraphFileException("--undirected reads .gr and .edges files, whose lines are edges; " + fixed.get()
                        + " is not one (a .mtx file says its own symmetry, a .dense file holds both directions)");
            }
        }
        return files;
    }

    private static List<GraphBatch.Member> readFolder(Path folder, boolean undirected, BatchLimits limits) throws GraphFileException {
        List<GraphBatch.Member> graphs = new ArrayList<>();
        long cells = 0;
        for (Path file : graphFiles(folder, undirected)) {
            GraphFile read = GraphFiles.read(file, undirected);
            int g = graphs.size();
            String name = "graph " + g + " (" + file + ")";
            if (read.realWeights()) {
                throw new GraphFileException(name + REAL_WEIGHTS_IN_A_BATCH);
            }
            limits.checkN(name, read.n());
            cells += limits.cellsOf(read.n());
            limits.checkCells(name, g, cells);
            graphs.add(new GraphBatch.Member(name, read.firstVertex(), read.graph()));
        }
        return graphs;
    }

    private static List<GraphBatch.Member> readGraphColumn(Path path, boolean undirected, BatchLimits limits) throws GraphFileException {
        GraphTextFiles.requireExists(path);
        return GraphTextFiles.read(path, lines -> GraphColumnReader.read(lines, undirected, limits));
    }
}
