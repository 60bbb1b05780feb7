package fwbench.variant.schedule;

/**
 * The round schedule of kleene-bands (kernels/12_kleene_bands.cu) over a {@link BandLayout}: which
 * launches, copies and event waits each band's two streams get, in order. Kept apart from the
 * device calls ({@link Ops}) so that a test without a GPU can run it on the host and check both
 * the answer and that every two operations that touch the same tile are ordered by the streams
 * and events (BandRoundsTest).
 *
 * <p>Per band b, round p (o = the band of tile row p; "p + 1" parts only before the last round):
 * <pre>
 *   main: [o: wait nothing; others: wait SENT(p)] COLUMN(p) record COLUMN_DONE
 *         [wait REST_DONE(p - 1)] column p + 1, and row p + 1 where b holds it; record NEXT_DONE(p)
 *         owner of p + 1: CLOSE(p + 1), ROW(p + 1), [wait the targets' NEXT_DONE(p - 1), REST_DONE(p - 1)]
 *         copy row p + 1 to every other band's buffer (p + 1) & 1, record SENT(p + 1)
 *   side: [wait COLUMN_DONE] REST(p): the tiles outside rows p, p + 1 and columns p, p + 1
 *         (the last round: outside row and column p), record REST_DONE(p)
 * </pre>
 * Why each wait: COLUMN(p) reads the copy of row p; REST(p - 1) wrote the tiles of column p + 1
 * and row p + 1 that the lookahead updates; a pivot-row buffer is overwritten only after round
 * p - 1's readers of it are done (two buffers, rounds alternate). The tiles REST(p) updates are
 * disjoint from those the main stream updates meanwhile (column and row p + 1, then round p + 1's
 * column), and it reads only column p and row p, which nothing writes until the next round.
 */
public final class BandRounds {

    /** A band's two streams: the critical path (high priority) and the bulk (low priority). */
    public enum Lane { MAIN, SIDE }

    /** The events each band records; those with a parity have one per round parity. */
    public enum Mark { COLUMN_DONE, NEXT_DONE, REST_DONE, SENT }

    /** What the schedule asks of the devices. */
    public interface Ops {
        /**
         * fw_kleene_bands_update on band b's lane, gridX x gridY blocks (none when either is 0),
         * round p: its pivot row is the band's own tile row p or its buffer p &amp; 1.
         */
        void update(int band, Lane lane, int gridX, int gridY, int p, int rowBase, int skipRowA, int skipRowB, int onlyColumn, int skipColumn);

        /** fw_kleene_bands_close on band b's main stream: the pivot tile at local tile row row, column p. */
        void close(int band, int row, int p);

        /** On band from's main stream: its tile row q into band to's pivot-row buffer q &amp; 1. */
        void sendPivotRow(int from, int to, int q);

        void record(int band, Lane lane, Mark mark, int parity);

        /** Band b's lane waits for band of's last record of that mark and parity. */
        void waitFor(int band, Lane lane, int of, Mark mark, int parity);
    }

    private BandRounds() {
    }

    /** Enqueues every round of one solve; the caller joins the streams before and after. */
    public static void enqueue(BandLayout layout, Ops ops) {
        int tiles = layout.tiles();
        pivotRow(layout, ops, 0);
        for (int p = 0; p < tiles; p++) {
            boolean last = p + 1 == tiles;
            int owner = layout.owner(p);
            for (int b = 0; b < layout.bands(); b++) {
                int pr = layout.localRow(b, p), next = last ? -1 : layout.localRow(b, p + 1);
                int rows = layout.tileRows()[b] - (pr >= 0 ? 1 : 0);
                if (b != owner) ops.waitFor(b, Lane.MAIN, owner, Mark.SENT, p & 1);
                ops.update(b, Lane.MAIN, 1, rows, p, 0, pr, -1, p, -1);  // the pivot column: C(i, p) (x) P*
                ops.record(b, Lane.MAIN, Mark.COLUMN_DONE, 0);
                ops.waitFor(b, Lane.SIDE, b, Mark.COLUMN_DONE, 0);
                if (last) ops.update(b, Lane.SIDE, tiles - 1, rows, p, 0, pr, -1, -1, -1);  // every tile outside row and column p
                else ops.update(b, Lane.SIDE, tiles - 2, rows - (next >= 0 ? 1 : 0), p, 0, pr, next, -1, p + 1);
                ops.record(b, Lane.SIDE, Mark.REST_DONE, p & 1);
            }
            if (last) break;
            for (int b = 0; b < layout.bands(); b++) {
                int pr = layout.localRow(b, p), next = layout.localRow(b, p + 1);
                if (p > 0) ops.waitFor(b, Lane.MAIN, b, Mark.REST_DONE, (p - 1) & 1);
                ops.update(b, Lane.MAIN, 1, layout.tileRows()[b] - (pr >= 0 ? 1 : 0), p, 0, pr, -1, p + 1, -1);  // column p + 1
                if (next >= 0) ops.update(b, Lane.MAIN, tiles - 2, 1, p, next, -1, -1, -1, p + 1);  // row p + 1
                ops.record(b, Lane.MAIN, Mark.NEXT_DONE, p & 1);
            }
            pivotRow(layout, ops, p + 1);
        }
    }

    /** On the owner of tile row q: close pivot q, compute row q (R = min(R, P* (x) R)), send it to every other band. */
    private static void pivotRow(BandLayout layout, Ops ops, int q) {
        int owner = layout.owner(q), row = layout.localRow(owner, q);
        ops.close(owner, row, q);
        ops.update(owner, Lane.MAIN, layout.tiles() - 1, 1, q, row, -1, -1, -1, -1);
        for (int b = 0; b < layout.bands(); b++) {
            if (b == owner) continue;
            if (q >= 2) {  // round q - 2 read this buffer
                ops.waitFor(owner, Lane.MAIN, b, Mark.NEXT_DONE, q & 1);
                ops.waitFor(owner, Lane.MAIN, b, Mark.REST_DONE, q & 1);
            }
            ops.sendPivotRow(owner, b, q);
        }
        ops.record(owner, Lane.MAIN, Mark.SENT, q & 1);
    }
}
