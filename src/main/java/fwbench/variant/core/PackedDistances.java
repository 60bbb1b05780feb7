package fwbench.variant.core;

import fwbench.cuda.DeviceBuffer;

/**
 * A solver whose result stays on the device as 16-bit cells, two to an int (packed16): the
 * certificate reads it there as ld shorts a row, the even column in the low half, FW_INF16 and above
 * meaning no path, so that no int32 copy of the result is made to check it.
 */
public interface PackedDistances {

    /** The packed result of the last solve, ld / 2 ints a row. */
    DeviceBuffer packedDistances();

    /** Cell (i, j) of the packed result as an int32 distance (Distances.INF where there is no path). */
    int distance(int i, int j);
}
