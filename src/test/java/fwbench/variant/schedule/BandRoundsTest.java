package fwbench.variant.schedule;

import fwbench.graph.Distances;
import fwbench.graph.Graph;
import fwbench.graph.GraphSpec;
import fwbench.graph.MatrixGraph;
import fwbench.graph.ReferenceFloydWarshall;
import fwbench.variant.TestGraphs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * kleene-bands' schedule ({@link BandRounds}) run on the host, without a GPU: each launch, copy
 * and event is an operation on its band's stream; the test checks that every two operations that
 * touch the same tile (one of them writing it) are ordered by stream order and event waits, that
 * no block of a launch reads a tile another block of it writes, and that running the operations in
 * random orders the streams and events allow gives the CPU reference's distances. The tile
 * products are plain min-plus loops over small tiles (T = 4), on graphs with unreachable pairs and
 * zero weights, at sizes that are not multiples of the tile.
 */
class BandRoundsTest {

    private static final int T = 4;

    /** A location: work tile (band, local row, column) or group buffer tile (band, parity, row within the group, column). */
    private record Tile(boolean groupBuffer, int band, int parity, int row, int column) {
        static Tile work(int band, int row, int column) {
            return new Tile(false, band, 0, row, column);
        }
    }

    /** One operation on one lane: what it reads and writes, and what it does to the matrices. */
    private static final class Op {
        final int lane;
        final String what;
        final Set<Tile> reads = new HashSet<>();
        final Set<Tile> writes = new HashSet<>();
        final List<Integer> after = new ArrayList<>();  // operations that happen before this one
        Runnable action = () -> { };

        Op(int lane, String what) {
            this.lane = lane;
            this.what = what;
        }
    }

    /** The schedule's operations recorded over host matrices: band b's rows of the working matrix and its two group buffers. */
    private static final class Recorder implements BandRounds.Ops {
        final BandLayout layout;
        final int n, ld;
        final int[][][] work;      // [band][row][column]
        final int[][][][] groupRows;   // [band][parity][row][column]
        final List<Op> ops = new ArrayList<>();
        final Map<Integer, Integer> lastOnLane = new HashMap<>();
        final Map<String, Integer> lastRecord = new HashMap<>();
        final Map<Integer, List<Integer>> pendingWaits = new HashMap<>();

        Recorder(BandLayout layout, int groupRounds, int n, int[] weights) {
            this.layout = layout;
            this.n = n;
            this.ld = layout.tiles() * T;
            work = new int[layout.bands()][][];
            groupRows = new int[layout.bands()][2][groupRounds * T][ld];
            for (int b = 0; b < layout.bands(); b++) {
                int rows = layout.tileRows()[b] * T, first = layout.firstTile()[b] * T;
                work[b] = new int[rows][ld];
                for (int r = 0; r < rows; r++) {
                    int i = first + r;
                    for (int j = 0; j < ld; j++) work[b][r][j] = i == j ? 0 : i < n && j < n ? weights[i * n + j] : Distances.INF;
                }
            }
        }

        static int lane(int band, BandRounds.Lane lane) {
            return band * 2 + lane.ordinal();
        }

        private Op add(int lane, String what) {
            Op op = new Op(lane, what);
            Integer previous = lastOnLane.get(lane);
            if (previous != null) op.after.add(previous);
            List<Integer> waits = pendingWaits.remove(lane);
            if (waits != null) op.after.addAll(waits);
            ops.add(op);
            lastOnLane.put(lane, ops.size() - 1);
            return op;
        }

        /** The tile of round k's pivot row that band b reads for column j in update u: its own, or its group buffer's. */
        private Tile rowTile(int b, BandRounds.Update u, int k, int j) {
            if (u.buffer() < 0) {
                int local = layout.localRow(b, k);
                assertTrue(local >= 0, "band " + b + " reads its own row " + k + ", which it does not hold");
                return Tile.work(b, local, j);
            }
            return new Tile(true, b, u.buffer() & 1, k - u.bFirst(), j);
        }

        private int[] rowOf(int b, BandRounds.Update u, int k, int r) {
            return u.buffer() < 0 ? work[b][layout.localRow(b, k) * T + r] : groupRows[b][u.buffer() & 1][(k - u.bFirst()) * T + r];
        }

        @Override
        public void update(int band, BandRounds.Lane lane, BandRounds.Update u) {
            if (u.rows().count() <= 0 || u.columns().count() <= 0) return;
            Op op = add(lane(band, lane), "update b" + band + " rounds " + u.first() + ".." + (u.end() - 1) + " " + lane + " " + u);
            List<int[]> blocks = new ArrayList<>();
            Set<Tile> written = new HashSet<>();
            for (int y = 0; y < u.rows().count(); y++) {
                for (int x = 0; x < u.columns().count(); x++) {
                    int i = u.rows().at(y), j = u.columns().at(x);
                    assertTrue(i >= 0 && i < layout.tileRows()[band] && j >= 0 && j < layout.tiles(), op.what + ": block (" + x + ", " + y + ") -> tile (" + i + ", " + j + ")");
                    assertTrue(written.add(Tile.work(band, i, j)), op.what + ": two blocks write tile (" + i + ", " + j + ")");
                    blocks.add(new int[] {i, j});
                }
            }
            assertTrue(u.first() < u.end() && u.end() <= layout.tiles(), op.what + ": rounds");
            for (int[] blk : blocks) {
                Tile c = Tile.work(band, blk[0], blk[1]);
                List<Tile> reads = new ArrayList<>();
                for (int k = u.first(); k < u.end(); k++) {
                    reads.add(Tile.work(band, blk[0], k));
                    reads.add(rowTile(band, u, k, blk[1]));
                }
                for (Tile read : reads) {
                    assertTrue(read.equals(c) || !written.contains(read), op.what + ": a block reads " + read + ", which another block of the launch writes");
                }
                op.reads.addAll(reads);
                op.reads.add(c);
                op.writes.add(c);
            }
            op.action = () -> {
                int[][] result = new int[blocks.size()][];
                for (int k = 0; k < blocks.size(); k++) result[k] = product(band, blocks.get(k)[0], blocks.get(k)[1], u);
                for (int k = 0; k < blocks.size(); k++) store(band, blocks.get(k)[0], blocks.get(k)[1], result[k]);
            };
        }

        /** min(C, A (x) B) of one tile over the update's rounds, from the values before the launch (a block reads its operands, then stores). */
        private int[] product(int band, int i, int j, BandRounds.Update u) {
            int[] c = new int[T * T];
            for (int r = 0; r < T; r++) {
                for (int s = 0; s < T; s++) {
                    int best = work[band][i * T + r][j * T + s];
                    for (int k = u.first() * T; k < u.end() * T; k++) {
                        best = Math.min(best, work[band][i * T + r][k] + rowOf(band, u, k / T, k % T)[j * T + s]);
                    }
                    c[r * T + s] = best;
                }
            }
            return c;
        }

        private void store(int band, int i, int j, int[] c) {
            for (int r = 0; r < T; r++) for (int s = 0; s < T; s++) work[band][i * T + r][j * T + s] = c[r * T + s];
        }

        @Override
        public void close(int band, int row, int p) {
            Op op = add(lane(band, BandRounds.Lane.MAIN), "close b" + band + " p" + p);
            Tile t = Tile.work(band, row, p);
            op.reads.add(t);
            op.writes.add(t);
            op.action = () -> {
                for (int k = 0; k < T; k++) {
                    for (int r = 0; r < T; r++) {
                        for (int s = 0; s < T; s++) {
                            int[] w = work[band][row * T + r];
                            w[p * T + s] = Math.min(w[p * T + s], w[p * T + k] + work[band][row * T + k][p * T + s]);
                        }
                    }
                }
            };
        }

        @Override
        public void sendPivotRow(int from, int to, int q, int group, int groupFirst) {
            Op op = add(lane(from, BandRounds.Lane.MAIN), "send row " + q + " b" + from + " -> b" + to);
            int row = layout.localRow(from, q), at = q - groupFirst;
            assertTrue(row >= 0, op.what + ": the sender holds the row");
            assertTrue(at >= 0 && at * T < groupRows[to][0].length, op.what + ": the row's place in the group buffer");
            for (int j = 0; j < layout.tiles(); j++) {
                op.reads.add(Tile.work(from, row, j));
                op.writes.add(new Tile(true, to, group & 1, at, j));
            }
            op.action = () -> {
                for (int r = 0; r < T; r++) groupRows[to][group & 1][at * T + r] = work[from][row * T + r].clone();
            };
        }

        @Override
        public void record(int band, BandRounds.Lane lane, BandRounds.Mark mark, int parity) {
            add(lane(band, lane), "record " + mark + parity + " b" + band);
            lastRecord.put(band + " " + mark + " " + parity, ops.size() - 1);
        }

        @Override
        public void waitFor(int band, BandRounds.Lane lane, int of, BandRounds.Mark mark, int parity) {
            Integer recorded = lastRecord.get(of + " " + mark + " " + parity);
            if (recorded != null) pendingWaits.computeIfAbsent(lane(band, lane), k -> new ArrayList<>()).add(recorded);
        }

        /** For each operation, every operation that happens before it (transitively). */
        List<BitSet> happensBefore() {
            List<BitSet> before = new ArrayList<>();
            for (Op op : ops) {
                BitSet set = new BitSet();
                for (int a : op.after) {
                    set.set(a);
                    set.or(before.get(a));
                }
                before.add(set);
            }
            return before;
        }

        /** Runs the operations in a random order that keeps every happens-before edge. */
        void run(Random random) {
            int[] waiting = new int[ops.size()];
            List<List<Integer>> next = new ArrayList<>();
            for (int k = 0; k < ops.size(); k++) next.add(new ArrayList<>());
            for (int k = 0; k < ops.size(); k++) {
                for (int a : new HashSet<>(ops.get(k).after)) {
                    waiting[k]++;
                    next.get(a).add(k);
                }
            }
            List<Integer> ready = new ArrayList<>();
            for (int k = 0; k < ops.size(); k++) if (waiting[k] == 0) ready.add(k);
            int done = 0;
            while (!ready.isEmpty()) {
                int k = ready.remove(random.nextInt(ready.size()));
                ops.get(k).action.run();
                done++;
                for (int m : next.get(k)) if (--waiting[m] == 0) ready.add(m);
            }
            assertEquals(ops.size(), done, "every operation ran");
        }

        int[] distances() {
            int[] d = new int[n * n];
            for (int b = 0; b < layout.bands(); b++) {
                int first = layout.firstTile()[b] * T;
                for (int r = 0; r < work[b].length && first + r < n; r++) System.arraycopy(work[b][r], 0, d, (first + r) * n, n);
            }
            return d;
        }
    }

    /** Groups of 1 to 6 rounds (the largest a pin takes) over 1 to 4 bands: groups inside a band, across bands, past the last round. */
    static Stream<Arguments> layouts() {
        List<Arguments> cases = new ArrayList<>();
        for (int n : new int[] {1, 3, 4, 5, 9, 13, 21, 27, 45}) {
            for (int bands : new int[] {1, 2, 3, 4}) {
                for (int groups = 1; groups <= 6; groups++) {
                    for (String graph : new String[] {"random", "sparse:0.2", "hops:0.15", TestGraphs.ZERO_WEIGHTS}) cases.add(Arguments.of(n, bands, groups, graph));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "n={0} bands={1} groups of {2} {3}")
    @MethodSource("layouts")
    void everyOrderTheEventsAllowGivesTheReferenceDistances(int n, int bands, int groups, String graph) {
        Graph g = TestGraphs.graph(graph, n);
        int[] expected = ReferenceFloydWarshall.distances(g);
        int tiles = (n + T - 1) / T;
        for (int seed = 0; seed < 4; seed++) {
            BandLayout layout = BandLayout.of(tiles, bands, bands);
            Recorder recorder = new Recorder(layout, groups, n, g.weights());
            BandRounds.enqueue(layout, groups, recorder);
            recorder.run(new Random(seed));
            assertArrayEquals(expected, recorder.distances(), "n=" + n + ", " + layout.bands() + " bands, groups of " + groups + ", order " + seed);
        }
    }

    @ParameterizedTest(name = "n={0} bands={1} groups of {2} {3}")
    @MethodSource("layouts")
    void operationsOnOneTileAreOrdered(int n, int bands, int groups, String graph) {
        BandLayout layout = BandLayout.of((n + T - 1) / T, bands, bands);
        Recorder recorder = new Recorder(layout, groups, n, TestGraphs.graph(graph, n).weights());
        BandRounds.enqueue(layout, groups, recorder);
        List<BitSet> before = recorder.happensBefore();
        List<Op> ops = recorder.ops;
        for (int x = 0; x < ops.size(); x++) {
            for (int y = x + 1; y < ops.size(); y++) {
                Op a = ops.get(x), b = ops.get(y);
                if (before.get(y).get(x)) continue;  // x happens before y (y was enqueued later, so never the reverse)
                for (Tile t : a.writes) {
                    if (b.reads.contains(t) || b.writes.contains(t)) fail("unordered: " + a.what + " writes " + t + ", " + b.what + " touches it");
                }
                for (Tile t : b.writes) {
                    if (a.reads.contains(t)) fail("unordered: " + b.what + " writes " + t + ", which " + a.what + " reads");
                }
            }
        }
    }

    @Test
    void layoutBalancesBandsAndDevices() {
        BandLayout l = BandLayout.of(10, 3, 2);
        assertArrayEquals(new int[] {0, 3, 6}, l.firstTile());
        assertArrayEquals(new int[] {3, 3, 4}, l.tileRows());
        assertArrayEquals(new int[] {0, 0, 1}, l.device());
        assertEquals(2, l.devices());
        assertEquals(0, l.owner(2));
        assertEquals(2, l.owner(9));
        assertEquals(1, l.localRow(1, 4));
        assertEquals(-1, l.localRow(1, 6));
        assertEquals(4, l.largestBand());
        BandLayout capped = BandLayout.of(2, 5, 5);
        assertEquals(2, capped.bands(), "at most one band a tile row");
        assertEquals(2, capped.devices());
    }
}
