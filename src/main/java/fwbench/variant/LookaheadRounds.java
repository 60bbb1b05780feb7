package fwbench.variant;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Event;
import fwbench.cuda.KernelArgs;
import fwbench.cuda.TileKernel;
import jcuda.Pointer;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

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
 * band's last blocks still run instead of after the whole round's last block, whose half-empty
 * last wave then overlaps the next round (kernels/NOTES.md, v8).
 *
 * <p>Rounds in pairs (kleene from {@link KleeneSolver#PAIRED_ROUNDS_FROM_N}): the same lookahead
 * over pairs p, p + 1, where a tile outside both rounds' rows and columns takes both products in
 * one block (kernels/kleene_rounds.cuh, kleene_pair), which halves the bulk's blocks:
 * <pre>
 *   main: NEXT(p) P2(p + 1) | PAIR_NEXT(p) P2(p + 2) | NEXT(p + 2) P2(p + 3) | PAIR_NEXT(p + 2) ...
 *   side:                   | PAIR_REST(p) ........................................ | PAIR_REST(p + 2)
 * </pre>
 * PAIR_NEXT(p) updates the next pair's rows and columns (p + 2, p + 3), which PAIR_REST(p - 2)
 * updated before, so it waits for PAIR_REST(p - 2); PAIR_REST(p) waits for P2(p + 1). An odd last
 * round ends with ALL, as without pairs.
 *
 * <p>Every launch is a 1-D block of its kernel's exported shape (kernels/07_kleene.cu).
 */
final class LookaheadRounds implements AutoCloseable {
    /**
     * Which tiles a phase-3 launch updates (kernels/07_kleene.cu, kleene::rest_tile); the codes are the
     * kernels' FW_REST_* in kernels/fw_constants.cuh ({@link KernelConstants} writes them).
     */
    enum RestMode {
        /** Every tile outside the pivot's row and column: the last round's phase 3. */
        ALL(0),
        /** The tiles of row and column p + 1, the next pivot's tile first (its block also closes it). */
        NEXT(1),
        /** The tiles outside rows and columns p and p + 1: the bulk, on the side streams. */
        REST(2),
        /**
         * A pair of rounds p, p + 1: the tiles of rows and columns p + 2 and p + 3 outside rows and
         * columns p and p + 1 with both rounds' products (its block for pivot tile p + 2 also closes
         * it), and those of row and column p with round p + 1's.
         */
        PAIR_NEXT(3),
        /** A pair of rounds p, p + 1: the tiles outside rows and columns p to p + 3, both rounds' products. */
        PAIR_REST(4);

        final int code;

        RestMode(int code) {
            this.code = code;
        }
    }

    /**
     * The arguments of each launch of one solve: kleene's kernels take the matrix (Kleene),
     * kleene-paths' also the intermediate-node matrix (KleenePathsSolver.Routes).
     */
    interface RoundArgs {
        KernelArgs closePivot(int p);

        KernelArgs cross(int p);

        KernelArgs rest(int p, RestMode mode, int firstRow);
    }

    /** kleene's launches over the ld-wide matrix d of n vertices (the rest padding). */
    record Kleene(DeviceBuffer d, int ld, int n) implements RoundArgs {
        @Override
        public KernelArgs closePivot(int p) {
            return new ClosePivot(d, ld, p);
        }

        @Override
        public KernelArgs cross(int p) {
            return new Cross(d, ld, n, p);
        }

        @Override
        public KernelArgs rest(int p, RestMode mode, int firstRow) {
            return new Rest(d, ld, n, p, mode, firstRow);
        }
    }

    /** fw_kleene_phase1_tT(int* d, int ld, int p): close pivot tile p of the ld-wide matrix d. */
    record ClosePivot(DeviceBuffer d, int ld, int p) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(ld), value(p));
        }
    }

    /** fw_kleene_phase2_tT(int* d, int ld, int n, int p): the pivot's row and column of tiles in round p. */
    record Cross(DeviceBuffer d, int ld, int n, int p) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(ld), value(n), value(p));
        }
    }

    /**
     * fw_kleene_phase3_tT(int* d, int ld, int n, int p, int mode, int firstRow): the tiles {@code mode}
     * names in round p; REST's grid starts at block row firstRow of them (its band).
     */
    record Rest(DeviceBuffer d, int ld, int n, int p, RestMode mode, int firstRow) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(ld), value(n), value(p), value(mode.code), value(firstRow));
        }
    }

    private final TileKernel closePivot;
    private final TileKernel cross;
    private final TileKernel rest;
    private final TileKernel pair;          // the rounds' pairs' kernel, or null: rounds one by one
    private final CudaStream[] side;        // one low-priority stream per band of REST
    private final Event crossDone = new Event(false);
    private final Event[][] restDone;       // [band][p & 1]: ping-pong between REST(p) and REST(p - 1)

    LookaheadRounds(TileKernel closePivot, TileKernel cross, TileKernel rest, int bands) {
        this(closePivot, cross, rest, null, bands);
    }

    /** Rounds in pairs where {@code pair} (fw_kleene_pair_tT, with {@link Rest}'s arguments) is not null. */
    LookaheadRounds(TileKernel closePivot, TileKernel cross, TileKernel rest, TileKernel pair, int bands) {
        if (bands < 1) throw new IllegalArgumentException("REST needs at least one band, not " + bands);
        this.closePivot = closePivot;
        this.cross = cross;
        this.rest = rest;
        this.pair = pair;
        side = new CudaStream[bands];
        restDone = new Event[bands][];
        for (int b = 0; b < bands; b++) {
            side[b] = CudaStream.withPriority(false);
            restDone[b] = new Event[] {new Event(false), new Event(false)};
        }
    }

    /**
     * Enqueues a whole solve of a matrix cut into tiles x tiles tiles on {@code main}, each launch
     * with its arguments from {@code args}.
     */
    void enqueue(CudaStream main, int tiles, RoundArgs args) {
        closePivot.launch(main, 1, 1, args.closePivot(0));
        if (tiles == 1) return;
        cross.launch(main, tiles - 1, 2, args.cross(0));
        if (pair != null) {
            enqueuePairs(main, tiles, args);
            return;
        }
        int rows = tiles - 2;  // REST's block rows, cut into bands
        for (int p = 0; p < tiles - 1; p++) {
            crossDone.record(main);
            for (int b = 0; b < side.length; b++) {
                int first = rows * b / side.length, last = rows * (b + 1) / side.length;
                side[b].waitFor(crossDone);
                if (last > first) rest.launch(side[b], rows, last - first, args.rest(p, RestMode.REST, first));
                restDone[b][p & 1].record(side[b]);
            }
            if (p > 0) {
                for (Event[] band : restDone) main.waitFor(band[(p - 1) & 1]);
            }
            rest.launch(main, 2 * tiles - 3, 1, args.rest(p, RestMode.NEXT, 0));
            cross.launch(main, tiles - 1, 2, args.cross(p + 1));
        }
        // also joins the side streams back (graph capture needs it)
        for (Event[] band : restDone) main.waitFor(band[(tiles - 2) & 1]);
        rest.launch(main, tiles - 1, tiles - 1, args.rest(tiles - 1, RestMode.ALL, 0));
    }

    /** The rounds after round 0's cross, in pairs (the class comment). */
    private void enqueuePairs(CudaStream main, int tiles, RoundArgs args) {
        int others = tiles - 2;  // tiles outside a pair's rows (and columns)
        int p = 0;
        for (; p + 1 < tiles; p += 2) {
            int band = pairBand(p, tiles), rows = others - band;  // PAIR_REST's block rows, cut into bands
            rest.launch(main, 2 * tiles - 3, 1, args.rest(p, RestMode.NEXT, 0));
            cross.launch(main, tiles - 1, 2, args.cross(p + 1));
            crossDone.record(main);
            for (int b = 0; b < side.length; b++) {
                int first = rows * b / side.length, last = rows * (b + 1) / side.length;
                side[b].waitFor(crossDone);
                if (last > first) pair.launch(side[b], rows, last - first, args.rest(p, RestMode.PAIR_REST, first));
                restDone[b][(p / 2) & 1].record(side[b]);
            }
            if (p > 0) {
                for (Event[] bandDone : restDone) main.waitFor(bandDone[(p / 2 - 1) & 1]);
            }
            pair.launch(main, band * (2 * others - band) + 2 * tiles - 3, 1, args.rest(p, RestMode.PAIR_NEXT, 0));
            if (p + 2 < tiles) cross.launch(main, tiles - 1, 2, args.cross(p + 2));
        }
        // also joins the side streams back (graph capture needs it)
        for (Event[] bandDone : restDone) main.waitFor(bandDone[(p / 2 - 1) & 1]);
        if (p < tiles) rest.launch(main, tiles - 1, tiles - 1, args.rest(p, RestMode.ALL, 0));  // an odd last round
    }

    /** The rows and columns of tiles after the pair p, p + 1 that its PAIR_NEXT updates with both rounds (kleene::pair_band). */
    static int pairBand(int p, int tiles) {
        return Math.max(0, Math.min(2, tiles - (p + 2)));
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
