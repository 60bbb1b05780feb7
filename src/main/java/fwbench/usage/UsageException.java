package fwbench.usage;

/**
 * A user's mistake on the command line: printed as one line, no stack trace, exit code 2.
 * Thrown by every command, the report's included, so it lives below them all: the report needs
 * nothing from the cli package that runs it.
 */
public final class UsageException extends Exception {
    public UsageException(String message) {
        super(message, null, false, false);
    }
}
