package fwbench.graph.io;

import fwbench.cell.CellType;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Writes the binary form of int32 distances (version 1 of {@link SolutionFiles}, no intermediates)
 * band by band, for a matrix that is never one Java array: each band of rows is read into one
 * direct buffer (from the device, say) and written from it, so the file can pass 2^31 cells and
 * the host holds one band. The bytes are those {@link SolutionFiles#write} writes for the same
 * matrix, and the file appears under its name only once complete ({@link AtomicFile}).
 */
public final class SolutionBands {

    /** Bytes of one band, the host buffer a write goes through: large enough that a write is one long sequential one. */
    public static final long DEFAULT_BAND_BYTES = 64L << 20;

    /** Where the distances come from, band by band. */
    @FunctionalInterface
    public interface RowSource {
        /**
         * Fills {@code target} from byte 0 with rows firstRow .. firstRow + rows - 1 of the n x n
         * distances, n ints a row, in native byte order.
         */
        void read(long firstRow, int rows, ByteBuffer target) throws IOException;
    }

    private SolutionBands() {
    }

    /** Rows of n ints that one band of at most {@code bandBytes} (and one direct buffer) holds: at least one. */
    public static int bandRows(int n, long bandBytes) {
        return (int) Math.max(1, Math.min(n, Math.min(bandBytes, Integer.MAX_VALUE) / (4L * n)));
    }

    /**
     * Writes n x n int32 distances, binary, atomically (never over an existing file unless
     * {@code replace}), reading them from {@code rows} in bands of at most {@code bandBytes}.
     */
    public static void write(Path target, boolean replace, int n, int firstVertex, RowSource rows, long bandBytes) throws IOException {
        if (SolutionFiles.isText(target)) throw new IllegalArgumentException("the band writer writes the binary form; " + target + " names a text file");
        int bandRows = bandRows(n, bandBytes);
        ByteBuffer band = ByteBuffer.allocateDirect(bandRows * n * 4).order(ByteOrder.nativeOrder());
        AtomicFile.writeChannel(target, replace, channel -> {
            writeFully(channel, SolutionFiles.binaryHeader(n, firstVertex, false, CellType.INT32));
            for (long from = 0; from < n; from += bandRows) {
                int count = (int) Math.min(bandRows, n - from);
                band.clear();
                rows.read(from, count, band);
                band.position(0).limit(count * n * 4);
                if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) toLittleEndian(band);
                writeFully(channel, band);
            }
        });
    }

    private static void writeFully(FileChannel channel, ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) channel.write(bytes);
    }

    /** The file is little-endian whatever the host: a big-endian host's native ints are swapped in place. */
    private static void toLittleEndian(ByteBuffer band) {
        IntBuffer nativeInts = band.duplicate().order(ByteOrder.nativeOrder()).asIntBuffer();
        IntBuffer little = band.duplicate().order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
        for (int c = 0; c < nativeInts.limit(); c++) little.put(c, nativeInts.get(c));
    }
}
