package fwbench.variant;

import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Event;
import fwbench.cuda.KernelArgs;
import fwbench.cuda.TileKernel;
import jcuda.Pointer;

import java.util.ArrayList;
import java.util.List;

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
     * Which tiles a phase-3 launch (kleene::rest_tile) or a pair's launch (kleene::pair_tile, kernels/kleene_rounds.cuh)
     * updates; the codes are the kernels' FW_REST_* in kernels/fw_constants.cuh ({@link KernelConstants} writes them).
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
        /**
         * A pair of rounds p, p + 1: the tiles outside rows and columns p to p + 3 (p + 1 + the band
         * PAIR_NEXT updates, fewer at the last pair), both rounds' products.
         */
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
    private List<Step> steps = List.of();  // the plan of the last enqueue, kept for the next solve of as many tiles
    private int stepsTiles = -1;
    private final Event[][] restDone;       // [band][p & 1]: ping-pong between REST(p) and REST(p - 1) ([(p / 2) & 1] for pairs)

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
     * with its arguments from {@code args}: the steps of {@link #plan}.
     */
    void enqueue(CudaStream main, int tiles, RoundArgs args) {
        if (tiles != stepsTiles) {  // a solver enqueues every solve of the same size: plan once, not inside each timed solve
            steps = plan(tiles, side.length, pair != null);
            stepsTiles = tiles;
        }
        for (Step step : steps) {
            if (step instanceof Launch l) {
                CudaStream stream = l.stream() == MAIN ? main : side[l.stream()];
                switch (l.kernel()) {
                    case CLOSE_PIVOT -> closePivot.launch(stream, l.gridX(), l.gridY(), args.closePivot(l.p()));
                    case CROSS -> cross.launch(stream, l.gridX(), l.gridY(), args.cross(l.p()));
                    case REST -> rest.launch(stream, l.gridX(), l.gridY(), args.rest(l.p(), l.mode(), l.firstRow()));
                    case PAIR -> pair.launch(stream, l.gridX(), l.gridY(), args.rest(l.p(), l.mode(), l.firstRow()));
                }
            } else if (step instanceof Record r) {
                event(r.event()).record(r.stream() == MAIN ? main : side[r.stream()]);
            } else if (step instanceof Wait w) {
                (w.stream() == MAIN ? main : side[w.stream()]).waitFor(event(w.event()));
            }
        }
    }

    private Event event(int id) {
        return id == CROSS_DONE ? crossDone : restDone[(id - 1) / 2][(id - 1) % 2];
    }

    /** The stream of a step: {@link #MAIN}, else side stream (band) 0, 1, ... */
    static final int MAIN = -1;

    /** The event of a step: {@link #CROSS_DONE}, else {@link #restDone(int, int)}. */
    static final int CROSS_DONE = 0;

    /** The event a band's bulk launch of round (or pair) parity {@code parity} records. */
    static int restDone(int band, int parity) {
        return 1 + 2 * band + parity;
    }

    /** Which kernel a launch runs: fw_kleene_phase1_tT, _phase2_tT, _phase3_tT or _pair_tT. */
    enum KernelRole { CLOSE_PIVOT, CROSS, REST, PAIR }

    /** One step of a solve's plan: a launch, or an event recorded on a stream or waited for by one. */
    sealed interface Step permits Launch, Record, Wait {}

    /** A launch of {@code kernel} on a grid of gridX x gridY blocks in round (or pair) p; mode and firstRow for REST and PAIR. */
    record Launch(KernelRole kernel, int stream, int gridX, int gridY, int p, RestMode mode, int firstRow) implements Step {}

    /** Event {@code event} recorded on {@code stream}: it completes when everything enqueued there before it has. */
    record Record(int event, int stream) implements Step {}

    /** {@code stream} waits for the last record of {@code event} before anything enqueued on it later. */
    record Wait(int stream, int event) implements Step {}

    /**
     * The steps of a solve of tiles x tiles tiles with {@code bands} side streams, rounds one by one
     * or in pairs (the class comment): data, so that a test can check its ordering without a GPU.
     */
    static List<Step> plan(int tiles, int bands, boolean pairs) {
        List<Step> steps = new ArrayList<>();
        steps.add(new Launch(KernelRole.CLOSE_PIVOT, MAIN, 1, 1, 0, null, 0));
        if (tiles == 1) return steps;
        steps.add(new Launch(KernelRole.CROSS, MAIN, tiles - 1, 2, 0, null, 0));
        if (pairs) {
            planPairs(steps, tiles, bands);
            return steps;
        }
        int rows = tiles - 2;  // REST's block rows, cut into bands
        for (int p = 0; p < tiles - 1; p++) {
            steps.add(new Record(CROSS_DONE, MAIN));
            for (int b = 0; b < bands; b++) {
                int first = rows * b / bands, last = rows * (b + 1) / bands;
                steps.add(new Wait(b, CROSS_DONE));
                if (last > first) steps.add(new Launch(KernelRole.REST, b, rows, last - first, p, RestMode.REST, first));
                steps.add(new Record(restDone(b, p & 1), b));
            }
            if (p > 0) {
                for (int b = 0; b < bands; b++) steps.add(new Wait(MAIN, restDone(b, (p - 1) & 1)));
            }
            steps.add(new Launch(KernelRole.REST, MAIN, 2 * tiles - 3, 1, p, RestMode.NEXT, 0));
            steps.add(new Launch(KernelRole.CROSS, MAIN, tiles - 1, 2, p + 1, null, 0));
        }
        // also joins the side streams back (graph capture needs it)
        for (int b = 0; b < bands; b++) steps.add(new Wait(MAIN, restDone(b, (tiles - 2) & 1)));
        steps.add(new Launch(KernelRole.REST, MAIN, tiles - 1, tiles - 1, tiles - 1, RestMode.ALL, 0));
        return steps;
    }

    /** The rounds after round 0's cross, in pairs (the class comment). */
    private static void planPairs(List<Step> steps, int tiles, int bands) {
        int others = tiles - 2;  // tiles outside a pair's rows (and columns)
        int p = 0;
        for (; p + 1 < tiles; p += 2) {
            int band = pairBand(p, tiles), rows = others - band;  // PAIR_REST's block rows, cut into bands
            steps.add(new Launch(KernelRole.REST, MAIN, 2 * tiles - 3, 1, p, RestMode.NEXT, 0));
            steps.add(new Launch(KernelRole.CROSS, MAIN, tiles - 1, 2, p + 1, null, 0));
            steps.add(new Record(CROSS_DONE, MAIN));
            for (int b = 0; b < bands; b++) {
                int first = rows * b / bands, last = rows * (b + 1) / bands;
                steps.add(new Wait(b, CROSS_DONE));
                // the last pair's band is narrower, which moves the bands' rows: a band of it may hold
                // rows that another band of the pair before still writes
                if (p > 0 && band < 2) {
                    for (int c = 0; c < bands; c++) steps.add(new Wait(b, restDone(c, (p / 2 - 1) & 1)));
                }
                if (last > first) steps.add(new Launch(KernelRole.PAIR, b, rows, last - first, p, RestMode.PAIR_REST, first));
                steps.add(new Record(restDone(b, (p / 2) & 1), b));
            }
            if (p > 0) {
                for (int b = 0; b < bands; b++) steps.add(new Wait(MAIN, restDone(b, (p / 2 - 1) & 1)));
            }
            steps.add(new Launch(KernelRole.PAIR, MAIN, band * (2 * others - band) + 2 * tiles - 3, 1, p, RestMode.PAIR_NEXT, 0));
            if (p + 2 < tiles) steps.add(new Launch(KernelRole.CROSS, MAIN, tiles - 1, 2, p + 2, null, 0));
        }
        // also joins the side streams back (graph capture needs it)
        for (int b = 0; b < bands; b++) steps.add(new Wait(MAIN, restDone(b, (p / 2 - 1) & 1)));
        if (p < tiles) steps.add(new Launch(KernelRole.REST, MAIN, tiles - 1, tiles - 1, p, RestMode.ALL, 0));  // an odd last round
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
