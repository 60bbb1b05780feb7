package fwbench.variant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
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

    @ParameterizedTest(name = "tiles={0} wave={1}")
    @CsvSource({"1,1", "2,1", "2,264", "3,2", "5,1", "5,7", "16,396", "40,396", "79,264", "30,1"})
    void everyTileOfEveryRoundOnceAndAfterWhatItReads(int tiles, int wave) {
        int[] items = DataflowSchedule.build(tiles, wave);
        assertEquals(tiles * tiles * tiles, items.length);
        Map<Integer, Integer> position = new HashMap<>();
        for (int p = 0; p < items.length; p++) {
            assertEquals(null, position.put(items[p], p), "item listed twice at " + p);
        }
        for (int p = 0; p < items.length; p++) {
            int r = DataflowSchedule.round(items[p]), i = DataflowSchedule.row(items[p]), j = DataflowSchedule.column(items[p]);
            assertTrue(r < tiles && i < tiles && j < tiles, "item out of range at " + p);
            // the tile itself through round r - 1
            if (r > 0) assertBefore(position, DataflowSchedule.encode(r - 1, i, j), p);
            // D(i, r) and D(r, j) through round r: the pivot for a cross tile, both crosses otherwise
            if (!(i == r && j == r)) {
                if (j != r) assertBefore(position, DataflowSchedule.encode(r, i, r), p);
                if (i != r) assertBefore(position, DataflowSchedule.encode(r, r, j), p);
            }
        }
    }

    @Test
    void theNextPivotAndItsCrossComeInsideTheBulkOfTheRoundBefore() {
        int tiles = 20, wave = 10;
        int[] items = DataflowSchedule.build(tiles, wave);
        Map<Integer, Integer> position = new HashMap<>();
        for (int p = 0; p < items.length; p++) position.put(items[p], p);
        int r = 7;
        int pivot = position.get(DataflowSchedule.encode(r, r, r));
        int cross = position.get(DataflowSchedule.encode(r, r, 0));
        int lastBulk = position.get(DataflowSchedule.encode(r - 1, tiles - 1, tiles - 1));
        int bulkStart = position.get(DataflowSchedule.encode(r - 1, r + 1, r + 1));  // B(r - 1) starts with tile (r + 1, r + 1)
        assertEquals(wave, pivot - bulkStart, "the pivot follows one wave of the previous bulk");
        assertEquals(2 * wave + 1, cross - pivot, "the cross follows two more waves");
        assertTrue(cross < lastBulk, "cross " + cross + " inside the bulk ending at " + lastBulk);
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
        assertThrows(IllegalArgumentException.class, () -> DataflowSchedule.build(0, 1));
        assertThrows(IllegalArgumentException.class, () -> DataflowSchedule.build(DataflowSchedule.MAX_TILES + 1, 1));
        assertThrows(IllegalArgumentException.class, () -> DataflowSchedule.build(4, 0));
    }

    private static void assertBefore(Map<Integer, Integer> position, int needed, int p) {
        Integer at = position.get(needed);
        assertTrue(at != null && at < p, "item at " + p + " reads round " + DataflowSchedule.round(needed) + " tile ("
                + DataflowSchedule.row(needed) + ", " + DataflowSchedule.column(needed) + ") listed at " + at);
    }
}
