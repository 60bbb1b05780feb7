package fwbench.run;

import fwbench.graph.Distances;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import org.openjdk.jmh.runner.options.Options;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a solve's n x n matrices ({@link Variant#heapBytes}) and the graph's edges fit in a JVM
 * heap ({@link #room}), and the line that refuses them when they do not, with the
 * largest n that fits and the -Xmx that would do: the run planner (for the heap of the benchmark's
 * forks) and solve (for its own) ask here before anything is allocated, as they ask
 * {@link DeviceMemoryCheck} about the device.
 */
public final class HeapCheck {

    /** Heap kept for everything but the matrices: JMH, the JIT's data, the graph's small arrays, buffers. */
    static final long RESERVE_BYTES = 96L << 20;

    /**
     * The part of a heap that large arrays can fill: G1 puts each matrix in contiguous regions, and the
     * JVM's own objects scattered among them leave gaps (four matrices filling 90% of a 2 GiB heap
     * did not fit, 85% did, from 256 MiB to 8 GiB).
     */
    static final double USABLE_FRACTION = 0.85;

    /**
     * The heap a JVM has, the words that give it more, with "%d" for the GiB to ask for, and the
     * machine's physical memory, past which no -Xmx helps (0: not known).
     */
    public record Heap(long bytes, String raise, long machineBytes) {

        public Heap(long bytes, String raise) {
            this(bytes, raise, machineMemory());
        }

        /** This JVM's heap: solve's, or the benchmark's with -f 0. */
        public static Heap thisJvm(String command) {
            return new Heap(Runtime.getRuntime().maxMemory(), "java -Xmx%dg -jar target/benchmarks.jar " + command);
        }
    }

    private static final double GIB = 1L << 30;

    /** Edges worth a mention in a refusal (below, the message would print 0.00 GiB). */
    private static final long SHOWN_EDGE_BYTES = 10L << 20;

    /** -Xmx2g, -Xmx512m, -XX:MaxHeapSize=2147483648: the size and its unit letter. */
    private static final Pattern MAX_HEAP = Pattern.compile("^(?:-Xmx|-XX:MaxHeapSize=)(\\d+)([kKmMgGtT]?)$");

    /** Options that change the default heap of a JVM given no -Xmx. */
    private static final Pattern HEAP_DEFAULTS = Pattern.compile("^-XX:(?:Max|Min|Initial)RAM");

    private HeapCheck() {
    }

    /** This machine's physical memory in bytes; 0 where the JVM cannot tell. */
    public static long machineMemory() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os ? os.getTotalMemorySize() : 0;
    }

    /** How to give the forks more heap when their -Xmx comes from this JVM's own options (JMH passes them on). */
    private static final String RAISE_WITH_JAVA = "java -Xmx%dg -jar target/benchmarks.jar ...";

    /** The same when -jvmArgs, -jvmArgsPrepend or -jvmArgsAppend set it. */
    private static final String RAISE_WITH_JMH = "java -jar target/benchmarks.jar ... -jvmArgsAppend -Xmx%dg";

    /**
     * The heap JMH's forks get: the last -Xmx of their JVM options (-jvmArgsPrepend, -jvmArgs or
     * else this JVM's own options, -jvmArgsAppend), or this JVM's heap when neither sets one and
     * both take the default; empty where that cannot be known (-jvm naming another JVM, a default
     * heap changed by -XX:MaxRAM options), and then nothing is refused beforehand.
     */
    static Optional<Heap> forks(Options options) {
        if (options.getForkCount().hasValue() && options.getForkCount().get() == 0) return Optional.of(Heap.thisJvm("..."));
        if (options.getJvm().hasValue()) return Optional.empty();
        List<String> own = ManagementFactory.getRuntimeMXBean().getInputArguments();
        List<String> given = new ArrayList<>();
        if (options.getJvmArgsPrepend().hasValue()) given.addAll(split(options.getJvmArgsPrepend().get()));
        if (options.getJvmArgs().hasValue()) given.addAll(split(options.getJvmArgs().get()));
        if (options.getJvmArgsAppend().hasValue()) given.addAll(split(options.getJvmArgsAppend().get()));
        if (maxHeap(given).isPresent()) return Optional.of(new Heap(maxHeap(given).get(), RAISE_WITH_JMH));
        boolean heapOptionsGiven = given.stream().anyMatch(a -> HEAP_DEFAULTS.matcher(a).find());
        // without -jvmArgs the forks start with this JVM's own options: its heap
        if (!options.getJvmArgs().hasValue() && !heapOptionsGiven) return Optional.of(new Heap(Runtime.getRuntime().maxMemory(), RAISE_WITH_JAVA));
        // -jvmArgs replaced them: the forks get the default heap, which is this JVM's when it has the default too
        boolean ownDefault = maxHeap(own).isEmpty() && own.stream().noneMatch(a -> HEAP_DEFAULTS.matcher(a).find());
        return !heapOptionsGiven && ownDefault ? Optional.of(new Heap(Runtime.getRuntime().maxMemory(), RAISE_WITH_JAVA)) : Optional.empty();
    }

    /** The last -Xmx (or -XX:MaxHeapSize=) in JVM options, in bytes. */
    static Optional<Long> maxHeap(List<String> jvmArgs) {
        Optional<Long> found = Optional.empty();
        for (String arg : jvmArgs) {
            Matcher m = MAX_HEAP.matcher(arg.trim());
            if (!m.matches()) continue;
            int shift = switch (m.group(2).toLowerCase(Locale.ROOT)) {
                case "k" -> 10;
                case "m" -> 20;
                case "g" -> 30;
                case "t" -> 40;
                default -> 0;
            };
            found = Optional.of(Long.parseLong(m.group(1)) << shift);
        }
        return found;
    }

    private static List<String> split(Collection<String> options) {
        List<String> words = new ArrayList<>();
        for (String option : options) for (String word : option.trim().split("\\s+")) if (!word.isEmpty()) words.add(word);
        return words;
    }

    /**
     * Refuses n when variant v's matrices, the graph's edges and the reserve need more than the heap.
     *
     * @param file       the graph file as the user named it, or "" for a generated graph
     * @param graphBytes what the graph's edges take (0 for a generated graph)
     */
    public static void requireFits(Variant v, int n, String file, long graphBytes, Heap heap) throws UsageException {
        boolean fromFile = !file.isEmpty();
        long matrices = v.heapBytes(n, fromFile);
        if (matrices == 0) return;
        requireFits(v.toString(), v.heapWhat(fromFile), matrices, n, file, graphBytes, heap,
                room -> v.largestNInHeap(room - graphBytes, fromFile));
    }

    /**
     * Refuses n when a solve of real weights, holding {@code bytesPerCell} x n^2 bytes of matrices
     * ({@code held}, e.g. "its float32 answer and the float64 reference's n x n matrix"), the graph's
     * edges and the reserve do not fit.
     */
    public static void requireRealFits(String who, String held, int bytesPerCell, int n, String file, long graphBytes, Heap heap) throws UsageException {
        requireFits(who, held + " (" + bytesPerCell + " bytes a cell)", (long) bytesPerCell * n * n, n, file, graphBytes, heap,
                room -> (int) Math.min(Distances.INT_INDEX_MAX_N, Math.floor(Math.sqrt(Math.max(0, room - graphBytes) / (double) bytesPerCell))));
    }

    /** Refuses n when the CPU reference's matrices ({@link ReferenceFloydWarshall#heapMatrices}), the graph's edges and the reserve do not fit. */
    public static void requireReferenceFits(boolean paths, int n, String file, long graphBytes, Heap heap) throws UsageException {
        int count = ReferenceFloydWarshall.heapMatrices(paths);
        requireFits("the CPU reference", count + " n x n int32 matrices", count * 4L * n * n, n, file, graphBytes, heap,
                room -> (int) Math.min(Distances.INT_INDEX_MAX_N, Math.floor(Math.sqrt(Math.max(0, room - graphBytes) / (4.0 * count)))));
    }

    /** What a heap leaves for the matrices and the graph's edges (after the reserve, of its usable part), in bytes. */
    public static long room(Heap heap) {
        return room(heap.bytes());
    }

    private static long room(long heapBytes) {
        return (long) (heapBytes * USABLE_FRACTION) - RESERVE_BYTES;
    }

    /**
     * Refuses n when {@code matrices} (bytes: what {@code who} holds, said as {@code held}, e.g. "3 n x n
     * int32 matrices"), the graph's edges and the reserve need more than the heap; {@code largestN} gives the largest n whose
     * matrices and edges fit a heap's room. When the heap needed is more than the machine's memory, the
     * line says so and names the largest n that memory holds, instead of an -Xmx that cannot work.
     */
    static void requireFits(String who, String held, long matrices, int n, String file, long graphBytes, Heap heap, LongToIntFunction largestN)
            throws UsageException {
        long need = matrices + graphBytes;
        if (need <= room(heap)) return;
        String graph = file.isEmpty() ? "n=" + n : file + " (n=" + n + ")";
        long gib = (long) Math.ceil((need + RESERVE_BYTES) / USABLE_FRACTION / GIB);
        String holds = String.format(Locale.ROOT, "%s holds %s at once (%.2f GiB%s)", who, held, matrices / GIB,
                graphBytes >= SHOWN_EDGE_BYTES ? String.format(Locale.ROOT, ", and %.2f GiB of edges", graphBytes / GIB) : "");
        int inHeap = Math.max(0, largestN.applyAsInt(room(heap)));
        long machineGib = (long) (heap.machineBytes() / GIB);  // the largest -Xmx, in whole GiB, the machine could back
        if (heap.machineBytes() > 0 && gib > machineGib) {
            throw new UsageException(String.format(Locale.ROOT,
                    "%s does not fit in the Java heap on this machine: %s, which needs a heap of %d GiB, more than the machine's %.2f GiB "
                            + "of memory; the largest n for %s on this machine: %d (in this JVM's heap of %.2f GiB: %d)",
                    graph, holds, gib, heap.machineBytes() / GIB, who, Math.max(0, largestN.applyAsInt(room(machineGib << 30))),
                    heap.bytes() / GIB, inHeap));
        }
        throw new UsageException(String.format(Locale.ROOT,
                "%s does not fit in the Java heap: %s, and this JVM's heap of %.2f GiB holds %.2f GiB of them (largest n for %s: %d); "
                        + "give it more heap: " + heap.raise(),
                graph, holds, heap.bytes() / GIB, Math.max(0, room(heap)) / GIB, who, inHeap, gib));
    }
}
