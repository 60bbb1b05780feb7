package fwbench.variant.kernelfile;

/**
 * A user's kernel file cannot be a variant: no nvcc, a compile error, no descriptor or a wrong one,
 * a kernel the descriptor names that the file lacks or whose parameters do not match its schema.
 * The message is the one line the user reads; a stack trace would add nothing, so none is kept.
 */
public final class KernelFileException extends IllegalArgumentException {
    public KernelFileException(String message) {
        super(message);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
