package fwbench.cli;

/** A user's mistake on the command line: printed as one line, no stack trace, exit code 2. */
public final class UsageException extends Exception {
    public UsageException(String message) {
        super(message, null, false, false);
    }
}
