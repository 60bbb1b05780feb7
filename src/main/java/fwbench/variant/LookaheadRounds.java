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
 * the tiles of row and column p + 1 first (mode NEXT, on the main stream), then round p + 1's
 * phases 1 and 2 on the main stream, while the remaining tiles (mode REST) run on a
 * low-priority side stream. Round p + 1's phase 3 waits for both.
 *
 * <pre>
 *   main: P1(0) P2(0) | NEXT(0) P1(1) P2(1) | NEXT(1) P1(2) P2(2) | ...        | ALL(last)
 *   side:             | REST(0) ...........  | REST(1) ...........  | ...
 * </pre>
 * NEXT(p) waits for REST(p - 1) (it updates tiles REST(p - 1) wrote); REST(p) waits for P2(p).
 */
final class LookaheadRounds implements AutoCloseable {
    /** Phase-3 modes of kernels/minplus.cuh rest_tile. */
    private static final int ALL = 0, NEXT = 1, REST = 2;

    private final Kernel closePivot;
    private final int pivotSharedBytes;
    private final Kernel cross;
    private final Kernel rest;
    private final int productSharedBytes;
    private final CudaStream side = CudaStream.withPriority(false);
    private final Event crossDone = new Event(false);
    private final Event[] restDone = {new Event(false), new Event(false)};  // ping-pong: REST(p) and REST(p - 1)

    LookaheadRounds(Kernel closePivot, int pivotSharedBytes, Kernel cross, Kernel rest, int productSharedBytes) {
        this.closePivot = closePivot;
        this.pivotSharedBytes = pivotSharedBytes;
        this.cross = cross;
        this.rest = rest;
        this.productSharedBytes = productSharedBytes;
    }

    /** Enqueues a whole solve of the ld-wide matrix d, cut into tiles x tiles tiles, on {@code main}. */
    void enqueue(CudaStream main, DeviceBuffer d, int ld, int tiles) {
        closePivot.launch(main, 1, 1, 1024, 1, pivotSharedBytes, d, ld, 0);
        if (tiles == 1) return;
        cross.launch(main, tiles - 1, 2, 256, 1, productSharedBytes, d, ld, 0);
        for (int p = 0; p < tiles - 1; p++) {
            crossDone.record(main);
            side.waitFor(crossDone);
            if (tiles > 2) rest.launch(side, tiles - 2, tiles - 2, 256, 1, productSharedBytes, d, ld, p, REST);
            restDone[p & 1].record(side);
            if (p > 0) main.waitFor(restDone[(p - 1) & 1]);
            rest.launch(main, 2 * tiles - 3, 1, 256, 1, productSharedBytes, d, ld, p, NEXT);
            closePivot.launch(main, 1, 1, 1024, 1, pivotSharedBytes, d, ld, p + 1);
            cross.launch(main, tiles - 1, 2, 256, 1, productSharedBytes, d, ld, p + 1);
        }
        main.waitFor(restDone[(tiles - 2) & 1]);  // also joins the side stream back (graph capture needs it)
        rest.launch(main, tiles - 1, tiles - 1, 256, 1, productSharedBytes, d, ld, tiles - 1, ALL);
    }

    @Override
    public void close() {
        restDone[0].close();
        restDone[1].close();
        crossDone.close();
        side.close();
    }
}
