package fwbench.cell;

/** The one check every matrix makes of its array: n x n cells. */
final class SquareCells {

    private SquareCells() {
    }

    static void require(int n, int length) {
        if (n < 1 || length != (long) n * n) throw new IllegalArgumentException("distances must be " + n + " x " + n + ", got " + length + " cells");
    }
}
