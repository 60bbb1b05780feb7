package fwbench.variant;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Event;
import fwbench.cuda.Kernel;

/**
 * The round schedule of kleene (kernels/07_kleene.cu) with one round of lookahead.
 *
 * <p>Round p is: close pivot p (phase 1), its cross as products (phase 2), every other tile
 * (phase 3). Phases 1 and 2 are latency-bound (one block, then 2 (tiles - 1) blocks) and would
 * leave the device mostly idle between the big phase-3 launches. So phase 3 of round p is split:
 * the tiles of row and column p + 1 first (mode NEXT, on the main stream; its block for the
 * pivot tile p + 1 also closes it, so phase 1 runs on its own only for round 0), then round
 * p + 1's phase 2 on the main stream, while the remaining tiles (mode REST) run on a
 * low-priority side stream. Round p + 1's phase 3 waits for both.
 *
 * <pre>
 *   main: P1(0) P2(0) | NEXT(0) P2(1) | NEXT(1) P2(2) | ...        | ALL(last)
 *   side:             | REST(0) ....  | REST(1) ....  | ...
 * </pre>
 * NEXT(p) waits for REST(p - 1) (it updates tiles REST(p - 1) wrote); REST(p) waits for P2(p).
 *
 * <p>REST may be split into bands of rows, each launch on a side stream of its own: band b of
 * round p + 1 then waits only for band b of round p (and P2(p + 1)), so it starts while the other
 * band's last blocks still run instead of after the whole round's last block. At n = 10000
 * (T = 128) REST is 5929 blocks a round, 22.5 waves of 264, its last wave half empty; two bands
 * took this launch sequence from 69.9 to 68.5 ms on an H200 (kernels/tools/kleene_bench.cu,
 * look128; kernels/NOTES.md, v8). With T = 64 they cost time.
 */
final class LookaheadRounds implements AutoCloseable {
    /** Phase-3 modes of kernels/07_kleene.cu rest_tile. */
    private static final int ALL = 0, NEXT = 1, REST = 2;

    private final Kernel closePivot;
    private final int pivotSharedBytes;
    private final Kernel cross;
    private final Kernel rest;
    private final int productSharedBytes;
    private final CudaStream[] side;        // one low-priority stream per band of REST
    private final Event crossDone = new Event(false);
    private final Event[][] restDone;       // [band][p & 1]: ping-pong between REST(p) and REST(p - 1)

    LookaheadRounds(Kernel closePivot, int pivotSharedBytes, Kernel cross, Kernel rest, int productSharedBytes, int bands) {
        if (bands < 1) throw new IllegalArgumentException("REST needs at least one band, not " + bands);
        this.closePivot = closePivot;
        this.pivotSharedBytes = pivotSharedBytes;
        this.cross = cross;
        this.rest = rest;
        this.productSharedBytes = productSharedBytes;
        side = new CudaStream[bands];
        restDone = new Event[bands][];
        for (int b = 0; b < bands; b++) {
            side[b] = CudaStream.withPriority(false);
            restDone[b] = new Event[] {new Event(false), new Event(false)};
        }
    }

    /**
     * Enqueues a whole solve of the ld-wide matrix d, cut into tiles x tiles tiles, on {@code main};
     * vertices from n on are padding, which the products skip.
     */
    void enqueue(CudaStream main, DeviceBuffer d, int ld, int n, int tiles) {
        closePivot.launch(main, 1, 1, 256, 1, pivotSharedBytes, d, ld, 0);
        if (tiles == 1) return;
        cross.launch(main, tiles - 1, 2, 256, 1, productSharedBytes, d, ld, n, 0);
        int rows = tiles - 2;  // REST's block rows, cut into bands
        for (int p = 0; p < tiles - 1; p++) {
            crossDone.record(main);
            for (int b = 0; b < side.length; b++) {
                int first = rows * b / side.length, last = rows * (b + 1) / side.length;
                side[b].waitFor(crossDone);
                if (last > first) rest.launch(side[b], rows, last - first, 256, 1, productSharedBytes, d, ld, n, p, REST, first);
                restDone[b][p & 1].record(side[b]);
            }
            if (p > 0) {
                for (Event[] band : restDone) main.waitFor(band[(p - 1) & 1]);
            }
            rest.launch(main, 2 * tiles - 3, 1, 256, 1, productSharedBytes, d, ld, n, p, NEXT, 0);
            cross.launch(main, tiles - 1, 2, 256, 1, productSharedBytes, d, ld, n, p + 1);
        }
        // also joins the side streams back (graph capture needs it)
        for (Event[] band : restDone) main.waitFor(band[(tiles - 2) & 1]);
        rest.launch(main, tiles - 1, tiles - 1, 256, 1, productSharedBytes, d, ld, n, tiles - 1, ALL, 0);
    }

    @Override
    public void close() {
        for (Event[] band : restDone) {
            band[0].close();
            band[1].close();
        }
        crossDone.close();
        for (CudaStream stream : side) stream.close();
    }
}
