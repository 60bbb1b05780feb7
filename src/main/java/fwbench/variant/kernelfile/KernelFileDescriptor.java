package fwbench.variant.kernelfile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a kernel file says of itself in its {@code FW_VARIANT("...")} line (kernels/fwbench.cuh): the
 * launch schema its kernels follow and its geometry, as space-separated key=value pairs, e.g.
 * {@code "schema=blocked tile=32 block=32x32 kernels=p1,p2,p3"}. docs/your-kernel.md gives each
 * schema's launches and signatures; {@link KernelFileSolver} launches them.
 *
 * @param schema        how the kernels are launched
 * @param kernels       the extern "C" kernels: per-k and whole one, blocked three (phases 1, 2, 3)
 * @param blockX        threads of a block along x
 * @param blockY        threads of a block along y
 * @param tile          the tile side T of the blocked schema (0 for the others)
 * @param tilesPerBlock tiles of a side a phase-2 or phase-3 block covers (blocked; 1 for the others)
 * @param pivotSkipped  blocked: phases 2 and 3 launch one block fewer a side and skip the pivot's tiles by index
 * @param paths         the kernels also take and fill the intermediate-node matrix q
 * @param scratch       ints of scratch the kernels take, fixed part
 * @param scratchPerTile more ints of scratch per tile of a side (blocked)
 * @param sharedBytes   dynamic shared memory of each block
 */
public record KernelFileDescriptor(Schema schema, List<String> kernels, int blockX, int blockY, int tile, int tilesPerBlock,
                                   boolean pivotSkipped, boolean paths, int scratch, int scratchPerTile, int sharedBytes) {

    /** The name of the exported descriptor: {@code extern "C" __device__ char fw_variant[]}, as FW_VARIANT writes it. */
    public static final String SYMBOL = "fw_variant";

    /** The most threads a CUDA block has. */
    private static final int MAX_BLOCK_THREADS = 1024;

    /** How a kernel file's kernels are launched in one solve. */
    public enum Schema {
        /** One launch for each k, a thread per cell: (int* d, [int* q,] int n, int k[, int* scratch]). */
        PER_K("per-k", 1, "k"),
        /** Three phases each round of tiles: (int* d, [int* q,] int n, int p[, int* scratch]). */
        BLOCKED("blocked", 3, "p"),
        /** One launch of resident blocks for the whole solve: (int* d, [int* q,] int n[, int* scratch]). */
        WHOLE("whole", 1, null);

        private final String id;
        private final int kernels;
        private final String step;

        Schema(String id, int kernels, String step) {
            this.id = id;
            this.kernels = kernels;
            this.step = step;
        }

        public String id() {
            return id;
        }

        static String ids() {
            return Arrays.stream(values()).map(Schema::id).collect(Collectors.joining(", "));
        }
    }

    /** A kernel parameter as PTX declares it: a pointer is .u64 (or .b64), an int .u32 (or .s32, .b32). */
    public enum ParameterType {
        POINTER("int*", Set.of("u64", "b64", "s64")), INT("int", Set.of("u32", "s32", "b32"));

        private final String c;
        private final Set<String> ptx;

        ParameterType(String c, Set<String> ptx) {
            this.c = c;
            this.ptx = ptx;
        }

        /** The type of a PTX parameter's type word ("u64"), or null when it is neither. */
        public static ParameterType ofPtx(String word) {
            for (ParameterType t : values()) if (t.ptx.contains(word)) return t;
            return null;
        }
    }

    private static final List<String> KEYS = List.of("schema", "kernels", "block", "tile", "tiles-per-block", "pivot", "paths", "scratch",
            "scratch-per-tile", "shared");

    /**
     * Reads a descriptor's text; anything it cannot launch is refused in one line that says what is
     * wrong and what is allowed.
     *
     * @throws IllegalArgumentException naming the key at fault
     */
    public static KernelFileDescriptor parse(String text) {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (String word : text.trim().split("\\s+")) {
            if (word.isEmpty()) continue;
            int equals = word.indexOf('=');
            if (equals <= 0 || equals == word.length() - 1) {
                throw new IllegalArgumentException("'" + word + "' is not key=value; keys: " + String.join(", ", KEYS));
            }
            String key = word.substring(0, equals).toLowerCase(Locale.ROOT), value = word.substring(equals + 1);
            if (!KEYS.contains(key)) throw new IllegalArgumentException("unknown key '" + key + "'; keys: " + String.join(", ", KEYS));
            if (pairs.put(key, value) != null) throw new IllegalArgumentException("'" + key + "' is given twice");
        }
        String schemaText = required(pairs, "schema");
        Schema schema = Arrays.stream(Schema.values()).filter(s -> s.id.equalsIgnoreCase(schemaText)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("schema '" + schemaText + "' is not one of " + Schema.ids()));
        List<String> kernels = List.of(required(pairs, "kernels").split(","));
        if (kernels.size() != schema.kernels || kernels.stream().anyMatch(k -> !k.matches("[A-Za-z_][A-Za-z0-9_]*"))) {
            throw new IllegalArgumentException("schema=" + schema.id + " takes " + (schema.kernels == 1 ? "one kernel" : schema.kernels
                    + " kernels (phases 1, 2 and 3), comma separated,") + " named as C identifiers, not kernels=" + pairs.get("kernels"));
        }
        int[] block = block(required(pairs, "block"));
        boolean blocked = schema == Schema.BLOCKED;
        for (String key : List.of("tile", "tiles-per-block", "pivot", "scratch-per-tile")) {
            if (!blocked && pairs.containsKey(key)) throw new IllegalArgumentException(key + " is a key of schema=blocked, not of schema=" + schema.id);
        }
        int tile = blocked ? positive(pairs, "tile", required(pairs, "tile"), 1024) : 0;
        int tilesPerBlock = blocked ? positive(pairs, "tiles-per-block", pairs.getOrDefault("tiles-per-block", "1"), 1024) : 1;
        boolean pivotSkipped = blocked && choice(pairs, "pivot", "launched", "skipped").equals("skipped");
        if (pivotSkipped && tilesPerBlock > 1) throw new IllegalArgumentException("pivot=skipped takes tiles-per-block=1, not " + tilesPerBlock);
        boolean paths = choice(pairs, "paths", "no", "yes").equals("yes");
        int scratch = count(pairs, "scratch");
        int scratchPerTile = count(pairs, "scratch-per-tile");
        int shared = count(pairs, "shared");
        return new KernelFileDescriptor(schema, kernels, block[0], block[1], tile, tilesPerBlock, pivotSkipped, paths, scratch, scratchPerTile,
                shared);
    }

    private static String required(Map<String, String> pairs, String key) {
        String value = pairs.get(key);
        if (value == null) throw new IllegalArgumentException("no " + key + "=...; keys: " + String.join(", ", KEYS));
        return value;
    }

    private static int[] block(String text) {
        String[] sides = text.toLowerCase(Locale.ROOT).split("x", -1);
        try {
            if (sides.length <= 2) {
                int x = Integer.parseInt(sides[0]), y = sides.length == 2 ? Integer.parseInt(sides[1]) : 1;
                if (x >= 1 && y >= 1 && (long) x * y <= MAX_BLOCK_THREADS) return new int[] {x, y};
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("block=" + text + " is not XxY or X threads, 1 to " + MAX_BLOCK_THREADS + " in all (e.g. block=32x32)");
    }

    private static int positive(Map<String, String> pairs, String key, String text, int max) {
        try {
            int value = Integer.parseInt(text);
            if (value >= 1 && value <= max) return value;
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(key + "=" + text + " is not a whole number from 1 to " + max);
    }

    private static int count(Map<String, String> pairs, String key) {
        String text = pairs.getOrDefault(key, "0");
        try {
            int value = Integer.parseInt(text);
            if (value >= 0) return value;
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(key + "=" + text + " is not a whole number from 0 to " + Integer.MAX_VALUE);
    }

    private static String choice(Map<String, String> pairs, String key, String byDefault, String other) {
        String value = pairs.getOrDefault(key, byDefault).toLowerCase(Locale.ROOT);
        if (!value.equals(byDefault) && !value.equals(other)) {
            throw new IllegalArgumentException(key + "=" + pairs.get(key) + " is not " + byDefault + " or " + other);
        }
        return value;
    }

    /** Whether the kernels take a scratch buffer (their last parameter). */
    public boolean takesScratch() {
        return scratch > 0 || scratchPerTile > 0;
    }

    /** Ints of scratch a solve of n vertices gets: the fixed part and, for the blocked schema, more per tile of a side. */
    public long scratchInts(int n) {
        return schema == Schema.BLOCKED ? scratchInts(scratch, scratchPerTile, tile, n) : scratch;
    }

    /** Ints of scratch: {@code fixed}, and {@code perTile} more per tile of a side of {@code tile} at n vertices. */
    public static long scratchInts(int fixed, int perTile, int tile, int n) {
        return fixed + (long) perTile * ((n + tile - 1) / tile);
    }

    /** The parameters every kernel of this file must declare, in order: d, then q with paths, n, the step, scratch. */
    public List<ParameterType> parameters() {
        List<ParameterType> p = new ArrayList<>(List.of(ParameterType.POINTER));
        if (paths) p.add(ParameterType.POINTER);
        p.add(ParameterType.INT);
        if (schema.step != null) p.add(ParameterType.INT);
        if (takesScratch()) p.add(ParameterType.POINTER);
        return p;
    }

    /** The signature every kernel must have, for messages: "(int* d, int* q, int n, int p, int* scratch)". */
    public String signature() {
        List<String> p = new ArrayList<>(List.of("int* d"));
        if (paths) p.add("int* q");
        p.add("int n");
        if (schema.step != null) p.add("int " + schema.step);
        if (takesScratch()) p.add("int* scratch");
        return "(" + String.join(", ", p) + ")";
    }

    /** Threads of one block. */
    public int blockThreads() {
        return blockX * blockY;
    }
}
