package fwbench.variant.schedule;

import fwbench.cell.CellType;
import fwbench.variant.core.GpuSolver;

import java.util.Arrays;

/**
 * The order in which the persistent kernel of kernels/dataflow.cuh takes its work items: every
 * tile in every round, each item after the items it reads, so that blocks taking items by an
 * atomic ticket can never wait on an item nobody holds.
 *
 * <p>Item (r, i, j) updates tile (i, j) in round r (pivot tile r). It needs tile (i, j) through
 * round r - 1 and D(i, r), D(r, j) through round r, and the list puts it after both (the kernel
 * starts a bulk tile once either of the two is done, dataflow.cuh's inputs_done says why; waiting
 * for less than the list orders cannot deadlock). Per round r the items are: the pivot
 * P(r) = (r, r, r); its cross C(r) (row r, then column r); the "critical" tiles K(r), those of row
 * and column r + 1 (the next pivot first), which round r + 1 needs before anything else; and the
 * bulk B(r), all other tiles, those of row and column r + 2 first (K(r + 1) reads them).
 *
 * <p>With tiles up to {@link #FOLDED_PIVOT_MAX_TILE} the pivot is folded: P(r) of a round r > 0
 * also applies round r - 1 to its tile (dataflow.cuh's update_tile), so it needs the tile through
 * round r - 2 and D(r, r - 1), D(r - 1, r) through round r - 1, and K(r - 1) leaves out tile
 * (r, r). Then the kernel's block 0 runs the chain, every P(r) and the cross tile (r + 1, r) after
 * it, before it takes any item of the list, and a folded pivot reads D(r - 1, r) in any state from
 * round r - 2 on (dataflow.cuh says why that gives the same cells): the list has neither, and every
 * item that reads a chain item comes after every listed item that the chain needs up to it. The list is
 *
 * <pre>
 *   folded:    C(0)' K(0)                (C(r)': C(r) without tile (r + 1, r))
 *              for r = 1 .. m - 1:  B(r-1)[0, a)  C(r)'  B(r-1)[a, end)  K(r)
 *   unfolded:  P(0) C(0) K(0)
 *              for r = 1 .. m - 1:  B(r-1)[0, g)  P(r)  B(r-1)[g, a)  C(r)  B(r-1)[a, end)  K(r)
 *   both:      B(m-1)
 * </pre>
 *
 * so the next pivot is closed, and its cross computed, while the previous round's bulk still
 * runs: an unfolded P(r) goes one wave of blocks (g) after K(r - 1), whose first tile it reads;
 * C(r) goes {@link #CROSS_WAVES_UNFOLDED} waves (a) into B(r - 1), time enough for the pivot, so
 * the blocks that take round r's bulk rarely wait; with the chain, whose pivot is ready sooner,
 * {@link #CROSS_WAVES_FOLDED}, or all of B(r - 1) where less than half a wave would be left ({@link #crossAfter}).
 *
 * <p>packed16 at tiles up to {@link #SECOND_CHAIN_PACKED_MAX_TILE} also runs a second chain: block
 * 1, before it takes any item, runs per round r the column cross tile (r + 2, r) and then the bulk
 * tile (r + 2, r + 1) of K(r), which block 0's cross of round r + 1 reads; the list leaves both out.
 * (There is no pivot m, so no P(m) and an empty K(m - 1).) Items are encoded as in dataflow.cuh,
 * {@code round << 20 | row << 10 | column}.
 */
public final class DataflowSchedule {
    public static final int FIELD_BITS = 10;
    /** Tiles per matrix side the encoding allows. */
    public static final int MAX_TILES = 1 << FIELD_BITS;
    /** Why a dataflow variant's n stops at MAX_TILES tiles, a clause for messages. */
    public static final String MAX_TILES_WHY = "its work items number a tile in " + FIELD_BITS + " bits: at most " + MAX_TILES + " tiles a side";

    /**
     * Tiles up to this fold the next pivot's update into its item (the kernels read it as
     * FW_DATAFLOW_FOLDED_PIVOT_MAX_TILE): faster at small n at T = 64 and 128, slower at T = 256
     * (packed16 from n = 7500) (kernels/NOTES.md, The pivot chain at small n).
     */
    public static final int FOLDED_PIVOT_MAX_TILE = 128;

    /**
     * Waves of blocks of B(r - 1) listed before C(r): unfolded, three; with the chain, whose pivots
     * are ready sooner, one, unless less than half a wave of B(r - 1) would be left after C(r): then
     * all of it, as a sliver of the bulk behind the crosses waited there (kernels/NOTES.md, The
     * pivot chain at small n).
     */
    static final int CROSS_WAVES_UNFOLDED = 3, CROSS_WAVES_FOLDED = 1;

    /**
     * packed16's tiles up to this run the second chain (the kernels read it as
     * FW_DATAFLOW_SECOND_CHAIN_PACKED_MAX_TILE): faster at small n at T = 64; int32's T = 64 kernel
     * was slower with it (kernels/NOTES.md, The pivot chain at small n).
     */
    public static final int SECOND_CHAIN_PACKED_MAX_TILE = 64;

    /** Whether a dataflow kernel of these cells and tile runs the second chain in block 1. */
    public static boolean runsSecondChain(CellType cells, int tile) {
        return foldsPivot(tile) && cells == CellType.PACKED16 && tile <= SECOND_CHAIN_PACKED_MAX_TILE;
    }

    /** Items of a bulk of {@code bulk} items listed before C(r) for {@code wave} resident blocks. */
    static int crossAfter(int bulk, int wave, boolean folded) {
        int a = Math.min((folded ? CROSS_WAVES_FOLDED : CROSS_WAVES_UNFOLDED) * wave, bulk);
        return folded && bulk - a < wave / 2 ? bulk : a;
    }

    private final int tiles;
    private final boolean folded;
    private final boolean secondChain;
    private final int[] items;
    private int size;

    private DataflowSchedule(int tiles, boolean folded, boolean secondChain) {
        this.tiles = tiles;
        this.folded = folded;
        this.secondChain = secondChain;
        this.items = new int[Math.toIntExact(itemCount(tiles, folded, secondChain))];
    }

    /** Whether a dataflow kernel of this tile folds the next pivot's update into its item. */
    public static boolean foldsPivot(int tile) {
        return tile <= FOLDED_PIVOT_MAX_TILE;
    }

    /**
     * Items of a matrix of {@code tiles} x {@code tiles} tiles: every tile in every round, but with
     * folded pivots (r - 1, r, r), which P(r) applies, and the chain's P(r) and (r, r + 1, r), and
     * with the second chain its (r, r + 2, r) and (r, r + 2, r + 1).
     */
    public static long itemCount(long tiles, boolean folded, boolean secondChain) {
        return tiles * tiles * tiles - (folded ? 3 * tiles - 2 : 0) - (folded && secondChain ? 2 * Math.max(0, tiles - 2) : 0);
    }

    /** Heap bytes of the item list for n vertices at this tile: an int per (round, tile), about 4 GiB at 1024 tiles a side. */
    public static long hostBytes(int tile, int n) {
        return 4 * itemCount(GpuSolver.tilesPerSide(n, tile), foldsPivot(tile), false);  // at most this: the second chain lists fewer
    }

    /**
     * The item list for a matrix of {@code tiles} x {@code tiles} tiles run by {@code wave}
     * resident blocks (the lookahead distances are measured in waves of items), pivots folded or
     * not, with the second chain's items left out or not (it needs folded pivots).
     */
    public static int[] build(int tiles, int wave, boolean foldedPivots, boolean secondChain) {
        if (tiles < 1 || tiles > MAX_TILES) throw new IllegalArgumentException("tiles must be 1.." + MAX_TILES + ", not " + tiles);
        if (wave < 1) throw new IllegalArgumentException("wave must be positive, not " + wave);
        if (secondChain && !foldedPivots) throw new IllegalArgumentException("the second chain needs folded pivots");
        DataflowSchedule s = new DataflowSchedule(tiles, foldedPivots, secondChain);
        s.addPivot(0);
        s.addCross(0);
        s.addCritical(0);
        for (int r = 1; r < tiles; r++) {
            int[] bulk = s.bulk(r - 1);
            int g = Math.min(wave, bulk.length), a = crossAfter(bulk.length, wave, foldedPivots);
            if (foldedPivots) {
                s.addAll(bulk, 0, a);
            } else {
                s.addAll(bulk, 0, g);
                s.addPivot(r);
                s.addAll(bulk, g, a);
            }
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

    /** P(r), unless the chain runs it (folded pivots). */
    private void addPivot(int r) {
        if (!folded) add(r, r, r);
    }

    /**
     * C(r): row r, then column r, without the pivot, without tile (r + 1, r) where the chain runs it
     * (folded pivots), and without tile (r + 2, r) where the second chain does.
     */
    private void addCross(int r) {
        for (int j = 0; j < tiles; j++) if (j != r) add(r, r, j);
        for (int i = 0; i < tiles; i++) if (i != r && !(folded && i == r + 1) && !(secondChain && i == r + 2)) add(r, i, r);
    }

    /**
     * K(r): tile (r + 1, r + 1) unless P(r + 1) folds it, then the rest of row and column r + 1
     * outside row and column r, without tile (r + 2, r + 1) where the second chain runs it.
     */
    private void addCritical(int r) {
        int q = r + 1;
        if (q >= tiles) return;
        if (!folded) add(r, q, q);
        for (int j = 0; j < tiles; j++) if (j != r && j != q) add(r, q, j);
        for (int i = 0; i < tiles; i++) if (i != r && i != q && !(secondChain && i == q + 1)) add(r, i, q);
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
