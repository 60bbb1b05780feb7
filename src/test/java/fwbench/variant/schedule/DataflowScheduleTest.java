package fwbench.variant.schedule;

import fwbench.variant.core.GpuSolver;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The persistent kernel cannot deadlock only if every item comes after the items it reads (blocks
 * take items in list order): checked here for every item of several shapes, with no GPU.
 */
class DataflowScheduleTest {

    /**
     * With folded pivots the chain (block 0, before any ticket) runs every pivot P(r) and tile
     * (r + 1, r) of round r, which the list leaves out; with the second chain block 1 also runs
     * tiles (r + 2, r) and (r + 2, r + 1) of round r. A listed item that reads a chain's item must
     * come after every listed item that the chains read up to it, or the blocks holding the list
     * could all wait on a chain that waits on an item none of them took.
     */
    @ParameterizedTest(name = "tiles={0} wave={1} folded={2} second chain={3} helped={4}")
    @CsvSource({"1,1,true,false,false", "2,1,true,false,false", "2,264,true,false,false", "3,2,true,false,false", "5,1,true,false,false",
            "5,7,true,false,false", "16,396,true,false,false", "40,396,true,false,false", "79,264,true,false,false", "30,1,true,false,false",
            "1,1,false,false,false", "2,1,false,false,false", "3,2,false,false,false", "5,7,false,false,false", "40,132,false,false,false",
            "30,1,false,false,false",
            "1,1,true,false,true", "2,1,true,false,true", "3,2,true,false,true", "5,1,true,false,true", "5,7,true,false,true",
            "16,132,true,false,true", "23,132,true,false,true", "24,132,true,false,true", "30,1,true,false,true", "40,264,true,false,true",
            "1,1,true,true,true", "2,1,true,true,true", "3,1,true,true,true", "3,2,true,true,true", "4,3,true,true,true", "5,1,true,true,true",
            "5,7,true,true,true", "16,132,true,true,true", "16,396,true,true,true", "30,1,true,true,true", "40,396,true,true,true"})
    void everyTileOfEveryRoundOnceAndAfterWhatItReads(int tiles, int wave, boolean folded, boolean secondChain, boolean helped) {
        int[] items = DataflowSchedule.build(tiles, wave, folded, secondChain);
        int second = folded && secondChain ? 2 * Math.max(0, tiles - 2) : 0;
        assertEquals(tiles * tiles * tiles - (folded ? 3 * tiles - 2 : 0) - second, items.length);
        if (!secondChain) assertEquals(4L * items.length, DataflowSchedule.hostBytes(folded ? 128 : 256, tiles * (folded ? 128 : 256)));
        Map<Integer, Integer> position = new HashMap<>();
        for (int p = 0; p < items.length; p++) {
            assertEquals(null, position.put(items[p], p), "item listed twice at " + p);
        }
        // ready.get(item): for a chain's item, the last position of a listed item that the chains
        // read before it is released (each chain runs its steps in order, and each may read the
        // other's items). A helped kernel's helper (packed16's with the second chain, dataflow's
        // without) releases block 0's step s only once step s + 1's inputs are done: a step's
        // release then waits for the next step's reads too, so the list is checked against that.
        Map<Integer, Integer> ready = new HashMap<>();
        if (folded) {
            int steps = 2 * tiles - 1;  // block 0: 2r the pivot P(r), 2r + 1 tile (r + 1, r) of round r
            int[] reach = new int[steps];  // how far block 0's reads up to step s reach into the list
            int other = -1;                // how far block 1's do so far
            for (int s = 0; s < steps; s++) {
                int r = s / 2, at = s > 0 ? reach[s - 1] : -1;
                if (s % 2 == 0 && r >= 2) {  // P(r): its tile through round r - 2, tile (r - 1, r) through round r - 2
                    at = Math.max(at, readAt(position, ready, DataflowSchedule.encode(r - 2, r, r)));
                    at = Math.max(at, readAt(position, ready, DataflowSchedule.encode(r - 2, r - 1, r)));
                }
                if (s % 2 == 1 && r >= 1) at = Math.max(at, readAt(position, ready, DataflowSchedule.encode(r - 1, r + 1, r)));  // itself through r - 1
                reach[s] = at;
                // the step before is released now: after its own reads, and with the helper after these
                if (s > 0) release(ready, s - 1, helped ? at : reach[s - 1]);
                if (s % 2 == 1 || s + 1 == steps) {
                    if (s + 1 == steps) release(ready, s, at);  // the last step: the grid releases it at once
                    // block 1 after P(r) is released: tiles (r + 2, r) and (r + 2, r + 1) of round r
                    if (secondChain && r + 2 < tiles) {
                        // (r + 2, r): the pivot through round r, itself through round r - 1
                        other = Math.max(other, ready.get(DataflowSchedule.encode(r, r, r)));
                        if (r >= 1) other = Math.max(other, readAt(position, ready, DataflowSchedule.encode(r - 1, r + 2, r)));
                        ready.put(DataflowSchedule.encode(r, r + 2, r), other);
                        // (r + 2, r + 1): itself and tile (r, r + 1) through round r - 1 (and block 1's own (r + 2, r))
                        if (r >= 1) {
                            other = Math.max(other, readAt(position, ready, DataflowSchedule.encode(r - 1, r + 2, r + 1)));
                            other = Math.max(other, readAt(position, ready, DataflowSchedule.encode(r - 1, r, r + 1)));
                        }
                        ready.put(DataflowSchedule.encode(r, r + 2, r + 1), other);
                    }
                }
            }
        }
        for (int p = 0; p < items.length; p++) {
            int r = DataflowSchedule.round(items[p]), i = DataflowSchedule.row(items[p]), j = DataflowSchedule.column(items[p]);
            assertTrue(r < tiles && i < tiles && j < tiles, "item out of range at " + p);
            assertFalse(folded && r + 1 < tiles && i == r + 1 && j == r + 1, "tile (r + 1, r + 1) of round r is the next pivot's item, at " + p);
            assertFalse(ready.containsKey(items[p]), "a chain's item listed at " + p);
            // the tile itself through round r - 1
            if (r > 0) assertRead(position, ready, DataflowSchedule.encode(r - 1, i, j), p);
            // D(i, r) and D(r, j) through round r: the pivot for a cross tile, both crosses otherwise
            if (!(i == r && j == r)) {
                if (j != r) assertRead(position, ready, DataflowSchedule.encode(r, i, r), p);
                if (i != r) assertRead(position, ready, DataflowSchedule.encode(r, r, j), p);
            }
        }
    }

    /** Block 0's step s (2r: P(r), 2r + 1: tile (r + 1, r) of round r) is released once the list reaches {@code at}. */
    private static void release(Map<Integer, Integer> ready, int s, int at) {
        int r = s / 2;
        ready.put(s % 2 == 0 ? DataflowSchedule.encode(r, r, r) : DataflowSchedule.encode(r, r + 1, r), at);
    }

    /** How far into the list a chain's read of this item reaches: its position, or for a chain's item what that one reaches. */
    private static int readAt(Map<Integer, Integer> position, Map<Integer, Integer> ready, int item) {
        Integer at = ready.containsKey(item) ? ready.get(item) : position.get(item);
        assertTrue(at != null, "a chain reads an item neither listed nor run by a chain before it: " + describe(item));
        return at;
    }

    /** Item `item`, which the item at p reads, is listed before p, or is a chain's and the chains can reach it. */
    private static void assertRead(Map<Integer, Integer> position, Map<Integer, Integer> ready, int item, int p) {
        if (!ready.containsKey(item)) {
            assertBefore(position, item, p);
            return;
        }
        assertTrue(ready.get(item) < p, "item at " + p + " reads the chains' " + describe(item) + ", whose steps read an item at " + ready.get(item));
    }

    private static String describe(int item) {
        return "round " + DataflowSchedule.round(item) + " tile (" + DataflowSchedule.row(item) + ", " + DataflowSchedule.column(item) + ")";
    }

    @ParameterizedTest(name = "n={0} tile={1}")
    @CsvSource({"1,64,1", "64,64,1", "65,64,2", "1000,64,16", "1025,64,17", "1025,128,9", "1025,256,5", "10000,256,40", "46336,256,181"})
    void tilesCoverEveryLiveCellAndNoTileOfPaddingAlone(int n, int tile, int tiles) {
        assertEquals(tiles, GpuSolver.tilesPerSide(n, tile));
    }

    /** Where round R's items stand in a list of TILES x TILES tiles for WAVE blocks. */
    private static final int TILES = 20, WAVE = 10, R = 7;

    /** The position of each item of that list. */
    private static Map<Integer, Integer> positions(boolean folded) {
        int[] items = DataflowSchedule.build(TILES, WAVE, folded, false);
        Map<Integer, Integer> position = new HashMap<>();
        for (int p = 0; p < items.length; p++) position.put(items[p], p);
        return position;
    }

    @Test
    void withFoldedPivotsTheCrossComesInsideTheBulkOfTheRoundBeforeAndThePivotsAreTheChains() {
        Map<Integer, Integer> position = positions(true);
        int cross = position.get(DataflowSchedule.encode(R, R, 0));
        int lastBulk = position.get(DataflowSchedule.encode(R - 1, TILES - 1, TILES - 1));
        int bulkStart = position.get(DataflowSchedule.encode(R - 1, R + 1, R + 1));  // B(r - 1) starts with tile (r + 1, r + 1)
        assertEquals(DataflowSchedule.CROSS_WAVES_FOLDED * WAVE, cross - bulkStart, "the cross follows a wave of the previous bulk");
        assertTrue(cross < lastBulk, "cross " + cross + " inside the bulk ending at " + lastBulk);
        assertFalse(position.containsKey(DataflowSchedule.encode(R, R, R)), "the chain's pivot");
        assertFalse(position.containsKey(DataflowSchedule.encode(R, R + 1, R)), "the chain's cross tile");
        assertTrue(position.containsKey(DataflowSchedule.encode(R, R, R + 1)), "the other cross tile the next pivot reads is listed");
    }

    /** With the chain C(r) goes one wave into B(r - 1), but after all of it where less than half a wave would be left. */
    @Test
    void withTheChainTheCrossGoesOneWaveIntoTheBulkButLeavesNoSliverBehind() {
        assertEquals(132, DataflowSchedule.crossAfter(500, 132, true));
        assertEquals(196, DataflowSchedule.crossAfter(196, 132, true), "64 left, under half a wave");
        assertEquals(132, DataflowSchedule.crossAfter(198, 132, true), "66 left, half a wave");
        assertEquals(396, DataflowSchedule.crossAfter(1000, 132, false), "three waves without the chain");
        assertEquals(196, DataflowSchedule.crossAfter(196, 132, false));
    }

    @Test
    void anUnfoldedPivotAndItsCrossComeInsideTheBulkOfTheRoundBefore() {
        Map<Integer, Integer> position = positions(false);
        int pivot = position.get(DataflowSchedule.encode(R, R, R));
        int cross = position.get(DataflowSchedule.encode(R, R, 0));
        int lastBulk = position.get(DataflowSchedule.encode(R - 1, TILES - 1, TILES - 1));
        int bulkStart = position.get(DataflowSchedule.encode(R - 1, R + 1, R + 1));
        assertEquals(WAVE, pivot - bulkStart, "the pivot follows one wave of the previous bulk");
        assertEquals((DataflowSchedule.CROSS_WAVES_UNFOLDED - 1) * WAVE + 1, cross - pivot, "the cross follows two more waves");
        assertTrue(cross < lastBulk, "cross " + cross + " inside the bulk ending at " + lastBulk);
    }

    /** The tiles the kernels fold, as fw_constants.cuh gives the rule to them: T = 64 and 128, not packed16's 256. */
    @Test
    void tilesUpTo128FoldTheirPivots() {
        assertTrue(DataflowSchedule.foldsPivot(64) && DataflowSchedule.foldsPivot(128));
        assertFalse(DataflowSchedule.foldsPivot(256));
    }

    @Test
    void encodingRoundTripsAtTheLimit() {
        int max = DataflowSchedule.MAX_TILES - 1;
        int item = DataflowSchedule.encode(max, max - 1, max - 2);
        assertEquals(max, DataflowSchedule.round(item));
        assertEquals(max - 1, DataflowSchedule.row(item));
        assertEquals(max - 2, DataflowSchedule.column(item));
        assertFalse(item < 0, "fits in 30 bits: the kernel reads -1 as the end");
    }

    @Test
    void refusesShapesItCannotEncode() {
        assertThrows(IllegalArgumentException.class, () -> DataflowSchedule.build(0, 1, true, false));
        assertThrows(IllegalArgumentException.class, () -> DataflowSchedule.build(DataflowSchedule.MAX_TILES + 1, 1, true, false));
        assertThrows(IllegalArgumentException.class, () -> DataflowSchedule.build(4, 0, true, false));
        assertThrows(IllegalArgumentException.class, () -> DataflowSchedule.build(4, 1, false, true));
    }

    private static void assertBefore(Map<Integer, Integer> position, int needed, int p) {
        Integer at = position.get(needed);
        assertTrue(at != null && at < p, "item at " + p + " reads round " + DataflowSchedule.round(needed) + " tile ("
                + DataflowSchedule.row(needed) + ", " + DataflowSchedule.column(needed) + ") listed at " + at);
    }
}
