package fwbench.graph.io;

import java.io.IOException;

/**
 * A graph or solution file that cannot be used, said in one line: the file, the line number where
 * there is one, and what was expected. It is the user's file that is wrong, not the program, so no
 * stack trace is recorded.
 */
public final class GraphFileException extends IOException {

    public GraphFileException(String message) {
        super(message);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
