package fwbench.verify;

/**
 * A variant produced a wrong answer. The message says which variant, which input, and the first
 * wrong cell; a stack trace would add nothing, so none is recorded.
 */
public final class VerificationFailure extends RuntimeException {
    public VerificationFailure(String message) {
        super(message, null, false, false);
    }
}
