package fwbench.variant.core;

/**
 * A tile whose kernels ask a block for more shared memory than the device allows ({@link TileFit}):
 * refused before anything is allocated, so that a tuning pass can skip it and a command can say
 * it in one line.
 */
public final class TileDoesNotFitException extends UnsupportedInputException {
    public TileDoesNotFitException(String message) {
        super(message);
    }
}
