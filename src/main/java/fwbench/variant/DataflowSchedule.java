package fwbench.variant;

import java.util.Arrays;

/**
 * The order in which the persistent kernel of kernels/dataflow.cuh takes its work items: every
 * tile in every round, each item after the items it reads, so that blocks taking items by an
 * atomic ticket can never wait on an item nobody holds.
 *
 * <p>Item (r, i, j) updates tile (i, j) in round r (pivot tile r). It needs tile (i, j) through
 * round r - 1 and D(i, r), D(r, j) through round r. Per round r the items are: the pivot
 * P(r) = (r, r); its cross C(r) (row r, then column r); the "critical" tiles K(r), those of row and
 * column r + 1 (the next pivot first), which round r + 1 needs before anything else; and the bulk
 * B(r), all other tiles, those of row and column r + 2 first (K(r + 1) reads them). The list is
 *
 * <pre>
 *   P(0) C(0) K(0)
 *   for r = 1 .. m - 1:  B(r-1)[0, g)  P(r)  B(r-1)[g, a)  C(r)  B(r-1)[a, end)  K(r)
 *   B(m-1)
 * </pre>
 *
 * so the next pivot is closed, and its cross computed, while the previous round's bulk still
 * runs: P(r) goes one wave of blocks (g) after K(r - 1), whose first tile it reads, and C(r) two
 * more waves later (a), time enough for the pivot, so the blocks that take round r's bulk rarely
 * wait. (K(m - 1) is empty: there is no pivot m.) Items are encoded as in dataflow.cuh,
 * {@code round << 20 | row << 10 | column}.
 */
final class DataflowSchedule {
    static final int FIELD_BITS = 10;
    /** Tiles per matrix side the encoding allows. */
    static final int MAX_TILES = 1 << FIELD_BITS;
    /** Why a dataflow variant's n stops at MAX_TILES tiles, a clause for messages. */
    static final String MAX_TILES_WHY = "its work items number a tile in " + FIELD_BITS + " bits: at most " + MAX_TILES + " tiles a side";

    private final int tiles;
    private final int[] items;
    private int size;

    private DataflowSchedule(int tiles) {
        this.tiles = tiles;
        this.items = new int[Math.multiplyExact(Math.multiplyExact(tiles, tiles), tiles)];
    }

    /**
     * Heap bytes of the item list for n vertices, the matrix padded to {@code pad} and cut into
     * tiles of {@code tile}: an int per (round, tile), 4 GiB at 1024 tiles a side.
     */
    static long hostBytes(int pad, int tile, int n) {
        long tiles = ((long) n + pad - 1) / pad * pad / tile;
        return 4 * tiles * tiles * tiles;
    }

    /**
     * The item list for a matrix of {@code tiles} x {@code tiles} tiles run by {@code wave}
     * resident blocks (the lookahead distances are measured in waves of items).
     */
    static int[] build(int tiles, int wave) {
        if (tiles < 1 || tiles > MAX_TILES) throw new IllegalArgumentException("tiles must be 1.." + MAX_TILES + ", not " + tiles);
        if (wave < 1) throw new IllegalArgumentException("wave must be positive, not " + wave);
        DataflowSchedule s = new DataflowSchedule(tiles);
        s.add(0, 0, 0);
        s.addCross(0);
        s.addCritical(0);
        for (int r = 1; r < tiles; r++) {
            int[] bulk = s.bulk(r - 1);
            int g = Math.min(wave, bulk.length), a = Math.min(3 * wave, bulk.length);
            s.addAll(bulk, 0, g);
            s.add(r, r, r);
            s.addAll(bulk, g, a);
            s.addCross(r);
            s.addAll(bulk, a, bulk.length);
            s.addCritical(r);
        }
        int[] last = s.bulk(tiles - 1);
        s.addAll(last, 0, last.length);
        if (s.size != s.items.length) throw new IllegalStateException("schedule has " + s.size + " items, not " + s.items.length);
        return s.items;
    }

    static int encode(int round, int row, int column) {
        return round << (2 * FIELD_BITS) | row << FIELD_BITS | column;
    }

    static int round(int item) {
        return item >>> (2 * FIELD_BITS);
    }

    static int row(int item) {
        return item >>> FIELD_BITS & (MAX_TILES - 1);
    }

    static int column(int item) {
        return item & (MAX_TILES - 1);
    }

    private void add(int round, int row, int column) {
        items[size++] = encode(round, row, column);
    }

    private void addAll(int[] encoded, int from, int to) {
        System.arraycopy(encoded, from, items, size, to - from);
        size += to - from;
    }

    /** C(r): row r, then column r, without the pivot. */
    private void addCross(int r) {
        for (int j = 0; j < tiles; j++) if (j != r) add(r, r, j);
        for (int i = 0; i < tiles; i++) if (i != r) add(r, i, r);
    }

    /** K(r): tile (r + 1, r + 1), then the rest of row and column r + 1 outside row and column r. */
    private void addCritical(int r) {
        int q = r + 1;
        if (q >= tiles) return;
        add(r, q, q);
        for (int j = 0; j < tiles; j++) if (j != r && j != q) add(r, q, j);
        for (int i = 0; i < tiles; i++) if (i != r && i != q) add(r, i, q);
    }

    /**
     * B(r): the tiles outside rows and columns r and r + 1; first those of row and column r + 2
     * (K(r + 1) reads them: tile (r + 2, r + 2) first), then the rest row by row.
     */
    private int[] bulk(int r) {
        int q = r + 1 < tiles ? r + 1 : -1, q2 = r + 2 < tiles ? r + 2 : -1;
        int[] out = new int[tiles * tiles];
        int n = 0;
        if (q2 >= 0) {
            out[n++] = encode(r, q2, q2);
            for (int j = 0; j < tiles; j++) if (j != r && j != q && j != q2) out[n++] = encode(r, q2, j);
            for (int i = 0; i < tiles; i++) if (i != r && i != q && i != q2) out[n++] = encode(r, i, q2);
        }
        for (int i = 0; i < tiles; i++) {
            if (i == r || i == q || i == q2) continue;
            for (int j = 0; j < tiles; j++) {
                if (j != r && j != q && j != q2) out[n++] = encode(r, i, j);
            }
        }
        return Arrays.copyOf(out, n);
    }
}
