package fwbench.variant;

import fwbench.variant.LookaheadRounds.Launch;
import fwbench.variant.LookaheadRounds.Record;
import fwbench.variant.LookaheadRounds.RestMode;
import fwbench.variant.LookaheadRounds.Step;
import fwbench.variant.LookaheadRounds.Wait;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * kleene's launch plans (LookaheadRounds.plan), one round at a time and in pairs, checked without
 * a GPU against a model of what each block of each launch updates: the kernels' tile maps
 * (kernels/kleene_rounds.cuh kleene::rest_tile, kleene::pair_tile and kleene_cross's, written out
 * again here) and the rounds a tile has had. Counting a pivot's closure as its own round:
 * <ul>
 *   <li>in plan order, every block finds its tile at exactly the rounds before the ones it applies,
 *       and its operands at least at the rounds it needs; every tile ends with every round;</li>
 *   <li>no two launches that the plan's streams and events leave unordered write the same tile,
 *       and where one reads a tile the other writes, the tile met the reader's need already before
 *       the writer ran (an operand read early or late is then right either way).</li>
 * </ul>
 */
class LookaheadRoundsPlanTest {

    @Test
    void everyPlanAppliesEveryRoundOnceAndInOrder() {
        for (boolean pairs : new boolean[] {false, true}) {
            for (int bands = 1; bands <= 3; bands++) {
                for (int tiles = 1; tiles <= 24; tiles++) check(tiles, bands, pairs);
            }
            check(79, 2, pairs);  // n = 10000 at T = 128
        }
    }

    /** The ordering this test guards: the last pair's narrower band moves the bands' rows, so each band waits for every band before it. */
    @Test
    void theLastPairsBulkWaitsForEveryBandOfThePairBefore() {
        List<Step> plan = LookaheadRounds.plan(9, 2, true);
        int lastPairRest = -1;
        for (int s = 0; s < plan.size(); s++) {
            if (plan.get(s) instanceof Launch l && l.mode() == RestMode.PAIR_REST && l.p() == 6) lastPairRest = s;
        }
        assertTrue(lastPairRest > 0, "9 tiles: the last pair is 6, 7, with a band of 1");
        List<Integer> waited = new ArrayList<>();
        for (int s = lastPairRest - 1; s >= 0 && plan.get(s) instanceof Wait w && w.stream() == 1; s--) waited.add(w.event());
        assertTrue(waited.contains(LookaheadRounds.restDone(0, 0)) && waited.contains(LookaheadRounds.restDone(1, 0)), waited.toString());
    }

    /** What one block does: the tile it writes, the rounds it applies (from `from`, `count` of them), and the operands it reads with the rounds each needs. */
    private record Block(int i, int j, int from, int count, int[][] reads) {}

    private static void check(int tiles, int bands, boolean pairs) {
        String what = (pairs ? "pairs" : "one by one") + ", " + tiles + " tiles, " + bands + " bands";
        List<Step> plan = LookaheadRounds.plan(tiles, bands, pairs);
        int[][] rounds = new int[tiles][tiles];
        List<List<Block>> launches = new ArrayList<>();
        List<int[][]> before = new ArrayList<>();  // each launch's view of the rounds before it
        List<BitSet> ancestors = new ArrayList<>();
        Map<Integer, BitSet> done = new HashMap<>();    // per stream: launches finished before its next one starts
        Map<Integer, BitSet> recorded = new HashMap<>();
        for (Step step : plan) {
            if (step instanceof Launch l) {
                List<Block> blocks = blocks(l, tiles);
                int[][] start = copy(rounds);
                boolean[][] written = new boolean[tiles][tiles];
                for (Block b : blocks) {
                    assertFalse(written[b.i()][b.j()], what + ": " + l + " writes tile " + b.i() + "," + b.j() + " twice");
                    written[b.i()][b.j()] = true;
                    assertEquals(b.from(), start[b.i()][b.j()], what + ": " + l + " finds tile " + b.i() + "," + b.j() + " at the wrong round");
                    for (int[] r : b.reads()) {
                        assertTrue(start[r[0]][r[1]] >= r[2], what + ": " + l + " reads tile " + r[0] + "," + r[1] + " before round " + (r[2] - 1));
                    }
                }
                for (Block b : blocks) rounds[b.i()][b.j()] = b.from() + b.count();
                BitSet anc = (BitSet) done.getOrDefault(l.stream(), new BitSet()).clone();
                int index = launches.size();
                launches.add(blocks);
                before.add(start);
                ancestors.add(anc);
                BitSet next = (BitSet) anc.clone();
                next.set(index);
                done.put(l.stream(), next);
            } else if (step instanceof Record r) {
                recorded.put(r.event(), (BitSet) done.getOrDefault(r.stream(), new BitSet()).clone());
            } else if (step instanceof Wait w) {
                done.computeIfAbsent(w.stream(), s -> new BitSet()).or(recorded.getOrDefault(w.event(), new BitSet()));
            }
        }
        for (int i = 0; i < tiles; i++) {
            for (int j = 0; j < tiles; j++) assertEquals(tiles, rounds[i][j], what + ": tile " + i + "," + j + " ends with every round");
        }
        for (int a = 0; a < launches.size(); a++) {
            for (int b = a + 1; b < launches.size(); b++) {
                if (ancestors.get(b).get(a)) continue;  // ordered: a before b
                conflicts(launches.get(a), before.get(a), launches.get(b), what + ": launches " + a + " and " + b);
                conflicts(launches.get(b), before.get(b), launches.get(a), what + ": launches " + b + " and " + a);
            }
        }
    }

    /** Unordered launches: none writes a tile the other writes, nor one the other reads unless the read's need held before the write. */
    private static void conflicts(List<Block> writer, int[][] beforeWriter, List<Block> reader, String what) {
        Map<Long, Block> writes = new HashMap<>();
        for (Block w : writer) writes.put(key(w.i(), w.j()), w);
        for (Block r : reader) {
            if (writes.containsKey(key(r.i(), r.j()))) fail(what + " both write tile " + r.i() + "," + r.j());
            for (int[] read : r.reads()) {
                if (writes.containsKey(key(read[0], read[1])) && beforeWriter[read[0]][read[1]] < read[2]) {
                    fail(what + ": tile " + read[0] + "," + read[1] + " read while written, before the round it needs");
                }
            }
        }
    }

    private static long key(int i, int j) {
        return (long) i << 32 | j;
    }

    private static int[][] copy(int[][] m) {
        int[][] c = new int[m.length][];
        for (int i = 0; i < m.length; i++) c[i] = m[i].clone();
        return c;
    }

    /** Every block of a launch, by the kernels' tile maps. */
    private static List<Block> blocks(Launch l, int tiles) {
        List<Block> blocks = new ArrayList<>();
        int p = l.p();
        for (int by = 0; by < l.gridY(); by++) {
            for (int bx = 0; bx < l.gridX(); bx++) {
                switch (l.kernel()) {
                    case CLOSE_PIVOT -> blocks.add(new Block(p, p, p, 1, new int[0][]));
                    case CROSS -> {  // kleene_cross: block x skips the pivot, y = 0 the pivot row, 1 the column
                        int t = bx + (bx >= p ? 1 : 0);
                        int[][] pivot = {{p, p, p + 1}};
                        blocks.add(by == 0 ? new Block(p, t, p, 1, pivot) : new Block(t, p, p, 1, pivot));
                    }
                    case REST -> {
                        int[] tile = restTile(l.mode(), p, tiles, bx, by + l.firstRow());
                        int i = tile[0], j = tile[1];
                        boolean closes = l.mode() == RestMode.NEXT && i == j;  // the next pivot, closed after its update
                        blocks.add(new Block(i, j, p, closes ? 2 : 1, new int[][] {{i, p, p + 1}, {p, j, p + 1}}));
                    }
                    case PAIR -> {
                        int[] tile = pairTile(l.mode(), p, tiles, bx, by + l.firstRow());
                        int i = tile[0], j = tile[1];
                        int[][] second = {{i, p + 1, p + 2}, {p + 1, j, p + 2}};
                        if (tile[2] == 0) {
                            blocks.add(new Block(i, j, p + 1, 1, second));
                        } else {
                            boolean closes = l.mode() == RestMode.PAIR_NEXT && i == p + 2 && j == p + 2;
                            blocks.add(new Block(i, j, p, closes ? 3 : 2, new int[][] {{i, p, p + 1}, {p, j, p + 1}, second[0], second[1]}));
                        }
                    }
                }
            }
        }
        return blocks;
    }

    /** kleene::rest_tile. */
    private static int[] restTile(RestMode mode, int p, int tiles, int bx, int by) {
        return switch (mode) {
            case NEXT -> bx < tiles - 1 ? new int[] {p + 1, bx + (bx >= p ? 1 : 0)}
                    : new int[] {bx - (tiles - 1) < p ? bx - (tiles - 1) : bx - (tiles - 1) + 2, p + 1};
            case REST -> new int[] {by < p ? by : by + 2, bx < p ? bx : bx + 2};
            case ALL -> new int[] {by + (by >= p ? 1 : 0), bx + (bx >= p ? 1 : 0)};
            default -> throw new IllegalArgumentException(mode + " is not a phase-3 mode");
        };
    }

    /** kleene::pair_tile: {row, column, 1 for both rounds' products or 0 for round p + 1's}. */
    private static int[] pairTile(RestMode mode, int p, int tiles, int bx, int by) {
        int m = tiles - 2, band = LookaheadRounds.pairBand(p, tiles);
        if (mode == RestMode.PAIR_REST) return new int[] {by < p ? by : by + 2 + band, bx < p ? bx : bx + 2 + band, 1};
        int inBand = band * (2 * m - band);
        if (bx < band * m) return new int[] {tile(p + bx / m, p), tile(bx % m, p), 1};
        if (bx < inBand) {
            int q = bx - band * m, r = q / band;
            return new int[] {tile(r < p ? r : r + band, p), tile(p + q % band, p), 1};
        }
        int q = bx - inBand;
        if (q < tiles - 1) return new int[] {p, q <= p ? q : q + 1, 0};
        q -= tiles - 1;
        return new int[] {q < p ? q : q + 2, p, 0};
    }

    private static int tile(int o, int p) {
        return o < p ? o : o + 2;
    }
}
