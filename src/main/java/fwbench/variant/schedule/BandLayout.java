package fwbench.variant.schedule;

import java.util.Arrays;

/**
 * How kleene-bands cuts a matrix of {@code tiles} x {@code tiles} tiles into row bands and places
 * them on devices: band b holds the contiguous tile rows {@code firstTile[b]} ..
 * {@code firstTile[b] + tileRows[b] - 1} (balanced: sizes differ by at most one), on device
 * {@code device[b]} (bands over devices in order, balanced too; with more bands than devices
 * several bands share a device, which lets one GPU test the multi-band schedule).
 */
public record BandLayout(int tiles, int[] firstTile, int[] tileRows, int[] device) {

    /** {@code bands} bands (at most one a tile row) over devices 0 .. devices - 1 (at most one a band). */
    public static BandLayout of(int tiles, int bands, int devices) {
        if (tiles < 1 || bands < 1 || devices < 1) throw new IllegalArgumentException(tiles + " tiles, " + bands + " bands, " + devices + " devices");
        int b = Math.min(bands, tiles);
        int[] first = new int[b], rows = new int[b], device = new int[b];
        for (int i = 0; i < b; i++) {
            first[i] = (int) ((long) tiles * i / b);
            rows[i] = (int) ((long) tiles * (i + 1) / b) - first[i];
            device[i] = (int) ((long) Math.min(devices, b) * i / b);
        }
        return new BandLayout(tiles, first, rows, device);
    }

    public int bands() {
        return firstTile.length;
    }

    /** Devices the bands use: 0 .. this - 1. */
    public int devices() {
        return device[device.length - 1] + 1;
    }

    /** The band that holds tile row t. */
    int owner(int t) {
        if (t < 0 || t >= tiles) throw new IllegalArgumentException("tile row " + t + " of " + tiles);
        int at = Arrays.binarySearch(firstTile, t);
        return at >= 0 ? at : -at - 2;
    }

    /** Tile row t's row within band b, or -1 when band b does not hold it (t may be past the last tile). */
    public int localRow(int b, int t) {
        int local = t - firstTile[b];
        return local >= 0 && local < tileRows[b] ? local : -1;
    }

    /** Whether band b holds every tile row from .. to. */
    public boolean holdsAll(int b, int from, int to) {
        return localRow(b, from) >= 0 && localRow(b, to) >= 0;
    }

    /** The most tile rows any band holds. */
    int largestBand() {
        return Arrays.stream(tileRows).max().orElseThrow();
    }
}
