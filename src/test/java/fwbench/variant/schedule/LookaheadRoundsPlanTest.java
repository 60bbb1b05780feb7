package fwbench.variant.schedule;

import fwbench.variant.kleene.KleeneSolver;

import fwbench.variant.schedule.LookaheadRounds.Chain;
import fwbench.variant.schedule.LookaheadRounds.Copy;
import fwbench.variant.schedule.LookaheadRounds.Launch;
import fwbench.variant.schedule.LookaheadRounds.Reads;
import fwbench.variant.schedule.LookaheadRounds.Record;
import fwbench.variant.schedule.LookaheadRounds.RestMode;
import fwbench.variant.schedule.LookaheadRounds.Step;
import fwbench.variant.schedule.LookaheadRounds.Wait;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * kleene's launch plans (LookaheadRounds.plan), one round at a time and in groups, checked without
 * a GPU against a model of what each block of each launch updates: the kernels' tile maps
 * (kernels/kleene_rounds.cuh kleene::rest_tile, kleene::group_tile and kleene_cross's, written out
 * again here) and the rounds a tile has had; groups' chains both ways ({@link Chain}). Counting a pivot's closure as its own round:
 * <ul>
 *   <li>in plan order, every block finds its tile at exactly the rounds before the ones it applies,
 *       and its operands at least at the rounds it needs; every tile ends with every round;</li>
 *   <li>no two launches that the plan's streams and events leave unordered write the same tile,
 *       and where one reads a tile the other writes, the tile met the reader's need already before
 *       the writer ran (an operand read early or late is then right either way).</li>
 * </ul>
 * With {@link Reads#FIXED} (GROUP_NEXT and GROUP_REST read tiles of a matrix of operands, which each
 * {@link Copy} sets to the matrix's state as it stands; phase 3 reads the pivot row there, which
 * phase 2 stores in both), no read at all may meet an unordered write: every value read is fixed,
 * whatever the timing.
 */
class LookaheadRoundsPlanTest {

    @ParameterizedTest
    @EnumSource(Chain.class)
    void everyPlanAppliesEveryRoundOnceAndInOrder(Chain chain) {
        for (Reads reads : chain == Chain.CATCH_UP ? new Reads[] {Reads.IN_PLACE} : Reads.values()) {
            for (int group = 1; group <= KleeneSolver.MAX_GROUPED_ROUNDS; group++) {
                for (int bands = 1; bands <= 3; bands++) {
                    for (int tiles = 1; tiles <= 24; tiles++) check(tiles, bands, group, chain, reads);
                }
                check(79, 2, group, chain, reads);  // n = 10000 at T = 128
            }
        }
    }

    /** In place, groups and a round's bands read tiles that another launch writes at the same time: what {@link Reads#FIXED} is for. */
    @Test
    void inPlaceReadsMeetWrites() {
        for (int[] c : new int[][] {{12, 2, 3}, {12, 2, 1}, {12, 1, 3}}) {  // tiles, bands, rounds a group
            AssertionError race = assertThrows(AssertionError.class, () -> check(c[0], c[1], c[2], Chain.ROUND_BY_ROUND, Reads.IN_PLACE, true));
            assertTrue(race.getMessage().contains("read while written") || race.getMessage().contains("while writing it"), race.getMessage());
        }
        AssertionError catchUp = assertThrows(AssertionError.class, () -> check(12, 1, 3, Chain.CATCH_UP, Reads.IN_PLACE, true));
        assertTrue(catchUp.getMessage().contains("while writing it"), catchUp.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LookaheadRounds.plan(12, 1, 3, Chain.CATCH_UP, Reads.FIXED), "a catch-up chain cannot read fixed operands");
        for (int tiles = 1; tiles <= 24; tiles++) check(tiles, 1, 1, Chain.ROUND_BY_ROUND, Reads.IN_PLACE, true);  // one band, one round at a time: no race (KleeneSolver reads in place there)
    }

    /** A group's copy is made once its chain is done and covers its tile rows and columns; rounds one by one need none (phase 2 stores the pivot row). */
    @Test
    void fixedReadsCopyEachGroupsOperands() {
        List<Copy> grouped = copies(LookaheadRounds.plan(24, 2, 5, Chain.ROUND_BY_ROUND, Reads.FIXED));
        assertEquals(List.of(new Copy(0, 4), new Copy(5, 9), new Copy(10, 14), new Copy(15, 19), new Copy(20, 23)), grouped);
        assertTrue(copies(LookaheadRounds.plan(24, 2, 1, Chain.ROUND_BY_ROUND, Reads.FIXED)).isEmpty());
        assertTrue(copies(LookaheadRounds.plan(24, 2, 5, Chain.ROUND_BY_ROUND)).isEmpty(), "no copies in place");
    }

    private static List<Copy> copies(List<Step> plan) {
        return plan.stream().filter(s -> s instanceof Copy).map(s -> (Copy) s).toList();
    }

    /** A chain that catches up launches one product a tile of the next cross, none for the tiles beside the pivot that have their rounds. */
    @Test
    void aCatchUpChainLaunchesRowAndColumnOfTheNextPivot() {
        List<Step> plan = LookaheadRounds.plan(24, 2, 6, Chain.CATCH_UP);
        long catchUps = plan.stream().filter(s -> s instanceof Launch l && l.mode() == RestMode.GROUP_CATCH_UP).count();
        assertEquals(4 * 5, catchUps, "24 tiles: four groups of six, five catch-up launches each");
        assertTrue(plan.stream().noneMatch(s -> s instanceof Launch l && l.mode() == RestMode.GROUP_CHAIN));
        Launch third = (Launch) plan.stream().filter(s -> s instanceof Launch l && l.mode() == RestMode.GROUP_CATCH_UP && l.p() == 6 && l.last() == 8)
                .findFirst().orElseThrow();
        List<Block> blocks = blocks(third, 24, Reads.IN_PLACE, 6);
        assertEquals(2 * 24 - 1 - 2, blocks.size(), "tiles (9, 8) and (8, 9) have rounds 6 .. 8 already");
        for (Block b : blocks) assertTrue(b.i() == 9 || b.j() == 9, b.toString());
    }

    /** The ordering this test guards: the last group's narrower band moves the bands' rows, so each band waits for every band before it. */
    @Test
    void theLastGroupsBulkWaitsForEveryBandOfTheGroupBefore() {
        for (int[] c : new int[][] {{9, 2, 6}, {11, 4, 4}}) {  // tiles, rounds a group, the group with a narrower band
            List<Step> plan = LookaheadRounds.plan(c[0], 2, c[1]);
            int lastRest = -1;
            for (int s = 0; s < plan.size(); s++) {
                if (plan.get(s) instanceof Launch l && l.mode() == RestMode.GROUP_REST && l.p() == c[2]) lastRest = s;
            }
            assertTrue(lastRest > 0, c[0] + " tiles in groups of " + c[1] + ": a group from " + c[2]);
            List<Integer> waited = new ArrayList<>();
            for (int s = lastRest - 1; s >= 0 && plan.get(s) instanceof Wait w && w.stream() == 1; s--) waited.add(w.event());
            int parity = (c[2] / c[1] - 1) & 1;
            assertTrue(waited.contains(LookaheadRounds.restDone(0, parity)) && waited.contains(LookaheadRounds.restDone(1, parity)), waited.toString());
        }
    }

    /**
     * What one block does: the tile it writes, the rounds it applies (from `from`, `count` of them), and the operands it reads with the rounds each needs;
     * or, for a {@link Copy} (count {@link #COPY}), the copy's tile (i, j - tiles) it sets to the matrix's tile (i, j - tiles) as it was;
     * or (count {@link #MIRROR}, after the block it mirrors) the copy's tile that phase 2 stores as it stores the matrix's.
     */
    private record Block(int i, int j, int from, int count, int[][] reads) {}

    private static final int COPY = -1, MIRROR = -2;

    private static void check(int tiles, int bands, int group, Chain chain, Reads reads) {
        check(tiles, bands, group, chain, reads, reads == Reads.FIXED);
    }

    /** {@code exact}: no read may meet an unordered write at all (what Reads.FIXED gives), not only none before the round it needs. */
    private static void check(int tiles, int bands, int group, Chain chain, Reads reads, boolean exact) {
        String what = (group > 1 ? "groups of " + group + " (" + chain + ", " + reads + ")" : "one by one") + ", " + tiles + " tiles, " + bands + " bands";
        List<Step> plan = LookaheadRounds.plan(tiles, bands, group, chain, reads);
        int[][] rounds = new int[tiles][2 * tiles];  // the matrix's tiles, then the copy's (column + tiles)
        List<List<Block>> launches = new ArrayList<>();
        List<int[][]> before = new ArrayList<>();  // each launch's view of the rounds before it
        List<BitSet> ancestors = new ArrayList<>();
        Map<Integer, BitSet> done = new HashMap<>();    // per stream: launches finished before its next one starts
        Map<Integer, BitSet> recorded = new HashMap<>();
        for (Step step : plan) {
            if (step instanceof Launch || step instanceof Copy) {
                List<Block> blocks = step instanceof Launch l ? blocks(l, tiles, reads, group) : copyBlocks((Copy) step, tiles);
                int stream = step instanceof Launch l ? l.stream() : LookaheadRounds.MAIN;
                int[][] start = copy(rounds);
                boolean[][] written = new boolean[tiles][2 * tiles];
                for (Block b : blocks) {
                    assertFalse(written[b.i()][b.j()], what + ": " + step + " writes tile " + b.i() + "," + b.j() + " twice");
                    written[b.i()][b.j()] = true;
                    if (b.count() >= 0) assertEquals(b.from(), start[b.i()][b.j()], what + ": " + step + " finds tile " + b.i() + "," + b.j() + " at the wrong round");
                    for (int[] r : b.reads()) {
                        assertTrue(start[r[0]][r[1]] >= r[2], what + ": " + step + " reads tile " + r[0] + "," + r[1] + " before round " + (r[2] - 1));
                    }
                }
                for (Block b : blocks) {  // exact: no block reads a tile another block of its launch writes either
                    for (int[] r : b.reads()) assertFalse(exact && written[r[0]][r[1]], what + ": " + step + " reads tile " + r[0] + "," + r[1] + " while writing it");
                }
                for (Block b : blocks) {
                    rounds[b.i()][b.j()] = b.count() == COPY ? start[b.i()][b.j() - tiles] : b.count() == MIRROR ? rounds[b.i()][b.j() - tiles] : b.from() + b.count();
                }
                BitSet anc = (BitSet) done.getOrDefault(stream, new BitSet()).clone();
                int index = launches.size();
                launches.add(blocks);
                before.add(start);
                ancestors.add(anc);
                BitSet next = (BitSet) anc.clone();
                next.set(index);
                done.put(stream, next);
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
                conflicts(launches.get(a), before.get(a), launches.get(b), exact, what + ": launches " + a + " and " + b);
                conflicts(launches.get(b), before.get(b), launches.get(a), exact, what + ": launches " + b + " and " + a);
            }
        }
    }

    /** Unordered launches: none writes a tile the other writes, nor one the other reads unless the read's need held before the write (never, if exact). */
    private static void conflicts(List<Block> writer, int[][] beforeWriter, List<Block> reader, boolean exact, String what) {
        Map<Long, Block> writes = new HashMap<>();
        for (Block w : writer) writes.put(key(w.i(), w.j()), w);
        for (Block r : reader) {
            if (writes.containsKey(key(r.i(), r.j()))) fail(what + " both write tile " + r.i() + "," + r.j());
            for (int[] read : r.reads()) {
                if (writes.containsKey(key(read[0], read[1])) && (exact || beforeWriter[read[0]][read[1]] < read[2])) {
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

    /** A copy's blocks: every tile of the group's tile columns and of its tile rows, read from the matrix and written to the copy. */
    private static List<Block> copyBlocks(Copy c, int tiles) {
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < tiles; i++) {
            for (int j = 0; j < tiles; j++) {
                boolean panel = (j >= c.p() && j <= c.last()) || (i >= c.p() && i <= c.last());
                if (panel) blocks.add(new Block(i, tiles + j, 0, COPY, new int[][] {{i, j, 0}}));
            }
        }
        return blocks;
    }

    /** Every block of a launch, by the kernels' tile maps; with {@link Reads#FIXED}, the copy's tiles are read and written as the class comment says. */
    private static List<Block> blocks(Launch l, int tiles, Reads mode, int group) {
        boolean rows = mode == Reads.FIXED && group == 1, panels = mode == Reads.FIXED && group > 1;  // KleeneF32Solver.Rounds' rows and panels
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
                        if (by == 0 && rows) blocks.add(new Block(p, tiles + t, 0, MIRROR, new int[0][]));
                    }
                    case REST -> {
                        int[] tile = restTile(l.mode(), p, tiles, bx, by + l.firstRow());
                        int i = tile[0], j = tile[1], row = rows ? tiles : 0;  // B, pivot row p, from the copy
                        boolean closes = l.mode() == RestMode.NEXT && i == j;  // the next pivot, closed after its update
                        blocks.add(new Block(i, j, p, closes ? 2 : 1, new int[][] {{i, p, p + 1}, {p, row + j, p + 1}}));
                    }
                    case GROUP, GROUP_REST -> {
                        assertEquals(l.kernel() == LookaheadRounds.KernelRole.GROUP_REST, l.mode() == RestMode.GROUP_REST, l + ": the bulk's own kernel runs GROUP_REST, and only it");
                        int[] tile = groupTile(l.mode(), p, l.last(), tiles, bx, by + l.firstRow());
                        int i = tile[0], j = tile[1], first = tile[2];
                        int end = l.mode() == RestMode.GROUP_CHAIN ? p + 1 : l.last() + 1;  // rounds first .. end - 1
                        if (l.mode() == RestMode.GROUP_CATCH_UP && first >= end) continue;  // up to date: the block returns at once
                        int pivot = l.mode() == RestMode.GROUP_CHAIN ? p + 1 : l.last() + 1;
                        boolean closes = l.mode() != RestMode.GROUP_REST && i == pivot && j == pivot;
                        int[][] reads = new int[2 * (end - first)][];
                        int from = panels && (l.mode() == RestMode.GROUP_NEXT || l.mode() == RestMode.GROUP_REST) ? tiles : 0;
                        for (int k = first; k < end; k++) {
                            reads[2 * (k - first)] = new int[] {i, from + k, k + 1};
                            reads[2 * (k - first) + 1] = new int[] {k, from + j, k + 1};
                        }
                        blocks.add(new Block(i, j, first, end - first + (closes ? 1 : 0), reads));
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

    /** kleene::group_tile: {row, column, the first round its product applies}. */
    private static int[] groupTile(RestMode mode, int p, int last, int tiles, int bx, int by) {
        int g = last - p + 1, b = LookaheadRounds.nextBand(p, last, tiles);
        if (mode == RestMode.GROUP_REST) return new int[] {by < p ? by : by + g + b, bx < p ? bx : bx + g + b, p};
        if (mode == RestMode.GROUP_CATCH_UP) {  // row last + 1, then column last + 1 outside it; a tile in the group's row or column o had rounds to o
            int next = last + 1, q = bx - tiles, o = bx < tiles ? bx : q < next ? q : q + 1, first = o >= p && o <= last ? o + 1 : p;
            return bx < tiles ? new int[] {next, o, first} : new int[] {o, next, first};
        }
        if (mode == RestMode.GROUP_CHAIN) {
            int w = last - p;
            if (bx < w * (tiles - 1)) {
                int c = bx % (tiles - 1);
                return new int[] {p + 1 + bx / (tiles - 1), c < p ? c : c + 1, p};
            }
            int q = bx - w * (tiles - 1), o = q / w;
            return new int[] {o < p ? o : o + w + 1, p + 1 + q % w, p};
        }
        int band = b * (tiles - g), cross = b * (2 * (tiles - g) - b);
        if (bx < band) {
            int o = bx % (tiles - g);
            return new int[] {last + 1 + bx / (tiles - g), o < p ? o : o + g, p};
        }
        if (bx < cross) {
            int q = bx - band, o = q / b;
            return new int[] {o < p ? o : o + g + b, last + 1 + q % b, p};
        }
        int q = bx - cross;
        if (q < (g - 1) * (tiles - 1)) {
            int i = p + q / (tiles - 1), c = q % (tiles - 1), j = c < last ? c : c + 1;
            return new int[] {i, j, (j > i && j < last ? j : i) + 1};
        }
        int r = q - (g - 1) * (tiles - 1), o = r / (g - 1), j = p + r % (g - 1);
        return new int[] {o < p ? o : o + g, j, j + 1};
    }
}
