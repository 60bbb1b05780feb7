package fwbench.variant.schedule;

/**
 * The round schedule of kleene-bands (kernels/12_kleene_bands.cu) over a {@link BandLayout}: which
 * launches, copies and event waits each band's two streams get, in order. Kept apart from the
 * device calls ({@link Ops}) so that a test without a GPU can run it on the host and check both
 * the answer and that every two operations that touch the same tile are ordered by the streams
 * and events (BandRoundsTest).
 *
 * <p>The rounds run in groups of g (the last group may be shorter; g = 1 is one round at a time),
 * as kleene's do ({@link LookaheadRounds}): a tile outside a group's rows and columns takes all its
 * rounds in one product of K = g T, which runs nearer the device's ceiling than g products of
 * K = T. For group G = p .. last and the group after it, N (none after the last), per band b:
 * <pre>
 *   main, for r = p .. last (the chain; o = the band of tile row r):
 *         o: [r = p: close pivot p] ROW(r): R = min(R, P* (x) R); copy tile row r into the group
 *            buffer of every band that does not hold all of G's rows (the first copy of a group
 *            waits until that band's readers of the buffer, two groups back, are done); record SENT
 *         [wait o's SENT] COLUMN(r): its tiles (i, r), i != r
 *         r < last: round r on its tiles of columns r + 1 .. last (rows outside r .. last) and of
 *            rows r + 1 .. last (columns other than r); o of r + 1: close pivot r + 1
 *   main, then:
 *         TAIL: for r = p + 1 .. last, round r on the tiles of G's rows before r (columns outside
 *            r .. last) and of G's columns before r (rows outside G): after the chain a tile of
 *            G's row or column q has had the rounds through q only
 *         record TAIL_DONE; [wait REST_DONE of the group before] NEXT: N's rows (columns outside
 *            G) and N's columns (rows outside G and N), all of G's rounds; record NEXT_DONE
 *   side: [wait TAIL_DONE] REST: every tile outside the rows and columns of G and N, all of G's
 *         rounds; record REST_DONE
 * </pre>
 * The chain's products read the tiles it has just brought up to date (column r, row r); NEXT gives
 * the next chain its rows and columns before the bulk, so the next group's chain runs on the main
 * stream (high priority) under this group's REST on the side stream. A band that holds all of G's
 * rows reads them in place; the others read the copies in one of two group buffers (groups
 * alternate), of g tile rows each.
 *
 * <p>Why each wait: COLUMN(r) and the chain's products read the copy of row r (SENT); REST reads
 * the tiles of G's columns that TAIL brings up to date (TAIL_DONE); NEXT updates tiles of N's rows
 * and columns that the group before's REST wrote (REST_DONE); a group buffer is overwritten only
 * after its band's readers of two groups back are done (NEXT_DONE, after that group's chain and
 * TAIL, and REST_DONE). Where a group's rows lie in two bands, the second owner's copies come after
 * the first owner's waits: its main stream waited for the first owner's SENT before its own rows'
 * rounds. REST never touches G's or N's rows and columns, which the main stream works on meanwhile.
 */
public final class BandRounds {

    /** A band's two streams: the critical path (high priority) and the bulk (low priority). */
    public enum Lane { MAIN, SIDE }

    /** The events each band records; those with a parity have one per group parity. */
    public enum Mark { SENT, TAIL_DONE, NEXT_DONE, REST_DONE }

    /**
     * The tile rows (a band's local ones) or tile columns of a launch: block index x is base + x,
     * past [skipFrom, skipTo) (skipFrom == skipTo: none skipped), for x below count.
     */
    public record Span(int count, int base, int skipFrom, int skipTo) {
        /** Indices from .. to - 1. */
        public static Span of(int from, int to) {
            return new Span(Math.max(0, to - from), from, 0, 0);
        }

        /** Indices 0 .. total - 1 but from .. to - 1. */
        public static Span outside(int total, int from, int to) {
            return new Span(total - (to - from), 0, from, to);
        }

        /** The index of block x. */
        public int at(int x) {
            int i = base + x;
            return i >= skipFrom ? i + skipTo - skipFrom : i;
        }
    }

    /**
     * One launch of fw_kleene_bands_update: each tile of the band's rows and columns named takes
     * rounds first .. end - 1 as one product, B read from the tile rows that start at round bFirst's:
     * the band's own rows (buffer -1) or its group buffer (buffer &amp; 1, filled by group {@code buffer}).
     */
    public record Update(Span rows, Span columns, int first, int end, int buffer, int bFirst) {
    }

    /** What the schedule asks of the devices. */
    public interface Ops {
        /** fw_kleene_bands_update on band b's lane (nothing when it has no tiles). */
        void update(int band, Lane lane, Update update);

        /** fw_kleene_bands_close on band b's main stream: the pivot tile at local tile row row, column p. */
        void close(int band, int row, int p);

        /** On band from's main stream: its tile row q into band to's group buffer {@code group & 1}, at row q - groupFirst. */
        void sendPivotRow(int from, int to, int q, int group, int groupFirst);

        void record(int band, Lane lane, Mark mark, int parity);

        /** Band b's lane waits for band of's last record of that mark and parity. */
        void waitFor(int band, Lane lane, int of, Mark mark, int parity);
    }

    private BandRounds() {
    }

    /** The number of groups of {@code groupRounds} rounds over {@code tiles} rounds (the last may be shorter). */
    public static int groups(int tiles, int groupRounds) {
        return (tiles + groupRounds - 1) / groupRounds;
    }

    /** Enqueues every round of one solve in groups of {@code groupRounds} (>= 1); the caller joins the streams before and after. */
    public static void enqueue(BandLayout layout, int groupRounds, Ops ops) {
        if (groupRounds < 1) throw new IllegalArgumentException("rounds a group >= 1, not " + groupRounds);
        int tiles = layout.tiles(), groups = groups(tiles, groupRounds);
        for (int gi = 0; gi < groups; gi++) {
            int p = gi * groupRounds, last = Math.min(tiles, p + groupRounds) - 1;
            Group g = new Group(layout, gi, p, last, Math.min(tiles, last + 1 + groupRounds) - 1);
            for (int r = p; r <= last; r++) chainStep(g, r, ops);
            for (int b = 0; b < layout.bands(); b++) {
                tail(g, b, ops);
                ops.record(b, Lane.MAIN, Mark.TAIL_DONE, 0);
                if (last + 1 < tiles) {
                    if (gi > 0) ops.waitFor(b, Lane.MAIN, b, Mark.REST_DONE, (gi - 1) & 1);
                    next(g, b, ops);
                }
                ops.record(b, Lane.MAIN, Mark.NEXT_DONE, gi & 1);
                ops.waitFor(b, Lane.SIDE, b, Mark.TAIL_DONE, 0);
                ops.update(b, Lane.SIDE, g.update(b, g.rowsOutside(b, p, g.pastNext()), Span.outside(tiles, p, g.pastNext()), p, last + 1));  // REST
                ops.record(b, Lane.SIDE, Mark.REST_DONE, gi & 1);
            }
        }
    }

    /** The parity of the last group's REST_DONE, which a solve's end waits for. */
    public static int lastParity(int tiles, int groupRounds) {
        return (groups(tiles, groupRounds) - 1) & 1;
    }

    /** Group {@code index}: rounds p .. last; N, the next group's rows and columns: last + 1 .. nextLast (none after the last group). */
    private record Group(BandLayout layout, int index, int p, int last, int nextLast) {
        /** One past the last row and column of G and N (nextLast = last for the last group). */
        int pastNext() {
            return nextLast + 1;
        }

        /** Band b's local tile rows of global rows from .. to - 1 (those it holds). */
        Span rowsIn(int b, int from, int to) {
            int first = layout.firstTile()[b], rows = layout.tileRows()[b];
            return Span.of(Math.min(rows, Math.max(0, from - first)), Math.min(rows, Math.max(0, to - first)));
        }

        /** Band b's local tile rows but those of global rows from .. to - 1. */
        Span rowsOutside(int b, int from, int to) {
            Span in = rowsIn(b, from, to);
            return Span.outside(layout.tileRows()[b], in.base(), in.base() + in.count());
        }

        /** Band b reads G's rows in place when it holds them all, else from its group buffer. */
        int buffer(int b) {
            return layout.holdsAll(b, p, last) ? -1 : index;
        }

        /** Rounds first .. end - 1 on band b's tiles of these rows and columns, B G's rows. */
        Update update(int b, Span rows, Span columns, int first, int end) {
            return new Update(rows, columns, first, end, buffer(b), p);
        }
    }

    /** Round r of group g's chain: the owner's row and copies, each band's column r, then round r on the rows and columns after r. */
    private static void chainStep(Group g, int r, Ops ops) {
        BandLayout layout = g.layout();
        int tiles = layout.tiles(), owner = layout.owner(r), row = layout.localRow(owner, r);
        if (r == g.p()) ops.close(owner, row, r);
        // ROW(r): B is the row itself, in place on its owner
        ops.update(owner, Lane.MAIN, new Update(Span.of(row, row + 1), Span.outside(tiles, r, r + 1), r, r + 1, -1, r));
        for (int b = 0; b < layout.bands(); b++) {
            if (g.buffer(b) < 0) continue;
            if (r == g.p() && g.index() >= 2) {  // the readers of this buffer, two groups back
                ops.waitFor(owner, Lane.MAIN, b, Mark.NEXT_DONE, g.index() & 1);
                ops.waitFor(owner, Lane.MAIN, b, Mark.REST_DONE, g.index() & 1);
            }
            ops.sendPivotRow(owner, b, r, g.index(), g.p());
        }
        ops.record(owner, Lane.MAIN, Mark.SENT, 0);
        for (int b = 0; b < layout.bands(); b++) {
            if (b != owner) ops.waitFor(b, Lane.MAIN, owner, Mark.SENT, 0);
            ops.update(b, Lane.MAIN, g.update(b, g.rowsOutside(b, r, r + 1), Span.of(r, r + 1), r, r + 1));  // COLUMN(r)
            if (r == g.last()) continue;
            ops.update(b, Lane.MAIN, g.update(b, g.rowsOutside(b, r, g.last() + 1), Span.of(r + 1, g.last() + 1), r, r + 1));
            ops.update(b, Lane.MAIN, g.update(b, g.rowsIn(b, r + 1, g.last() + 1), Span.outside(tiles, r, r + 1), r, r + 1));
        }
        if (r < g.last()) {
            int next = layout.owner(r + 1);
            ops.close(next, layout.localRow(next, r + 1), r + 1);
        }
    }

    /** Round r = p + 1 .. last on band b's tiles of G's rows and columns before r, which have had the rounds through their own only. */
    private static void tail(Group g, int b, Ops ops) {
        int tiles = g.layout().tiles();
        for (int r = g.p() + 1; r <= g.last(); r++) {
            ops.update(b, Lane.MAIN, g.update(b, g.rowsIn(b, g.p(), r), Span.outside(tiles, r, g.last() + 1), r, r + 1));
            ops.update(b, Lane.MAIN, g.update(b, g.rowsOutside(b, g.p(), g.last() + 1), Span.of(g.p(), r), r, r + 1));
        }
    }

    /** N's rows (columns outside G) and N's columns (rows outside G and N), all of G's rounds. */
    private static void next(Group g, int b, Ops ops) {
        int tiles = g.layout().tiles(), end = g.last() + 1;
        ops.update(b, Lane.MAIN, g.update(b, g.rowsIn(b, end, g.pastNext()), Span.outside(tiles, g.p(), end), g.p(), end));
        ops.update(b, Lane.MAIN, g.update(b, g.rowsOutside(b, g.p(), g.pastNext()), Span.of(end, g.pastNext()), g.p(), end));
    }
}
