package fwbench.variant.schedule;

import fwbench.cuda.CudaStream;
import fwbench.cuda.Event;
import fwbench.cuda.KernelArgs;
import fwbench.cuda.TileKernel;

import java.util.ArrayList;
import java.util.List;

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
 * last wave then overlaps the next round (kernels/NOTES.md, kleene's rounds).
 *
 * <p>Rounds in groups of G (kleene from {@link KleeneSolver#GROUPED_ROUNDS_FROM_N}, kleene-paths by its own table): the same
 * lookahead over groups p .. last = p + G - 1, where a tile outside the group's rows and columns
 * takes every round's product in one block (kernels/kleene_rounds.cuh, kleene_group), which
 * divides the bulk's blocks by G and makes each a product of K = G T. The group's chain brings its
 * crosses up to date one round at a time (GROUP_CHAIN(r): round r on the rows and columns r + 1 ..
 * last, closing pivot r + 1; then r + 1's cross; or, {@link Chain#CATCH_UP}, GROUP_CATCH_UP(r): row
 * and column r + 1 take the group's rounds they lack, closing pivot r + 1); GROUP_NEXT then gives the
 * next group's rows and columns every round of this one, and this group's rows and columns their
 * later rounds. With G = 2:
 * <pre>
 *   main: CHAIN(p) P2(p + 1) | GROUP_NEXT(p) P2(p + 2) | CHAIN(p + 2) P2(p + 3) | GROUP_NEXT(p + 2) ...
 *   side:                    | GROUP_REST(p) ......................................... | GROUP_REST(p + 2)
 * </pre>
 * GROUP_NEXT(p) updates the next group's rows and columns, which GROUP_REST(p - G) updated before,
 * so it waits for GROUP_REST(p - G); GROUP_REST(p) waits for P2(last). A last group may be shorter;
 * one of a single round is ALL, as without groups.
 *
 * <p>Launches read tiles that other launches may be improving at that moment: in groups, GROUP_NEXT
 * and GROUP_REST read the group's row and column panels while GROUP_NEXT gives them their later
 * rounds and the next group's GROUP_REST may write them; one round at a time, a band of REST(p + 1)
 * writes pivot row p while another band of REST(p) reads it. Exact cells come out the same either
 * way (kernels/kleene_rounds.cuh, kleene_group); float32 sums would round by the timing. With
 * {@link Reads#FIXED} no launch reads a tile while another writes it, through a matrix of operands
 * beside the one solved: one round at a time, phase 2 stores pivot row p there as well, and NEXT,
 * REST and ALL read it from there; in groups, a group's row and column panels are copied there on the
 * main stream once its chain is done (a {@link Copy}, before GROUP_REST is let go), and GROUP_NEXT
 * and GROUP_REST read them from there (a chain that catches up reads tiles its own launch writes, so
 * it is refused). So a solve gives the same bits every run (kleene-f32). The next copy or row writes
 * other tiles than those the launches still running read (LookaheadRoundsPlanTest checks it).
 *
 * <p>Every launch is a 1-D block of its kernel's exported shape (kernels/07_kleene.cu).
 */
public final class LookaheadRounds implements AutoCloseable {
    /**
     * Which tiles a phase-3 launch (kleene::rest_tile) or a group's launch (kleene::group_tile, kernels/kleene_rounds.cuh)
     * updates; the codes are the kernels' FW_REST_* in kernels/fw_constants.cuh ({@link KernelConstants} writes them).
     */
    public enum RestMode {
        /** Every tile outside the pivot's row and column: the last round's phase 3. */
        ALL(0),
        /** The tiles of row and column p + 1, the next pivot's tile first (its block also closes it). */
        NEXT(1),
        /** The tiles outside rows and columns p and p + 1: the bulk, on the side streams. */
        REST(2),
        /** A group's chain: round p on the tiles of rows and columns p + 1 .. last outside row and column p (closing pivot p + 1). */
        GROUP_CHAIN(3),
        /**
         * A group of rounds p .. last: the tiles of the next group's rows and columns outside the
         * group's with every round's product (its block for pivot tile last + 1 also closes it), and
         * those of the group's rows and columns p .. last - 1 with the rounds after theirs.
         */
        GROUP_NEXT(4),
        /**
         * A group of rounds p .. last: the tiles outside its rows and columns and the next group's
         * (fewer at the last group), every round's product.
         */
        GROUP_REST(5),
        /**
         * A group's chain as {@link Chain#CATCH_UP} runs it: the tiles of row and column last + 1, each
         * with the rounds p .. last it lacks (closing pivot last + 1).
         */
        GROUP_CATCH_UP(6);

        public final int code;

        RestMode(int code) {
            this.code = code;
        }
    }

    /**
     * How a group's chain brings the group's rows and columns up to date before each round's cross
     * (kernels/kleene_rounds.cuh has both tile maps; what each costs: kernels/NOTES.md, kleene's rounds).
     */
    public enum Chain {
        /** GROUP_CHAIN(r): round r on every later row and column of the group, one K = T product a tile (kleene's). */
        ROUND_BY_ROUND,
        /**
         * GROUP_CATCH_UP(r): only row and column r + 1, each tile with every round of the group it
         * lacks in one product: fewer, longer products (kleene-packed16's, whose short products lose
         * more to a block's start and end).
         */
        CATCH_UP
    }

    /** Whether a launch may read tiles that another launch is writing (the class comment). */
    public enum Reads {
        /**
         * It may: kleene, kleene-paths, kleene-packed16, kleene-i64 (exact cells); kleene-f32 and kleene-f64 one round
         * at a time in one bulk launch, where none does (kleene-f64 always runs so: KleeneSolver).
         */
        IN_PLACE,
        /** It may not: products read their operands from a matrix of copies written before they start (kleene-f32). */
        FIXED
    }

    /**
     * The arguments of each launch of one solve: kleene's kernels take the matrix (Kleene),
     * kleene-paths' also the intermediate-node matrix (KleenePathsSolver.Routes).
     */
    public interface RoundArgs {
        KernelArgs closePivot(int p);

        KernelArgs cross(int p);

        KernelArgs rest(int p, RestMode mode, int firstRow);

        /** A launch of a group of rounds p .. last (GROUP_CHAIN: round p on rows and columns p + 1 .. last; GROUP_CATCH_UP: row and column last + 1). */
        default KernelArgs group(int p, int last, RestMode mode, int firstRow) {
            throw new UnsupportedOperationException("these rounds run one at a time");
        }

        /** The bulk of a group of rounds p .. last (GROUP_REST) from its block row firstRow, on the bulk's own kernel. */
        default KernelArgs groupRest(int p, int last, int firstRow) {
            throw new UnsupportedOperationException("these rounds run one at a time");
        }

        /** Enqueues copying the tile rows and columns p .. last of a group aside, its operands ({@link Reads#FIXED}). */
        default void copyOperands(CudaStream stream, int p, int last) {
            throw new UnsupportedOperationException("these rounds read their operands in place");
        }
    }

    /**
     * A solve's kernels: fw_kleene_phase1_tT, _phase2_tT and _phase3_tT; for groups of rounds
     * _group_tT and _group_rest_tT (GROUP_REST alone, the bulk, on a kernel of its own:
     * kernels/NOTES.md, kleene's rounds), else null.
     */
    public record Kernels(TileKernel closePivot, TileKernel cross, TileKernel rest, TileKernel group, TileKernel groupRest) {
        /** Rounds one by one. */
      public   Kernels(TileKernel closePivot, TileKernel cross, TileKernel rest) {
            this(closePivot, cross, rest, null, null);
        }
    }

    private final Kernels kernels;
    private final int groupRounds;          // rounds a group (1: one by one)
    private final Chain chain;
    private final Reads reads;
    private final CudaStream[] side;        // one low-priority stream per band of REST
    private final Event crossDone = new Event(false);
    private List<Step> steps = List.of();  // the plan of the last enqueue, kept for the next solve of as many tiles
    private int stepsTiles = -1;
    private final Event[][] restDone;       // [band][p & 1]: ping-pong between REST(p) and REST(p - 1) (for groups, between GROUP_RESTs)

    /** Rounds in groups of {@code groupRounds} (2 or more: {@code kernels} with group kernels; 1: one by one) with REST in {@code bands} bands. */
  public   LookaheadRounds(Kernels kernels, int groupRounds, int bands) {
        this(kernels, groupRounds, bands, Chain.ROUND_BY_ROUND);
    }

    /** The same, with the groups' chains as {@code chain} says. */
  public   LookaheadRounds(Kernels kernels, int groupRounds, int bands, Chain chain) {
        this(kernels, groupRounds, bands, chain, Reads.IN_PLACE);
    }

    /** The same, with launches' reads as {@code reads} says. */
  public   LookaheadRounds(Kernels kernels, int groupRounds, int bands, Chain chain, Reads reads) {
        if (bands < 1) throw new IllegalArgumentException("REST needs at least one band, not " + bands);
        boolean grouped = kernels.group() != null;
        if (groupRounds < 1 || (groupRounds > 1) != grouped || grouped != (kernels.groupRest() != null)) {
            throw new IllegalArgumentException("groups of " + groupRounds + " rounds " + (grouped ? "with" : "without") + " group kernels");
        }
        this.kernels = kernels;
        this.groupRounds = groupRounds;
        this.chain = chain;
        this.reads = reads;
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
    public void enqueue(CudaStream main, int tiles, RoundArgs args) {
        if (tiles != stepsTiles) {  // a solver enqueues every solve of the same size: plan once, not inside each timed solve
            steps = plan(tiles, side.length, groupRounds, chain, reads);
            stepsTiles = tiles;
        }
        for (Step step : steps) {
            if (step instanceof Launch l) {
                CudaStream stream = l.stream() == MAIN ? main : side[l.stream()];
                switch (l.kernel()) {
                    case CLOSE_PIVOT -> kernels.closePivot().launch(stream, l.gridX(), l.gridY(), args.closePivot(l.p()));
                    case CROSS -> kernels.cross().launch(stream, l.gridX(), l.gridY(), args.cross(l.p()));
                    case REST -> kernels.rest().launch(stream, l.gridX(), l.gridY(), args.rest(l.p(), l.mode(), l.firstRow()));
                    case GROUP -> kernels.group().launch(stream, l.gridX(), l.gridY(), args.group(l.p(), l.last(), l.mode(), l.firstRow()));
                    case GROUP_REST -> kernels.groupRest().launch(stream, l.gridX(), l.gridY(), args.groupRest(l.p(), l.last(), l.firstRow()));
                }
            } else if (step instanceof Copy c) {
                args.copyOperands(main, c.p(), c.last());
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

    /** The event a band's bulk launch of round (or group) parity {@code parity} records. */
    static int restDone(int band, int parity) {
        return 1 + 2 * band + parity;
    }

    /** Which kernel a launch runs: fw_kleene_phase1_tT, _phase2_tT, _phase3_tT, _group_tT or _group_rest_tT (mode GROUP_REST). */
    enum KernelRole { CLOSE_PIVOT, CROSS, REST, GROUP, GROUP_REST }

    /** One step of a solve's plan: a launch, or an event recorded on a stream or waited for by one. */
    sealed interface Step permits Launch, Copy, Record, Wait {}

    /**
     * A launch of {@code kernel} on a grid of gridX x gridY blocks in round p (a group's first, or
     * GROUP_CHAIN's round r, not its group's first), its group ending at round {@code last} (p for a
     * launch outside groups; GROUP_CATCH_UP's round r); mode and firstRow for REST, GROUP and GROUP_REST.
     */
    record Launch(KernelRole kernel, int stream, int gridX, int gridY, int p, int last, RestMode mode, int firstRow) implements Step {
        Launch(KernelRole kernel, int stream, int gridX, int gridY, int p, RestMode mode, int firstRow) {
            this(kernel, stream, gridX, gridY, p, p, mode, firstRow);
        }
    }

    /** The tile rows and columns p .. last of a group copied aside on the main stream, its operands ({@link Reads#FIXED}). */
    record Copy(int p, int last) implements Step {}

    /** Event {@code event} recorded on {@code stream}: it completes when everything enqueued there before it has. */
    record Record(int event, int stream) implements Step {}

    /** {@code stream} waits for the last record of {@code event} before anything enqueued on it later. */
    record Wait(int stream, int event) implements Step {}

    /**
     * The steps of a solve of tiles x tiles tiles with {@code bands} side streams, rounds one by one
     * (groupRounds 1) or in groups (the class comment): data, so that a test can check its ordering
     * without a GPU.
     */
    static List<Step> plan(int tiles, int bands, int groupRounds) {
        return plan(tiles, bands, groupRounds, Chain.ROUND_BY_ROUND);
    }

    /** The same, the groups' chains as {@code chain} says. */
    static List<Step> plan(int tiles, int bands, int groupRounds, Chain chain) {
        return plan(tiles, bands, groupRounds, chain, Reads.IN_PLACE);
    }

    /** The same, launches' reads as {@code reads} says. */
    static List<Step> plan(int tiles, int bands, int groupRounds, Chain chain, Reads reads) {
        // a catch-up launch reads tiles that its own blocks write, in the matrix itself
        if (reads == Reads.FIXED && chain == Chain.CATCH_UP) throw new IllegalArgumentException("fixed reads need a chain of rounds one by one, not " + chain);
        List<Step> steps = new ArrayList<>();
        steps.add(new Launch(KernelRole.CLOSE_PIVOT, MAIN, 1, 1, 0, null, 0));
        if (tiles == 1) return steps;
        steps.add(new Launch(KernelRole.CROSS, MAIN, tiles - 1, 2, 0, null, 0));
        if (groupRounds > 1) {
            planGroups(steps, tiles, bands, groupRounds, chain, reads);
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

    /** The rounds after round 0's cross, in groups of {@code size} (the class comment). */
    private static void planGroups(List<Step> steps, int tiles, int bands, int size, Chain chain, Reads reads) {
        int p = 0, parity = 0;
        for (; p + 1 < tiles; p += size, parity ^= 1) {
            int last = Math.min(p + size, tiles) - 1, g = last - p + 1;
            int band = nextBand(p, last, tiles), rows = tiles - g - band;  // GROUP_REST's block rows, cut into bands
            for (int r = p; r < last; r++) {
                int w = last - r;
                steps.add(chain == Chain.CATCH_UP ? new Launch(KernelRole.GROUP, MAIN, 2 * tiles - 1, 1, p, r, RestMode.GROUP_CATCH_UP, 0)
                        : new Launch(KernelRole.GROUP, MAIN, w * (2 * tiles - 2 - w), 1, r, last, RestMode.GROUP_CHAIN, 0));
                steps.add(new Launch(KernelRole.CROSS, MAIN, tiles - 1, 2, r + 1, null, 0));
            }
            if (reads == Reads.FIXED) steps.add(new Copy(p, last));
            steps.add(new Record(CROSS_DONE, MAIN));
            for (int b = 0; b < bands; b++) {
                int first = rows * b / bands, end = rows * (b + 1) / bands;
                steps.add(new Wait(b, CROSS_DONE));
                // a last group's narrower band moves the bands' rows: a band of it may hold rows that
                // another band of the group before still writes
                if (p > 0 && band < size) {
                    for (int c = 0; c < bands; c++) steps.add(new Wait(b, restDone(c, parity ^ 1)));
                }
                if (end > first) steps.add(new Launch(KernelRole.GROUP_REST, b, rows, end - first, p, last, RestMode.GROUP_REST, first));
                steps.add(new Record(restDone(b, parity), b));
            }
            if (p > 0) {
                for (int b = 0; b < bands; b++) steps.add(new Wait(MAIN, restDone(b, parity ^ 1)));
            }
            int next = band * (2 * (tiles - g) - band) + (g - 1) * (2 * tiles - 1 - g);
            steps.add(new Launch(KernelRole.GROUP, MAIN, next, 1, p, last, RestMode.GROUP_NEXT, 0));
            if (last + 1 < tiles) steps.add(new Launch(KernelRole.CROSS, MAIN, tiles - 1, 2, last + 1, null, 0));
        }
        // also joins the side streams back (graph capture needs it)
        for (int b = 0; b < bands; b++) steps.add(new Wait(MAIN, restDone(b, parity ^ 1)));
        if (p < tiles) steps.add(new Launch(KernelRole.REST, MAIN, tiles - 1, tiles - 1, p, RestMode.ALL, 0));  // a last group of one round
    }

    /**
     * The rows and columns of tiles after the group p .. last that its GROUP_NEXT updates with every
     * round of the group (kleene::next_band): as many as the group's rounds, fewer at the end.
     */
    public static int nextBand(int p, int last, int tiles) {
        return Math.min(last - p + 1, tiles - 1 - last);
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
