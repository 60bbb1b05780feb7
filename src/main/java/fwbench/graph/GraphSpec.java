package fwbench.graph;

import java.util.Locale;
import java.util.stream.IntStream;

/**
 * A seeded graph generator, named by the benchmark's {@code graph} parameter:
 * <ul>
 *   <li>{@code random}: complete digraph, every weight uniform in 1..1000 (the default; the reports do not describe theirs);</li>
 *   <li>{@code sparse:P}: each directed edge present with probability P, weights 1..1000;</li>
 *   <li>{@code hops:P}: edges as {@code sparse:P}, every weight 1 (distances are hop counts).</li>
 * </ul>
 * Any of them with {@code +potentials:R} appended (e.g. {@code random+potentials:1000}) has every
 * edge's weight w(u, v) replaced by w(u, v) + p(u) - p(v), with vertex potentials p drawn from
 * 0..R: weights of either sign, but every cycle weighs what it weighed before (at least 1), so
 * there is no negative cycle, and the shortest paths are the same routes.
 * Generation is counter-based: cell (i, j) is a function of (seed, i, j) alone, so the host fills
 * rows in parallel and the device (kernels/graph.cu, {@code fw_generate}) produces the same matrix.
 *
 * @param kind           the generator's name
 * @param edgeProbability probability of each directed edge (1 for complete)
 * @param maxWeight      weights are uniform in 1..maxWeight before the potentials
 * @param potentialRange vertex potentials are uniform in 0..potentialRange (0: none, weights >= 1)
 */
public record GraphSpec(String kind, double edgeProbability, int maxWeight, int potentialRange) {

    public static final String FORMS = "random, sparse:P or hops:P with 0 < P <= 1, each optionally followed by +potentials:R "
            + "for weights of either sign without a negative cycle (1 <= R <= " + GraphSpec.MAX_POTENTIAL_RANGE + ")";

    /**
     * Largest R of +potentials:R: weights stay within +-(R + 1000). Whether a variant takes such a
     * graph at an n depends on its INF (NegativeWeights.bounds); the planner checks it per n.
     */
    public static final int MAX_POTENTIAL_RANGE = 1_000_000;

    private static final String POTENTIALS = "+potentials:";

    public static final GraphSpec RANDOM = new GraphSpec("random", 1.0, 1000, 0);

    /** The seed a generated graph is made with unless another is asked for (the benchmark's seed parameter, the tuning's open range). */
    public static final long DEFAULT_SEED = 42;

    /** Parses a generator name; IllegalArgumentException with the accepted forms otherwise. */
    public static GraphSpec parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        int plus = t.indexOf('+');
        if (plus >= 0) {
            if (!t.startsWith(POTENTIALS, plus)) {
                throw new IllegalArgumentException("graph '" + text + "': after '+' only potentials:R is known (e.g. random+potentials:1000)");
            }
            String range = t.substring(plus + POTENTIALS.length());
            int r;
            try {
                r = Integer.parseInt(range);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("graph '" + text + "': '" + range + "' is not a whole number of potentials:R (1 <= R <= "
                        + MAX_POTENTIAL_RANGE + ")");
            }
            if (r < 1 || r > MAX_POTENTIAL_RANGE) {
                throw new IllegalArgumentException("graph '" + text + "': potentials:R needs 1 <= R <= " + MAX_POTENTIAL_RANGE + ", got " + r);
            }
            GraphSpec base = parse(t.substring(0, plus));
            return new GraphSpec(base.kind, base.edgeProbability, base.maxWeight, r);
        }
        if (t.equals("random")) return RANDOM;
        int colon = t.indexOf(':');
        String kind = colon < 0 ? t : t.substring(0, colon);
        if ((kind.equals("sparse") || kind.equals("hops"))) {
            if (colon < 0) throw new IllegalArgumentException("graph '" + text + "' needs an edge probability, e.g. " + kind + ":0.01");
            double p;
            try {
                p = Double.parseDouble(t.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("graph '" + text + "': '" + t.substring(colon + 1) + "' is not a probability (0 < P <= 1)");
            }
            if (!(p > 0 && p <= 1)) throw new IllegalArgumentException("graph '" + text + "': the edge probability must be in (0, 1], got " + p);
            return new GraphSpec(kind, p, kind.equals("hops") ? 1 : 1000, 0);
        }
        throw new IllegalArgumentException("unknown graph '" + text + "'; generators: " + FORMS);
    }

    /** The graph this generator makes for n vertices and a seed. */
    public GeneratedGraph instance(int n, long seed) {
        return new GeneratedGraph(this, n, seed);
    }

    /** An edge exists when the low 32 bits of its hash are below this (2^32: always). */
    public long edgeThreshold() {
        return edgeProbability >= 1.0 ? 1L << 32 : (long) Math.floor(edgeProbability * (1L << 32));
    }

    /**
     * Weight of cell (i, j): 0 on the diagonal, else INF or 1..maxWeight plus p(i) - p(j). Mirrors
     * fw_generate.
     */
    public int weight(long seed, int i, int j) {
        if (i == j) return 0;
        long h = splitmix64(seed ^ splitmix64(((long) i << 32) | (j & 0xFFFF_FFFFL)));
        if ((h & 0xFFFF_FFFFL) >= edgeThreshold()) return Distances.INF;
        int w = 1 + (int) Long.remainderUnsigned(h >>> 32, maxWeight);
        return potentialRange == 0 ? w : w + potential(seed, i) - potential(seed, j);
    }

    /** Vertex v's potential, 0..potentialRange, from a counter no cell (i, j) uses (fw_potential). */
    int potential(long seed, int v) {
        long h = splitmix64(seed ^ splitmix64((0xFFFF_FFFFL << 32) | (v & 0xFFFF_FFFFL)));
        return (int) Long.remainderUnsigned(h >>> 32, potentialRange + 1L);
    }

    /** The smallest weight an edge can have: 1, or 1 - R with potentials. */
    public int minWeight() {
        return 1 - potentialRange;
    }

    /** The largest weight an edge can have: maxWeight, plus R with potentials. */
    public int maxEdgeWeight() {
        return maxWeight + potentialRange;
    }

    /** Fills an n x n matrix for the seed, rows in parallel. */
    public int[] generate(int n, long seed) {
        int[] w = new int[Math.multiplyExact(n, n)];
        IntStream.range(0, n).parallel().forEach(i -> {
            for (int j = 0; j < n; j++) w[i * n + j] = weight(seed, i, j);
        });
        return w;
    }

    static long splitmix64(long z) {
        z += 0x9E37_79B9_7F4A_7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    @Override
    public String toString() {
        String base = kind.equals("random") ? "random" : kind + ":" + edgeProbability;
        return potentialRange == 0 ? base : base + POTENTIALS + potentialRange;
    }
}
